package io.flocktune.tuner.eval;

import java.util.List;

/**
 * Runs batches of trials. Whatever the order or the threads the trials run on, the outcomes
 * come back in trial order, so a search that only looks at outcomes is deterministic.
 */
public interface TrialRunner extends AutoCloseable {

    /**
     * Runs every trial and waits for all of them. A trial that throws an {@link Exception} or
     * exceeds the runner's time limit becomes an {@link Outcome.Failure}; the batch goes on. A
     * trial that throws an {@link Error} stops the batch: the error is rethrown here.
     *
     * @return one outcome per trial, in trial order
     * @throws InterruptedException if the calling thread is interrupted while waiting (the
     *                              running trials are abandoned)
     */
    <T> List<Outcome> run(Evaluator<T> evaluator, List<Trial<T>> trials) throws InterruptedException;

    /** @return how many trials run at the same time, &ge; 1. */
    int parallelism();

    /**
     * @return whether the trials run in other JVMs (Spark), so that the evaluator must be a
     *         {@link PortableEvaluator}; false for this JVM's threads
     */
    default boolean remote() {
        return false;
    }

    /** Releases the runner's threads. */
    @Override
    void close();
}
