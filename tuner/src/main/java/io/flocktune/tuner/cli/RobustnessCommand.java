package io.flocktune.tuner.cli;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Measuring;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.robustness.Robustness;
import io.flocktune.tuner.robustness.RobustnessFiles;
import io.flocktune.tuner.robustness.ScenarioGrid;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
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
    ThreadsOption threads;

    @Mixin
    ExecutorOption executor;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        var runners = executor.execution(threads).runners();
        if (steps < 1) throw new InputException("--steps = " + steps + ": must be >= 1");
        long skipped = warmup == null ? steps / 2 : warmup;
        if (skipped < 0 || skipped >= steps) throw new InputException("--warmup = " + skipped + ": must be in [0, " + steps + ") (--steps = " + steps + ")");
        if (replicates < 2 || replicates > 10_000) throw new InputException("--replicates = " + replicates + ": must be in [2, 10000]");
        Preset p = PresetJson.resolve(preset, sets);
        ScenarioGrid grid = scenarios == null ? ScenarioGrid.defaults(p) : ScenarioGrid.read(scenarios);
        List<ObjectiveSpec> specs = new ArrayList<>();
        try {
            if (objectiveTexts.isEmpty()) specs.addAll(Objectives.defaults(p, skipped));
            for (String text : objectiveTexts) specs.add(ObjectiveSpec.parse(text, skipped));
        } catch (IllegalArgumentException e) {
            throw new InputException("--objective: " + e.getMessage(), e);
        }
        Measuring.requireDistinctNames(specs);
        Path directory = out != null ? out : directory(p);
        RobustnessFiles.check(directory);   // before the first simulation
        PrintWriter err = spec.commandLine().getErr();
        Robustness.Result result = Robustness.run(p, grid, scenarios == null ? "default scenarios" : scenarios.toString(), specs, new Robustness.Settings(steps, replicates, seed, Duration.ofMinutes(10)), runners, err);
        RobustnessFiles.write(result, directory);
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "robustness: %s (%s, %d points x %d replicates; * = paired 95%% CI of the difference to the preset excludes 0)%n",
                directory, p.name(), result.points().size(), replicates);
        for (int f = 0; f < grid.factors().size(); f++) {
            o.println(grid.factors().get(f).name() + " (" + grid.factors().get(f).path() + "):");
            RobustnessFiles.lines(result, f).forEach(o::println);
        }
        o.println("report: " + directory.resolve("report.html"));
        o.flush();
        return Main.OK;
    }

    private static Path directory(Preset p) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path base = Path.of("results", p.name().replaceAll("[^A-Za-z0-9._-]+", "-") + "-robustness-" + stamp);
        Path dir = base;
        for (int k = 2; Files.exists(dir); k++) dir = Path.of(base + "-" + k);
        return dir;
    }
}
