package io.flocktune.tuner.export;

import io.flocktune.tuner.io.PresetJson;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code json}: the canonical preset ({@link PresetJson#write}) as {@code NAME.json} and the
 * format's JSON Schema ({@link PresetSchema}), for tools that load or validate presets. Reading
 * the file back gives the same preset, and so the same run, bit for bit; nothing is ever
 * unrepresented.
 */
public final class JsonExport implements Exporter {
    @Override
    public String format() {
        return "json";
    }

    @Override
    public String description() {
        return "the canonical preset JSON and the JSON Schema (2020-12) of " + io.flocktune.sim.Preset.FORMAT;
    }

    @Override
    public Export export(TunedPreset preset) {
        Map<String, String> files = new LinkedHashMap<>();
        String name = Code.fileName(preset.preset().name()) + ".json";
        if (name.equals(PresetSchema.FILE)) name = "preset-" + name;   // a preset named like the schema
        files.put(name, PresetJson.write(preset.preset()));
        files.put(PresetSchema.FILE, PresetSchema.write());
        return new Export(files, List.of());
    }
}
