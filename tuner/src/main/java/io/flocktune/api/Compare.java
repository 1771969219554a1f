package io.flocktune.api;

import io.flocktune.tuner.compare.Analysis;
import io.flocktune.tuner.compare.Comparing;
import io.flocktune.tuner.compare.Comparison;
import io.flocktune.tuner.compare.ComparisonJson;
import io.flocktune.tuner.compare.Comparisons;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.io.InputException;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Runs a comparison of presets or rule variants on common seeds, as {@code flocktune compare}
 * does (the command calls this class), and returns the comparison's own {@link Comparing.Result}:
 * the presets each arm ran and the {@link Analysis} (per arm the objectives over the paired
 * replicates, per pair of arms and objective the Wilcoxon test, Holm's correction, A12 with its
 * interval and the verdict line the command prints).
 *
 * <p>An immutable set of settings; the {@code with...} methods return changed copies.
 *
 * {@snippet :
 * Comparing.Result r = Compare.of("separation-kernels").withThreads(2).run(Path.of("results/api-compare"));
 * Analysis a = r.analysis();
 * for (Analysis.Pair p : a.pairs()) System.out.println(a.verdict(p));
 * double mean = a.measurements().get(0).mean(0);            // arm 0, objective 0
 * }
 *
 * @param comparison what to compare (read from a built-in or JSON); null for a resumed comparison,
 *                   which runs its own
 * @param options    threads and where simulations run, progress output, report (default: every
 *                   processor of this machine, progress on standard error, report drawn)
 * @param resumed    the comparison directory this continues ({@link #resuming}), or null
 */
public record Compare(Comparison comparison, Comparing.Options options, Path resumed) {
    public Compare {
        if ((comparison == null) == (resumed == null)) {
            throw new IllegalArgumentException("give exactly one of a comparison (a new one) and a directory to resume");
        }
        Objects.requireNonNull(options, "options");
    }

    /** @return the built-in comparisons' names ({@code flocktune compare --list}). */
    public static List<String> builtIns() {
        return Comparisons.NAMES;
    }

    /**
     * @return the built-in comparison {@code name}'s JSON, as {@code flocktune compare show NAME} prints it
     * @throws InputException an unknown name
     */
    public static String template(String name) throws InputException {
        return Comparisons.template(name);
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
        return new Compare(comparison, defaults(), null);
    }

    /** The comparison in {@code directory}, to be continued with {@link #resume()} ({@code flocktune compare --resume DIR}). */
    public static Compare resuming(Path directory) {
        return new Compare(null, defaults(), Objects.requireNonNull(directory, "directory"));
    }

    private static Comparing.Options defaults() {
        return new Comparing.Options(Execution.availableThreads(),
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true), true);
    }

    /** @return these settings with the comparison's seed replaced ({@code --seed}); not for a resumed comparison */
    public Compare withSeed(long seed) {
        if (resumed != null) throw new IllegalStateException("a resumed comparison keeps its seed");
        return new Compare(comparison.withSeed(seed), options, resumed);
    }

    /** @return these settings with {@code threads} simulations at once on this JVM ({@code --threads}), checked when run */
    public Compare withThreads(int threads) {
        return with(new Comparing.Options(threads, options.log(), options.report(), RunnerFactory.local(threads)));
    }

    /** @return these settings with the simulations where {@code execution} puts them ({@code --threads}, {@code --executor}) */
    public Compare withExecution(Execution execution) {
        return with(new Comparing.Options(execution.threads(), options.log(), options.report(), execution.runners()));
    }

    /** @return these settings with the report (charts, {@code report.html}) drawn at the end or not */
    public Compare withReport(boolean report) {
        return with(new Comparing.Options(options.threads(), options.log(), report, options.runners()));
    }

    /** @return these settings with progress lines going to {@code log} */
    public Compare withLog(PrintWriter log) {
        return with(new Comparing.Options(options.threads(), log, options.report(), options.runners()));
    }

    private Compare with(Comparing.Options newOptions) {
        return new Compare(comparison, newOptions, resumed);
    }

    /**
     * Runs the comparison into {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       the command's messages: an unusable directory, {@code --threads}
     *                              out of range, or an arm that cannot run
     * @throws InterruptedException interrupted; {@code flocktune compare --resume DIR} continues it
     */
    public Comparing.Result run(Path directory) throws InputException, InterruptedException {
        Objects.requireNonNull(directory, "directory");
        if (resumed != null) throw new IllegalStateException("a comparison resumed from " + resumed + " continues with resume()");
        Execution.checkThreads(options.threads());
        return Comparing.start(comparison, directory, options);
    }

    /**
     * Continues the comparison this {@code Compare} was made for by {@link #resuming(Path)}.
     *
     * @throws InputException       not a comparison directory, or files that do not belong to it
     * @throws InterruptedException interrupted again; the rows written so far are kept
     */
    public Comparing.Result resume() throws InputException, InterruptedException {
        if (resumed == null) throw new IllegalStateException("resume() continues a comparison opened by Compare.resuming(directory)");
        Execution.checkThreads(options.threads());
        return Comparing.resume(resumed, options);
    }
}
