package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.api.FlockPreset;
import io.flocktune.api.Validate;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.validation.SweepPoint;
import io.flocktune.tuner.validation.Validation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code flocktune validate vicsek|couzin}: re-measures a published phase diagram with the engine
 * (the API's {@link Validate}), prints it as a table and writes {@code NAME.csv}, {@code NAME.png} and
 * {@code NAME.svg}. The numbers do not depend on {@code --threads}.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Re-measures a published phase diagram with the engine; writes NAME.csv, NAME.png and NAME.svg.",
                "vicsek: polarization against the noise eta (Vicsek et al. 1995).",
                "couzin: polarization and milling against the orientation zone width (Couzin et al. 2002)."})
final class ValidateCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing validation: vicsek or couzin");
    }

    /** Options common to both validations. */
    static final class SweepOptions {
        @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/validation",
                description = "Directory of the CSV and charts, created if missing (default: ${DEFAULT-VALUE}).")
        Path out;

        @Option(names = "--seeds", paramLabel = "K", defaultValue = "3",
                description = "Runs per point, >= 1 (default: ${DEFAULT-VALUE}); the CI needs K >= 2.")
        int seeds;

        @Option(names = "--steps", paramLabel = "N", defaultValue = "3000",
                description = "Steps per run, >= 2 (default: ${DEFAULT-VALUE}).")
        long steps;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
                description = "Root seed; run r of every point uses the same derived seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--values", paramLabel = "V", split = ",",
                description = "The swept values, comma-separated (default: the published sweep).")
        List<Double> values;

        @Option(names = "--set", paramLabel = "KEY=VALUE",
                description = "Override a field of the base preset, e.g. boids.count=100 (repeatable); not the swept fields.")
        List<String> sets = new ArrayList<>();

        @Mixin
        ThreadsOption threads;

        /** The built-in preset with the overrides, which must leave the swept fields alone. */
        FlockPreset base(String preset, List<String> swept) throws InputException {
            for (String set : sets) {
                String key = set.contains("=") ? set.substring(0, set.indexOf('=')).strip() : set.strip();
                if (swept.contains(key)) {
                    throw new InputException("--set " + set + ": the validation sweeps " + String.join(" and ", swept) + "; use --values");
                }
            }
            return FlockPreset.load(preset, sets);
        }

        Validation.Schedule schedule() throws InputException {
            if (steps < 2) throw new InputException("--steps = " + steps + ": must be >= 2");
            if (seeds < 1) throw new InputException("--seeds = " + seeds + ": must be >= 1");
            return new Validation.Schedule(steps, seeds, seed);
        }

        Execution execution() throws InputException {
            return threads.execution();
        }
    }

    @Command(name = "vicsek", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Vicsek et al. 1995, Fig. 2a: polarization against alignment.noise eta of the vicsek preset,",
                    "eta = 0, 0.5, ..., 6, 2pi; mean over the second half of each run. Writes vicsek.csv/.png/.svg."})
    int vicsek(@Mixin SweepOptions options) throws InputException, InterruptedException {
        FlockPreset base = options.base("vicsek", List.of("alignment.noise"));
        return run(options, Validate.vicsek(base, options.values, options.schedule()));
    }

    @Command(name = "couzin", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Couzin et al. 2002, Fig. 3: polarization and milling of the couzin preset against the orientation",
                    "zone width dr_o = 0, 1, 2, 3, 6, 10, 13 at attraction width 14; mean over the last third of each run.",
                    "Writes couzin.csv/.png/.svg."})
    int couzin(@Mixin SweepOptions options) throws InputException, InterruptedException {
        FlockPreset base = options.base("couzin", List.of("alignment.radius", "neighbourhood.radius"));
        return run(options, Validate.couzin(base, options.values, options.schedule()));
    }

    private int run(SweepOptions options, Validation validation) throws InputException, InterruptedException {
        long start = System.nanoTime();
        Validate.Result result = Validate.write(validation, options.execution(), options.out);
        List<Path> files = result.files();
        PrintWriter out = spec.commandLine().getOut();
        table(validation, result.points()).forEach(out::println);
        out.println(format("wrote %s (%.1f s)", String.join(", ", files.stream().map(Path::toString).toList()),
                (System.nanoTime() - start) * 1e-9));
        return Main.OK;
    }

    /** One row per point: the value, each objective's mean and 95 % interval (as {@link Measurement#interval}), and the Couzin state. */
    private static List<String> table(Validation validation, List<SweepPoint> points) {
        Function<SweepPoint, String> state = switch (validation) {
            case Validation.Vicsek vicsek -> point -> "";
            case Validation.Couzin couzin -> point -> "  " + couzin.state(point).label();
        };
        List<String> lines = new ArrayList<>();
        StringBuilder header = new StringBuilder(format("%-8s", validation.parameter()));
        for (ObjectiveSpec objective : validation.objectives()) header.append(format("  %-26s", objective.name() + " [95% CI]"));
        lines.add(header.toString().stripTrailing());
        for (SweepPoint point : points) {
            Measurement measurement = point.measurement();
            StringBuilder row = new StringBuilder(format("%-8.4f", point.value()));
            for (int k = 0; k < measurement.specs().size(); k++) {
                double[] ci = measurement.ci95(k);
                row.append(format("  %-26s", Double.isFinite(ci[0])
                        ? format("%.4f [%.4f, %.4f]", measurement.mean(k), ci[0], ci[1]) : format("%.4f", measurement.mean(k))));
            }
            lines.add((row + state.apply(point)).stripTrailing());
        }
        return lines;
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
