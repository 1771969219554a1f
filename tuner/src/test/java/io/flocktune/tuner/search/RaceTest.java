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
