package io.flocktune.tuner.sensitivity;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The percentile bootstrap shared by the estimators: resample units with replacement, seeded. */
final class Bootstrap {
    private Bootstrap() {}

    /** An estimate over a resample: {@code units[i]} is the index of the i-th unit drawn. */
    @FunctionalInterface
    interface Statistic {
        double of(int[] units);
    }

    /**
     * @param n         units (trajectories or rows), &ge; 1
     * @param seed      seed of the resampling; the same seed gives the same interval
     * @param statistic the estimate over a resample
     * @return the 2.5th and 97.5th percentiles over {@link Design#BOOTSTRAP} resamples (NaN
     *         resamples left out; {NaN, NaN} when n &lt; 2 or every resample is NaN)
     */
    static double[] interval(int n, long seed, Statistic statistic) {
        if (n < 2) return new double[] {Double.NaN, Double.NaN};
        SplittableRandom random = new SplittableRandom(seed);
        int[] units = new int[n];
        double[] estimates = new double[Design.BOOTSTRAP];
        int kept = 0;
        for (int b = 0; b < Design.BOOTSTRAP; b++) {
            for (int i = 0; i < n; i++) units[i] = random.nextInt(n);
            double e = statistic.of(units);
            if (!Double.isNaN(e)) estimates[kept++] = e;
        }
        if (kept == 0) return new double[] {Double.NaN, Double.NaN};
        double[] sample = Arrays.copyOf(estimates, kept);
        Percentile p = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        return new double[] {p.evaluate(sample, 2.5), p.evaluate(sample, 97.5)};
    }

    /** @return a seed for the interval of one (objective, parameter, measure), independent of the others. */
    static long seed(long seed, int objective, int parameter, int measure) {
        long h = seed ^ 0x626f_6f74_7374_7270L;   // "bootstrp"
        h = mix(h + objective * 0x9E37_79B9_7F4A_7C15L);
        h = mix(h + parameter * 0xC2B2_AE3D_27D4_EB4FL);
        return mix(h + measure);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** @return the identity resample 0 … n−1. */
    static int[] all(int n) {
        int[] units = new int[n];
        for (int i = 0; i < n; i++) units[i] = i;
        return units;
    }
}
