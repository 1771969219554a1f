package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.LocalRunner;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.*;

class RaceTest {

    /** Holm's adjusted p-values: (m − j + 1) p₍ⱼ₎, made monotone, capped at 1. */
    @Test
    void holmAdjustsTheSortedPValuesStepDown() {
        assertArrayEquals(new double[] {0.03, 0.06, 0.06}, Race.holmAdjusted(new double[] {0.01, 0.04, 0.03}), 1e-15);
        assertArrayEquals(new double[] {0.9, 0.5}, Race.holmAdjusted(new double[] {0.9, 0.25}), 1e-15);
        assertArrayEquals(new double[] {0.2}, Race.holmAdjusted(new double[] {0.2}), 0);
    }

    /** One-sided exact Wilcoxon: worse on every one of n seeds gives 2⁻ⁿ; better or equal gives 1. */
    @Test
    void theSignedRankTestSaysHowSurelyACandidateIsWorse() {
        double[] incumbent = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        double[] worse = new double[10], better = new double[10];
        for (int s = 0; s < 10; s++) {
            worse[s] = incumbent[s] + 0.1 * (s + 1);
            better[s] = incumbent[s] - 0.1 * (s + 1);
        }
        assertEquals(1.0 / 1024, Race.worseP(worse, incumbent), 1e-12);
        assertEquals(1, Race.worseP(better, incumbent));
        assertEquals(1, Race.worseP(incumbent.clone(), incumbent));
        double[] mixed = incumbent.clone();
        mixed[0] += 5;   // worse on one seed, better on another, equal on eight: the zeros drop out, W+ = 2 of 3
        mixed[1] -= 0.01;
        assertEquals(0.5, Race.worseP(mixed, incumbent), 1e-15, "P(W+ >= 2) over the 4 sign patterns of ranks 1, 2");
        // ties share their rank: differences 1, 1, -1 have ranks 2, 2, 2; W+ = 4 or more in 4 of 8 patterns
        assertEquals(0.5, Race.worseP(new double[] {1, 1, -1}, new double[3]), 1e-15);
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
            assertEquals(commons / 2, Race.worseP(a, b), 1e-12, "n = " + n);
        }
        // above 30 differences, the normal approximation: 40 positive ones are as sure as the exact test says
        double[] forty = new double[40];
        for (int s = 0; s < 40; s++) forty[s] = s + 1;
        double p = Race.worseP(forty, new double[40]);
        assertTrue(p > 0 && p < 1e-7, "p = " + p);
    }

    /** A bowl with its minimum at (0.3, 0.7) and noise of sd 0.02 of its own for every candidate and seed. */
    private static final io.flocktune.tuner.eval.Evaluator<double[]> NOISY = (genes, seed) -> {
        double dx = genes[0] - 0.3, dy = genes[1] - 0.7;
        long own = seed * 31 + java.util.Arrays.hashCode(genes);
        return new double[] {dx * dx + dy * dy + 0.02 * new java.util.SplittableRandom(own).nextGaussian()};
    };

    private static final Replication RACE = new Replication(2, 1, 20, 10, 2, Replication.Combine.MEAN, new Race(4, 5, 0.05));

    private static Race.Result race(int threads, List<Individual> pool) throws InterruptedException {
        try (LocalRunner runner = new LocalRunner(threads, Duration.ofSeconds(30))) {
            Search<Double> s = new Search<>(SearchTest.MINIMISE, new Genetics(16, 0.5, new Selection.Tournament(3), 1, 0.3, 0.1, 0.6, 100),
                    RACE, new StopRules(1, 0, Duration.ZERO, 0), 42, new int[2], NOISY, runner);
            return s.race(pool);
        }
    }

    private static List<Individual> pool() {
        List<Individual> pool = new ArrayList<>();
        pool.add(new Individual(1, new double[] {0.30, 0.70}, 0, List.of()));   // the minimum
        pool.add(new Individual(2, new double[] {0.31, 0.70}, 0, List.of()));   // 0.0001 worse: lost in the noise
        pool.add(new Individual(3, new double[] {0.90, 0.10}, 0, List.of()));   // far worse on every seed
        pool.add(new Individual(4, new double[] {0.60, 0.40}, 0, List.of()));   // worse on every seed
        return pool;
    }

    @Test
    void theWorseCandidatesAreDroppedOnCommonSeedsWithinTheBudget() throws Exception {
        Race.Result r = race(2, pool());
        Map<Long, Race.Entry> byId = r.ranking().stream().collect(Collectors.toMap(e -> e.validated().individual().id(), Function.identity()));
        // round 1: 5 seeds each; the smallest one-sided p is 2⁻⁵ = 0.031, above Holm's 0.05 / 3: nobody is dropped;
        // round 2: 10 seeds, p = 2⁻¹⁰ for the two bad ones: both dropped
        assertEquals(2, byId.get(3L).eliminated());
        assertEquals(2, byId.get(4L).eliminated());
        assertEquals(0, byId.get(1L).eliminated());
        assertEquals(0, byId.get(2L).eliminated());
        assertTrue(byId.get(3L).p() <= 0.05 && byId.get(4L).p() <= 0.05);
        assertEquals(2, r.survivors());
        // the two survivors race on until the budget (2 finalists × 20 seeds = 40 simulations) or the 20 seeds run out
        assertTrue(r.simulations() <= 40, "budget: " + r.simulations());
        assertEquals(20 + 10 * 2, r.simulations(), "4 × 5 + 4 × 5, then the budget is spent");
        for (Race.Entry e : r.ranking()) {
            List<Long> seeds = e.validated().replicates().stream().map(Replicate::seed).toList();
            for (int k = 0; k < seeds.size(); k++) assertEquals(Seeds.validation(42, k), seeds.get(k), "common seeds, in order");
        }
        // survivors first (by held-out fitness), then the dropped
        assertEquals(List.of(0, 0, 2, 2), r.ranking().stream().map(Race.Entry::eliminated).toList());
    }

    @Test
    void aRaceIsTheSameOnOneAndTwoThreads() throws Exception {
        assertEquals(describe(race(1, pool())), describe(race(2, pool())));
    }

    private static List<String> describe(Race.Result r) {
        return r.ranking().stream().map(e -> e.validated().individual().id() + " " + e.eliminated() + " " + e.p() + " "
                + e.validated().replicates().stream().map(x -> x.seed() + ":" + java.util.Arrays.toString(
                        ((io.flocktune.tuner.eval.Outcome.Success) x.outcome()).values())).toList()).toList();
    }

    @Test
    void aFirstRoundThatDoesNotFitTheBudgetIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Replication(2, 1, 10, 10, 1, Replication.Combine.MEAN, new Race(3, 5, 0.05)));
        assertEquals("race: its first round (pool 3 × round 5) must fit its budget, finalists × validationSeeds = 10", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Race(1, 5, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new Race(3, 5, 0.7));
    }
}
