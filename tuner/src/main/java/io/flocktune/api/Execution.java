package io.flocktune.api;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.spark.SparkRunner;
import io.flocktune.tuner.io.InputException;

import java.util.regex.Pattern;

/**
 * Where a study's simulations run: on threads of this JVM ({@link Local}) or on a Spark cluster
 * ({@link Spark}). Results do not depend on it: every simulation is a pure function of its preset
 * and seed, and results are gathered in a fixed order.
 *
 * {@snippet :
 * Execution two = Execution.local(2);                  // --threads 2
 * Execution cluster = Execution.spark("local[4]");     // --executor spark --master local[4]
 * }
 */
public sealed interface Execution permits Execution.Local, Execution.Spark {

    /** The most simulations at once on this machine's threads. */
    int MAX_THREADS = 4096;

    /** @return threads of this JVM that run simulations at once (Spark: the local bookkeeping threads) */
    int threads();

    /** @return the runners of this execution, opened by each study for its trials */
    RunnerFactory runners();

    /** @return every processor of this machine: the default of every job */
    static Execution local() {
        return new Local(availableThreads());
    }

    /**
     * @param threads simulations at once, in [1, {@value #MAX_THREADS}]
     * @throws InputException {@code --threads = T: must be in [1, 4096]}
     */
    static Execution local(int threads) throws InputException {
        return new Local(checkThreads(threads));
    }

    /**
     * The check every job makes before it runs, so that a {@code withThreads(0)} fails with the
     * command's one-line message.
     *
     * @return {@code threads}
     * @throws InputException {@code --threads = T: must be in [1, 4096]}
     */
    static int checkThreads(int threads) throws InputException {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new InputException("--threads = " + threads + ": must be in [1, " + MAX_THREADS + "]");
        }
        return threads;
    }

    /**
     * A Spark cluster. Spark's classes are loaded only here, so the plain jar runs without them.
     *
     * @param master a Spark master URL ({@code local[N]}, {@code spark://host:7077}, {@code yarn},
     *               {@code k8s://…}), or null for spark-submit's {@code --master}, else {@code local[*]}
     * @throws InputException Spark is not on the class path, or the URL is not a master URL
     */
    static Execution spark(String master) throws InputException {
        try {
            Class.forName("org.apache.spark.SparkContext", false, Execution.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new InputException("--executor spark: Spark is not on the class path; run through ./flocktune "
                    + "(it fetches Spark with Maven) or spark-submit");
        }
        if (master != null && !Spark.MASTER.matcher(master).matches()) {
            throw new InputException("--master " + master + ": not a Spark master URL; use local, local[N], local[*], "
                    + "local[N,F], spark://HOST:PORT[,HOST:PORT…], yarn or k8s://https://HOST:PORT");
        }
        return new Spark(master);
    }

    /** @return the processors of this machine, the default thread count */
    static int availableThreads() {
        return LocalRunner.availableThreads();
    }

    /**
     * @param threads simulations at once on this JVM's threads, in [1, {@value #MAX_THREADS}]: checked by
     *                {@link #local(int)} and by every job before it runs ({@link #checkThreads})
     */
    record Local(int threads) implements Execution {

        @Override
        public RunnerFactory runners() {
            return RunnerFactory.local(threads);
        }
    }

    /** @param master the Spark master URL, or null for spark-submit's {@code --master}, else {@code local[*]} */
    record Spark(String master) implements Execution {
        /** The master URLs Spark 4 accepts (SparkContext.createTaskScheduler), checked before anything is written. */
        static final Pattern MASTER = Pattern.compile(
                "local(\\[(\\*|[1-9]\\d*)(,[1-9]\\d*)?])?|local-cluster\\[\\d+, *\\d+, *\\d+]|spark://\\S+|yarn|k8s://\\S+");

        @Override
        public int threads() {
            return availableThreads();
        }

        @Override
        public RunnerFactory runners() {
            String url = master;
            return timeLimit -> SparkRunner.start(url, timeLimit);
        }
    }
}
