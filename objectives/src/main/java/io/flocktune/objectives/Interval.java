package io.flocktune.objectives;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A 95 % confidence interval of a mean over replicates, and how it was computed.
 *
 * @param estimate the sample mean
 * @param low      lower end, &le; estimate (−∞ when no interval can be given)
 * @param high     upper end, &ge; estimate (+∞ when no interval can be given)
 * @param kind     the method
 */
public record Interval(double estimate, double low, double high, Kind kind) {

    public Interval {
        if (!(low <= estimate && estimate <= high)) {
            throw new IllegalArgumentException("interval [" + low + ", " + high + "] does not contain " + estimate);
        }
        if (kind == null) throw new IllegalArgumentException("kind: missing");
    }

    /** @return {@code {low, high}}. */
    public double[] bounds() {
        return new double[] {low, high};
    }

    /** Resamples of {@link Kind#BOOTSTRAP}. */
    public static final int RESAMPLES = 10_000;

    /** Seed of the bootstrap's resampler: fixed, so an interval is a pure function of the data. */
    public static final long BOOTSTRAP_SEED = 0x626f_6f74_7374_7270L; // "bootstrp"

    /** How an interval is computed from the R replicate values. */
    public enum Kind {
        /**
         * Student t with R − 1 degrees of freedom: {@code mean ± t(0.975, R−1)·sd/√R}. For
         * continuous order parameters (polarization, milling, distances), whose replicate means
         * are close to normal. Symmetric, except where {@link Measurement} cuts it to the range
         * the objective's values can take ({@link ObjectiveSpec#range}): a mean of values in
         * [0, 1] never gets an end above 1.
         */
        STUDENT_T("Student t"),
        /**
         * Percentile bootstrap: the 2.5 % and 97.5 % quantiles (inverse empirical distribution)
         * of the means of {@value #RESAMPLES_TEXT} resamples of the R values drawn with
         * replacement by a {@link SplittableRandom} seeded with {@link #BOOTSTRAP_SEED}. For
         * counts and rates of events (captures, collisions): their replicate values are skewed,
         * often zero and overdispersed (a capture comes with others), so neither a normal nor a
         * Poisson model fits; the interval stays inside the range of the data, so never below 0.
         * When every replicate saw no event it is [0, 0]: no event in R replicates, which does not
         * exclude a rate below about 3 events in R runs.
         */
        BOOTSTRAP("percentile bootstrap");

        private static final String RESAMPLES_TEXT = "10 000";
        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /** @return a short name for reports, e.g. {@code percentile bootstrap}. */
        public String text() {
            return text;
        }
    }

    /**
     * The 95 % interval of the mean of {@code values} by {@code kind}.
     *
     * @param values R &ge; 1 finite values; for one value the interval is (−∞, +∞)
     */
    public static Interval of(double[] values, Kind kind) {
        double mean = StatUtils.mean(values);
        int r = values.length;
        if (r < 2) return new Interval(mean, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, kind);
        return switch (kind) {
            case STUDENT_T -> {
                double h = studentHalfWidth(values);
                yield new Interval(mean, mean - h, mean + h, kind);
            }
            case BOOTSTRAP -> bootstrap(values, mean);
        };
    }

    /**
     * This interval cut to [{@code lowest}, {@code highest}], the range the true mean lies in, so
     * the cut interval covers it whenever this one does. It still holds the estimate, should
     * rounding have put that outside the range.
     */
    public Interval within(double lowest, double highest) {
        return new Interval(estimate, Math.min(Math.max(low, lowest), estimate), Math.max(Math.min(high, highest), estimate), kind);
    }

    /** @return {@code t(0.975, R−1)·sd/√R}; +∞ for R &lt; 2. */
    static double studentHalfWidth(double[] values) {
        int r = values.length;
        if (r < 2) return Double.POSITIVE_INFINITY;
        double t = T975.computeIfAbsent(r - 1, df -> new TDistribution(null, df, 1e-14).inverseCumulativeProbability(0.975));
        return t * Math.sqrt(StatUtils.variance(values)) / Math.sqrt(r);
    }

    /** {@code t(0.975, df)} by degrees of freedom, each found once: an inverse CDF by root finding costs milliseconds cold. */
    private static final java.util.Map<Integer, Double> T975 = new java.util.concurrent.ConcurrentHashMap<>();

    private static Interval bootstrap(double[] values, double mean) {
        int r = values.length;
        SplittableRandom random = new SplittableRandom(BOOTSTRAP_SEED);
        double[] means = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int k = 0; k < r; k++) sum += values[random.nextInt(r)];
            means[b] = sum / r;
        }
        Arrays.sort(means);
        double low = means[(int) Math.ceil(0.025 * RESAMPLES) - 1];
        double high = means[(int) Math.ceil(0.975 * RESAMPLES) - 1];
        // the sample mean itself can fall outside by rounding when every resample agrees with it
        return new Interval(mean, Math.min(low, mean), Math.max(high, mean), Kind.BOOTSTRAP);
    }
}
