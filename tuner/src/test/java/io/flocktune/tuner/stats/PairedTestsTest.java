package io.flocktune.tuner.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The paired statistics against hand-computed values and against commons-math3's Wilcoxon test. */
class PairedTestsTest {

    @Test
    void wilcoxonByHandDropsZerosAndGivesTheExactP() {
        // d = a − b = 1.5, −0.5, 2, 3, −1, 0: the zero is dropped, n = 5; |d| ranks 3, 1, 4, 5, 2; W+ = 3 + 4 + 5 = 12.
        // Under H0 the 32 sign assignments give W+ ≥ 12 in 5 of them ({3,4,5}, {1,2,4,5}, {1,3,4,5}, {2,3,4,5}, all)
        // and W+ ≤ 3 in 5: p = 10 / 32.
        double[] a = {2.5, 1.0, 5.0, 3.0, 0.0, 7.0};
        double[] b = {1.0, 1.5, 3.0, 0.0, 1.0, 7.0};
        PairedTests.Wilcoxon w = PairedTests.wilcoxon(a, b);
        assertEquals(5, w.nonZero());
        assertEquals(12.0, w.wPlus());
        assertEquals(PairedTests.Method.EXACT, w.method());
        assertEquals(10.0 / 32, w.p(), 1e-15);
    }

    @Test
    void tiesAreExactToo() {
        // d = 1, 1, −1, 2: |d| ranks 2, 2, 2, 4 (average of 1..3); W+ = 2 + 2 + 4 = 8, mean 5, |W+ − 5| = 3.
        // Doubled ranks 4, 4, 4, 8 (sum 20, centre 10): sign sums s with |s − 10| ≥ 6 are 0, 4 (×3), 16 (×3), 20: 8 of 16.
        PairedTests.Wilcoxon w = PairedTests.wilcoxon(new double[] {1, 1, -1, 2}, new double[] {0, 0, 0, 0});
        assertEquals(8.0, w.wPlus());
        assertEquals(0.5, w.p(), 1e-15);
    }

    @Test
    void allZeroDifferencesGiveNoEvidence() {
        double[] same = {0.3, 0.7, 0.1};
        PairedTests.Wilcoxon w = PairedTests.wilcoxon(same, same.clone());
        assertEquals(PairedTests.Method.ALL_ZERO, w.method());
        assertEquals(0, w.nonZero());
        assertEquals(1.0, w.p());
    }

