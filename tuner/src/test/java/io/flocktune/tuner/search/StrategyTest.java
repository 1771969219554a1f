package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.LocalRunner;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.*;

/** The random-search strategy: same machinery as the GA, only the proposals differ. */
class StrategyTest {

    static Search<Double> search(Strategy strategy, LocalRunner runner, long generations) {
        return new Search<>(SearchTest.MINIMISE, strategy,
                new Genetics(16, 0.5, new Selection.Tournament(3), 1, 0.3, 0.1, 0.6, 100),
                new Replication(2, 1, 10, 10, 3),
                new StopRules(generations, 0, Duration.ZERO, 0), 42, new int[2], SearchTest.BOWL, runner);
    }

    /** @return the genes of every NEW candidate born after generation 0, gene 0 then gene 1. */
    static double[][] proposals(SearchTest.Run run) {
        List<Double> x = new ArrayList<>(), y = new ArrayList<>();
        for (SearchState s : run.states()) {
            for (Individual i : s.individuals()) {
                if (i.born() == s.generation() && i.born() > 0) {
                    x.add(i.gene(0));
                    y.add(i.gene(1));
                }
            }
        }
        return new double[][]{x.stream().mapToDouble(d -> d).toArray(), y.stream().mapToDouble(d -> d).toArray()};
    }

