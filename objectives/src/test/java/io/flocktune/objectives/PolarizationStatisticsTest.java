package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * For N independent uniformly random headings, |Σ v̂_i| is asymptotically Rayleigh (2D) or
 * Maxwell (3D) distributed, so E[φ] ≈ √(π/4N) in 2D and √(8/(3πN)) in 3D. Each seed draws many
 * random flocks; the sample mean must lie within 3 standard errors.
 */
class PolarizationStatisticsTest {
    private static final long[] SEEDS = {1, 42, 2024, 77_777, -5};
    private static final int DRAWS = 2000;

    @ParameterizedTest(name = "{0}D, N = {1}")
    @CsvSource({"2, 100", "2, 400", "3, 100"})
    void randomHeadingsGiveTheExpectedPolarization(int dimension, int n) {
        double expected = dimension == 2 ? Math.sqrt(Math.PI / (4.0 * n)) : Math.sqrt(8 / (3 * Math.PI * n));
        MetricProbe probe = new MetricProbe(Flocks.open(dimension), n);
        for (long seed : SEEDS) {
            SplittableRandom random = new SplittableRandom(seed);
            Flock flock = new Flock(dimension, n, 0);
            SummaryStatistics phi = new SummaryStatistics();
            for (int draw = 0; draw < DRAWS; draw++) {
                for (int i = 0; i < n; i++) Flocks.randomHeading(flock, i, random);
                phi.addValue(probe.polarization(flock));
            }
            double standardError = phi.getStandardDeviation() / Math.sqrt(DRAWS);
            System.out.printf("seed %d: mean phi %.5f, expected %.5f, SE %.5f%n", seed, phi.getMean(), expected, standardError);
            assertEquals(expected, phi.getMean(), 3 * standardError, "seed " + seed);
        }
    }
}
