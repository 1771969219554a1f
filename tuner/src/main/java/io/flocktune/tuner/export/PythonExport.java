package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code python}: flocktune's engine as an installable numpy package ({@code pip install DIR}),
 * with the preset and an example, in a folder that runs as it is:
 * <ul>
 *   <li>{@code pyproject.toml}, {@code README.md}, {@code flocktune/}: the engine
 *       ({@code flocktune.Flock}, {@code flocktune.Preset}, {@code python3 -m flocktune run|bench}),
 *       a transcription of the Java engine that follows it within 1e-9 over 50 steps for every
 *       rule variant, neighbourhood, boundary, motion model, predator, obstacle and goal rule;</li>
 *   <li>{@value #PRESET_MODULE}: the preset as a {@code flocktune.Preset} dataclass
 *       ({@code PRESET}), the tuned fields marked; {@value #PRESET_JSON}: the same preset as JSON;</li>
 *   <li>{@value #EXAMPLE}: runs the flock, prints its order parameter, and saves a plot with
 *       matplotlib when it is installed.</li>
 * </ul>
 * Every rule preset is represented whole; a peer model's preset is refused by {@code Exports}.
 */
public final class PythonExport implements Exporter {
    /** The generated module holding {@code PRESET}. */
    public static final String PRESET_MODULE = "tuned_preset.py";
    /** The preset JSON beside it, for {@code python3 -m flocktune run preset.json}. */
    public static final String PRESET_JSON = "preset.json";
    /** The example script. */
    public static final String EXAMPLE = "example.py";
    /** The engine package's files, resources under {@code export/python/}, copied as they are. */
    public static final List<String> ENGINE = List.of("pyproject.toml", "flocktune/__init__.py", "flocktune/__main__.py",
            "flocktune/engine.py", "flocktune/preset.py", "flocktune/randoms.py", "flocktune/state.py", "flocktune/py.typed");

    @Override
    public String format() {
        return "python";
    }

    @Override
    public String description() {
        return "flocktune's engine as a numpy package (pip install), the preset as a dataclass, and an example script";
    }

    @Override
    public Export export(TunedPreset tuned) {
        Preset p = tuned.preset();
        Map<String, String> files = new LinkedHashMap<>();
        for (String file : ENGINE) files.put(file, Code.resource("python/" + file));
        files.put("README.md", readme(tuned));
        files.put(PRESET_MODULE, presetModule(tuned));
        files.put(PRESET_JSON, PresetJson.write(p));
        files.put(EXAMPLE, Code.resource("python/" + EXAMPLE));
        return new Export(files, List.of());
    }

    private static String readme(TunedPreset tuned) {
        String name = Code.oneLine(tuned.preset().name());
        return "# flocktune engine for Python: preset " + name + "\n\n"
                + "Exported by `flocktune export --to python` from " + Code.oneLine(tuned.origin()) + ".\n\n"
                + "```sh\n"
                + "python3 example.py                       # runs the flock; saves flock.png with matplotlib\n"
                + "pip install .                            # the engine as the package `flocktune` (needs numpy; use a venv)\n"
                + "python3 -m flocktune run preset.json --steps 500\n"
                + "python3 -m flocktune bench preset.json --boids 5000\n"
                + "```\n\n"
                + "```python\n"
                + "import flocktune\n"
                + "from tuned_preset import PRESET\n\n"
                + "flock = flocktune.Flock.from_seed(PRESET, seed=1)\n"
                + "for _ in range(100):\n"
                + "    flock.step()\n"
                + "print(flock.polarization(), flock.x[:5], flock.vx[:5])\n"
                + "```\n";
    }

    /** The preset as {@code PRESET = Preset(...)}, one keyword per section, tuned sections marked. */
    static String presetModule(TunedPreset tuned) {
        Preset p = tuned.preset();
        JsonNode tree = PresetJson.toTree(p);
        StringBuilder out = new StringBuilder();
        out.append("# flocktune preset \"").append(Code.oneLine(p.name())).append("\" as a flocktune.Preset dataclass.\n");
        out.append("# Exported by `flocktune export --to python` from ").append(Code.oneLine(tuned.origin())).append(".\n");
        if (!tuned.tunedPaths().isEmpty()) {
            out.append("# Tuned by flocktune: ").append(Code.oneLine(String.join(", ", tuned.tunedPaths()))).append(".\n");
        }
        out.append("# Units and ranges: flocktune-preset-1.schema.json (flocktune export --to json).\n");
        out.append("from flocktune import Preset\n\n");
        out.append("PRESET = Preset(\n");
        for (Iterator<Map.Entry<String, JsonNode>> fields = tree.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            out.append("    ").append(field.getKey()).append("=").append(literal(field.getValue())).append(",");
            if (!field.getValue().isValueNode() && tuned.tuned(field.getKey())) out.append("  # tuned");
            out.append("\n");
        }
        out.append(")\n");
        return out.toString();
    }

    /** A JSON value as a Python literal: dicts, lists, str, int, float, True/False/None. */
    static String literal(JsonNode node) {
        if (node.isObject()) {
            StringBuilder out = new StringBuilder("{");
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                out.append(string(field.getKey())).append(": ").append(literal(field.getValue()));
                if (fields.hasNext()) out.append(", ");
            }
            return out.append("}").toString();
        }
        if (node.isArray()) {
            StringBuilder out = new StringBuilder("[");
            for (int k = 0; k < node.size(); k++) out.append(k > 0 ? ", " : "").append(literal(node.get(k)));
            return out.append("]").toString();
        }
        if (node.isTextual()) return string(node.textValue());
        if (node.isBoolean()) return node.booleanValue() ? "True" : "False";
        if (node.isNull()) return "None";
        if (node.isIntegralNumber()) return node.bigIntegerValue().toString();
        return Code.number(node.doubleValue());
    }

    /** A Python string literal of {@code s}: quotes, backslashes and every line-breaking or control character escaped. */
    static String string(String s) {
        StringBuilder out = new StringBuilder("\"");
        s.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') out.append('\\').appendCodePoint(c);
            else if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || c == 0x85) out.append(String.format("\\u%04x", c));
            else out.appendCodePoint(c);
        });
        return out.append('"').toString();
    }
}
