package io.flocktune.tuner.cli;

import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.spark.SparkRunner;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Option;

/**
 * {@code --executor local|spark} and {@code --master URL}, shared by the commands that run
 * simulations (a picocli mix-in). Spark's classes are loaded only when {@code spark} is chosen,
 * so the plain jar runs without them.
 */
final class ExecutorOption {
    /** The master URLs Spark 4 accepts (SparkContext.createTaskScheduler), checked before anything is written. */
    private static final java.util.regex.Pattern MASTER = java.util.regex.Pattern.compile(
            "local(\\[(\\*|[1-9]\\d*)(,[1-9]\\d*)?])?|local-cluster\\[\\d+, *\\d+, *\\d+]|spark://\\S+|yarn|k8s://\\S+");

    /** Where simulations run. */
    enum Executor { local, spark }

    @Option(names = "--executor", paramLabel = "local|spark", defaultValue = "local",
            description = {"Where simulations run: local (this machine's threads, default) or spark (a Spark cluster; "
                    + "./flocktune fetches Spark, or use spark-submit); results are the same."})
    Executor executor;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master with --executor spark, e.g. local[4], spark://host:7077, yarn, k8s://https://host:443 "
                    + "(default: spark-submit's --master, else local[*]).")
    String master;

    /**
     * @param threads the checked {@code --threads} option, or null when it was not given
     * @return the runners of the chosen executor
     * @throws InputException if the options do not fit together or Spark is missing
     */
    RunnerFactory runners(ThreadsOption threads) throws InputException {
        return switch (executor) {
            case local -> {
                if (master != null) throw new InputException("--master " + master + ": only with --executor spark");
                yield RunnerFactory.local(threads.count());
            }
            case spark -> {
                if (threads.threads != null) {
                    throw new InputException("--threads " + threads.threads + ": only with --executor local (Spark runs one "
                            + "simulation per executor core)");
                }
                try {
                    Class.forName("org.apache.spark.SparkContext", false, ExecutorOption.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    throw new InputException("--executor spark: Spark is not on the class path; run through ./flocktune "
                            + "(it fetches Spark with Maven) or spark-submit");
                }
                if (master != null && !MASTER.matcher(master).matches()) {
                    throw new InputException("--master " + master + ": not a Spark master URL; use local, local[N], local[*], "
                            + "local[N,F], spark://HOST:PORT[,HOST:PORT…], yarn or k8s://https://HOST:PORT");
                }
                String url = master;
                yield timeLimit -> SparkRunner.start(url, timeLimit);
            }
        };
    }
}
