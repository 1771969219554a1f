package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.cli.Main;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.StateCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The {@code unity} export, a Unity package running flocktune's engine in C#: for the presets of
 * {@link WebEngineTest} (every built-in rule preset, the default experiment's base with a predator
 * from the seed and from a CSV, the tuned showcase run, random presets taking every rule variant,
 * neighbourhood, boundary, motion, predator behaviour, obstacle avoidance and update order, in 2D
 * and 3D), Mono runs the exported engine through the package's own trace tool for
 * {@value WebEngineTest#STEPS} steps and {@code flocktune simulate --trace} runs Java; every
 * position and velocity of every boid and predator at every step must agree within
 * {@value WebEngineTest#TOLERANCE}. The generated preset class equals its JSON; the MonoBehaviour
 * adapter and the sample compile against UnityEngine stubs and draw what the engine computes.
 */
class UnityPackageTest {

    private static void requireMono() {
        Tools.require(Tools.works(List.of("mcs", "--version")) && Tools.works(List.of("mono", "--version")),
                "Mono (mcs and mono)", "mono-mcs");
    }

    /** Writes every file of {@code export} under {@code root} (sub-folders created). */
    static void write(Export export, Path root) throws IOException {
        for (var e : export.files().entrySet()) {
            Path file = root.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
        }
    }

    /** @return the package's preset JSON path, relative to its root */
    static String presetJson(Export export) {
        return export.files().keySet().stream().filter(f -> f.startsWith("Runtime/Presets/") && f.endsWith(".json"))
                .findFirst().orElseThrow();
    }

    private static Tools.Run compile(Path dir, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("mcs", "-warnaserror+", "-nowarn:1591"));
        command.addAll(args);
        Tools.Run run = Tools.run(dir, command);
        assertEquals(0, run.exit(), String.join(" ", command) + "\n" + run.output());
        return run;
    }

    private static void copyResource(String name, Path target) throws IOException {
        try (InputStream in = UnityPackageTest.class.getResourceAsStream("unity/" + name)) {
            assertNotNull(in, name);
            Files.copy(in, target);
        }
    }

    @Test
    void csharpEngineFollowsTheJavaEngineForEveryVariant(@TempDir Path dir) throws Exception {
        requireMono();
        List<WebEngineTest.Case> cases = WebEngineTest.cases();
        Path tools = null;
        StringBuilder runs = new StringBuilder();
        for (int c = 0; c < cases.size(); c++) {
            WebEngineTest.Case k = cases.get(c);
            Export export = new UnityExport().export(new TunedPreset(k.preset(), List.of(), k.label()));
            assertEquals(List.of(), export.unrepresented(), k.label());
            Path root = dir.resolve("package-" + c);
            write(export, root);
            if (tools == null) tools = root;
            Path preset = dir.resolve("preset-" + c + ".json");
            Files.writeString(preset, PresetJson.write(k.preset()));
            Path init = null;
            if (k.fromCsv()) {
                init = dir.resolve("init-" + c + ".csv");
                StateCsv.write(init, 0, WebEngineTest.initialState(k.preset(), k.seed()));
                if (k.label().startsWith("CSV without predator rows: ")) {
                    List<String> rows = Files.readAllLines(init).stream().filter(row -> !row.contains(",predator,")).toList();
                    Files.write(init, rows);
                }
            }
            Path javaTrace = dir.resolve("java-" + c + ".csv");
            List<String> args = new ArrayList<>(List.of("simulate", "--preset", preset.toString(), "--seed", Long.toString(k.seed()),
                    "--steps", Integer.toString(WebEngineTest.STEPS), "--trace", javaTrace.toString()));
            if (init != null) args.addAll(List.of("--init", init.toString()));
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int code = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, code, k.label() + ": " + err.toString(StandardCharsets.UTF_8));
            List<String> run = new ArrayList<>(List.of(root.resolve(presetJson(export)).toString(), Long.toString(k.seed()),
                    Integer.toString(WebEngineTest.STEPS), dir.resolve("cs-" + c + ".csv").toString()));
            if (init != null) run.add(init.toString());
            runs.append(String.join("\t", run)).append('\n');
        }
        Files.writeString(dir.resolve("runs.tsv"), runs);
        compile(tools, List.of("-out:" + dir.resolve("trace.exe"), "Tools~/FlocktuneTrace.cs", "Runtime/Engine/*.cs"));
        compile(tools, List.of("-optimize+", "-out:" + dir.resolve("benchmark.exe"), "Tools~/FlocktuneBenchmark.cs", "Runtime/Engine/*.cs"));
        Tools.Run trace = Tools.run(dir, List.of("mono", "trace.exe", "runs.tsv"));
        assertEquals(0, trace.exit(), trace.output());

        WebEngineTest.assertEveryCaseFollowsJava("C#", "cs", cases, dir);
    }

    /** Each preset class builds exactly the preset its JSON holds (every built-in rule preset, the tuned run, the variants). */
    @Test
    void presetClassEqualsItsJson(@TempDir Path dir) throws Exception {
        requireMono();
        List<String> sources = new ArrayList<>(List.of("Runtime/Engine/FlocktunePreset.cs", "PresetCheck.cs"));
        List<String> checks = new ArrayList<>();
        Set<String> types = new HashSet<>();
        Path root = dir.resolve("package");
        for (WebEngineTest.Case k : WebEngineTest.cases()) {
            Export export = new UnityExport().export(new TunedPreset(k.preset(), List.of("separation.weight"), k.label()));
            String type = UnityExport.className(k.preset().name());
            if (!types.add(type)) continue;
            write(export, root);
            sources.add("Runtime/Engine/" + type + ".cs");
            checks.add(type + "=" + presetJson(export));
        }
        copyResource("PresetCheck.cs", root.resolve("PresetCheck.cs"));
        compile(root, concat(List.of("-out:check.exe"), sources));
        Tools.Run run = Tools.run(root, concat(List.of("mono", "check.exe"), checks));
        assertEquals(0, run.exit(), run.output());
        assertEquals("ok " + checks.size(), run.output().strip());
    }

    /** The MonoBehaviour and the sample compile against UnityEngine stubs, and the views follow the engine. */
    @Test
    void adapterAndSampleRunTheFlock(@TempDir Path dir) throws Exception {
        requireMono();
        Preset preset = PresetJson.resolve("reynolds", List.of("predators.count=2", "boids.count=60"));
        Export export = new UnityExport().export(new TunedPreset(preset, List.of(), "test"));
        write(export, dir);
        copyResource("UnityEngineStubs.cs", dir.resolve("UnityEngineStubs.cs"));
        copyResource("AdapterRun.cs", dir.resolve("AdapterRun.cs"));
        // the engine alone, without the stubs: it needs no UnityEngine
        compile(dir, List.of("-target:library", "-out:engine.dll", "Runtime/Engine/*.cs"));
        compile(dir, List.of("-out:adapter.exe", "Runtime/Engine/*.cs", "Runtime/Unity/*.cs", "Samples~/Flock/FlocktuneSample.cs",
                "UnityEngineStubs.cs", "AdapterRun.cs"));
        Tools.Run run = Tools.run(dir, List.of("mono", "adapter.exe", "30"));
        assertEquals(0, run.exit(), run.output());
        assertEquals("ok 60 boids, 2 predators, 30 steps", run.output().strip());
    }

    @Test
    void packageLayout() throws Exception {
        Export export = new UnityExport().export(TunedPreset.load("reynolds"));
        assertEquals(List.of("package.json", "README.md",
                "Runtime/Engine/Flocktune.Engine.asmdef", "Runtime/Engine/FlocktunePreset.cs", "Runtime/Engine/FlocktuneRandom.cs",
                "Runtime/Engine/FlocktuneSimulation.cs", "Runtime/Engine/ReynoldsPreset.cs", "Runtime/Presets/reynolds.json",
                "Runtime/Unity/Flocktune.Unity.asmdef", "Runtime/Unity/FlocktuneFlock.cs", "Runtime/Unity/FlocktunePresetAsset.cs",
                "Samples~/Flock/FlocktuneSample.cs", "Tools~/FlocktuneTrace.cs", "Tools~/FlocktuneBenchmark.cs"),
                List.copyOf(export.files().keySet()));
        JsonMapper mapper = JsonMapper.builder().build();
        JsonNode pkg = mapper.readTree(export.files().get("package.json"));
        assertEquals("com.flocktune.reynolds", pkg.get("name").asText());
        assertTrue(pkg.get("version").asText().matches("\\d+\\.\\d+\\.\\d+"));
        String samplePath = pkg.get("samples").get(0).get("path").asText();
        assertTrue(export.files().keySet().stream().anyMatch(f -> f.startsWith(samplePath + "/")), samplePath);
        assertTrue(mapper.readTree(export.files().get("Runtime/Engine/Flocktune.Engine.asmdef")).get("noEngineReferences").asBoolean());
        assertEquals("Flocktune.Engine", mapper.readTree(export.files().get("Runtime/Unity/Flocktune.Unity.asmdef")).get("references").get(0).asText());
        for (var e : export.files().entrySet()) {
            if (e.getKey().startsWith("Runtime/Engine/")) assertFalse(e.getValue().contains("using UnityEngine"), e.getKey() + " needs no UnityEngine");
        }
    }

    @Test
    void everyRulePresetExportsFaithfullyAndPeersAreRefused() throws Exception {
        for (Preset p : Presets.all().values()) {
            Export export = new UnityExport().export(new TunedPreset(p, List.of(), p.name()));
            if (p instanceof Preset.Peer) {
                assertEquals(List.of("peer"), export.unrepresented().stream().map(Export.Unrepresented::path).toList(), p.name());
                assertTrue(export.unrepresented().getFirst().reason().contains("web"), export.unrepresented().toString());
            } else {
                assertEquals(List.of(), export.unrepresented(), p.name());
            }
        }
    }

    @Test
    void namesBecomeValidIdentifiers() {
        assertEquals("DefaultBestPreset", UnityExport.className("default-best"));
        assertEquals("Seed004Preset", UnityExport.className("seed004"));
        assertEquals("Flocktune3dFlockPreset", UnityExport.className("3d flock"));
        assertEquals("FlocktunePreset", UnityExport.className("..."));
        assertEquals("worldBoundaryKind", UnityExport.camel("world.boundary.kind"));
        assertEquals("preset-3d-flock", UnityExport.packageSuffix("3D flock!"));
        assertEquals("\"a\\\"b\\\\c\\u000a\"", UnityExport.csString("a\"b\\c\n"));
    }

    /** A JSON key the engine does not know, or a value of the wrong type, is one line and exit 2. */
    @Test
    void badPresetJsonIsOneLine(@TempDir Path dir) throws Exception {
        requireMono();
        write(new UnityExport().export(TunedPreset.load("reynolds")), dir);
        compile(dir, List.of("-out:trace.exe", "Tools~/FlocktuneTrace.cs", "Runtime/Engine/*.cs"));
        Files.writeString(dir.resolve("unknown.json"), "{\"separationRadus\": 2}");
        Files.writeString(dir.resolve("type.json"), "{\"boidsCount\": 2.5}");
        Files.writeString(dir.resolve("kind.json"), "{\"separationKind\": \"nearest\", \"worldSize\": 10, \"boidsCount\": 3}");
        for (var c : List.of(List.of("unknown.json", "trace: preset JSON: \"separationRadus\" is not a FlocktunePreset field"),
                List.of("type.json", "trace: preset JSON: \"boidsCount\" must be a whole number"),
                List.of("kind.json", "trace: separation: \"nearest\" is not one of linear, inverseDistance, inverseSquareClamped, normalized, zonal"))) {
            Tools.Run run = Tools.run(dir, List.of("mono", "trace.exe", c.get(0), "1", "1", "out.csv"));
            assertEquals(2, run.exit(), run.output());
            assertEquals(c.get(1), run.output().strip());
        }
        assertFalse(Files.exists(dir.resolve("out.csv")));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
