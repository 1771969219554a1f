package io.flocktune.cli;

import io.flocktune.api.Compare;
import io.flocktune.api.Execution;
import io.flocktune.tuner.compare.Analysis;
import io.flocktune.tuner.compare.Comparing;
import io.flocktune.tuner.compare.Comparison;
import io.flocktune.tuner.compare.ComparisonFiles;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
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

    @Mixin
    StudyOptions study;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (list) {
            if (comparison != null || study.resume != null || study.seed != null || study.out != null) {
                throw new InputException("--list takes no comparison, --seed, --out or --resume");
            }
            for (String name : Compare.builtIns()) stdout.println(name + "  " + Compare.of(name).comparison().description());
            return Main.OK;
        }
        Execution execution = study.check(comparison, "comparison", "its comparison.json");
        if (study.resume == null && comparison == null) {
            throw new InputException("compare: give a comparison (a built-in: " + String.join(", ", Compare.builtIns())
                    + "; or a file), or --resume DIR, or --list");
        }
        PrintWriter err = spec.commandLine().getErr();
        Comparing.Result result = Main.interruptibly(err, () -> {
            Compare compare = study.resume != null ? Compare.resuming(study.resume) : Compare.of(comparison);
            if (study.seed != null) compare = compare.withSeed(study.seed);
            compare = compare.withExecution(execution).withLog(err);
            return study.resume != null ? compare.resume()
                    : compare.run(study.directory("compare-" + compare.comparison().name() + "-" + compare.comparison().seed()));
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
