package io.flocktune.tuner.eval;

/**
 * The objective function of a search: runs one replicate of {@code subject} with {@code seed}
 * and returns its objective values. It must be a pure function of its arguments (the same
 * subject and seed give the same values, bit for bit, on any thread), so that trials can run
 * in any order and in parallel.
 *
 * @param <T> what is evaluated: unit genes during the search, a preset for a baseline
 */
@FunctionalInterface
public interface Evaluator<T> {

    /**
     * @return one value per objective, in the experiment's objective order
     * @throws Exception any failure; the trial is recorded as failed with its message
     */
    double[] evaluate(T subject, long seed) throws Exception;
}
