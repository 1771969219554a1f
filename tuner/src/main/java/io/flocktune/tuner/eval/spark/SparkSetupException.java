package io.flocktune.tuner.eval.spark;

import java.io.Serial;

/**
 * Spark could not run the trials for a reason of its set-up, not of flocktune's: no executor
 * started, the master removed the application, executors were lost beyond Spark's retries.
 * (A trial that fails is an outcome, never this.) Its message says what happened and what to
 * check; the command line reports it as a set-up error with exit code 2.
 */
public final class SparkSetupException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** What to check, appended to every message. */
    static final String CHECK = "a Spark set-up problem: check that the master has live workers with free cores and memory"
            + " (spark.executor.memory), that executors can start on them (the workers' logs; with ./flocktune spark-cluster,"
            + " tuner/target/spark-cluster/), and that the workers reach the driver (SPARK_LOCAL_IP, spark.driver.host)";

    public SparkSetupException(String message, Throwable cause) {
        super(message + "; " + CHECK, cause);
    }
}
