package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.space.ParameterSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A diagnostic of the finalist stage, not a test: how good are a run's finalists, and how well
 * does each rule pick among them? Each run (the harness's protocol, {@link Benchmark}) tests every
 * finalist on the benchmark's test seeds and prints, per finalist, its own training fitness, the
 * posterior mean of the Gaussian process over the archive, the held-out (validated) fitness, the
 * posterior mean of a process that also conditions on the held-out replicates, and the test
 * fitness; then it tests the point of lowest posterior mean anywhere in the box (not only among the
 * run's candidates: {@link #posteriorMinimiser}), which a run could add as a finalist:
 *
 * <pre>
 * mvn -o -B -pl tuner -am test -Dtest=FinalistProbe -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dprobe.problem=default -Dprobe.method=adaptive -Dprobe.budget=4 -Dprobe.from=1 -Dprobe.k=10
 * </pre>
 */
@EnabledIfSystemProperty(named = "probe.problem", matches = ".+")
class FinalistProbe {
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void testsEveryFinalist() throws Exception {
        Benchmark.Problem problem = BenchmarkTable.problem(System.getProperty("probe.problem"));
        Benchmark.Method method = BenchmarkTable.method(System.getProperty("probe.method", "adaptive"));
        double budgetFactor = Double.parseDouble(System.getProperty("probe.budget", "4"));
        int from = Integer.getInteger("probe.from", 1), k = Integer.getInteger("probe.k", 10);
        int testSeeds = Integer.getInteger("probe.testSeeds", 200);
        double[] sums = new double[7];
        for (int s = from; s < from + k; s++) {
            Experiment e = problem.experiment().withSeed(s);
            Scoring scoring = e.scoring();
            Replication replication = e.replication();
            ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
            PresetEvaluator presets = new PresetEvaluator(e.scenario().steps(), e.specs());
            long budget = Math.round(Benchmark.nominalBudget(e) * budgetFactor);
            Evaluator<double[]> evaluator = presets.ofGenes(space, e.scenarios());
            try (LocalRunner runner = new LocalRunner(2, e.timeLimit())) {
                Search search = new Search<>(scoring, method.strategy(), e.genetics(), replication,
                        new StopRules(1_000_000, 0, Duration.ZERO, budget), s, space.levels(), evaluator, runner);
                Search.Result result = search.run(null, (summary, evaluations, state) -> {});
                SearchState state = result.state();
                List<Individual> finalists = search.finalists(state);
                List<Search.Validated> validated = search.validate(finalists);
                List<Individual> archive = new ArrayList<>(state.retired());
                archive.addAll(state.individuals());
                archive.sort(Comparator.comparingLong(Individual::id));
                GaussianProcess training = search.fit(archive);
                GaussianProcess withHeldOut = search.fit(withReplicates(archive, validated));
                int n = finalists.size();
                double[] own = new double[n], post = new double[n], val = new double[n], post2 = new double[n], pooled = new double[n], test = new double[n];
                for (int f = 0; f < n; f++) {
                    Individual i = finalists.get(f);
                    own[f] = y(i, scoring, replication);
                    post[f] = training.mean(i.genes());
                    val[f] = scoring.scalar(search.validatedFitness(validated.get(f)));
                    post2[f] = withHeldOut.mean(i.genes());
                    pooled[f] = y(i.plus(validated.get(f).replicates()), scoring, replication);
                    test[f] = test(runner, evaluator, scoring, i.genes(), testSeeds);
                    System.out.printf(Locale.ROOT, "seed %d finalist %d id %d reps %d: own %.4f posterior %.4f validated %.4f posterior+held-out %.4f pooled %.4f test %.4f%n",
                            s, f, i.id(), i.replicates().size(), own[f], post[f], val[f], post2[f], pooled[f], test[f]);
                }
                double[] minimiser = posteriorMinimiser(training, archive, s);
                double minTest = test(runner, evaluator, scoring, minimiser, testSeeds);
                sums[6] += minTest;
                System.out.printf(Locale.ROOT, "seed %d posterior minimiser %s: posterior %.4f (best finalist's %.4f) test %.4f%n",
                        s, java.util.Arrays.toString(minimiser), training.mean(minimiser),
                        java.util.Arrays.stream(post).min().orElseThrow(), minTest);
                double[][] rules = {val, post, post2, pooled, test};
                String[] names = {"validated", "posterior", "posterior+held-out", "pooled", "oracle"};
                StringBuilder line = new StringBuilder("seed " + s + " picks:");
                for (int r = 0; r < rules.length; r++) {
                    double t = test[argmin(rules[r])];
                    sums[r] += t;
                    line.append(String.format(Locale.ROOT, " %s %.4f", names[r], t));
                }
                double mean = java.util.Arrays.stream(test).average().orElseThrow();
                sums[5] += mean;
                System.out.println(line.append(String.format(Locale.ROOT, " mean-finalist %.4f", mean)));
            }
        }
        System.out.printf(Locale.ROOT, "means over %d seeds: validated %.4f posterior %.4f posterior+held-out %.4f pooled %.4f oracle %.4f mean-finalist %.4f posterior-minimiser %.4f%n",
                k, sums[0] / k, sums[1] / k, sums[2] / k, sums[3] / k, sums[4] / k, sums[5] / k, sums[6] / k);
    }

    /**
     * The point of the unit box with the lowest posterior mean, searched among 20 000 uniform
     * points, Gaussian steps around the 20 candidates of lowest posterior mean, and the same steps
     * with every gene beyond a bound put on it; then coordinate steps halved down to 1e-4.
     */
    private static double[] posteriorMinimiser(GaussianProcess gp, List<Individual> archive, long seed) {
        java.util.Random random = new java.util.Random(seed);
        int d = gp.genes();
        List<double[]> pool = new ArrayList<>();
        for (int k = 0; k < 20_000; k++) {
            double[] p = new double[d];
            for (int j = 0; j < d; j++) p[j] = random.nextDouble();
            pool.add(p);
        }
        List<double[]> centres = archive.stream().filter(i -> !i.failed()).map(Individual::genes)
                .sorted(Comparator.comparingDouble(gp::mean)).limit(20).toList();
        double[] steps = {0.01, 0.03, 0.1, 0.2};
        for (double[] c : centres) {
            for (double step : steps) {
                for (int k = 0; k < 250; k++) {
                    double[] reflected = new double[d], clamped = new double[d];
                    for (int j = 0; j < d; j++) {
                        if (gp.levels(j) > 0) { reflected[j] = clamped[j] = c[j]; continue; }
                        double v = c[j] + step * random.nextGaussian();
                        reflected[j] = UnitGeneMutator.reflect(v);
                        clamped[j] = Math.min(1, Math.max(0, v));
                    }
                    pool.add(reflected);
                    pool.add(clamped);
                }
            }
        }
        double[][] points = pool.toArray(double[][]::new);
        double[] mean = gp.new Posterior(points).mean;
        int best = argmin(mean);
        double[] x = points[best].clone();
        double fx = mean[best];
        for (double h = 0.05; h >= 1e-4; h /= 2) {
            boolean moved = true;
            while (moved) {
                moved = false;
                for (int j = 0; j < d; j++) {
                    if (gp.levels(j) > 0) continue;
                    for (double sign : new double[] {-1, 1}) {
                        double[] y = x.clone();
                        y[j] = Math.min(1, Math.max(0, x[j] + sign * h));
                        double fy = gp.mean(y);
                        if (fy < fx) { x = y; fx = fy; moved = true; }
                    }
                }
            }
        }
        return x;
    }

    /** @return the fitness of the test seeds' mean objectives at {@code genes} */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static double test(LocalRunner runner, Evaluator<double[]> evaluator, Scoring scoring, double[] genes, int testSeeds)
            throws Exception {
        List<Trial<double[]>> trials = new ArrayList<>();
        for (int r = 0; r < testSeeds; r++) trials.add(new Trial<>(genes, Benchmark.testSeed(r)));
        List<Outcome> outcomes = runner.run(evaluator, trials);
        int objectives = scoring.criteria().size();
        double[] means = new double[objectives];
        for (Outcome o : outcomes) for (int j = 0; j < objectives; j++) means[j] += ((Outcome.Success) o).values()[j] / outcomes.size();
        return scoring.scalar(scoring.fitness(means));
    }

    private static int argmin(double[] v) {
        int best = 0;
        for (int i = 1; i < v.length; i++) if (v[i] < v[best]) best = i;
        return best;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static double y(Individual i, Scoring scoring, Replication replication) {
        return i.failed() ? Double.NaN : scoring.scalar(scoring.fitness(replication.combine().of(i, scoring.criteria())));
    }

    /** @return the archive with the held-out replicates of the validated candidates added to theirs */
    private static List<Individual> withReplicates(List<Individual> archive, List<Search.Validated> heldOut) {
        java.util.Map<Long, List<Replicate>> extra = new java.util.HashMap<>();
        for (Search.Validated v : heldOut) extra.put(v.individual().id(), v.replicates());
        return archive.stream().map(i -> extra.containsKey(i.id()) ? i.plus(extra.get(i.id())) : i).toList();
    }
}
