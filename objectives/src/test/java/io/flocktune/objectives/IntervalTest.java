package io.flocktune.objectives;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The two interval kinds of {@link Interval}, the spec that picks one, and paired differences. */
class IntervalTest {

    @Test
    void studentGolden() {
        // t(0.975, 3) = 3.182446305284263, sd of {1, 2, 3, 4} = √(5/3)
        Interval i = Interval.of(new double[] {1, 2, 3, 4}, Interval.Kind.STUDENT_T);
        double half = 3.182446305284263 * Math.sqrt(5.0 / 3) / 2;
        assertEquals(2.5, i.estimate(), 1e-15);
        assertEquals(2.5 - half, i.low(), 1e-12);
        assertEquals(2.5 + half, i.high(), 1e-12);
    }

    @Test
    void aCutIntervalKeepsItsEstimateAndKind() {
        Interval i = new Interval(0.5, -0.2, 1.3, Interval.Kind.STUDENT_T);
        assertEquals(new Interval(0.5, 0, 1, Interval.Kind.STUDENT_T), i.within(0, 1));
        assertEquals(i, i.within(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        double above = Math.nextUp(1.0);             // a mean of values in [0, 1] above 1 by rounding
        assertEquals(new Interval(above, 0.9, above, Interval.Kind.STUDENT_T),
                new Interval(above, 0.9, 1.1, Interval.Kind.STUDENT_T).within(0, 1));
    }

    /**
     * Sample {0, 0, 0, 4}. Every resample's mean is j, the number of 4s drawn, j ~ Binomial(4,
     * 1/4): P(j ≤ 0) = 81/256 = 0.316, P(j ≤ 2) = 243/256 = 0.949, P(j ≤ 3) = 255/256 = 0.996. So
     * the exact percentile bootstrap interval is [0, 3]; with 10 000 resamples the empirical
     * 97.5 % quantile is 3 unless the share of resamples with j ≤ 2 strays from 0.949 by more than
     * 11 standard errors (0.0022). Student t reaches below 0: 1 ± 3.18 = [−2.18, 4.18].
     */
    @Test
    void bootstrapGoldenOnATinySampleAndNeverBelowZero() {
        double[] sample = {0, 0, 0, 4};
        Interval b = Interval.of(sample, Interval.Kind.BOOTSTRAP);
        assertEquals(new Interval(1, 0, 3, Interval.Kind.BOOTSTRAP), b);
        Interval t = Interval.of(sample, Interval.Kind.STUDENT_T);
        assertEquals(1 - 3.182446305284263, t.low(), 1e-12, "the old interval reached below 0");
        assertEquals(b, Interval.of(sample.clone(), Interval.Kind.BOOTSTRAP), "seeded: the same data, the same interval");
    }

    @Test
    void bootstrapOfAllZeroIsZeroAndStaysInsideTheData() {
        assertEquals(new Interval(0, 0, 0, Interval.Kind.BOOTSTRAP), Interval.of(new double[30], Interval.Kind.BOOTSTRAP));
        SplittableRandom random = new SplittableRandom(5);
        for (int k = 0; k < 200; k++) {
            double[] v = poisson(random, 0.3, 2 + random.nextInt(30));
            Interval i = Interval.of(v, Interval.Kind.BOOTSTRAP);
            assertTrue(i.low() >= 0 && i.low() <= i.estimate() && i.estimate() <= i.high(), i::toString);
            assertTrue(i.high() <= java.util.Arrays.stream(v).max().orElseThrow(), i::toString);
        }
    }

    /**
     * Coverage over 400 seeds of Poisson counts (λ = 2, R = 30, as a tuning run's 30 test seeds):
     * the percentile bootstrap covers the true mean in about 94 % of samples (nominal 95 %; it is
     * known to run slightly short for small R). A binomial 400 × 0.95 has sd 1.1 %, so [90 %,
     * 98 %] fails only for a real defect.
     */
    @Test
    void bootstrapCoversAPoissonMeanAtAboutTheNominalRate() {
        SplittableRandom random = new SplittableRandom(2024);
        int covered = 0, samples = 400;
        for (int s = 0; s < samples; s++) {
            Interval i = Interval.of(poisson(random, 2, 30), Interval.Kind.BOOTSTRAP);
            if (i.low() <= 2 && 2 <= i.high()) covered++;
        }
        double coverage = (double) covered / samples;
        assertTrue(coverage >= 0.90 && coverage <= 0.98, "coverage " + coverage);
    }

    @Test
    void eventCountsGetTheBootstrapOrderParametersStudentT() {
        assertEquals(Interval.Kind.BOOTSTRAP, ObjectiveSpec.parse("captureRate:mean:min").interval());
        assertEquals(Interval.Kind.BOOTSTRAP, ObjectiveSpec.parse("collisionRate(distance=1):mean:min").interval());
        assertEquals(Interval.Kind.BOOTSTRAP, ObjectiveSpec.parse("collisionOnsets(distance=1)").interval());
        assertEquals(Interval.Kind.STUDENT_T, ObjectiveSpec.parse("captureRate:max").interval(), "a maximum is not a rate");
        assertEquals(Interval.Kind.STUDENT_T, ObjectiveSpec.parse("polarization").interval());
        assertEquals(Interval.Kind.STUDENT_T, ObjectiveSpec.parse("survivalFraction:final").interval());
    }

    @Test
    void measurementUsesItsSpecsKind() {
        Measurement m = new Measurement(List.of(ObjectiveSpec.parse("polarization"), ObjectiveSpec.parse("captureRate:mean:min")),
                new double[][] {{0, 0, 0, 4}, {0, 0, 0, 4}});
        assertEquals(Interval.Kind.STUDENT_T, m.interval(0).kind());
        assertEquals(new Interval(1, 0, 3, Interval.Kind.BOOTSTRAP), m.interval(1));
    }

    /**
     * Paired on common seeds: differences {1, 1, 1, 1.5}, mean 1.125, sd 0.25, so 1.125 ±
     * 3.182446·0.25/2 = [0.7272, 1.5228]; the two unpaired Student intervals overlap widely.
     */
    @Test
    void pairedDifferenceGolden() {
        List<ObjectiveSpec> specs = List.of(ObjectiveSpec.parse("nearestNeighbourDistance"));
        Measurement base = new Measurement(specs, new double[][] {{1, 2, 3, 4}});
        Measurement tuned = new Measurement(specs, new double[][] {{2, 3, 4, 5.5}});
        Interval d = tuned.difference(base, 0);
        double half = 3.182446305284263 * 0.25 / 2;
        assertEquals(1.125, d.estimate(), 1e-15);
        assertEquals(1.125 - half, d.low(), 1e-12);
        assertEquals(1.125 + half, d.high(), 1e-12);
        assertTrue(base.ci95(0)[1] > tuned.ci95(0)[0], "unpaired, the intervals overlap");
    }

    private static double[] poisson(SplittableRandom random, double lambda, int n) {
        double[] v = new double[n];
        double limit = Math.exp(-lambda);
        for (int i = 0; i < n; i++) {
            int k = 0;
            for (double p = random.nextDouble(); p > limit; p *= random.nextDouble()) k++;
            v[i] = k;
        }
        return v;
    }
}
