package io.flocktune.tuner.cli;

import io.flocktune.api.Compare;
import io.flocktune.api.Execution;
import io.flocktune.tuner.compare.Analysis;
import io.flocktune.tuner.compare.Comparing;
import io.flocktune.tuner.compare.Comparison;
import io.flocktune.tuner.compare.ComparisonFiles;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code flocktune compare}: runs a comparison of rule variants into {@code results/<id>/} and
 * prints its verdicts. {@code --resume DIR} continues one that was stopped, to exactly the
 * results of an uninterrupted run; {@code --list} lists the built-in comparisons.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares presets, rule variants or tuned presets on the same seeds, with paired statistics",
                "(Wilcoxon signed-rank, Holm's correction, Vargha-Delaney A12), charts and report.html.",
                "'compare show NAME' prints a built-in comparison to start your own from."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME|FILE",
            description = "A built-in comparison (see --list) or a comparison JSON file.")
    String comparison;

    @Option(names = "--list", description = "List the built-in comparisons and exit.")
    boolean list;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the comparison, any 64-bit integer (default: the file's).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Comparison directory, new or empty (default: results/compare-<name>-<seed>-<date-time>).")
    Path out;

    @Mixin
    ThreadsOption threads;

    @Mixin
    ExecutorOption executor;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Continue the comparison in DIR (takes no comparison, --seed or --out).")
    Path resume;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (list) {
            if (comparison != null || resume != null || seed != null || out != null) {
                throw new InputException("--list takes no comparison, --seed, --out or --resume");
            }
            for (String name : Compare.builtIns()) stdout.println(name + "  " + Compare.of(name).comparison().description());
            return Main.OK;
        }
        Execution execution = executor.execution(threads);
        if (resume != null && (comparison != null || seed != null || out != null)) {
            throw new InputException("--resume " + resume + ": takes no comparison, --seed or --out (they are in its comparison.json)");
        }
        if (resume == null && comparison == null) {
            throw new InputException("compare: give a comparison (a built-in: " + String.join(", ", Compare.builtIns())
                    + "; or a file), or --resume DIR, or --list");
        }
        PrintWriter err = spec.commandLine().getErr();
        Comparing.Result result = Interruptible.run(err, () -> {
            Compare compare = resume != null ? Compare.resuming(resume) : Compare.of(comparison);
            if (seed != null) compare = compare.withSeed(seed);
            compare = compare.withExecution(execution).withLog(err);
            return resume != null ? compare.resume() : compare.run(out != null ? out : directory(compare.comparison()));
        });
        print(result, stdout);
        return Main.OK;
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Prints a built-in comparison's JSON (format " + Comparison.FORMAT + ").",
                    "Save it, edit it and pass the file to 'flocktune compare'."})
    void show(@Parameters(paramLabel = "NAME", description = "A built-in comparison (see --list).") String name) throws InputException {
        spec.commandLine().getOut().print(Compare.template(name));
        spec.commandLine().getOut().flush();
    }

    private static Path directory(Comparison c) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path base = Path.of("results", "compare-" + c.name() + "-" + c.seed() + "-" + stamp);
        Path dir = base;
        for (int k = 2; Files.exists(dir); k++) dir = Path.of(base + "-" + k);
        return dir;
    }

    private static void print(Comparing.Result r, PrintWriter out) {
        Analysis a = r.analysis();
        out.printf(Locale.ROOT, "comparison: %s (%d arms, %d paired replicates%s)%n", r.directory(), a.arms().size(), a.replicates(),
                a.looks() > 1 ? ", look " + (a.look() + 1) + " of at most " + a.looks() : "");
        for (int arm = 0; arm < a.arms().size(); arm++) {
            out.println("  " + a.arms().get(arm) + ": " + Comparison.describe(r.comparison().arms().get(arm)));
            StringBuilder line = new StringBuilder("   ");
            for (int k = 0; k < a.specs().size(); k++) {
                double[] ci = a.measurements().get(arm).ci95(k);
                line.append(String.format(Locale.ROOT, "  %s %.4g [%.4g, %.4g]", a.specs().get(k).name(),
                        a.measurements().get(arm).mean(k), ci[0], ci[1]));
            }
            out.println(line);
        }
        out.println("verdicts (family-wise error rate " + String.format(Locale.ROOT, "%.3g", a.alphaLook() * a.looks())
                + " over all pairs and objectives; A12(A, B) = P(A better than B)):");
        for (Analysis.Pair p : a.pairs()) out.println("  " + a.verdict(p));
        out.println("summary (best first; '>' significant, '≈' no detectable difference):");
        for (int k = 0; k < a.specs().size(); k++) out.println("  " + a.ranking(k));
        if (r.failed() > 0) out.println("left out: " + r.failed() + " replicates on which an arm failed (see replicates.csv)");
        if (r.initialStates() != null) out.println("note: the arms do not share initial states: " + r.initialStates());
        out.println("report: " + new ComparisonFiles(r.directory()).report());
        out.flush();
    }
}
