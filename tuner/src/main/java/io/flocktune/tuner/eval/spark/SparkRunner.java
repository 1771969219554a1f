package io.flocktune.tuner.eval.spark;

import io.flocktune.sim.Check;
import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PortableEvaluator;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.io.InputException;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;

import java.io.Serial;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Runs trials on a Spark cluster: a batch becomes one Spark job whose tasks each run a slice of
 * the trials, one after the other, under the same per-trial time limit and failure rules as
 * {@link LocalRunner} (which runs the slice, on one thread, inside the task). Outcomes come back
 * in trial order, equal to {@link LocalRunner}'s: only timings differ.
 *
 * <p>The evaluator must be a {@link PortableEvaluator}: it is serialized once per job and
 * rebuilt once per task; subjects travel packed. A task that fails (its executor died, it threw
 * outside a trial) is retried by Spark up to {@code spark.task.maxFailures} times; a trial that
 * throws is a {@link Outcome.Failure}, as locally. If Spark gives up on a task the batch throws
 * {@link IllegalStateException}; the run's last checkpoint is intact.
 *
 * <p>Slicing ({@link #slices}): a task should run about {@link #TASK_NANOS} of trials, long
 * against Spark's cost of a task (milliseconds) and short enough that Spark, handing tasks to
 * whichever core is free, evens out trials of unequal length (a candidate with a large
 * neighbourhood radius costs many times one with a small radius). The length of a trial is
 * learnt from the previous batch; the first batch has {@value #FIRST_TASKS_PER_CORE} tasks per
 * core. Each task gets a round-robin share of the trials, so that the replicates of one
 * candidate spread over the tasks.
 */
public final class SparkRunner implements TrialRunner {
    /** Tasks per core in a runner's first batch, before it knows how long a trial takes. */
    public static final int FIRST_TASKS_PER_CORE = 2;
    /** Wall time of trials a task should run, in nanoseconds (0.2 s). */
    public static final long TASK_NANOS = 200_000_000L;

    private final JavaSparkContext spark;
    private final Duration timeLimit;
    private final boolean stopOnClose;
    /** Mean wall time of a trial in the last batch, in nanoseconds; 0 before the first batch. */
    private long trialNanos;

    /**
     * @param spark       the context the jobs run in
     * @param timeLimit   wall time one trial may take, &gt; 0
     * @param stopOnClose whether {@link #close} stops the context
     */
    public SparkRunner(JavaSparkContext spark, Duration timeLimit, boolean stopOnClose) {
        this.spark = Check.present("spark", spark);
        this.timeLimit = Check.present("timeLimit", timeLimit);
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("timeLimit = " + timeLimit + ": must be > 0");
        }
        this.stopOnClose = stopOnClose;
    }

    /**
     * Starts a Spark context and a runner that stops it when closed. The settings are Spark's
     * own ({@code spark.*} system properties, which {@code spark-submit} sets); {@code master}
     * overrides {@code spark.master}, and without either it is {@code local[*]}. A local master
     * binds to 127.0.0.1. Outside spark-submit Spark logs only warnings, unless
     * {@code log4j2.configurationFile} says otherwise.
     *
     * @param master a Spark master URL ({@code local[4]}, {@code spark://host:7077}, {@code yarn},
     *               {@code k8s://…}) or null
     * @throws InputException if Spark refuses the master URL or cannot start
     */
    public static TrialRunner start(String master, Duration timeLimit) throws InputException {
        boolean submitted = System.getProperty("spark.master") != null;   // spark-submit has set up Spark and its logging
        if (!submitted && System.getProperty("log4j2.configurationFile") == null) {   // read when log4j starts, with SparkConf
            System.setProperty("log4j2.configurationFile", String.valueOf(SparkRunner.class.getResource("log4j2.properties")));
        }
        SparkConf conf = new SparkConf().setAppName("flocktune");
        if (master != null) conf.setMaster(master);
        conf.setIfMissing("spark.master", "local[*]");
        String url = conf.get("spark.master");
        if (url.startsWith("local") || url.startsWith("spark://127.0.0.1:") || url.startsWith("spark://localhost:")) {
            // a cluster on this machine (./flocktune spark-cluster) reaches the driver on the loopback address too
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
            conf.setIfMissing("spark.ui.enabled", "false");
        }
        conf.setIfMissing("spark.ui.showConsoleProgress", "false");   // the run has its own progress
        JavaSparkContext context;
        try {
            context = new JavaSparkContext(conf);
        } catch (Exception e) {   // SparkException (checked, undeclared) for a master URL Spark cannot parse or reach
            throw new InputException("--master " + conf.get("spark.master") + ": Spark cannot start: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName()), e);
        }
        if (url.startsWith("spark://")) awaitExecutors(context, conf.getLong(EXECUTOR_WAIT, 120));
        return new SparkRunner(context, timeLimit, true);
    }

    /** Seconds a standalone master may take to start the first executor (Spark setting, default 120). */
    static final String EXECUTOR_WAIT = "spark.flocktune.executorWaitSeconds";

    /**
     * Waits until an executor has registered with the driver: on a standalone master with no
     * worker able to start one, Spark would otherwise wait for ever, only logging that the job
     * "has not accepted any resources".
     *
     * @throws InputException none within {@code seconds}; the context is stopped
     */
    static void awaitExecutors(JavaSparkContext context, long seconds) throws InputException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (context.sc().statusTracker().getExecutorInfos().length < 2) {   // the driver counts as one
            if (System.nanoTime() > deadline) {
                String master = context.master();
                context.stop();
                throw new InputException("--master " + master + ": no executor could start within " + seconds + " s; this is "
                        + SparkSetupException.CHECK + "; " + EXECUTOR_WAIT + " sets the wait");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                context.stop();
                Thread.currentThread().interrupt();
                throw new InputException("--master " + context.master() + ": interrupted while waiting for executors", e);
            }
        }
    }

    @Override
    public boolean remote() {
        return true;
    }

    @Override
    public int parallelism() {
        return Math.max(1, spark.defaultParallelism());
    }

    @Override
    public <T> List<Outcome> run(Evaluator<T> evaluator, List<Trial<T>> trials) throws InterruptedException {
        if (!(evaluator instanceof PortableEvaluator<T> portable)) {
            throw new IllegalArgumentException("the Spark runner needs a PortableEvaluator, not " + evaluator.getClass().getName());
        }
        int n = trials.size();
        if (n == 0) return List.of();
        int slices = slices(n, parallelism(), trialNanos);
        List<List<Item>> batches = new ArrayList<>(slices);
        for (int s = 0; s < slices; s++) batches.add(new ArrayList<>(n / slices + 1));
        for (int i = 0; i < n; i++) {
            Trial<T> trial = trials.get(i);
            batches.get(i % slices).add(new Item(i, portable.pack(trial.subject()), trial.seed()));
        }
        spark.setJobDescription("flocktune: " + n + " trials in " + slices + " tasks");
        JavaFutureAction<List<Done>> job = spark.parallelize(batches, slices)
                .flatMap(new Evaluate<>(portable, timeLimit.toNanos()))
                .collectAsync();
        List<Done> done;
        try {
            done = job.get();
        } catch (InterruptedException e) {
            job.cancel(true);
            throw e;
        } catch (ExecutionException e) {   // every trial's own failure is an outcome: what is left is Spark's set-up
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new SparkSetupException("Spark gave up on a batch of " + n + " trials: "
                    + String.valueOf(cause.getMessage()).lines().findFirst().orElse(""), cause);
        }
        Outcome[] outcomes = new Outcome[n];
        long nanos = 0;
        for (Done d : done) {
            outcomes[d.index()] = d.outcome();
            nanos += d.nanos();
        }
        trialNanos = Math.max(1, nanos / n);
        for (int i = 0; i < n; i++) {
            if (outcomes[i] == null) throw new IllegalStateException("Spark returned no outcome for trial " + i + " of " + n);
        }
        return List.of(outcomes);
    }

    /**
     * @param n          trials in the batch, &ge; 1
     * @param cores      cores of the cluster, &ge; 1
     * @param trialNanos mean wall time of a trial so far, or 0 if unknown
     * @return the number of tasks: {@value #FIRST_TASKS_PER_CORE} per core while the length of a
     *         trial is unknown, else enough that each runs about {@link #TASK_NANOS} of trials,
     *         rounded up to a multiple of the cores (so that no core waits for one last task);
     *         never more than {@code n}
     */
    static int slices(int n, int cores, long trialNanos) {
        long tasks;
        if (trialNanos <= 0) {
            tasks = (long) FIRST_TASKS_PER_CORE * cores;
        } else {
            long perTask = Math.max(1, TASK_NANOS / trialNanos);
            tasks = (n + perTask - 1) / perTask;
            tasks = (tasks + cores - 1) / cores * cores;
        }
        return (int) Math.min(n, tasks);
    }

    @Override
    public void close() {
        if (stopOnClose) spark.stop();
    }

    /** A trial as it travels: its index in the batch, the packed subject, the seed. */
    record Item(int index, Serializable subject, long seed) implements Serializable {}

    /** An outcome as it travels back: values, or the failure's reason (exactly one is null). */
    record Done(int index, double[] values, String failure, long nanos) implements Serializable {
        static Done of(int index, Outcome outcome) {
            return switch (outcome) {
                case Outcome.Success ok -> new Done(index, ok.values(), null, ok.nanos());
                case Outcome.Failure f -> new Done(index, null, f.reason(), f.nanos());
            };
        }

        Outcome outcome() {
            return failure == null ? new Outcome.Success(values, nanos) : new Outcome.Failure(failure, nanos);
        }
    }

    /** One task: unpacks its slice and runs it with a one-thread {@link LocalRunner}. */
    private record Evaluate<T>(PortableEvaluator<T> evaluator, long timeLimitNanos) implements FlatMapFunction<List<Item>, Done> {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Done> call(List<Item> items) throws InterruptedException {
            List<Trial<T>> trials = new ArrayList<>(items.size());
            for (Item item : items) trials.add(new Trial<>(evaluator.unpack(item.subject()), item.seed()));
            List<Outcome> outcomes;
            try (LocalRunner local = new LocalRunner(1, Duration.ofNanos(timeLimitNanos))) {
                outcomes = local.run(evaluator, trials);
            }
            List<Done> done = new ArrayList<>(items.size());
            for (int k = 0; k < items.size(); k++) done.add(Done.of(items.get(k).index(), outcomes.get(k)));
            return done.iterator();
        }
    }
}
