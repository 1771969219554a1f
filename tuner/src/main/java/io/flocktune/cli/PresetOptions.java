package io.flocktune.cli;

import io.flocktune.api.FlockPreset;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** The options that choose a preset, shared by the commands that run one: {@code --preset} and {@code --set}. */
final class PresetOptions {
    @Option(names = "--preset", required = true, paramLabel = "NAME|FILE",
            description = "A built-in preset (see 'flocktune presets') or a preset JSON file.")
    String preset;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a preset field, e.g. boids.count=500 or update=sequential (repeatable).")
    List<String> sets = new ArrayList<>();

    /**
     * @return the chosen preset with the overrides applied, by the API's {@link FlockPreset#load(String, List)}
     * @throws InputException naming the preset, file or override at fault
     */
    Preset resolve() throws InputException {
        return FlockPreset.load(preset, sets).preset();
    }
}