    @Test
    void randomProposalsAreUniformWhileTheGasConcentrate() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            double[][] random = proposals(SearchTest.run(search(new Strategy.Random(), runner, 30), null));
            double[][] ga = proposals(SearchTest.run(search(new Strategy.Genetic(), runner, 30), null));
            KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
            UniformRealDistribution uniform = new UniformRealDistribution(0, 1);
            for (int g = 0; g < 2; g++) {
                assertTrue(random[g].length >= 200, "enough proposals: " + random[g].length);
                assertTrue(ks.kolmogorovSmirnovTest(uniform, random[g]) > 0.001, "random gene " + g + " uniform");
                assertTrue(ks.kolmogorovSmirnovTest(uniform, ga[g]) < 1e-6, "GA gene " + g + " concentrates (the KS test can tell)");
            }
        }
    }

    @Test
    void randomSearchIsTheSameForOneOrTwoThreads() throws Exception {
        SearchTest.Run one, two;
        try (LocalRunner runner = new LocalRunner(1, Duration.ofSeconds(30))) {
            one = SearchTest.run(search(new Strategy.Random(), runner, 6), null);
        }
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            two = SearchTest.run(search(new Strategy.Random(), runner, 6), null);
        }
        assertEquals(one.history(), two.history());
        assertEquals(one.last(), two.last());
    }

    @Test
    void randomSearchFillsEveryOffspringSlotAndKeepsTheNoiseHandling() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            SearchTest.Run run = SearchTest.run(search(new Strategy.Random(), runner, 6), null);
            Map<Long, Integer> fresh = new TreeMap<>();
            for (GenerationSummary s : run.summaries()) fresh.put(s.generation(), s.newCandidates());
            assertEquals(16, fresh.get(0L));
            // every one of the 16 × 0.5 offspring slots is new; as with the GA, a survivor selected
            // twice is replaced by a fresh uniform candidate too
            for (long g = 1; g <= 6; g++) assertTrue(fresh.get(g) >= 8, "generation " + g + ": " + fresh.get(g) + " new");
            for (String row : run.history()) {
                String[] f = row.split(" (?![^\\[]*\\])");
                assertEquals(Seeds.training(42, Long.parseLong(f[0]), Integer.parseInt(f[3])), Long.parseLong(f[4]),
                        "the GA's common random numbers: " + row);
            }
            SearchState last = run.last();
            for (Individual i : last.individuals()) {
                assertEquals(2 + last.generation() - i.born(), i.replicates().size(), "survivor top-ups: " + i);
            }
            assertTrue(last.individuals().stream().anyMatch(i -> i.born() < last.generation()), "elites survive");
        }
    }

    @Test
    void theModelSearchIsThePureFunctionOfItsSeedAndResumesExactly() throws Exception {
        SearchTest.Run one, two;
        try (LocalRunner runner = new LocalRunner(1, Duration.ofSeconds(30))) {
            one = SearchTest.run(search(new Strategy.Model(), runner, 5), null);
        }
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            two = SearchTest.run(search(new Strategy.Model(), runner, 5), null);
            assertEquals(one.history(), two.history(), "one or two threads");
            assertEquals(one.last(), two.last());
            for (int k : new int[] {0, 2, 4}) {
                SearchTest.Run rest = SearchTest.run(search(new Strategy.Model(), runner, 5), two.states().get(k));
                assertEquals(two.summaries().subList(k + 1, two.summaries().size()), rest.summaries(), "resumed after " + k);
                assertEquals(two.last(), rest.last(), "resumed after " + k);
            }
        }
    }

    @Test
    void theModelSearchKeepsEveryCandidateAndPicksFinalistsByThePosterior() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Search<Double> search = search(new Strategy.Model(), runner, 12);
            SearchTest.Run run = SearchTest.run(search, null);
            SearchState last = run.last();
            Set<Long> archived = new HashSet<>();
            for (Individual i : last.retired()) archived.add(i.id());
            for (Individual i : last.individuals()) assertTrue(archived.add(i.id()), "an id is either retired or a member");
            assertEquals(last.nextId(), archived.size(), "every candidate ever evaluated is kept");
            List<Individual> finalists = search.finalists(last);
            assertEquals(3, finalists.size());
            for (Individual f : finalists) {
                assertEquals(0.3, f.gene(0), 0.1, "finalist " + f);
                assertEquals(0.7, f.gene(1), 0.1, "finalist " + f);
            }
            // the GA and random search keep no archive when their finalists come from the population
            assertEquals(List.of(), SearchTest.run(search(new Strategy.Genetic(Strategy.Finalists.POPULATION), runner, 3), null).last().retired());
            Search<Double> ga = search(new Strategy.Genetic(Strategy.Finalists.POSTERIOR), runner, 12);
            SearchTest.Run gaRun = SearchTest.run(ga, null);
            SearchState gaLast = gaRun.last();
            assertEquals(gaLast.nextId(), gaLast.retired().size() + gaLast.individuals().size());
            assertEquals(SearchTest.run(search(new Strategy.Genetic(Strategy.Finalists.POPULATION), runner, 12), null).history(), gaRun.history(),
                    "how finalists are chosen changes nothing in the search itself");
            List<Individual> gaFinalists = ga.finalists(gaLast);
            for (Individual f : gaFinalists) {
                assertEquals(0.3, f.gene(0), 0.1, "GA finalist " + f);
                assertEquals(0.7, f.gene(1), 0.1, "GA finalist " + f);
            }
        }
    }

    @Test
    void theAdaptiveSearchIsTheGaUntilItsModelStartsAndResumesExactlyAcrossTheSwitch() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            SearchTest.Run ga = SearchTest.run(search(new Strategy.Genetic(), runner, 8), null);
            assertEquals(ga.history(), SearchTest.run(search(new Strategy.Adaptive(Strategy.Finalists.BOTH, 10_000), runner, 8), null).history(),
                    "below its threshold the adaptive search is the GA, replicate for replicate");
            Search<Double> search = search(new Strategy.Adaptive(Strategy.Finalists.BOTH, 40), runner, 8);
            SearchTest.Run adaptive = SearchTest.run(search, null);
            // the first generation that begins with 40 candidates evaluated is the model's
            int g = 0;
            while (adaptive.states().get(g).nextId() < 40) g++;
            long first = g + 1;
            assertTrue(first > 1 && first < 8, "the switch falls inside the run: generation " + first);
            assertEquals(rowsBefore(ga.history(), first), rowsBefore(adaptive.history(), first), "the GA's generations before the switch");
            assertNotEquals(rowsBefore(ga.history(), first + 1), rowsBefore(adaptive.history(), first + 1), "the model's proposals from it on");
            // the hyperparameters are fitted again only once the archive has grown by REFIT_GROWTH: the
            // archive as it stood at the last fit is found again in every later generation's
            int fits = 0;
            double sizeAtFit = 0;
            for (int k = g; k < 8; k++) {
                long size = adaptive.states().get(k).nextId();   // the archive as generation k + 1 began
                if (fits == 0 || size >= Search.REFIT_GROWTH * sizeAtFit) {
                    fits++;
                    sizeAtFit = size;
                }
            }
            assertTrue(fits < 9 - first, "fewer fits than model generations: " + fits);
            assertEquals(fits, search.hyperparameterFits());
            assertEquals(adaptive.states().get(7).nextId(), search.modelPoints(), "below modelPoints the model conditions on every candidate");
            for (int k : new int[] {0, g - 1, g, 6}) {
                SearchTest.Run rest = SearchTest.run(search(new Strategy.Adaptive(Strategy.Finalists.BOTH, 40), runner, 8), adaptive.states().get(k));
                assertEquals(adaptive.summaries().subList(k + 1, adaptive.summaries().size()), rest.summaries(), "resumed after " + k);
                assertEquals(adaptive.last(), rest.last(), "resumed after " + k);
            }
        }
    }

    @Test
    void theAdaptiveModelConditionsOnAtMostModelPointsCandidatesAndStillResumesExactly() throws Exception {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            Strategy capped = new Strategy.Adaptive(Strategy.Finalists.BOTH, 40, 60);
            Search<Double> search = search(capped, runner, 8);
            SearchTest.Run run = SearchTest.run(search, null);
            assertTrue(run.states().get(7).nextId() > 80, "the archive outgrows the cap: " + run.states().get(7).nextId());
            assertEquals(60, search.modelPoints());
            SearchTest.Run uncapped = SearchTest.run(search(new Strategy.Adaptive(Strategy.Finalists.BOTH, 40), runner, 8), null);
            assertNotEquals(uncapped.history(), run.history(), "the cap changes the model's proposals");
            SearchTest.Run rest = SearchTest.run(search(capped, runner, 8), run.states().get(5));
            assertEquals(run.last(), rest.last(), "resumed after generation 5");
        }
    }

    /** @return the history rows of generations before {@code generation}. */
    private static List<String> rowsBefore(List<String> history, long generation) {
        return history.stream().filter(row -> Long.parseLong(row.split(" ", 2)[0]) < generation).toList();
    }

    @Test
    void kindsRoundTrip() {
        for (Strategy s : List.of(new Strategy.Genetic(), new Strategy.Random(), new Strategy.Model(), new Strategy.Adaptive())) {
            assertEquals(s, Strategy.ofKind(s.kind()));
        }
        assertNull(Strategy.ofKind("cmaes"));
        assertEquals(new Strategy.Adaptive(), Strategy.DEFAULT);
        assertEquals(new Strategy.Genetic(Strategy.Finalists.POPULATION), Strategy.defaultFor(true));
    }
}
