package io.flocktune.tuner.compare;

import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.search.Seeds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The error rates of the whole procedure ({@link Comparing#sequential}: Wilcoxon, Holm over
 * pairs × objectives, Bonferroni over looks, early stopping), measured over many comparison
 * seeds with a cheap synthetic measurement in place of the simulation: each arm's objectives are
 * independent standard normal draws keyed by the replicate seed and the arm, so every null
 * hypothesis is true unless an arm is shifted.
 */
class ErrorRateTest {
    static final int RUNS = 300;

    /** Three arms and two objectives. */
    static Comparison comparison(String replicates) throws InputException {
        return ComparisonJson.parse("""
                {
                  "format": "flocktune-comparison/1",
                  "name": "null",
                  "arms": [
                    {"name": "a", "preset": "reynolds"},
                    {"name": "b", "preset": "reynolds"},
                    {"name": "c", "preset": "reynolds"}
                  ],
                  "objectives": ["polarization", "collisionRate(distance=1):mean:min:name=collisions"],
                  "scenario": {"boids": 10, "steps": 10},
                  "replicates": %s,
                  "bootstrap": 100
                }
                """.formatted(replicates), "null.json", null);
    }

    /** Runs the procedure on synthetic values: standard normal, the last arm's first objective shifted by {@code shift}. */
    static List<Analysis> run(Comparison c, double shift) throws Exception {
        int arms = c.arms().size();
        Outcome[][] outcomes = new Outcome[c.replicates().max()][arms];
        return Comparing.sequential(c, outcomes, (look, n) -> {
            for (int r = 0; r < n; r++) {
                for (int a = 0; a < arms; a++) {
                    if (outcomes[r][a] != null) continue;
                    SplittableRandom random = new SplittableRandom(Seeds.comparison(c.seed(), r) * 31 + a);
                    double[] v = {random.nextGaussian(), random.nextGaussian()};
                    if (a == arms - 1) v[0] += shift;
                    outcomes[r][a] = new Outcome.Success(v, 0);
                }
            }
        });
    }

    /** @return the share of seeds whose comparison declared at least one significant difference. */
    static double anySignificant(Comparison c, int runs) throws Exception {
        int positive = 0;
        for (int seed = 1; seed <= runs; seed++) {
            if (run(c.withSeed(seed), 0).getLast().pairs().stream().anyMatch(Analysis.Pair::significant)) positive++;
        }
        return (double) positive / runs;
    }

    private static double bound(double alpha, int runs) {
        return alpha + 3 * Math.sqrt(alpha * (1 - alpha) / runs);   // three binomial standard errors above α
    }

    @Test
    void theFamilyWiseErrorRateOfAFixedComparisonIsAtMostAlpha() throws Exception {
        double rate = anySignificant(comparison("12"), RUNS);
        System.out.println("ErrorRateTest: fixed n = 12, family-wise false positive rate " + rate + " over " + RUNS + " null comparisons");
        assertTrue(rate <= bound(0.05, RUNS), "false positive rate " + rate + " over " + RUNS + " null comparisons");
    }

    @Test
    void theFamilyWiseErrorRateOfASequentialComparisonIsAtMostAlpha() throws Exception {
        Comparison c = comparison("{\"min\": 8, \"max\": 40, \"batch\": 8}");
        assertEquals(5, c.replicates().looks());
        double rate = anySignificant(c, RUNS);
        System.out.println("ErrorRateTest: 5 looks, family-wise false positive rate " + rate + " over " + RUNS + " null comparisons");
        assertTrue(rate <= bound(0.05, RUNS), "false positive rate " + rate + " over " + RUNS + " null comparisons with 5 looks");
    }

    @Test
    void peekingWithoutCorrectionWouldInflateTheErrorRate() throws Exception {
        // the same looks tested each at the full α (K = 1 per look) reject more often than the corrected procedure
        Comparison corrected = comparison("{\"min\": 8, \"max\": 40, \"batch\": 8}");
        int naive = 0, proper = 0;
        for (int seed = 1; seed <= 200; seed++) {
            List<Analysis> looks = run(corrected.withSeed(seed), 0);
            if (looks.stream().anyMatch(look -> look.pairs().stream().anyMatch(p -> p.pHolm() <= 0.05))) naive++;
            if (looks.getLast().pairs().stream().anyMatch(Analysis.Pair::significant)) proper++;
        }
        System.out.println("ErrorRateTest: of 200 null comparisons with 5 looks, uncorrected peeking declared a difference in "
                + naive + ", the corrected procedure in " + proper);
        assertTrue(naive > proper, "uncorrected peeking " + naive + " vs corrected " + proper + " false positives of 200");
    }

    @Test
    void aLargeDifferenceIsFoundAndStopsASequentialComparisonEarly() throws Exception {
        int found = 0, runs = 100;
        for (int seed = 1; seed <= runs; seed++) {
            Analysis a = run(comparison("20").withSeed(seed), 2).getLast();
            if (a.pairs().stream().filter(p -> p.objective() == 0 && p.b() == 2).allMatch(Analysis.Pair::significant)) found++;
            assertTrue(a.pairs().stream().filter(p -> p.objective() == 0 && p.b() == 2).allMatch(p -> p.a12() < 0.5),
                    "arm c is the better one (higher polarization)");
        }
        assertTrue(found >= 0.9 * runs, "a shift of 2 sd found in " + found + " of " + runs);
        System.out.println("ErrorRateTest: a shift of 2 sd (n = 20) found on both pairs in " + found + " of " + runs + " comparisons");
        Comparison two = ComparisonJson.parse("""
                {"format": "flocktune-comparison/1", "name": "two",
                 "arms": [{"name": "a", "preset": "reynolds"}, {"name": "c", "preset": "reynolds"}],
                 "objectives": ["polarization"], "scenario": {"boids": 10, "steps": 10},
                 "replicates": {"min": 10, "max": 100, "batch": 10}, "bootstrap": 100}
                """, "two.json", null);
        for (int seed = 1; seed <= 20; seed++) {
            List<Analysis> looks = run(two.withSeed(seed), 3);
            assertTrue(looks.getLast().pairs().getFirst().significant() && looks.getLast().replicates() < 100,
                    "seed " + seed + ": stopped at " + looks.getLast().replicates());
        }
    }
}
