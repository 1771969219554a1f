package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.*;

class SearchTest {
    /** Noisy bowl with its minimum at (0.3, 0.7): value = distance² + N(0, 0.02²) from the seed. */
    static final Evaluator<double[]> BOWL = (genes, seed) -> {
        double dx = genes[0] - 0.3, dy = genes[1] - 0.7;
        return new double[]{dx * dx + dy * dy + 0.02 * new SplittableRandom(seed).nextGaussian()};
    };

    static final Scoring<Double> MINIMISE = new Scoring.WeightedSum(List.of(new Criterion("bowl", 1, v -> v)));

    static Search<Double> search(Evaluator<double[]> f, LocalRunner runner, long generations) {
        return new Search<>(MINIMISE,
                new Genetics(16, 0.5, new Selection.Tournament(3), 1, 0.3, 0.1, 0.6, 100),
                new Replication(2, 1, 10, 10, 3),
                new StopRules(generations, 0, Duration.ZERO, 0), 42, new int[2], f, runner);
    }

    record Run(List<GenerationSummary> summaries, List<String> history, SearchState last, List<SearchState> states) {}

    static Run run(Search<Double> s, SearchState resume) throws InterruptedException {
        List<GenerationSummary> summaries = new ArrayList<>();
        List<String> history = new ArrayList<>();
        List<SearchState> states = new ArrayList<>();
        Search.Result r = s.run(resume, (summary, evaluations, state) -> {
            summaries.add(summary);
            for (Search.Evaluation e : evaluations) {
                Replicate rep = e.replicate();
                String values = rep.outcome() instanceof Outcome.Success ok ? java.util.Arrays.toString(ok.values()) : "failed";
                history.add(summary.generation() + " " + e.candidate() + " " + java.util.Arrays.toString(e.genes()) + " "
                        + rep.index() + " " + rep.seed() + " " + e.role() + " " + values);
            }
            states.add(state);
        });
        return new Run(summaries, history, r.state(), states);
    }

