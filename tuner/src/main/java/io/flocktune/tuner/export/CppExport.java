package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cpp}: flocktune's engine as a C++17 header-only library, with the preset and a headless
 * example, in a folder that builds as it is ({@code cmake} or one {@code g++} line):
 * <ul>
 *   <li>{@value #ENGINE}: the engine ({@code flocktune::Simulation}), a transcription of the Java
 *       engine that follows it within 1e-9 over 50 steps for every rule variant, neighbourhood,
 *       boundary, motion model, predator, obstacle and goal rule, and update order;</li>
 *   <li>{@value #PRESET}: the preset as a function returning a {@code flocktune::Preset} struct,
 *       one assignment per JSON field, the tuned fields marked;</li>
 *   <li>{@value #MAIN}: runs the preset headless and prints the summary {@code flocktune simulate}
 *       prints ({@code --seed}, {@code --steps}, {@code --init}, {@code --trace}), or benchmarks
 *       the engine ({@code --bench N});</li>
 *   <li>{@value #CMAKE} and a {@code README.md}.</li>
 * </ul>
 * Every rule preset is represented whole; a peer model's preset is not (its one unrepresented
 * entry, {@code peer}, says so, and {@code Exports} writes nothing).
 */
public final class CppExport implements Exporter {
    /** The engine header. */
    public static final String ENGINE = "flocktune.hpp";
    /** The generated preset header. */
    public static final String PRESET = "preset.hpp";
    /** The example program. */
    public static final String MAIN = "main.cpp";
    /** The CMake build of the example. */
    public static final String CMAKE = "CMakeLists.txt";
    /** The function {@value #PRESET} defines, in namespace {@code flocktune}. */
    public static final String FUNCTION = "tuned_preset";

    /** C++ type of each {@code kind} field, by the JSON path of its object. */
    private static final Map<String, String> KIND_TYPES = Map.of(
            "world.boundary", "flocktune::Boundary::Kind",
            "neighbourhood", "flocktune::Neighbourhood::Kind",
            "separation", "flocktune::Separation::Kind",
            "alignment", "flocktune::Alignment::Kind",
            "cohesion", "flocktune::Cohesion::Kind",
            "motion", "flocktune::Motion::Kind",
            "predators.behaviour", "flocktune::PredatorBehaviour::Kind",
            "obstacles.avoidance", "flocktune::Avoidance::Kind");

    @Override
    public String format() {
        return "cpp";
    }

    @Override
    public String description() {
        return "flocktune's engine as a C++17 header (" + ENGINE + "), the preset as a struct (" + PRESET
                + "), and a headless example with CMake";
    }

    @Override
    public Export export(TunedPreset tuned) {
        if (tuned.preset() instanceof Preset.Peer peer) return Code.notForPeer(peer, "the C++ engine");
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ENGINE, Code.resource("cpp/" + ENGINE));
        files.put(PRESET, presetHeader(tuned));
        files.put(MAIN, Code.resource("cpp/" + MAIN));
        files.put(CMAKE, Code.resource("cpp/" + CMAKE));
        files.put("README.md", readme(tuned));
        return new Export(files, List.of());
    }

    private static String readme(TunedPreset tuned) {
        return "# flocktune engine for C++: preset " + Code.oneLine(tuned.preset().name()) + "\n\n"
                + "Exported by `flocktune export --to cpp` from " + Code.oneLine(tuned.origin()) + ".\n\n"
                + "```sh\n"
                + "cmake -S . -B build && cmake --build build     # or: g++ -std=c++17 -O2 -o flock main.cpp\n"
                + "./build/flock --steps 1000                    # prints the summary of flocktune simulate\n"
                + "./build/flock --steps 50 --trace trace.csv     # every step's state as CSV\n"
                + "./build/flock --bench 5000                     # boid-updates per second at N = 5000\n"
                + "```\n\n"
                + "```cpp\n"
                + "#include \"preset.hpp\"   // includes flocktune.hpp\n\n"
                + "flocktune::Simulation sim = flocktune::Simulation::from_seed(flocktune::" + FUNCTION + "(), 1);\n"
                + "for (int k = 0; k < 100; ++k) sim.step();\n"
                + "double phi = sim.polarization();   // sim.x()[i], sim.vx()[i], ... in id order\n"
                + "```\n";
    }

    /** {@value #PRESET}: a header defining {@code flocktune::tuned_preset()}, the tuned fields marked. */
    static String presetHeader(TunedPreset tuned) {
        Preset p = tuned.preset();
        StringBuilder out = new StringBuilder();
        out.append("// flocktune preset \"").append(Code.cppComment(p.name())).append("\" as a flocktune::Preset (").append(ENGINE).append(").\n");
        out.append("// Exported by `flocktune export --to cpp` from ").append(Code.cppComment(tuned.origin())).append(".\n");
        if (!tuned.tunedPaths().isEmpty()) {
            out.append("// Tuned by flocktune: ").append(Code.cppComment(String.join(", ", tuned.tunedPaths()))).append(".\n");
        }
        out.append("// Units and ranges: flocktune-preset-1.schema.json (flocktune export --to json).\n");
        out.append("#pragma once\n\n#include \"").append(ENGINE).append("\"\n\nnamespace flocktune {\n\n");
        out.append(presetFunction(tuned, FUNCTION));
        out.append("\n}  // namespace flocktune\n");
        return out.toString();
    }

    /**
     * {@code inline flocktune::Preset NAME()}: the preset's JSON form as assignments, one per
     * field, in the JSON's order; a field whose path was tuned ends in {@code // tuned}.
     */
    static String presetFunction(TunedPreset tuned, String name) {
        StringBuilder out = new StringBuilder();
        out.append("/** The preset \"").append(Code.cppComment(tuned.preset().name())).append("\". */\n");
        out.append("inline flocktune::Preset ").append(name).append("() {\n");
        out.append("    flocktune::Preset p;\n");
        assignments(out, tuned, PresetJson.toTree(tuned.preset()), "");
        out.append("    return p;\n}\n");
        return out.toString();
    }

    private static void assignments(StringBuilder out, TunedPreset tuned, JsonNode node, String path) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey(), at = path.isEmpty() ? key : path + "." + key;
            JsonNode value = field.getValue();
            if (at.equals("format")) continue;   // flocktune::Preset's default, checked by the engine
            if (value.isObject()) {
                assignments(out, tuned, value, at);
                continue;
            }
            String literal;
            if (key.equals("kind")) {
                String type = KIND_TYPES.get(path);
                if (type == null) throw new IllegalArgumentException(at + ": no C++ type for this kind");
                literal = type + "::" + value.textValue();
            } else if (at.equals("update")) {
                literal = "flocktune::Update::" + value.textValue();
            } else if (at.equals("obstacles.spheres")) {
                literal = spheres(value);
            } else {
                literal = literal(value);
            }
            out.append("    p.").append(at).append(" = ").append(literal).append(";");
            if (!at.equals("name") && !at.equals("description") && tuned.tuned(at)) out.append("  // tuned");
            out.append('\n');
        }
    }

    /** The spheres as {@code {{x, y, z, radius}, ...}} (flocktune::Sphere's field order, checked here). */
    private static String spheres(JsonNode array) {
        StringBuilder out = new StringBuilder("{");
        for (int k = 0; k < array.size(); k++) {
            JsonNode s = array.get(k);
            List<String> names = iterable(s.fieldNames());
            if (!names.equals(List.of("x", "y", "z", "radius"))) throw new IllegalArgumentException("obstacles.spheres: fields " + names);
            out.append(k > 0 ? ", " : "").append("{").append(literal(s.get("x"))).append(", ").append(literal(s.get("y")))
                    .append(", ").append(literal(s.get("z"))).append(", ").append(literal(s.get("radius"))).append("}");
        }
        return out.append("}").toString();
    }

    private static List<String> iterable(Iterator<String> names) {
        List<String> out = new java.util.ArrayList<>();
        names.forEachRemaining(out::add);
        return out;
    }

    /** A JSON scalar as a C++ literal: string, bool, int, or a double that reads back exactly. */
    static String literal(JsonNode node) {
        if (node.isTextual()) return string(node.textValue());
        if (node.isBoolean()) return node.booleanValue() ? "true" : "false";
        if (node.isIntegralNumber()) return node.bigIntegerValue().toString();
        if (node.isNumber()) return Code.number(node.doubleValue());   // "1.0E-4": a C++ double literal, the same double
        throw new IllegalArgumentException("no C++ literal for " + node);
    }

    /** A C++ string literal of {@code s} (UTF-8 source): quotes, backslashes and control characters escaped. */
    static String string(String s) {
        StringBuilder out = new StringBuilder("\"");
        s.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') out.append('\\').appendCodePoint(c);
            else if (c == '?') out.append("\\?");   // no trigraphs
            else if (c < 0x20 || c == 0x7f) out.append(String.format("\\%03o", c));
            else out.appendCodePoint(c);
        });
        return out.append('"').toString();
    }
}