    @Test
    void exactPAgreesWithCommonsMathWithoutTiesOrZeros() {
        WilcoxonSignedRankTest reference = new WilcoxonSignedRankTest();
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int n = 3 + random.nextInt(14);
            double shift = random.nextDouble() - 0.3;
            double[] a = new double[n], b = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = random.nextGaussian() + shift;
                b[i] = random.nextGaussian();
            }
            double expected = Math.min(1, reference.wilcoxonSignedRankTest(a, b, true));
            assertEquals(expected, PairedTests.wilcoxon(a, b).p(), 1e-12, "seed " + seed + ", n " + n);
        }
    }

    @Test
    void largeSamplesUseTheNormalApproximationWithTieAndContinuityCorrections() {
        int n = 60;
        double[] a = new double[n], b = new double[n];
        for (int i = 0; i < n; i++) a[i] = (i % 10) - 3.5 + (i % 3 == 0 ? 1 : 0);   // many tied |d|
        PairedTests.Wilcoxon w = PairedTests.wilcoxon(a, b);
        assertEquals(PairedTests.Method.NORMAL, w.method());
        // by hand: ranks of |d| and tie groups from the data
        double[] d = a.clone();
        double[] m = Arrays.stream(d).map(Math::abs).toArray();
        double[] sorted = m.clone();
        Arrays.sort(sorted);
        double wPlus = 0, ties = 0;
        for (int i = 0; i < n; i++) {
            int below = 0, equal = 0;
            for (double x : m) {
                if (x < m[i]) below++;
                else if (x == m[i]) equal++;
            }
            if (d[i] > 0) wPlus += below + (equal + 1) / 2.0;
        }
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) j++;
            ties += Math.pow(j - i, 3) - (j - i);
            i = j;
        }
        assertEquals(wPlus, w.wPlus(), 1e-9);
        double mean = n * (n + 1) / 4.0, sd = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24.0 - ties / 48);
        double expected = 2 * new NormalDistribution().cumulativeProbability(-(Math.abs(wPlus - mean) - 0.5) / sd);
        assertEquals(expected, w.p(), 1e-12);
    }

    @Test
    void holmByHand() {
        // sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → raised to 0.06
        double[] adjusted = PairedTests.holm(new double[] {0.01, 0.04, 0.03, 0.005});
        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02}, adjusted, 1e-15);
        assertArrayEquals(new double[] {1, 1}, PairedTests.holm(new double[] {0.7, 0.9}), 1e-15);
    }

    @Test
    void a12ByHand() {
        // 1 beats none of (2, 2, 4); 2 ties twice; 3 beats 2 and 2: (0 + 2 + 0.5·2) / 9 = 1/3
        assertEquals(1.0 / 3, PairedTests.a12(new double[] {1, 2, 3}, new double[] {2, 2, 4}), 1e-15);
        assertEquals(1.0, PairedTests.a12(new double[] {5, 6}, new double[] {1, 2, 3}), 1e-15);
        assertEquals(0.5, PairedTests.a12(new double[] {1, 1}, new double[] {1, 1}), 1e-15);
        SplittableRandom random = new SplittableRandom(3);
        double[] a = random.doubles(17).toArray(), b = random.doubles(17).toArray();
        double wins = 0;
        for (double x : a) for (double y : b) wins += x > y ? 1 : x == y ? 0.5 : 0;
        assertEquals(wins / (17 * 17), PairedTests.a12(a, b), 1e-12);
    }

    @Test
    void theBootstrapIntervalIsReproducibleAndCoversTheEstimate() {
        SplittableRandom random = new SplittableRandom(11);
        double[] a = new double[25], b = new double[25];
        for (int i = 0; i < 25; i++) {
            a[i] = random.nextGaussian() + 0.5;
            b[i] = random.nextGaussian();
        }
        double[] ci = PairedTests.a12Interval(a, b, 2000, 0.95, 42);
        assertArrayEquals(ci, PairedTests.a12Interval(a, b, 2000, 0.95, 42));
        double estimate = PairedTests.a12(a, b);
        assertTrue(ci[0] < estimate && estimate < ci[1], Arrays.toString(ci) + " around " + estimate);
        assertArrayEquals(new double[] {0.5, 0.5}, PairedTests.a12Interval(a, a, 500, 0.95, 1));
    }

    private static double greater(double[] a, double[] b) {
        return PairedTests.wilcoxonGreater(a, b).p();
    }

    /** One-sided: greater on every one of n pairs gives 2⁻ⁿ exactly; smaller or equal on all gives 1 (or near it). */
    @Test
    void theOneSidedTestGivesTheUpperTailOfTheSameDistribution() {
        double[] incumbent = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        double[] worse = new double[10], better = new double[10];
        for (int s = 0; s < 10; s++) {
            worse[s] = incumbent[s] + 0.1 * (s + 1);
            better[s] = incumbent[s] - 0.1 * (s + 1);
        }
        assertEquals(1.0 / 1024, greater(worse, incumbent), 1e-12);
        assertEquals(1, greater(better, incumbent), 1e-15);
        assertEquals(1, greater(incumbent.clone(), incumbent), 0);
        double[] mixed = incumbent.clone();
        mixed[0] += 5;   // worse on one seed, better on another, equal on eight: the zeros drop out, W+ = 2 of 3
        mixed[1] -= 0.01;
        assertEquals(0.5, greater(mixed, incumbent), 1e-15, "P(W+ >= 2) over the 4 sign patterns of ranks 1, 2");
        // ties share their rank: differences 1, 1, -1 have ranks 2, 2, 2; W+ = 4 or more in 4 of 8 patterns
        assertEquals(0.5, greater(new double[] {1, 1, -1}, new double[3]), 1e-15);
        // without zeros or ties it is half of commons-math3's exact two-sided p when W+ > W-
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int trial = 0; trial < 100; trial++) {
            int n = 5 + random.nextInt(12);   // commons enumerates all 2^n patterns
            double[] a = random.doubles(n).map(v -> v + 0.2).toArray(), b = random.doubles(n).toArray();
            double plus = 0, minus = 0;
            double[] ranks = new org.apache.commons.math3.stat.ranking.NaturalRanking()
                    .rank(java.util.stream.IntStream.range(0, n).mapToDouble(k -> Math.abs(a[k] - b[k])).toArray());
            for (int k = 0; k < n; k++) if (a[k] > b[k]) plus += ranks[k]; else minus += ranks[k];
            if (plus <= minus) continue;
            double commons = new org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest().wilcoxonSignedRankTest(a, b, true);
            assertEquals(commons / 2, greater(a, b), 1e-12, "n = " + n);
        }
        // above EXACT_LIMIT differences, the normal approximation's upper tail
        double[] many = new double[60];
        for (int s = 0; s < 60; s++) many[s] = s % 3 == 0 ? -(s + 1) : s + 1;
        PairedTests.Wilcoxon w = PairedTests.wilcoxonGreater(many, new double[60]);
        assertEquals(PairedTests.Method.NORMAL, w.method());
        double z = (w.wPlus() - 60 * 61 / 4.0 - 0.5) / Math.sqrt(60 * 61 * 121 / 24.0);
        assertEquals(1 - new NormalDistribution(0, 1).cumulativeProbability(z), w.p(), 1e-12);
        assertEquals(w.p(), PairedTests.wilcoxon(many, new double[60]).p() / 2, 1e-12, "half the two-sided p on the upper side");
    }
}
