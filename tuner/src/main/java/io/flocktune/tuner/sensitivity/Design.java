package io.flocktune.tuner.sensitivity;

import java.util.List;

/**
 * A sensitivity method: the points of the unit cube {@code [0, 1]^k} to evaluate, and the
 * indices computed from the values found there. A design is a pure function of its settings,
 * and {@link #analyze} of its inputs, so a test can feed it a plain function and a run can
 * evaluate the points in any order and on any number of threads.
 *
 * <pre>{@code
 * Design design = new Sobol(3, 1024);
 * double[][] points = design.points();
 * double[][] values = new double[points.length][];
 * for (int i = 0; i < points.length; i++) values[i] = new double[] {f(points[i])};
 * List<Index> indices = design.analyze(values, 1, 42);
 * }</pre>
 */
public sealed interface Design permits Morris, Sobol {

    /** @return the number of parameters k, &ge; 1. */
    int dimensions();

    /** @return the points to evaluate, each {@code k} unit coordinates in [0, 1], in evaluation order (fresh arrays). */
    double[][] points();

    /**
     * @param values     {@code values[point][objective]}, point order of {@link #points()}; a NaN
     *                   (failed or undefined) drops the trajectory or row it belongs to, for that
     *                   objective only
     * @param objectives the number of objectives, &ge; 1
     * @param seed       seed of the bootstrap resampling
     * @return the indices, by objective, then parameter, then measure
     */
    List<Index> analyze(double[][] values, int objectives, long seed);

    /** Bootstrap resamples behind every interval. */
    int BOOTSTRAP = 1000;
}
