package io.flocktune.tuner.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code unity}: a Unity Package Manager package that runs the preset with flocktune's own engine
 * in C# (double precision, every rule variant of the rule presets, the same seeded initial state
 * as Java). A user adds the folder with "Add package from disk" (its {@value #PACKAGE_FILE}).
 * <ul>
 *   <li>{@code Runtime/Engine/}: the engine ({@code FlocktuneSimulation}, {@code FlocktunePreset},
 *       the random streams), no UnityEngine dependency ({@code noEngineReferences} in its
 *       {@code .asmdef}), so it also compiles with {@code mcs} or {@code dotnet}; and the preset as
 *       a C# class {@code <Name>Preset.Create()} returning a {@code FlocktunePreset}, a flat
 *       {@code [Serializable]} class that Unity shows in the inspector and a ScriptableObject holds;</li>
 *   <li>{@code Runtime/Presets/NAME.json}: the same preset as flat JSON, read by Unity's
 *       {@code JsonUtility} or by {@code FlocktunePreset.FromJson};</li>
 *   <li>{@code Runtime/Unity/}: the thin adapter ({@code FlocktuneFlock}, a MonoBehaviour that
 *       spawns, steps and draws the flock; {@code FlocktunePresetAsset}, a ScriptableObject);</li>
 *   <li>{@code Samples~/}: a sample scene script; {@code Tools~/}: console programs (a trace in
 *       flocktune's state CSV and a speed benchmark) run with Mono outside Unity.</li>
 * </ul>
 * The preset's fields are the preset JSON's, flattened to camel case ({@code world.boundary.kind}
 * → {@code worldBoundaryKind}; the spheres' {@code x} → {@code obstaclesSpheresX[]}). A peer's
 * model (a {@code "peer"} preset) is replayed by the web player only: its export is a note saying
 * so, listed as unrepresented.
 */
public final class UnityExport implements Exporter {
    /** The package manifest Unity's "Add package from disk" opens. */
    public static final String PACKAGE_FILE = "package.json";

    /** The engine's C# sources, shipped as they are, under {@code Runtime/Engine/}. */
    static final List<String> ENGINE = List.of("FlocktunePreset.cs", "FlocktuneRandom.cs", "FlocktuneSimulation.cs");

    /** The Unity adapter's C# sources, shipped as they are, under {@code Runtime/Unity/}. */
    static final List<String> ADAPTER = List.of("FlocktuneFlock.cs", "FlocktunePresetAsset.cs");

    /** The console programs, shipped as they are, under {@code Tools~/}. */
    static final List<String> TOOLS = List.of("FlocktuneTrace.cs", "FlocktuneBenchmark.cs");

    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Override
    public String format() {
        return "unity";
    }

    @Override
    public String description() {
        return "a Unity package (add from disk): flocktune's engine in C#, a MonoBehaviour that runs the flock, "
                + "the preset as a C# class and JSON, a sample";
    }

    /** @return whether the package file at {@code path} is one of the C# sources shipped as they are (not generated) */
    static boolean shippedAsIs(String path) {
        int slash = path.lastIndexOf('/');
        String folder = path.substring(0, slash + 1), file = path.substring(slash + 1);
        return folder.equals("Runtime/Engine/") && ENGINE.contains(file) || folder.equals("Runtime/Unity/") && ADAPTER.contains(file)
                || folder.equals("Tools~/") && TOOLS.contains(file);
    }

    /** One preset field: its dotted path in the preset JSON, its C# field name, its value. */
    record Field(String path, String name, JsonNode value) {}

    @Override
    public Export export(TunedPreset tuned) {
        Preset p = tuned.preset();
        if (p instanceof Preset.Peer peer) return peer(peer);
        List<Field> fields = fields(PresetJson.toTree(p));
        String type = className(p.name());
        String stem = Code.fileName(p.name());
        String jsonPath = "Runtime/Presets/" + stem + ".json";

        Map<String, String> files = new LinkedHashMap<>();
        files.put(PACKAGE_FILE, packageJson(p));
        files.put("README.md", readme(p, type, jsonPath));
        files.put("Runtime/Engine/Flocktune.Engine.asmdef", """
                {
                  "name": "Flocktune.Engine",
                  "rootNamespace": "Flocktune",
                  "noEngineReferences": true
                }
                """);
        for (String source : ENGINE) files.put("Runtime/Engine/" + source, Code.resource("unity/Runtime/Engine/" + source));
        files.put("Runtime/Engine/" + type + ".cs", presetClass(tuned, type, fields, jsonPath));
        files.put(jsonPath, presetJson(fields));
        files.put("Runtime/Unity/Flocktune.Unity.asmdef", """
                {
                  "name": "Flocktune.Unity",
                  "rootNamespace": "Flocktune",
                  "references": [ "Flocktune.Engine" ]
                }
                """);
        for (String source : ADAPTER) files.put("Runtime/Unity/" + source, Code.resource("unity/Runtime/Unity/" + source));
        files.put("Samples~/Flock/FlocktuneSample.cs", sample(type));
        for (String source : TOOLS) files.put("Tools~/" + source, Code.resource("unity/Tools~/" + source));
        return new Export(files, List.of());
    }

    /** @return the preset JSON's leaves as C# fields, in the preset's order */
    static List<Field> fields(ObjectNode tree) {
        List<Field> fields = new ArrayList<>();
        flatten(tree, "", fields);
        return fields;
    }

    private static void flatten(JsonNode node, String path, List<Field> fields) {
        if (node.isObject()) {
            node.properties().forEach(e -> flatten(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey(), fields));
        } else if (node.isArray()) {
            // the one array of a preset: obstacles.spheres, one parallel array per Sphere component
            if (!path.equals("obstacles.spheres")) throw new IllegalStateException(path + ": an array the Unity export does not know");
            for (RecordComponent component : Preset.Sphere.class.getRecordComponents()) {
                ArrayNode values = JsonNodeFactory.instance.arrayNode();
                for (JsonNode sphere : node) values.add(sphere.get(component.getName()));
                fields.add(new Field(path + "." + component.getName(), camel(path + "." + component.getName()), values));
            }
        } else {
            fields.add(new Field(path, camel(path), node));
        }
    }

    /** @return {@code a.bB.c} as {@code aBBC}: the path's segments joined in camel case */
    static String camel(String path) {
        StringBuilder name = new StringBuilder();
        for (String segment : path.split("\\.")) {
            name.append(name.isEmpty() ? segment : Character.toUpperCase(segment.charAt(0)) + segment.substring(1));
        }
        return name.toString();
    }

    /** @return a C# type name from a preset name: its letters and digits in Pascal case, then {@code Preset} */
    static String className(String presetName) {
        StringBuilder name = new StringBuilder();
        for (String word : presetName.split("[^A-Za-z0-9]+")) {
            if (!word.isEmpty()) name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) name.insert(0, "Flocktune");
        return name + "Preset";
    }

    /** @return a C# literal of a JSON leaf or an array of numbers */
    private static String literal(JsonNode value) {
        if (value.isArray()) {
            if (value.isEmpty()) return "new double[0]";
            List<String> items = new ArrayList<>();
            for (JsonNode item : value) items.add(literal(item));
            return "new double[] { " + String.join(", ", items) + " }";
        }
        if (value.isTextual()) return csString(value.asText());
        if (value.isBoolean()) return value.asBoolean() ? "true" : "false";
        if (value.isIntegralNumber()) return value.asText();
        return Code.number(value.asDouble());
    }

    /** @return {@code text} as a C# string literal (quotes, backslashes and control characters escaped) */
    static String csString(String text) {
        StringBuilder out = new StringBuilder("\"");
        text.chars().forEach(c -> {
            if (c == '"' || c == '\\') out.append('\\').append((char) c);
            else if (c < 0x20 || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029) out.append(String.format(Locale.ROOT, "\\u%04x", c));
            else out.append((char) c);
        });
        return out.append('"').toString();
    }

    private static String presetClass(TunedPreset tuned, String type, List<Field> fields, String jsonPath) {
        Preset p = tuned.preset();
        StringBuilder cs = new StringBuilder();
        cs.append("// flocktune preset \"").append(Code.oneLine(p.name())).append("\" for flocktune's C# engine.\n");
        cs.append("// Exported by `flocktune export --to unity` from ").append(Code.oneLine(tuned.origin())).append(".\n");
        cs.append("// Preset description: ").append(Code.oneLine(p.description())).append('\n');
        if (!tuned.tunedPaths().isEmpty()) {
            cs.append("// Tuned by flocktune (marked below): ").append(Code.oneLine(String.join(", ", tuned.tunedPaths()))).append(".\n");
        }
        cs.append("// The same values as ").append(jsonPath).append(" (FlocktunePreset.FromJson, or JsonUtility in Unity).\n");
        cs.append("namespace Flocktune\n{\n");
        cs.append("    /// <summary>The preset \"").append(Code.oneLine(p.name()).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
                .append("\": <c>FlocktuneSimulation.FromSeed(").append(type).append(".Create(), seed)</c>.</summary>\n");
        cs.append("    public static class ").append(type).append("\n    {\n");
        cs.append("        /// <returns>a new preset holding the exported values</returns>\n");
        cs.append("        public static FlocktunePreset Create()\n        {\n");
        cs.append("            return new FlocktunePreset\n            {\n");
        for (Field f : fields) {
            cs.append("                ").append(f.name()).append(" = ").append(literal(f.value())).append(',');
            if (tuned.tuned(f.path())) cs.append("   // tuned");
            cs.append('\n');
        }
        cs.append("            };\n        }\n    }\n}\n");
        return cs.toString();
    }

    private static String presetJson(List<Field> fields) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        for (Field f : fields) json.set(f.name(), f.value());
        return write(json);
    }

    private static String packageJson(Preset p) {
        ObjectNode pkg = JsonNodeFactory.instance.objectNode();
        pkg.put("name", "com.flocktune." + packageSuffix(p.name()));
        pkg.put("version", "1.0.0");
        pkg.put("displayName", "Flocktune " + Code.oneLine(p.name()));
        pkg.put("description", "flocktune's boids engine (C#, double precision) running the preset \"" + Code.oneLine(p.name())
                + "\", with a MonoBehaviour that spawns, steps and draws the flock.");
        pkg.put("unity", "2021.3");
        ArrayNode samples = pkg.putArray("samples");
        ObjectNode sample = samples.addObject();
        sample.put("displayName", "Flock");
        sample.put("description", "A component that runs the exported flock: add it to an empty GameObject and press Play.");
        sample.put("path", "Samples~/Flock");
        return write(pkg);
    }

    /** @return the preset name as a package-name segment: lower-case letters, digits and '-', starting with a letter */
    static String packageSuffix(String presetName) {
        String s = presetName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() || !Character.isLetter(s.charAt(0)) ? "preset-" + s : s;
    }

    private static String sample(String type) {
        return """
                // Add this component to an empty GameObject of an empty scene and press Play: it runs the
                // exported preset with flocktune's engine (a FlocktuneFlock added beside it), one cube per
                // boid, one sphere per predator, one engine step per FixedUpdate.
                using Flocktune;
                using UnityEngine;

                public sealed class FlocktuneSample : MonoBehaviour
                {
                    private void Awake()
                    {
                        var flock = gameObject.AddComponent<FlocktuneFlock>();
                        flock.preset = TYPE.Create();
                        flock.seed = 1;
                    }
                }
                """.replace("TYPE", type);
    }

    private static String readme(Preset p, String type, String jsonPath) {
        return """
                # Flocktune: NAME

                flocktune's boids engine in C# running the preset "NAME", as a Unity package.

                - In Unity: Window > Package Manager > + > Add package from disk…, choose this folder's
                  `package.json`; then import the "Flock" sample, add its `FlocktuneSample` component to an
                  empty GameObject and press Play, or add the `FlocktuneFlock`
                  component to a GameObject and set its preset (`TYPE.Create()` in code, or a
                  `FlocktunePresetAsset` made with Assets > Create > Flocktune > Preset, filled from `JSON`).
                - Without Unity: `Runtime/Engine/` compiles with `mcs` or `dotnet`; `Tools~/` holds a console
                  trace (`FlocktuneTrace.cs`) and a speed benchmark (`FlocktuneBenchmark.cs`), each with its
                  command in its first lines.
                """.replace("NAME", Code.oneLine(p.name())).replace("TYPE", type).replace("JSON", jsonPath);
    }

    private static Export peer(Preset.Peer p) {
        String reason = Code.kind(p.peer()) + " is a peer's own model, replayed by the web player only (--to web); "
                + "the Unity engine runs flocktune's rule presets";
        String note = "# " + Code.oneLine(p.name()) + "\n\nNot exported: " + reason + ".\n";
        return new Export(Map.of("README.md", note), List.of(new Export.Unrepresented("peer", reason)));
    }

    private static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
