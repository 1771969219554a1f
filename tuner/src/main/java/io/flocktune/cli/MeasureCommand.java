package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.api.FlockPreset;
import io.flocktune.api.Measure;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.StrictJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code flocktune measure}: runs a preset R times (replicate r with seed
 * {@link Objectives#replicateSeed Objectives.replicateSeed(seed, r)}) and prints each objective's
 * mean, standard deviation and 95 % confidence interval over the replicates, as a table or JSON.
 * Replicates run in parallel; the output does not depend on the thread count. The measuring is
 * the API's {@link Measure}.
 */
@Command(name = "measure", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a preset over replicates and prints each objective's mean, sd and 95%% CI.",
                "Replicate r runs with a seed derived from --seed and r; the output does not depend on --threads."})
final class MeasureCommand implements Callable<Integer> {
    @Mixin
    PresetOptions presetOptions;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Root seed of the replicates, any 64-bit integer (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "1000",
            description = "Steps per replicate, >= 1 (default: ${DEFAULT-VALUE}).")
    long steps;

    @Option(names = "--warmup", paramLabel = "W",
            description = "Steps skipped before sampling, in [0, N) (default: half of --steps); an objective's own warmup= wins.")
    Long warmup;

    @Option(names = "--replicates", paramLabel = "R", defaultValue = "8",
            description = "Independent runs, >= 1 (default: ${DEFAULT-VALUE}); the CI needs R >= 2.")
    int replicates;

    @Option(names = "--objective", paramLabel = "SPEC",
            description = {"METRIC[:AGGREGATION][:DIRECTION][:OPTIONS], e.g. polarization or collisionRate(distance=1):mean:min (repeatable).",
                    "Default: polarization, milling, nearestNeighbourDistance, largestClusterFraction, collisionRate (and predator metrics when the preset has predators)."})
    List<String> objectiveTexts = new ArrayList<>();

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    @Mixin
    ExecutionOptions where;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        Execution execution = where.execution();
        Preset preset = presetOptions.resolve();
        Measure.Result result = new Measure(FlockPreset.of(preset), seed, steps, warmup, replicates,
                List.copyOf(objectiveTexts), execution).run();
        long skipped = result.warmup();
        Measurement measurement = result.measurement();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(json(preset, result.replicateSeeds(), measurement));
        } else {
            table(preset, skipped, measurement).forEach(out::println);
        }
        return Main.OK;
    }

    /** Aligned rows: a short header, then objective, mean, sd, the 95 % CI and how it was computed. */
    private List<String> table(Preset preset, long skipped, Measurement measurement) {
        List<String> lines = new ArrayList<>();
        lines.add(format("%-11s %s", "preset", preset.name()));
        lines.add(format("%-11s %d", "seed", seed));
        lines.add(format("%-11s %d (samples after step %d unless an objective says otherwise)", "steps", steps, skipped));
        lines.add(format("%-11s %d", "replicates", replicates));
        lines.add("");
        int width = "objective".length();
        for (ObjectiveSpec objective : measurement.specs()) width = Math.max(width, objective.name().length());
        String row = "%-" + width + "s  %12s  %12s  %-28s  %s";
        lines.add(format(row, "objective", "mean", "sd", "95% CI", "interval"));
        for (int k = 0; k < measurement.specs().size(); k++) {
            double[] ci = measurement.ci95(k);
            String interval = Double.isFinite(ci[0]) ? format("[%.6g, %.6g]", ci[0], ci[1]) : "n/a (one replicate)";
            lines.add(format(row, measurement.specs().get(k).name(), format("%.6g", measurement.mean(k)),
                    format("%.6g", measurement.sd(k)), interval, measurement.specs().get(k).interval().text()).stripTrailing());
        }
        return lines;
    }

    /**
     * One objective in the JSON output; {@code ci95} is null for a single replicate;
     * {@code interval} names how it was computed ({@code Student t}, {@code percentile bootstrap}).
     */
    record ObjectiveResult(String name, String spec, double mean, double sd, double[] ci95, String interval, double[] values) {}

    /** The JSON output. */
    record Result(String preset, long seed, long steps, int replicates, long[] replicateSeeds, List<ObjectiveResult> objectives) {}

    private String json(Preset preset, long[] seeds, Measurement measurement) {
        List<ObjectiveResult> objectives = new ArrayList<>();
        for (int k = 0; k < measurement.specs().size(); k++) {
            ObjectiveSpec objective = measurement.specs().get(k);
            double[] ci = measurement.ci95(k);
            objectives.add(new ObjectiveResult(objective.name(), objective.text(), measurement.mean(k), measurement.sd(k),
                    Double.isFinite(ci[0]) ? ci : null, objective.interval().text(), measurement.values(k)));
        }
        return StrictJson.writeIndented(new Result(preset.name(), seed, steps, replicates, seeds, objectives));
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
