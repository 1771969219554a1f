package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every exporter handles every valid preset: the built-ins and random presets of every variant
 * (extreme values included) export without an error; every unrepresented entry names a preset
 * section; the json export reads back as the same preset; the Unity asset is JSON; and the
 * generated Python modules and C++ headers of the built-ins, the extreme presets, a preset whose
 * name and description try to break out of a comment, docstring or string literal, and 60 random
 * presets compile (skipped without the tools, as in {@link Tools#require}).
 */
class ExportersPropertyTest {
    static final Set<String> SECTIONS = Arrays.stream(Preset.class.getPermittedSubclasses())   // a rule set's or a peer's
            .flatMap(kind -> Arrays.stream(kind.getRecordComponents())).map(RecordComponent::getName).collect(Collectors.toSet());

    /** The built-ins, extreme values, and {@code random} random presets. */
    static List<Preset> presets(int random) throws Exception {
        List<Preset> presets = new ArrayList<>(Presets.all().values());
        presets.add(PresetJson.resolve("seed003", List.of("separation.weight=1e300", "separation.strength=1e300",
                "separation.radius=1e-300", "world.size=1.7e308", "boids.maxSpeed=1e40", "cohesion.weight=1e-50")));
        presets.add(PresetJson.resolve("seed000", List.of("separation.weight=1.7e308", "alignment.weight=1e307",
                "cohesion.weight=4.9e-324", "world.size=1.7e308", "neighbourhood.radius=1e300")));
        presets.add(PresetJson.resolve("seed004", List.of("neighbourhood={\"kind\": \"global\"}", "world.size=1.7e308",
                "motion.speed=1e39", "motion.turnFactor=4.9e-324")));
        // names and descriptions that try to end a comment, a docstring or a string literal
        presets.add(Presets.rules("seed003").toBuilder().name("q\"\"\"\n#error name\\N{\u2028x")
                .description("d \"\"\" \\N{ */ \r\n#error description \\").build());
        SplittableRandom r = new SplittableRandom(12);
        for (int k = 0; k < random; k++) presets.add(RandomPresetTrees.next(r));
        return presets;
    }

    @Test
    void everyExporterHandlesEveryPreset() throws Exception {
        for (Preset preset : presets(300)) {
            TunedPreset tuned = new TunedPreset(preset, List.of("separation.weight"), "test");
            for (Exporter exporter : Exporters.all().values()) {
                Export export = exporter.export(tuned);
                for (Export.Unrepresented u : export.unrepresented()) {
                    assertTrue(SECTIONS.contains(u.path().split("\\.")[0]), exporter.format() + ": " + u);
                }
                if (exporter instanceof WebExport) continue;   // the page inlines the JS engine, which uses Infinity
                for (var file : export.files().entrySet()) {
                    if (exporter instanceof UnityExport && UnityExport.shippedAsIs(file.getKey())) continue;   // the C# engine's sources
                    for (String line : codeLines(file.getValue())) {
                        assertFalse(line.contains("Infinity") || line.contains("NaN"), exporter.format() + ": " + line);
                    }
                }
            }
            Export json = new JsonExport().export(tuned);
            assertEquals(preset, PresetJson.parse(json.files().get(Code.fileName(preset.name()) + ".json"), "export"));
            Export unity = new UnitySeedExport().export(tuned);
            if (preset instanceof Preset.Peer) {     // the seeds' programs run rules: a peer's model is refused
                assertEquals(List.of("peer"), unity.unrepresented().stream().map(Export.Unrepresented::path).toList());
                assertEquals(Set.of("README.md"), unity.files().keySet());
                continue;
            }
            JsonMapper.builder().build().readTree(unity.files().get(Code.fileName(preset.name()) + ".json"));
        }
    }

    /** The lines of generated code that are not comments, docstrings or the header's lists. */
    static List<String> codeLines(String content) {
        List<String> code = new ArrayList<>();
        boolean docstring = false;
        for (String line : content.lines().toList()) {
            String trimmed = line.strip();
            if (trimmed.startsWith("\"\"\"")) {
                docstring = !(docstring || trimmed.length() > 3 && trimmed.endsWith("\"\"\""));
                continue;
            }
            if (docstring || trimmed.startsWith("//") || trimmed.startsWith("#")) continue;
            int comment = Math.max(line.indexOf("//"), line.indexOf(" # "));
            code.add(comment < 0 ? line : line.substring(0, comment));
        }
        return code;
    }

    @Test
    void fileNamesAreSafeAndDistinct() throws Exception {
        for (String name : List.of("flocktune-preset-1.schema", "../up", ".hidden", "a/b\\c", "")) {
            Preset preset = Presets.rules("seed000").toBuilder().name(name.isEmpty() ? "x" : name).build();
            for (Exporter exporter : Exporters.all().values()) {
                Export export = exporter.export(new TunedPreset(preset, List.of(), "test"));
                assertTrue(export.files().size() >= 1);
                for (String file : export.files().keySet()) {
                    assertTrue(Export.isRelativePath(file), file);
                }
            }
            assertEquals(2, new JsonExport().export(new TunedPreset(preset, List.of(), "test")).files().size(), name);
        }
    }

    @Test
    void generatedPythonModulesCompile(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of(PythonSeedExportTest.PYTHON, "--version")), PythonSeedExportTest.PYTHON, "python3");
        List<String> command = new ArrayList<>(List.of(PythonSeedExportTest.PYTHON, "-m", "py_compile"));
        int k = 0;
        for (Preset preset : presets(60)) {
            if (preset instanceof Preset.Peer) continue;     // refused by the seeds' programs (everyExporterHandlesEveryPreset)
            Path file = dir.resolve("module" + k++ + ".py");
            Files.writeString(file, new PythonSeedExport().export(new TunedPreset(preset, List.of(), "test")).files().get(PythonSeedExport.FILE));
            command.add(file.toString());
            Path engine = dir.resolve("preset" + k + ".py");   // the engine export's dataclass module
            Files.writeString(engine, new PythonExport().export(new TunedPreset(preset, List.of(), "test")).files().get(PythonExport.PRESET_MODULE));
            command.add(engine.toString());
        }
        Tools.Run run = Tools.run(dir, command);
        assertEquals(0, run.exit(), run.output());
    }

    @Test
    void generatedCppHeadersCompile(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of("g++", "--version")), "g++", "g++");
        List<String> command = new ArrayList<>(List.of("g++", "-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only"));
        int k = 0;
        for (Preset preset : presets(60)) {
            if (preset instanceof Preset.Peer) continue;     // refused by seed 003's program (everyExporterHandlesEveryPreset)
            Path header = dir.resolve("header" + k + ".hpp"), file = dir.resolve("header" + k++ + ".cpp");
            Files.writeString(header, new CppSeedExport().export(new TunedPreset(preset, List.of(), "test")).files().get(CppSeedExport.FILE));
            Files.writeString(file, "#include \"" + header.getFileName() + "\"\n#include \"" + header.getFileName() + "\"\n"
                    + "static_assert(flocktune::config.birdCount > 0, \"\");\n");
            command.add(file.toString());
        }
        Tools.Run run = Tools.run(dir, command);
        assertEquals(0, run.exit(), run.output());
    }
}
