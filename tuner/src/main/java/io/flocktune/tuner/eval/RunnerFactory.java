package io.flocktune.tuner.eval;

import io.flocktune.tuner.io.InputException;

import java.time.Duration;

/**
 * Opens the {@link TrialRunner} of a run: on this machine's threads ({@link #local}) or on a
 * Spark cluster ({@code eval.spark.SparkRunner}, loaded only when chosen).
 */
@FunctionalInterface
public interface RunnerFactory {

    /**
     * @param timeLimit wall time one trial may take, &gt; 0
     * @throws InputException if the runner cannot start with its settings (e.g. a bad Spark master URL)
     */
    TrialRunner open(Duration timeLimit) throws InputException;

    /** @return runners on {@code threads} threads of this JVM, &ge; 1 */
    static RunnerFactory local(int threads) {
        return timeLimit -> new LocalRunner(threads, timeLimit);
    }
}
