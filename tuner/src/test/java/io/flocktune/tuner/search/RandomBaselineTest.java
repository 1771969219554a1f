package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The small CI version of the search benchmark ({@link Benchmark}): the GA against the
 * random-search baseline at equal budget, paired on fixed run seeds.
 */
class RandomBaselineTest {

    /** Six-gene noisy bowl with its minimum at 0.2, 0.3, …, 0.7: distance² + N(0, 0.01²). */
    static final io.flocktune.tuner.eval.Evaluator<double[]> BOWL6 = (genes, seed) -> {
        double d = 0;
        for (int i = 0; i < 6; i++) d += (genes[i] - 0.2 - 0.1 * i) * (genes[i] - 0.2 - 0.1 * i);
        return new double[]{d + 0.01 * new java.util.SplittableRandom(seed).nextGaussian()};
    };

    /**
     * On a smooth six-gene bowl with little noise the GA's local steps pay: its pick is closer
     * to the optimum than random search's on the same seeds, significantly. This is where the
     * GA must win; if it does not, proposals or selection are broken.
     */
    @Test
    void theGaBeatsRandomSearchOnANoisyBowl() throws Exception {
        int n = 10;
        double[] ga = new double[n], random = new double[n];
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            for (int k = 0; k < n; k++) {
                ga[k] = trueDistance(new Strategy.Genetic(), 100 + k, runner);
                random[k] = trueDistance(new Strategy.Random(), 100 + k, runner);
            }
        }
        double p = new org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest().wilcoxonSignedRankTest(ga, random, true);
        int wins = 0;
        for (int k = 0; k < n; k++) if (ga[k] < random[k]) wins++;
        assertTrue(p < 0.01 && wins >= 9, "GA " + java.util.Arrays.toString(ga) + " random " + java.util.Arrays.toString(random) + " p " + p);
    }

    /** @return the noise-free squared distance of the search's validated pick to the bowl's minimum. */
    private static double trueDistance(Strategy strategy, long seed, LocalRunner runner) throws InterruptedException {
        Search<Double> s = new Search<>(SearchTest.MINIMISE, strategy,
                new Genetics(16, 0.5, new Selection.Tournament(3), 1, 0.3, 0.1, 0.6, 100),
                new Replication(2, 1, 10, 10, 3), new StopRules(1_000_000, 0, Duration.ZERO, 300), seed, new int[6],
                BOWL6, runner);
        Search.Result r = s.run(null, (summary, evaluations, state) -> {});
        List<Search.Validated> v = s.validate(s.finalists(r.state()));
        Individual pick = v.stream().min(java.util.Comparator.comparingDouble(x -> s.validatedFitness(x))).orElseThrow().individual();
        double d = 0;
        for (int i = 0; i < 6; i++) d += (pick.gene(i) - 0.2 - 0.1 * i) * (pick.gene(i) - 0.2 - 0.1 * i);
        return d;
    }

    /**
     * On the cheap flocking problem (the default experiment's six genes on 40 boids × 200 steps)
     * at its nominal budget, over 8 fixed run seeds, the GA as shipped is <em>not</em>
     * significantly better than random search followed by the same finalist validation (issue
     * 14; still so with the finalists "both" of the GA's default: −0.20, 5 of 8, p = 0.55, while
     * on the README's three flocking problems at k = 16 it is). This test records that measured fact, with 8 seeds so that a significant result is
     * possible (exact Wilcoxon, smallest two-sided p = 2/256); when the search is improved, it
     * must fail and be turned into "the GA wins". What holds for both: the pick beats the base
     * preset on the test seeds, and the search's own estimate of its pick is optimistic.
     */
    @Test
    void onTheCheapFlockingProblemTheShippedGaIsNotYetBetterThanRandomSearch() throws Exception {
        Benchmark.Problem problem = BenchmarkTable.cheap();
        long budget = Benchmark.nominalBudget(problem.experiment());
        int testSeeds = 40;
        List<Benchmark.Run> runs = new ArrayList<>();
        for (long seed = 1; seed <= 8; seed++) {
            for (String method : List.of("ga", "random")) runs.add(Benchmark.run(problem, BenchmarkTable.method(method), seed, budget, testSeeds, 2));
        }
        Benchmark.Verdict v = Benchmark.verdict(runs, "cheap", "ga", "random");
        assertEquals(8, v.n());
        assertEquals("no significant difference", v.text(0.05), Benchmark.table(runs, List.of("ga", "random"), Map.of()));

        double base = baseTest(problem.experiment(), testSeeds);
        for (Benchmark.Run r : runs) {
            assertTrue(r.test() < base, "pick beats the base preset (" + base + "): " + r);
            assertTrue(r.simulations() >= budget && r.simulations() < budget + 100 + 100, "equal budget: " + r);
        }
        for (String method : List.of("ga", "random")) {
            double optimism = runs.stream().filter(r -> r.method().equals(method))
                    .mapToDouble(r -> r.test() - r.searchEstimate()).average().orElseThrow();
            assertTrue(optimism > 0, method + ": the search's own estimate is optimistic by " + optimism);
        }
    }

    private static double baseTest(Experiment e, int testSeeds) throws Exception {
        PresetEvaluator presets = new PresetEvaluator(e.scenario().steps(), e.specs());
        var base = e.effectiveBase();
        List<Trial<io.flocktune.sim.Preset>> trials = new ArrayList<>();
        for (int r = 0; r < testSeeds; r++) trials.add(new Trial<>(base, Benchmark.testSeed(r)));
        double[] means = new double[e.objectives().size()];
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(60))) {
            for (Outcome o : runner.run(presets, trials)) {
                double[] values = ((Outcome.Success) o).values();
                for (int k = 0; k < means.length; k++) means[k] += values[k] / testSeeds;
            }
        }
        @SuppressWarnings("unchecked")
        Scoring<Double> scoring = (Scoring<Double>) e.scoring();
        return scoring.fitness(means);
    }
}
