package io.flocktune.tuner.compare;

import io.flocktune.objectives.ObjectiveSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The verdicts and the summary read A12 one way: A12(A, B) = P(A better than B) with A the
 * pair's first arm in comparison order, whichever arm wins; an uncorrected interval that
 * excludes 0.5 beside "no detectable difference" says why.
 */
class AnalysisTest {
    private static final List<ObjectiveSpec> POLARIZATION = List.of(ObjectiveSpec.parse("polarization:mean:max", 0));

    @Test
    void verdictsWriteA12ForThePairInComparisonOrderWhicheverArmWins() {
        double[] high = {0.9, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98, 0.99};
        double[] low = {0.1, 0.11, 0.12, 0.13, 0.14, 0.15, 0.16, 0.17, 0.18, 0.19};
        // x and z identical, y far lower: 3 hypotheses on one objective
        Analysis a = Analysis.of(List.of("x", "y", "z"), POLARIZATION, new double[][][] {{high}, {low}, {high.clone()}}, 0, 0, 1,
                0.05, 500, 1);
        assertEquals("polarization: x gives higher polarization than y (large): A12(x, y) = 1.00 [1.00, 1.00], p_Holm = 0.006",
                a.verdict(a.pairs().get(0)));
        assertEquals("polarization: no detectable difference between x and z at n = 10 (negligible at most):"
                + " A12(x, z) = 0.50 [0.50, 0.50], p_Holm = 1.000", a.verdict(a.pairs().get(1)));
        // B wins: the verdict names z, and A12 stays that of (y, z), below 0.5
        assertEquals("polarization: z gives higher polarization than y (large): A12(y, z) = 0.00 [0.00, 0.00], p_Holm = 0.006",
                a.verdict(a.pairs().get(2)));
        assertEquals("polarization (higher is better): x ≈ z > y", a.ranking(0));
    }

    @Test
    void anUncorrectedIntervalThatExcludesHalfBesideNoDetectableDifferenceIsExplained() {
        double[] a = {11, 12, 13, 14, 15, 16}, b = {12, 13, 1, 2, 3, 4};   // paired differences -1, -1, 12, 12, 12, 12
        Analysis analysis = Analysis.of(List.of("a", "b"), POLARIZATION, new double[][][] {{a}, {b}}, 0, 0, 1, 0.05, 2000, 1);
        Analysis.Pair p = analysis.pairs().getFirst();
        assertFalse(p.significant(), "exact p = 2 * 4 / 64 = 0.125");
        assertTrue(p.a12Low() > 0.5, "the uncorrected interval excludes 0.5: " + p.a12Low());
        String verdict = analysis.verdict(p);
        assertTrue(verdict.startsWith("polarization: no detectable difference between a and b at n = 6: A12(a, b) = 0.89 ["), verdict);
        assertTrue(verdict.endsWith("p_Holm = 0.125 (the A12 interval, per pair and uncorrected, excludes 0.5; the Wilcoxon test does"
                + " not reject)"), verdict);
        // beside other hypotheses the verdict names the correction
        Analysis three = Analysis.of(List.of("a", "b", "c"), POLARIZATION, new double[][][] {{a}, {b}, {a.clone()}}, 0, 0, 1, 0.05, 2000, 1);
        String corrected = three.verdict(three.pairs().getFirst());
        // as docs/reference/comparison-report.md quotes it
        assertEquals("polarization: no detectable difference between a and b at n = 6: A12(a, b) = 0.89 [0.51, 1.00], p_Holm = 0.375"
                + " (the A12 interval, per pair and uncorrected, excludes 0.5; the Wilcoxon test, corrected for 3 hypotheses, does not"
                + " reject)", corrected);
    }

    @Test
    void effectSizeWordsFollowVarghaAndDelaneysThresholds() {
        assertEquals("negligible", Analysis.magnitude(0.5599));
        assertEquals("negligible", Analysis.magnitude(0.4401));
        assertEquals("small", Analysis.magnitude(0.5601));
        assertEquals("small", Analysis.magnitude(0.3601));
        assertEquals("medium", Analysis.magnitude(0.6401));
        assertEquals("medium", Analysis.magnitude(0.2901));
        assertEquals("large", Analysis.magnitude(0.7101));
        assertEquals("large", Analysis.magnitude(0.2899));
    }
}
