package io.flocktune.objectives;

/**
 * EvoFlock's fitness scores (Reynolds, cwreynolds/evoflock 8d04df9, flock.h; peers.md section 4),
 * as pure functions of the run's totals. The metrics {@link Metric.EvoFlockAvoid},
 * {@link Metric.EvoFlockSeparate}, {@link Metric.EvoFlockSpeed}, {@link Metric.EvoFlockCurvature}
 * and {@link Metric.EvoFlockFitness} apply them to the per-step records of an EvoFlock kernel.
 */
public final class EvoFlockScores {
    private EvoFlockScores() {}

    /** The exponent of the avoid score ({@code obstacleCollisionsScore}: "a very high exponent"). */
    public static final double AVOID_EXPONENT = 500;

    /**
     * {@code obstacleCollisionsScore}: {@code (1 − collisions / boidSteps)^500}, in [0, 1]; EvoFlock
     * has boidSteps = 200 · 500 (boids × steps of the run, generalised here to the run's).
     *
     * @param collisions collisions counted over the run, &ge; 0
     * @param boidSteps  boids × steps, &gt; 0
     */
    public static double avoid(double collisions, double boidSteps) {
        return Math.pow((boidSteps - collisions) / boidSteps, AVOID_EXPONENT);
    }

    /**
     * {@code recordSeparationScorePerStep}: the piecewise-linear ramp of the distance to the
     * nearest neighbour, breakpoints d = {0, 1.5, 2, 4, 6} → {0, 0, 1, 1, 0}, 0 outside [0, 6].
     */
    public static double separation(double distance) {
        return ramps(distance, new double[]{0, 1.5, 2, 4, 6}, new double[]{0, 0, 1, 1, 0});
    }

    /** {@code recordSpeedScorePerStep}: the ramp {15, 19, 21, 25} → {0, 1, 1, 0}, 0 outside [15, 25]. */
    public static double speed(double speed) {
        return ramps(speed, new double[]{15, 19, 21, 25}, new double[]{0, 1, 1, 0});
    }

    /**
     * {@code curvatureScore}: {@code remap_interval_clip(average, 0, 0.1, 0.8, 1)}: 0.8 for a
     * straight path, rising linearly to 1 at an average curvature of 0.1 per step and above.
     */
    public static double curvature(double averageCurvature) {
        double r = 0.8 * (1 - averageCurvature / 0.1) + 1 * (averageCurvature / 0.1);
        return Math.min(1, Math.max(0.8, r));
    }

    /**
     * The scalarization (a hypervolume of the multi-objective fitness):
     * {@code Π remap(score_i, [0, 1] → [0.01, 1])}.
     */
    public static double fitness(double... scores) {
        double product = 1;
        for (double s : scores) product *= 0.01 * (1 - s) + 1 * s;
        return product;
    }

    /**
     * flock.h {@code parameterToWeightWithRamps}: for each segment [d_{i−1}, d_i] that holds x
     * (bounds included, later segments win), the linear interpolation of s; 0 when none holds it.
     */
    static double ramps(double x, double[] d, double[] s) {
        double score = 0;
        for (int i = 1; i < d.length; i++) {
            int j = i - 1;
            if (d[j] <= x && x <= d[i]) {
                double blend = (x - d[j]) / (d[i] - d[j]);
                score = s[j] * (1 - blend) + s[i] * blend;
            }
        }
        return score;
    }
}
