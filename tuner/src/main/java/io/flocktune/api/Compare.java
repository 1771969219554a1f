package io.flocktune.api;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.compare.Analysis;
import io.flocktune.tuner.compare.Comparing;
import io.flocktune.tuner.compare.Comparison;
import io.flocktune.tuner.compare.ComparisonJson;
import io.flocktune.tuner.compare.Comparisons;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.io.InputException;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs a comparison of presets or rule variants on common seeds, as {@code flocktune compare}
 * does (the same {@code Comparing.start}, so the same files, statistics and verdicts), and returns
 * its results as records.
 *
 * <p>An immutable set of settings; the {@code with...} methods return changed copies.
 *
 * {@snippet :
 * Compare.Result r = Compare.of("separation-kernels").withThreads(2).run(Path.of("results/api-compare"));
 * for (Compare.PairResult p : r.pairs()) System.out.println(p.verdict());
 * double mean = r.measurements().get(0).mean(0);            // arm 0, objective 0
 * }
 *
 * @param comparison what to compare (read from a built-in or JSON)
 * @param threads    simulations at once, in [1, 4096]
 * @param report     whether to draw the charts and {@code report.html}
 * @param log        where progress lines go (standard error by default)
 */
public record Compare(Comparison comparison, int threads, boolean report, PrintWriter log) {
    public Compare {
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(log, "log");
    }

    /** @return the built-in comparisons' names ({@code flocktune compare --list}). */
    public static List<String> builtIns() {
        return Comparisons.NAMES;
    }

    /**
     * A built-in comparison by name, or else a comparison file: the rule of {@code flocktune compare NAME|FILE}.
     *
     * @throws InputException the command's message: unknown name, unreadable or invalid file
     */
    public static Compare of(String nameOrFile) throws InputException {
        return of(Comparisons.resolve(nameOrFile));
    }

    /**
     * Comparison JSON text ({@code flocktune-comparison/1}); files it names are read relative to
     * the working directory.
     *
     * @throws InputException malformed JSON or an invalid field, naming {@code comparison JSON}
     */
    public static Compare fromJson(String json) throws InputException {
        return of(ComparisonJson.parse(json, "comparison JSON", null));
    }

    /** A comparison; every processor, report drawn, progress on standard error. */
    public static Compare of(Comparison comparison) {
        return new Compare(comparison, LocalRunner.availableThreads(), true,
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    }

    /** @return these settings with the comparison's seed replaced ({@code --seed}). */
    public Compare withSeed(long seed) { return new Compare(comparison.withSeed(seed), threads, report, log); }

    public Compare withThreads(int threads) { return new Compare(comparison, threads, report, log); }

    public Compare withReport(boolean report) { return new Compare(comparison, threads, report, log); }

    public Compare withLog(PrintWriter log) { return new Compare(comparison, threads, report, log); }

    /**
     * Runs the comparison into {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       the command's messages: an unusable directory, {@code --threads}
     *                              out of range, or an arm that cannot run
     * @throws InterruptedException interrupted; {@code flocktune compare --resume DIR} continues it
     */
    public Result run(Path directory) throws InputException, InterruptedException {
        if (threads < 1 || threads > 4096) throw new InputException("--threads = " + threads + ": must be in [1, 4096]");
        Comparing.Result r = Comparing.start(comparison, directory, new Comparing.Options(threads, log, report));
        Analysis a = r.analysis();
        List<FlockPreset> presets = new ArrayList<>();
        for (Preset p : r.presets()) presets.add(FlockPreset.of(p));
        List<PairResult> pairs = new ArrayList<>();
        for (Analysis.Pair p : a.pairs()) {
            pairs.add(new PairResult(a.arms().get(p.a()), a.arms().get(p.b()), a.specs().get(p.objective()).name(),
                    p.meanDifference(), p.wilcoxon().p(), p.pHolm(), p.a12(), p.a12Low(), p.a12High(), p.significant(),
                    p.negligible(), a.verdict(p)));
        }
        return new Result(r.directory(), r.comparison().name(), a.arms(), presets, a.specs(), a.measurements(), a.replicates(),
                r.failed(), pairs, r.initialStates());
    }

    /**
     * A comparison's results at the look it stopped at.
     *
     * @param directory     the comparison directory (tables, arms, charts, report)
     * @param name          the comparison's name
     * @param arms          arm names, in order (read-only)
     * @param presets       the preset each arm ran (read-only)
     * @param objectives    the objectives (read-only)
     * @param measurements  per arm, the objectives over the paired replicates used (read-only)
     * @param replicates    paired replicates used
     * @param failed        replicates left out because an arm failed on them
     * @param pairs         per pair of arms (a before b) and objective (read-only)
     * @param initialStates null when the arms share their initial states, else what differs
     */
    public record Result(Path directory, String name, List<String> arms, List<FlockPreset> presets, List<ObjectiveSpec> objectives,
                         List<Measurement> measurements, int replicates, int failed, List<PairResult> pairs,
                         String initialStates) {
        public Result {
            arms = List.copyOf(arms);
            presets = List.copyOf(presets);
            objectives = List.copyOf(objectives);
            measurements = List.copyOf(measurements);
            pairs = List.copyOf(pairs);
        }
    }

    /**
     * One pair of arms on one objective, with the command's verdict line.
     *
     * @param armA           the first arm
     * @param armB           the second arm
     * @param objective      the objective's name
     * @param meanDifference mean of A − B
     * @param p              the Wilcoxon signed-rank p value
     * @param pHolm          Holm-adjusted over all pairs and objectives
     * @param a12            Vargha–Delaney A12: probability that A does better than B
     * @param a12Low         its 95 % interval's lower end
     * @param a12High        its upper end
     * @param significant    whether pHolm is below the level
     * @param negligible     whether the A12 interval lies in the negligible band
     * @param verdict        the sentence {@code flocktune compare} prints
     */
    public record PairResult(String armA, String armB, String objective, double meanDifference, double p, double pHolm,
                             double a12, double a12Low, double a12High, boolean significant, boolean negligible,
                             String verdict) {}
}
