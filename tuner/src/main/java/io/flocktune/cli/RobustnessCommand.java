package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.api.FlockPreset;
import io.flocktune.api.Robustness;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code flocktune robustness}: re-measures a preset across scenario factors, one at a time
 * ({@link Robustness}), and writes tables, one chart per factor and {@code report.html}
 * ({@link RobustnessFiles}).
 */
@Command(name = "robustness", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Re-measures a preset across scenario factors, one at a time, on paired seeds.",
                "Default factors: flock size, world size, time step, predators, initial spread (or --scenarios FILE);",
                "writes robustness.csv, one chart per factor and report.html."})
final class RobustnessCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PRESET", description = "A built-in preset or a preset JSON file (e.g. a tuned best/best.json).")
    String preset;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a preset field before anything else (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--scenarios", paramLabel = "FILE",
            description = "A flocktune-scenarios/1 file of factors, replacing the default grid.")
    Path scenarios;

    @Option(names = "--objective", paramLabel = "SPEC",
            description = "An objective as for 'measure' (repeatable; default: measure's defaults for the preset).")
    List<String> objectiveTexts = new ArrayList<>();

    @Option(names = "--steps", paramLabel = "N", defaultValue = "1000", description = "Steps per replicate, >= 1 (default: ${DEFAULT-VALUE}).")
    long steps;

    @Option(names = "--warmup", paramLabel = "W", description = "Steps skipped before sampling, in [0, N) (default: half of --steps).")
    Long warmup;

    @Option(names = "--replicates", paramLabel = "R", defaultValue = "10",
            description = "Replicates per point, >= 2, the same seeds at every point (default: ${DEFAULT-VALUE}).")
    int replicates;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Root seed of the replicates (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory, new or empty (default: results/<preset>-robustness-<date-time>).")
    Path out;

    @Mixin
    ExecutionOptions where;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        Execution execution = where.execution();
        FlockPreset p = FlockPreset.load(preset, sets);
        Robustness robustness = Robustness.of(p).withObjectives(objectiveTexts).withSteps(steps).withWarmup(warmup)
                .withReplicates(replicates).withSeed(seed).withExecution(execution);
        if (scenarios != null) robustness = robustness.withGrid(scenarios);
        Robustness.Study study = robustness.run(out != null ? out : StudyOptions.fresh(p.name() + "-robustness"),
                spec.commandLine().getErr());
        var grid = study.result().grid();
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "robustness: %s (%s, %d points x %d replicates; * = paired 95%% CI of the difference to the preset excludes 0)%n",
                study.directory(), p.name(), study.result().points().size(), replicates);
        for (int f = 0; f < grid.factors().size(); f++) {
            o.println(grid.factors().get(f).name() + " (" + grid.factors().get(f).path() + "):");
            study.lines(f).forEach(o::println);
        }
        o.println("report: " + study.directory().resolve("report.html"));
        o.flush();
        return Main.OK;
    }
}
