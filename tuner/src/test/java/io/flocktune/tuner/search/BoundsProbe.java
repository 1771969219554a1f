package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.space.ParameterSpace;
import org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A diagnostic of a benchmark's picks, not a test: does a problem's optimum lie on the bounds of
 * its box? Each pick of a benchmark log ({@link Benchmark#logLine}) is measured as it is and
 * with the chosen genes set to their upper bound, on probe seeds that no run and no benchmark
 * test uses ({@code Seeds.test(99, r)}), and the two are paired per pick:
 *
 * <pre>
 * mvn -o -B -pl tuner -am test -Dtest=BoundsProbe -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dprobe.log=../results/search-benchmark/runs/default-4x.md -Dprobe.method=ga \
 *     -Dprobe.problem=default -Dprobe.genes=1,4 -Dprobe.seeds=200
 * </pre>
 */
@EnabledIfSystemProperty(named = "probe.log", matches = ".+")
class BoundsProbe {
    @Test
    void pairsEachPickWithItsGenesAtTheUpperBound() throws Exception {
        String problem = System.getProperty("probe.problem", "default");
        String method = System.getProperty("probe.method", "ga");
        int[] atBound = Arrays.stream(System.getProperty("probe.genes").split(",")).mapToInt(s -> Integer.parseInt(s.strip())).toArray();
        int seeds = Integer.getInteger("probe.seeds", 200);
        List<double[]> picks = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(System.getProperty("probe.log")))) {
            Benchmark.Run r = Benchmark.parse(line, "");
            if (r != null && r.problem().equals(problem) && r.method().equals(method)) picks.add(r.genes());
        }
        Experiment e = BenchmarkTable.problem(problem).experiment();
        ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
        PresetEvaluator presets = new PresetEvaluator(e.scenario().steps(), e.specs());
        double[] asIs = new double[picks.size()], moved = new double[picks.size()];
        try (LocalRunner runner = new LocalRunner(LocalRunner.availableThreads(), e.timeLimit())) {
            for (int p = 0; p < picks.size(); p++) {
                double[] genes = picks.get(p).clone();
                asIs[p] = fitness(e, runner, presets, space, genes, seeds);
                for (int g : atBound) genes[g] = Math.nextDown(1.0);
                moved[p] = fitness(e, runner, presets, space, genes, seeds);
                System.out.printf(Locale.ROOT, "pick %d: as is %.4f, genes %s at the upper bound %.4f%n",
                        p + 1, asIs[p], Arrays.toString(atBound), moved[p]);
            }
        }
        double mean = Arrays.stream(asIs).average().orElseThrow(), movedMean = Arrays.stream(moved).average().orElseThrow();
        System.out.printf(Locale.ROOT, "%d picks of %s on %s, %d probe seeds: as is %.4f, at the bound %.4f, difference %.4f, "
                        + "better at the bound %d of %d, exact Wilcoxon p %.3g%n", picks.size(), method, problem, seeds, mean, movedMean,
                movedMean - mean, (int) java.util.stream.IntStream.range(0, picks.size()).filter(i -> moved[i] < asIs[i]).count(),
                picks.size(), new WilcoxonSignedRankTest().wilcoxonSignedRankTest(moved, asIs, true));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static double fitness(Experiment e, LocalRunner runner, PresetEvaluator presets, ParameterSpace space,
                                  double[] genes, int seeds) throws InterruptedException, io.flocktune.tuner.io.InputException {
        List<Trial<double[]>> trials = new ArrayList<>();
        for (int r = 0; r < seeds; r++) trials.add(new Trial<>(genes, Seeds.test(99, r)));
        List<Outcome> outcomes = runner.run(presets.ofGenes(space, e.scenarios()), trials);
        Scoring scoring = e.scoring();
        int k = scoring.criteria().size();
        double[] means = new double[k];
        for (Outcome o : outcomes) {
            if (!(o instanceof Outcome.Success ok)) throw new IllegalStateException("probe replicate failed: " + o);
            for (int j = 0; j < k; j++) means[j] += ok.values()[j] / outcomes.size();
        }
        return scoring.scalar(scoring.fitness(means));
    }
}
