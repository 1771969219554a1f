package io.flocktune.api;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Measuring;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.robustness.RobustnessFiles;
import io.flocktune.tuner.robustness.ScenarioGrid;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Does a preset still work away from its scenario? Re-measures it one factor at a time over a grid
 * of scenarios (more or fewer boids, a smaller world, noise, a predator, …) on common seeds, as
 * {@code flocktune robustness} does (the command calls this class), and writes the study's
 * directory: {@code robustness.json}, {@code robustness.csv}, charts and {@code report.html}.
 *
 * {@snippet :
 * Robustness.Study r = Robustness.of(FlockPreset.load("reynolds")).withSteps(400).withReplicates(4)
 *         .withExecution(Execution.local(2)).run(Path.of("results/api-robustness"), new PrintWriter(System.err, true));
 * int points = r.result().points().size();
 * }
 *
 * @param preset     the preset studied
 * @param grid       the factors and their levels, or null for the default grid of the preset
 *                   ({@code --scenarios FILE} replaces it)
 * @param gridSource names the grid in messages: its file, or {@code default scenarios}
 * @param objectives objective texts as {@code --objective} takes them; empty for measure's defaults (read-only)
 * @param steps      steps per replicate, &ge; 1
 * @param warmup     steps skipped before sampling, in [0, steps), or null for half of {@code steps}
 * @param replicates replicates per point, in [2, 10 000], the same seeds at every point
 * @param seed       root seed of the replicates
 * @param execution  where the simulations run
 */
public record Robustness(FlockPreset preset, ScenarioGrid grid, String gridSource, List<String> objectives, long steps, Long warmup,
                         int replicates, long seed, Execution execution) {
    public Robustness {
        Objects.requireNonNull(preset, "preset");
        Objects.requireNonNull(gridSource, "gridSource");
        objectives = List.copyOf(objectives);
        Objects.requireNonNull(execution, "execution");
    }

    /** @return the command's defaults for {@code preset}: the default grid, 1 000 steps, 10 replicates, seed 1, every processor */
    public static Robustness of(FlockPreset preset) {
        return new Robustness(preset, null, "default scenarios", List.of(), 1000, null, 10, 1, Execution.local());
    }

    /**
     * @return these settings with the grid of a {@code flocktune-scenarios/1} file
     * @throws InputException the file's one-line message
     */
    public Robustness withGrid(Path file) throws InputException {
        return new Robustness(preset, ScenarioGrid.read(file), file.toString(), objectives, steps, warmup, replicates, seed, execution);
    }

    public Robustness withObjectives(List<String> texts) {
        return new Robustness(preset, grid, gridSource, texts, steps, warmup, replicates, seed, execution);
    }

    public Robustness withSteps(long steps) {
        return new Robustness(preset, grid, gridSource, objectives, steps, warmup, replicates, seed, execution);
    }

    public Robustness withWarmup(Long warmup) {
        return new Robustness(preset, grid, gridSource, objectives, steps, warmup, replicates, seed, execution);
    }

    public Robustness withReplicates(int replicates) {
        return new Robustness(preset, grid, gridSource, objectives, steps, warmup, replicates, seed, execution);
    }

    public Robustness withSeed(long seed) {
        return new Robustness(preset, grid, gridSource, objectives, steps, warmup, replicates, seed, execution);
    }

    public Robustness withExecution(Execution execution) {
        return new Robustness(preset, grid, gridSource, objectives, steps, warmup, replicates, seed, execution);
    }

    /**
     * Checks every setting and {@code directory} before the first simulation, measures every point
     * of the grid and writes the study into {@code directory} (new or empty), whole or not at all.
     *
     * @param log progress lines
     * @throws InputException       a setting out of range (the command's message), an unusable
     *                              directory, or a factor that makes an invalid preset
     * @throws InterruptedException interrupted; nothing is written
     */
    public Study run(Path directory, PrintWriter log) throws InputException, InterruptedException {
        if (steps < 1) throw new InputException("--steps = " + steps + ": must be >= 1");
        long skipped = warmup == null ? steps / 2 : warmup;
        if (skipped < 0 || skipped >= steps) {
            throw new InputException("--warmup = " + skipped + ": must be in [0, " + steps + ") (--steps = " + steps + ")");
        }
        if (replicates < 2 || replicates > 10_000) throw new InputException("--replicates = " + replicates + ": must be in [2, 10000]");
        Execution.checkThreads(execution.threads());
        Preset p = preset.preset();
        ScenarioGrid factors = grid == null ? ScenarioGrid.defaults(p) : grid;
        List<ObjectiveSpec> specs = new ArrayList<>();
        try {
            if (objectives.isEmpty()) specs.addAll(Objectives.defaults(p, skipped));
            for (String text : objectives) specs.add(ObjectiveSpec.parse(text, skipped));
        } catch (IllegalArgumentException e) {
            throw new InputException("--objective: " + e.getMessage(), e);
        }
        Measuring.requireDistinctNames(specs);
        RobustnessFiles.check(directory);   // before the first simulation
        var result = io.flocktune.tuner.robustness.Robustness.run(p, factors, gridSource, specs,
                new io.flocktune.tuner.robustness.Robustness.Settings(steps, replicates, seed, Duration.ofMinutes(10)),
                execution.runners(), log);
        RobustnessFiles.write(result, directory);
        return new Study(directory, result);
    }

    /**
     * @param directory where the study was written
     * @param result    every point's measurement and its paired difference to the preset
     */
    public record Study(Path directory, io.flocktune.tuner.robustness.Robustness.Result result) {
        /** @return the lines the command prints for factor {@code f}: one per level, {@code *} where the difference is significant */
        public List<String> lines(int f) {
            return RobustnessFiles.lines(result, f);
        }
    }
}
