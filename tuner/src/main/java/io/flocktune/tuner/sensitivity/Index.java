package io.flocktune.tuner.sensitivity;

import io.flocktune.sim.Check;

/**
 * One sensitivity index of one parameter for one objective, with its bootstrap 95 % interval.
 *
 * @param objective index of the objective, &ge; 0
 * @param parameter index of the parameter (gene), &ge; 0
 * @param measure   what it is: {@code mu}, {@code muStar}, {@code sigma} (Morris) or {@code S1},
 *                  {@code ST} (Sobol)
 * @param value     the estimate; NaN when no complete sample was left (every one failed)
 * @param low       lower end of the 95 % percentile bootstrap interval; NaN when there is none
 * @param high      upper end, &ge; low; NaN when there is none
 * @param samples   the trajectories (Morris) or rows (Sobol) that entered the estimate, &ge; 0
 */
public record Index(int objective, int parameter, String measure, double value, double low, double high, int samples) {
    public Index {
        Check.present("measure", measure);
        if (objective < 0 || parameter < 0 || samples < 0) {
            throw new IllegalArgumentException("objective, parameter and samples must be >= 0");
        }
    }
}
