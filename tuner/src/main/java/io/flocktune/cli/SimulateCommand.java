package io.flocktune.cli;

import io.flocktune.api.FlockPreset;
import io.flocktune.api.RunSummary;
import io.flocktune.api.Simulate;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.StepObserver;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.MetricsCsv;
import io.flocktune.tuner.io.StateCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code flocktune simulate}: runs a preset headless, optionally from a state file and writing a
 * trace and a metric series, and prints a {@link RunSummary}. The run is a pure function of the preset, the seed and the
 * initial state.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a preset headless and prints a short summary.",
                "The run is a pure function of preset, seed and initial state."})
final class SimulateCommand implements Callable<Integer> {
    @Mixin
    PresetOptions presetOptions;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the random initial state and the noise, any 64-bit integer (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "1000",
            description = "Steps to run, >= 0 (default: ${DEFAULT-VALUE}).")
    long steps;

    @Option(names = "--init", paramLabel = "STATE.csv",
            description = "Start from this state instead of a random one; its boids (and predators, if it has any) win over the preset's counts.")
    Path init;

    @Option(names = "--trace", paramLabel = "OUT.csv",
            description = "Write the state every K steps (step 0 is the initial state) to this CSV file.")
    Path trace;

    @Option(names = "--metrics", paramLabel = "OUT.csv",
            description = {"Write the per-step metric series (header step,<metric>,...; every K steps from step 0) to this CSV file.",
                    "Metrics: --metric, or else those of 'flocktune measure'."})
    Path metrics;

    @Option(names = "--metric", paramLabel = "SPEC",
            description = "With --metrics: a column, e.g. polarization, milling or collisionRate(distance=1) (repeatable).")
    List<String> metricTexts = new ArrayList<>();

    @Option(names = "--every", paramLabel = "K",
            description = "With --trace or --metrics: write every K-th step, K >= 1 (default: 1).")
    Integer every;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException {
        if (steps < 0) throw new InputException("--steps = " + steps + ": must be >= 0");
        if (every != null && trace == null && metrics == null) throw new InputException("--every " + every + ": needs --trace or --metrics");
        int interval = every == null ? 1 : every;
        if (interval < 1) throw new InputException("--every = " + interval + ": must be >= 1");
        if (!metricTexts.isEmpty() && metrics == null) throw new InputException("--metric " + metricTexts.getFirst() + ": needs --metrics");
        if (trace != null && metrics != null && sameFile(trace, metrics)) {
            throw new InputException("--trace " + trace + " and --metrics " + metrics + ": name the same file; give two files");
        }

        Preset resolved = presetOptions.resolve();
        List<Metric> columns = metricColumns(resolved);
        Simulation simulation = init == null ? Simulate.start(FlockPreset.of(resolved), seed)
                : Simulate.start(FlockPreset.of(resolved), seed, init);
        String boidsSource = init == null ? "" : "from --init " + init + "; the preset has " + resolved.boids().count();
        int boids = simulation.flock().count();

        RunSummary.Recorder recorder = new RunSummary.Recorder();
        long wallNanos;
        try (StateCsv.Trace traceWriter = trace == null ? null : StateCsv.trace(trace, interval);
             MetricsCsv.Series metricsWriter = metrics == null ? null : openMetrics(simulation, columns, interval)) {
            StepObserver observer = (step, flock) -> {
                recorder.observe(step, flock);
                if (traceWriter != null) traceWriter.observe(step, flock);
                if (metricsWriter != null) metricsWriter.observe(step, flock);
            };
            long start = System.nanoTime();
            simulation.run(steps, observer);
            if (traceWriter != null) traceWriter.commit();
            if (metricsWriter != null) metricsWriter.commit();
            wallNanos = System.nanoTime() - start;
        }
        RunSummary summary = recorder.summary(simulation, seed, steps, boids, boidsSource, wallNanos);
        summary.lines().forEach(spec.commandLine().getOut()::println);
        return Main.OK;
    }

    private static boolean sameFile(Path a, Path b) {
        if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) return true;
        try {
            return java.nio.file.Files.exists(a) && java.nio.file.Files.exists(b) && java.nio.file.Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The {@code --metric} columns, or the metrics of the default objectives. */
    private List<Metric> metricColumns(Preset preset) throws InputException {
        if (metricTexts.isEmpty()) return Objectives.defaults(preset, 0).stream().map(ObjectiveSpec::metric).toList();
        List<Metric> columns = new ArrayList<>();
        for (String text : metricTexts) {
            try {
                columns.add(Metric.parse(text));
            } catch (IllegalArgumentException e) {
                throw new InputException("--metric: " + e.getMessage(), e);
            }
        }
        return columns;
    }

    private MetricsCsv.Series openMetrics(Simulation simulation, List<Metric> columns, int interval) throws InputException {
        try {
            return MetricsCsv.open(metrics, simulation, columns, interval);
        } catch (IllegalArgumentException e) {   // a metric twice, or predator metrics without predators
            throw new InputException("--metric: " + e.getMessage(), e);
        }
    }

}
