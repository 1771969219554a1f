package io.flocktune.cli;

import io.flocktune.api.FlockPreset;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.List;

/** {@code flocktune presets}: lists the built-in presets; {@code presets show} prints one as JSON. */
@Command(name = "presets", mixinStandardHelpOptions = true,
        description = "Lists the built-in presets, one line each: name and description.")
final class PresetsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        int width = Presets.all().keySet().stream().mapToInt(String::length).max().orElse(0);
        for (Preset preset : Presets.all().values()) {
            spec.commandLine().getOut().printf("%-" + width + "s  %s%n", preset.name(), preset.description());
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Prints a preset as JSON (format " + Preset.FORMAT + ").",
                    "Save it, edit it and pass the file to --preset: it gives the same run."})
    void show(@Parameters(paramLabel = "NAME|FILE", description = "A built-in preset or a preset file.") String preset,
              @Option(names = "--set", paramLabel = "KEY=VALUE",
                      description = "Override a field, e.g. boids.count=500 (repeatable).") List<String> sets)
            throws InputException {
        spec.commandLine().getOut().print(FlockPreset.load(preset, sets == null ? List.of() : sets).toJson());
    }
}