    @Test
    void findsTheMinimumOfANoisyBowl() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Search<Double> s = search(BOWL, runner, 30);
            Run run = run(s, null);
            List<Individual> finalists = s.finalists(run.last());
            Individual best = finalists.getFirst();
            assertEquals(0.3, best.gene(0), 0.08, "x of " + best);
            assertEquals(0.7, best.gene(1), 0.08, "y of " + best);
            assertEquals(30, run.last().generation());
        }
    }

    @Test
    void sameHistoryWithOneOrTwoThreads() throws Exception {
        Run one, two;
        try (LocalRunner runner = new LocalRunner(1, Duration.ofSeconds(30))) {
            one = run(search(BOWL, runner, 8), null);
        }
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            two = run(search(BOWL, runner, 8), null);
        }
        assertEquals(one.history(), two.history());
        assertEquals(one.summaries(), two.summaries());
        assertEquals(one.last(), two.last());
    }

    @Test
    void resumedSearchEndsExactlyAsAnUninterruptedOne() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Run whole = run(search(BOWL, runner, 8), null);
            for (int k : new int[]{0, 3, 7}) {
                SearchState atK = whole.states().get(k);
                Run rest = run(search(BOWL, runner, 8), atK);
                assertEquals(whole.summaries().subList(k + 1, whole.summaries().size()), rest.summaries(), "resumed after " + k);
                assertEquals(whole.last(), rest.last(), "resumed after " + k);
            }
        }
    }

    @Test
    void commonRandomNumbersAndSurvivorReplicates() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Run run = run(search(BOWL, runner, 6), null);
            for (String row : run.history()) {
                String[] f = row.split(" (?![^\\[]*\\])");
                long generation = Long.parseLong(f[0]);
                int index = Integer.parseInt(f[3]);
                assertEquals(Seeds.training(42, generation, index), Long.parseLong(f[4]), row);
            }
            SearchState last = run.last();
            for (Individual i : last.individuals()) {
                long age = last.generation() - i.born();
                assertEquals(2 + age, i.replicates().size(), "a survivor gets one replicate per generation lived: " + i);
                Set<Long> seeds = i.replicates().stream().map(Replicate::seed).collect(Collectors.toSet());
                assertEquals(i.replicates().size(), seeds.size(), "no seed used twice");
            }
            assertTrue(last.individuals().stream().anyMatch(i -> i.born() < last.generation()), "some survive");
        }
    }

    @Test
    void failedEvaluationsAreIsolated() throws Exception {
        Evaluator<double[]> flaky = (genes, seed) -> {
            if (genes[0] > 0.8) throw new IllegalStateException("boom at " + genes[0]);
            return BOWL.evaluate(genes, seed);
        };
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Search<Double> s = search(flaky, runner, 10);
            Run run = run(s, null);
            int failures = run.summaries().stream().mapToInt(GenerationSummary::failures).sum();
            assertTrue(failures > 0, "the flaky region was visited");
            assertTrue(run.history().stream().anyMatch(h -> h.endsWith("failed")));
            Individual best = s.finalists(run.last()).getFirst();
            assertFalse(best.failed());
            assertTrue(best.gene(0) <= 0.8);
            for (Individual i : run.last().individuals()) {
                if (i.failed()) assertTrue(i.failure().startsWith("IllegalStateException: boom"), i.failure());
            }
        }
    }

    @Test
    void validationUsesHeldOutSeedsSharedByAllFinalists() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Search<Double> s = search(BOWL, runner, 3);
            Run run = run(s, null);
            List<Individual> finalists = s.finalists(run.last());
            assertEquals(3, finalists.size());
            List<Search.Validated> validated = s.validate(finalists);
            Set<Long> training = new TreeSet<>();
            for (Individual i : run.last().individuals()) i.replicates().forEach(r -> training.add(r.seed()));
            for (Search.Validated v : validated) {
                assertEquals(10, v.replicates().size());
                for (int r = 0; r < 10; r++) {
                    assertEquals(Seeds.validation(42, r), v.replicates().get(r).seed());
                    assertFalse(training.contains(v.replicates().get(r).seed()));
                }
            }
        }
    }

    /**
     * A Pareto front larger than {@code finalists} is thinned to exactly {@code finalists} members
     * (Jenetics' pareto-set collector shrinks an oversized set to its range's lower bound, so
     * that bound must be the number wanted, not 1).
     */
    @Test
    void aLargeParetoFrontGivesTheWantedNumberOfFinalists() throws Exception {
        // f1 = x, f2 = 1 - x: every candidate is on the first front
        Evaluator<double[]> tradeOff = (genes, seed) -> new double[]{genes[0], 1 - genes[0]};
        Scoring<io.jenetics.ext.moea.Vec<double[]>> pareto = new Scoring.Pareto(List.of(
                new Criterion("f1", 1, v -> v), new Criterion("f2", 1, v -> v)));
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Search<io.jenetics.ext.moea.Vec<double[]>> s = new Search<>(pareto,
                    new Genetics(16, 0.5, new Selection.Nsga2(), 0, 0.3, 0.1, 0.6, 100),
                    new Replication(1, 0, 4, 4, 3),
                    new StopRules(2, 0, Duration.ZERO, 0), 42, new int[2], tradeOff, runner);
            SearchState last = s.run(null, (summary, evaluations, state) -> {}).state();
            assertTrue(last.individuals().size() > 4, "the whole population is on the front");
            assertEquals(3, s.finalists(last).size());
        }
    }

    /**
     * The finalists certain before the model is fitted ({@code Stage.sure}) are among the
     * finalists for every state of many searches, every finalist count and both strategies that
     * have them; validating them first gives the same held-out replicates as validating all at once.
     */
    @Test
    void sureFinalistsAreAlwaysChosenAndValidateAsTheRest() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            int checked = 0;
            for (Strategy.Finalists kind : List.of(Strategy.Finalists.BOTH, Strategy.Finalists.POPULATION)) {
                for (int k = 1; k <= 7; k++) {
                    for (long seed = 1; seed <= 4; seed++) {
                        Search<Double> s = new Search<>(MINIMISE, Strategy.DEFAULT.withFinalists(kind),
                                new Genetics(12, 0.5, new Selection.Tournament(3), 1, 0.3, 0.1, 0.6, 100),
                                new Replication(1, 1, 3, 3, k), new StopRules(4, 0, Duration.ZERO, 0), seed, new int[2], BOWL, runner);
                        for (SearchState state : run(s, null).states()) {
                            Search<Double>.Stage stage = s.stage(state);
                            List<Individual> sure = stage.sure();
                            List<Individual> finalists = stage.finalists();
                            assertEquals(kind == Strategy.Finalists.BOTH ? Math.min(k / 2, state.individuals().size()) : finalists.size(),
                                    sure.size(), kind + ", " + k + " finalists");
                            assertTrue(finalists.containsAll(sure), kind + ", " + k + " finalists, seed " + seed + ": " + sure + " not in " + finalists);
                            if (seed == 1 && state.generation() == 4) {
                                List<Search.Validated> first = s.validate(sure);
                                assertEquals(values(s.validate(finalists)), values(s.validate(finalists, first)));
                            }
                            checked++;
                        }
                    }
                }
            }
            assertEquals(2 * 7 * 4 * 5, checked);
        }
    }

    private static List<String> values(List<Search.Validated> validated) {
        return validated.stream().map(v -> v.individual().id() + " " + v.replicates().stream()
                .map(r -> r.index() + "@" + r.seed() + "=" + java.util.Arrays.toString(((Outcome.Success) r.outcome()).values())).toList()).toList();
    }
}
