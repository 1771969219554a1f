package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.api.Tune;
import io.flocktune.objectives.Interval;
import io.flocktune.objectives.Measurement;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.Tuning;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code flocktune tune}: runs an experiment into {@code results/<run-id>/} and prints where the
 * best preset and the report are. Ctrl-C keeps the checkpoint of the last completed generation
 * (the one in flight is lost) and exits with 130; {@code --resume DIR} continues a run to exactly
 * the results of an uninterrupted one.
 */
@Command(name = "tune", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Tunes a preset by genetic search and writes results, best presets and report.html.",
                "Without an experiment it runs the built-in 'default' (see 'flocktune experiments')."})
final class TuneCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME|FILE",
            description = "A built-in experiment or an experiment JSON file (default: default).")
    String experiment;

    @Mixin
    StudyOptions study;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        Execution execution = study.check(experiment, "experiment", "the run's experiment.json");
        PrintWriter err = spec.commandLine().getErr();
        boolean terminal = System.console() != null && System.console().isTerminal();
        Tuning.Result result = Main.interruptibly(err, () -> {
            Tune tune = study.resume != null ? Tune.resuming(study.resume) : Tune.of(experiment == null ? "default" : experiment);
            if (study.seed != null) tune = tune.withSeed(study.seed);
            tune = tune.withExecution(execution).withLog(err).withProgressBar(terminal);
            return study.resume != null ? tune.resume()
                    : tune.run(study.directory(tune.experiment().name() + "-" + tune.experiment().seed()));
        });
        print(result, spec.commandLine().getOut());
        return Main.OK;
    }

    private static void print(Tuning.Result r, PrintWriter out) {
        RunFiles files = new RunFiles(r.directory());
        out.printf(Locale.ROOT, "run: %s (stopped by %s after generation %d)%n", r.directory(), r.reason().text(), r.generations());
        Tuning.Finalist best = r.best();
        Tuning.Finalist base = r.finalists().getFirst();
        Measurement m = best.measurement(), b = base.measurement();
        out.printf(Locale.ROOT, "best: %s (candidate %d), chosen among %d finalists on %d held-out seeds, measured on %d fresh test seeds:%n",
                best.presetFile(), best.candidate(), r.finalists().size() - 1, r.selectionSeeds(), m == null ? 0 : m.replicates());
        out.printf(Locale.ROOT, "  fitness (lower is better): search %.4g, selection %.4g, test %.4g (unbiased); base preset %.4g%n",
                best.searchFitness(), best.selectionFitness(), best.fitness(), base.fitness());
        if (m != null) {
            int width = Math.max("objective".length(), m.specs().stream().mapToInt(s -> s.name().length()).max().orElse(10));
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"objective", "search", "test [95% CI]", "base [95% CI]", "test - base [95% CI, paired]", "interval"});
            for (int k = 0; k < m.specs().size(); k++) {
                rows.add(new String[] {m.specs().get(k).name(), String.format(Locale.ROOT, "%.4g", best.searchMeans()[k]),
                        interval(m.interval(k)), b == null ? "failed" : interval(b.interval(k)),
                        b == null ? "" : interval(m.difference(b, k)), m.specs().get(k).interval().text()});
            }
            int[] widths = new int[rows.getFirst().length];
            widths[0] = width;
            for (String[] row : rows) for (int c = 1; c < row.length; c++) widths[c] = Math.max(widths[c], row[c].length());
            for (String[] row : rows) {
                StringBuilder line = new StringBuilder(" ");
                for (int c = 0; c < row.length; c++) line.append(' ').append(String.format(Locale.ROOT, "%-" + widths[c] + "s", row[c])).append(' ');
                out.println(line.toString().stripTrailing());
            }
        }
        out.println("report: " + (Files.isRegularFile(files.report()) ? files.report()
                : "not drawn (see the warning above); draw it with ./flocktune report " + r.directory()));
        out.println("time: " + r.time().text());
        out.flush();
    }

    private static String interval(Interval i) {
        return String.format(Locale.ROOT, "%.4g [%.4g, %.4g]", i.estimate(), i.low(), i.high());
    }
}
