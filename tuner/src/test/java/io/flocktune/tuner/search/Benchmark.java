package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.space.ParameterSpace;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The search benchmark: every method on every problem for the same run seeds, at the
 * same simulation budget, each method's pick re-measured on the same fresh test seeds.
 *
 * <p><b>Protocol of one run</b> (problem, method, run seed {@code s}): the experiment with seed
 * {@code s} is searched by the method's {@link Strategy} until it has used
 * {@code budget} training simulations (checked after each generation, so a run may overshoot by
 * less than one generation; the simulations actually used are reported); its finalists are
 * validated on the experiment's held-out seeds and the best validated one is the pick. The pick
 * is then simulated on {@code testSeeds} test seeds that are the same for every run, method
 * and problem ({@link #testSeed}); its <em>test fitness</em> is the scalar fitness of the test means.
 * Two methods with the same run seed share training seeds generation by generation (common
 * random numbers) and validation seeds, so the comparison is paired on run seeds.
 *
 * <p>This class lives in test scope on purpose: its protocol will change as the search is
 * improved, and it is driven by {@link BenchmarkTable} (the README table) and by
 * {@link RandomBaselineTest} (CI), not by users.
 */
final class Benchmark {
    private Benchmark() {}

    /**
     * @return the simulation seed of benchmark test replicate {@code r}, the same for every run:
     *         {@code Seeds.test(0, r)}, the test stream of experiment seed 0, which a run never
     *         uses (it validates, and the harness tests its pick here instead). For run seed 0
     *         these are disjoint from its training and validation seeds by construction
     *         ({@link Seeds}); for other run seeds, seeds of different streams coincide only by
     *         a 64-bit chance.
     */
    static long testSeed(int r) {
        return Seeds.test(0, r);
    }

    /** A tuning problem: an experiment (its seed is replaced by the run seed). */
    record Problem(String name, Experiment experiment) {}

    /**
     * A search method: a strategy, a finalist race or null for the experiment's own finalist
     * stage, the held-out seeds per finalist, the population and the replicates per new
     * candidate (each 0: the experiment's).
     */
    record Method(String name, Strategy strategy, Race race, int validationSeeds, int population, int perEvaluation) {
        Method(String name, Strategy strategy) {
            this(name, strategy, null, 0, 0, 0);
        }
    }

    /**
     * One run's outcome.
     *
     * @param searchEstimate the pick's fitness on its own training replicates (optimistic)
     * @param validated      the pick's fitness on the held-out validation seeds (selected on them)
     * @param test           the pick's fitness on the test seeds (unbiased)
     * @param simulations    simulations of the search and the validation (not the test)
     * @param nanos          wall time of search and validation
     */
    record Run(String problem, String method, long seed, double searchEstimate, double validated, double test,
               long simulations, long nanos, double[] genes) {}

    /**
     * @return the training-simulation budget the experiment's own stop rule
     *         ({@code stop.generations}) implies for a GA that evaluates every offspring slot:
     *         {@code population·perEvaluation + generations·(offspring·perEvaluation + survivors·perSurvival)}
     */
    static long nominalBudget(Experiment e) {
        Genetics g = e.genetics();
        Replication r = e.replication();
        long offspring = g.population() - g.survivors();
        return (long) g.population() * r.perEvaluation()
                + e.stop().generations() * (offspring * r.perEvaluation() + (long) g.survivors() * r.perSurvival());
    }

    /** Runs {@code method} on {@code problem} with run seed {@code seed}. */
    static Run run(Problem problem, Method method, long seed, long budget, int testSeeds, int threads)
            throws InputException, InterruptedException {
        return runWith(problem, problem.experiment().scoring(), method, seed, budget, testSeeds, threads);
    }

    private static <C extends Comparable<? super C>> Run runWith(Problem problem, Scoring<C> scoring, Method method,
                                                                 long seed, long budget, int testSeeds, int threads)
            throws InputException, InterruptedException {
        Experiment e = problem.experiment().withSeed(seed);
        Replication replication = e.replication();
        int validationSeeds = method.validationSeeds() > 0 ? method.validationSeeds() : replication.validationSeeds();
        int perEvaluation = method.perEvaluation() > 0 ? method.perEvaluation() : replication.perEvaluation();
        replication = new Replication(perEvaluation, replication.perSurvival(), validationSeeds,
                replication.testSeeds(), replication.finalists(), replication.combine(), method.race());
        Genetics g = e.genetics();
        Genetics genetics = method.population() == 0 ? g : new Genetics(method.population(), g.offspringFraction(), g.selection(),
                g.elitism(), g.mutationRate(), g.mutationSigma(), g.crossoverRate(), g.maximalAge());
        ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
        PresetEvaluator presets = new PresetEvaluator(e.scenario().steps(), e.specs());
        StopRules stop = new StopRules(1_000_000, 0, Duration.ZERO, budget);
        try (LocalRunner runner = new LocalRunner(threads, e.timeLimit())) {
            long t0 = System.nanoTime();
            Search<C> search = new Search<>(scoring, method.strategy(), genetics, replication, stop, seed,
                    space.levels(), presets.ofGenes(space, e.scenarios()), runner);
            Search.Result result = search.run(null, (summary, evaluations, state) -> {});
            Search.Validated pick;
            long selection;
            if (method.race() == null) {
                List<Search.Validated> validated = search.validate(search.finalists(result.state()));
                pick = validated.stream().min(search.byValidatedFitness()).orElseThrow();
                selection = (long) validated.size() * replication.validationSeeds();
            } else {
                Race.Result race = search.race(search.finalists(result.state()));
                pick = race.ranking().getFirst().validated();
                selection = race.simulations();
            }
            long nanos = System.nanoTime() - t0;
            long simulations = result.state().evaluations() + selection;

            Individual best = pick.individual();
            List<Trial<double[]>> trials = new ArrayList<>();
            for (int r = 0; r < testSeeds; r++) trials.add(new Trial<>(best.genes(), testSeed(r)));
            int objectives = scoring.criteria().size();
            double[] means = means(runner.run(presets.ofGenes(space, e.scenarios()), trials), objectives);
            return new Run(problem.name(), method.name(), seed, scoring.scalar(scoring.fitness(best.means(objectives))),
                    scoring.scalar(search.validatedFitness(pick)), scoring.scalar(scoring.fitness(means)),
                    simulations, nanos, best.genes());
        }
    }

    /**
     * @return the scalar fitness of the problem's base preset (the experiment's {@code base} with
     *         its {@code set}) on the same test seeds as every run's pick: where a search starts from
     */
    static <C extends Comparable<? super C>> double baseTest(Problem problem, int testSeeds, int threads) throws InputException, InterruptedException {
        Experiment e = problem.experiment();
        @SuppressWarnings("unchecked")
        Scoring<C> scoring = (Scoring<C>) e.scoring();
        PresetEvaluator presets = new PresetEvaluator(e.scenario().steps(), e.specs());
        List<Trial<io.flocktune.sim.Preset>> trials = new ArrayList<>();
        for (int r = 0; r < testSeeds; r++) trials.add(new Trial<>(e.effectiveBase(), testSeed(r)));
        try (LocalRunner runner = new LocalRunner(threads, e.timeLimit())) {
            return scoring.scalar(scoring.fitness(means(runner.run(presets.across(e.scenarios()), trials), scoring.criteria().size())));
        }
    }

    private static double[] means(List<Outcome> outcomes, int objectives) {
        double[] means = new double[objectives];
        for (Outcome o : outcomes) {
            if (!(o instanceof Outcome.Success ok)) throw new IllegalStateException("test replicate failed: " + o);
            for (int k = 0; k < objectives; k++) means[k] += ok.values()[k] / outcomes.size();
        }
        return means;
    }

    private static final java.util.regex.Pattern LOG_LINE = java.util.regex.Pattern.compile(
            "^(\\S+) (\\S+) seed (\\d+): search (\\S+) validated (\\S+) test (\\S+) sims (\\d+) (\\S+)s genes \\[(.*)]$");

    /**
     * @return the run a line of the harness's log describes ({@link #logLine}), its method named
     *         {@code method + suffix}; null if the line is not a run's
     */
    static Run parse(String line, String suffix) {
        java.util.regex.Matcher m = LOG_LINE.matcher(line.strip());
        if (!m.matches()) return null;
        double[] genes = java.util.Arrays.stream(m.group(9).split(",")).map(String::strip).mapToDouble(Double::parseDouble).toArray();
        return new Run(m.group(1), m.group(2) + suffix, Long.parseLong(m.group(3)), Double.parseDouble(m.group(4)),
                Double.parseDouble(m.group(5)), Double.parseDouble(m.group(6)), Long.parseLong(m.group(7)),
                Math.round(Double.parseDouble(m.group(8)) * 1e9), genes);
    }

    /** @return the log line of a run, which {@link #parse} reads back. */
    static String logLine(Run r) {
        return String.format(Locale.ROOT, "%s %s seed %d: search %.6f validated %.6f test %.6f sims %d %.1fs genes %s",
                r.problem(), r.method(), r.seed(), r.searchEstimate(), r.validated(), r.test(), r.simulations(),
                r.nanos() / 1e9, java.util.Arrays.toString(r.genes()));
    }

    /** Mean and half-width of the two-sided 95 % Student-t interval. */
    record Interval(double mean, double halfWidth) {
        static Interval of(double[] xs) {
            SummaryStatistics s = new SummaryStatistics();
            for (double x : xs) s.addValue(x);
            double half = xs.length < 2 ? Double.NaN
                    : new TDistribution(xs.length - 1).inverseCumulativeProbability(0.975) * s.getStandardDeviation() / Math.sqrt(xs.length);
            return new Interval(s.getMean(), half);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.3f ± %.3f", mean, halfWidth);
        }
    }

    /**
     * A paired comparison of two methods on one problem, on the run seeds both ran.
     *
     * @param difference mean of {@code a − b} test fitness with its 95 % t interval (negative: a better)
     * @param p          two-sided Wilcoxon signed-rank p-value (exact for n &le; 30)
     * @param aWins      runs where {@code a} has the lower test fitness
     */
    record Verdict(String problem, String a, String b, int n, Interval difference, double p, int aWins) {
        /** @return "a better", "b better" or "no significant difference" at level {@code alpha}. */
        String text(double alpha) {
            if (!(p < alpha)) return "no significant difference";
            return (difference.mean() < 0 ? a : b) + " better";
        }
    }

    /** @return the paired verdict of {@code a} against {@code b} on {@code problem}. */
    static Verdict verdict(List<Run> runs, String problem, String a, String b) {
        Map<Long, Double> ta = tests(runs, problem, a), tb = tests(runs, problem, b);
        List<Long> seeds = ta.keySet().stream().filter(tb::containsKey).toList();
        double[] x = seeds.stream().mapToDouble(ta::get).toArray();
        double[] y = seeds.stream().mapToDouble(tb::get).toArray();
        double[] d = new double[x.length];
        int wins = 0;
        for (int k = 0; k < d.length; k++) {
            d[k] = x[k] - y[k];
            if (d[k] < 0) wins++;
        }
        double p = d.length < 2 ? Double.NaN
                : Math.min(1, new WilcoxonSignedRankTest().wilcoxonSignedRankTest(x, y, d.length <= 30));   // the exact two-sided p is doubled, so it can exceed 1
        return new Verdict(problem, a, b, d.length, Interval.of(d), p, wins);
    }

    private static Map<Long, Double> tests(List<Run> runs, String problem, String method) {
        Map<Long, Double> m = new LinkedHashMap<>();
        for (Run r : runs) if (r.problem().equals(problem) && r.method().equals(method)) m.put(r.seed(), r.test());
        return m;
    }

    /**
     * The share of the gap between the base preset and the best pick that a method's mean closes:
     * {@code (base − mean) / (base − best)}, 1 = as good as the best pick, 0 = no better than the
     * base (lower fitness is better).
     */
    static double gapClosed(double base, double best, double mean) {
        return (base - mean) / (base - best);
    }

    /**
     * @param bases the base preset's test fitness per problem ({@link #baseTest}); a problem
     *              without one gets no gap share
     * @return the Markdown table: one row per problem and method, then the paired verdicts of the
     *         first method against each other one
     */
    static String table(List<Run> runs, List<String> methods, Map<String, Double> bases) {
        StringBuilder s = new StringBuilder();
        s.append("| problem | method | runs | test fitness (mean ± 95 % CI) | share of the gap closed | search estimate | validated estimate | simulations (mean) | wall time per run (s) |\n");
        s.append("|---|---|---|---|---|---|---|---|---|\n");
        List<String> problems = runs.stream().map(Run::problem).distinct().toList();
        Map<String, Double> best = new LinkedHashMap<>();   // the best pick's test fitness, per problem
        for (Run r : runs) best.merge(r.problem(), r.test(), Math::min);
        for (String p : problems) {
            for (String m : methods) {
                List<Run> rs = runs.stream().filter(r -> r.problem().equals(p) && r.method().equals(m)).toList();
                if (rs.isEmpty()) continue;
                Interval test = Interval.of(rs.stream().mapToDouble(Run::test).toArray());
                String gap = bases.containsKey(p) ? String.format(Locale.ROOT, "%.2f", gapClosed(bases.get(p), best.get(p), test.mean())) : "–";
                s.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %.3f | %.3f | %.0f | %.1f |%n", p, m, rs.size(), test, gap,
                        rs.stream().mapToDouble(Run::searchEstimate).average().orElseThrow(),
                        rs.stream().mapToDouble(Run::validated).average().orElseThrow(),
                        rs.stream().mapToDouble(Run::simulations).average().orElseThrow(),
                        rs.stream().mapToDouble(Run::nanos).average().orElseThrow() / 1e9));
            }
        }
        if (!bases.isEmpty()) {
            s.append("\n| problem | base preset, test fitness | best pick of the table, test fitness |\n|---|---|---|\n");
            for (String p : problems) {
                if (!bases.containsKey(p)) continue;
                s.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f |%n", p, bases.get(p), best.get(p)));
            }
        }
        if (methods.size() >= 2) {
            s.append("\n| problem | paired on run seeds | n | mean difference of test fitness (95 % CI) | ")
                    .append(methods.get(0)).append(" wins | Wilcoxon p | verdict (α = 0.05) |\n|---|---|---|---|---|---|---|\n");
            for (String p : problems) {
                for (int k = 1; k < methods.size(); k++) {
                    Verdict v = verdict(runs, p, methods.get(0), methods.get(k));
                    if (v.n() == 0) continue;
                    s.append(String.format(Locale.ROOT, "| %s | %s − %s | %d | %s | %d / %d | %.3g | %s |%n", p, v.a(), v.b(), v.n(),
                            v.difference(), v.aWins(), v.n(), v.p(), v.text(0.05)));
                }
            }
        }
        return s.toString();
    }
}
