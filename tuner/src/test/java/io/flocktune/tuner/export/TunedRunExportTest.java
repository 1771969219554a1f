package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.flocktune.cli.Main;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A real tuning run exported to every format through the command line, as a new user would:
 * {@code ./flocktune tune} of the tiny test experiment ({@link TinyExperiment}: reynolds with a
 * predator, 2 generations), then {@code ./flocktune export RUN_DIR --to FORMAT} for every
 * format into their default directories. Each export exits 0, or 4 (the documented
 * "unrepresented" code) with one "not represented in FORMAT: …" line per parameter on standard
 * error and 0 without any; each output parses or compiles with its target's tool: the json
 * export loads as the run's best preset, the web page's module passes {@code node --check},
 * the Python module imports under Debian's python3, the C++ header compiles and runs under g++,
 * the C# class compiles with mcs and runs under mono (a missing tool skips its check outside
 * CI and fails it in CI, as in the other export tests).
 */
class TunedRunExportTest {
    static final List<String> FORMATS = List.of("json", "web", "python", "unity", "cpp", "seed-python", "seed-unity", "seed-cpp");
    static Path run;
    static Preset best;
    static final Map<String, Integer> EXITS = new LinkedHashMap<>();
    static final Map<String, List<String>> GAPS = new LinkedHashMap<>();

    record Result(int exit, String out, String err) {}

    static Result flocktune(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @BeforeAll
    static void tuneAndExport(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 2));
        run = tmp.resolve("run");
        Result tune = flocktune("tune", experiment.toString(), "--out", run.toString(), "--threads", "2");
        assertEquals(0, tune.exit(), tune.err());
        best = PresetJson.read(run.resolve("best/best.json"));
        for (String format : FORMATS) {
            Result r = flocktune("export", run.toString(), "--to", format);
            assertTrue(r.exit() == 0 || r.exit() == 4, format + ": exit " + r.exit() + "\n" + r.err());
            List<String> gaps = r.err().lines().toList();
            for (String line : gaps) assertTrue(line.startsWith("not represented in " + format + ": "), format + ": " + line);
            assertEquals(r.exit() == 4, !gaps.isEmpty(), format + ": exit 4 exactly when something is not represented\n" + r.err());
            Path dir = run.resolve("export/" + format);
            assertTrue(Files.isDirectory(dir), format + " went to RUN_DIR/export/" + format);
            for (String printed : r.out().lines().toList()) assertTrue(Files.isRegularFile(Path.of(printed)), format + " wrote " + printed);
            EXITS.put(format, r.exit());
            GAPS.put(format, gaps);
        }
    }

    /**
     * The formats that can carry a reynolds preset whole exit 0; the seed front ends, which have
     * none of its variants, exit 4 and say what they lack.
     */
    @Test
    void everyFormatExitsZeroOrFourAndSaysWhatItLacks() {
        assertEquals(0, EXITS.get("json"), GAPS.get("json").toString());
        assertEquals(0, EXITS.get("web"), "the web player runs every variant live: " + GAPS.get("web"));
        assertEquals(0, EXITS.get("python"), "the Python engine runs every variant: " + GAPS.get("python"));
        assertEquals(0, EXITS.get("unity"), "the C# engine runs every variant: " + GAPS.get("unity"));
        assertEquals(0, EXITS.get("cpp"), "the C++ engine runs every variant: " + GAPS.get("cpp"));
        for (String format : List.of("seed-python", "seed-unity", "seed-cpp")) {
            assertEquals(4, EXITS.get(format), format);
            assertFalse(GAPS.get(format).isEmpty(), format);
        }
    }

    @Test
    void theJsonExportLoadsAsTheRunsBestPresetAndTheSchemaParses() throws Exception {
        Path dir = run.resolve("export/json");
        Path preset;
        try (Stream<Path> files = Files.list(dir)) {
            preset = files.filter(f -> f.toString().endsWith(".json") && !f.getFileName().toString().startsWith("flocktune-preset-1"))
                    .findFirst().orElseThrow();
        }
        assertEquals(best, PresetJson.read(preset), "json → load gives the best preset");
        JsonNode schema = new ObjectMapper().readTree(dir.resolve("flocktune-preset-1.schema.json").toFile());
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.path("$schema").asText());
        assertTrue(PresetSchemaTest.schemaErrors(new ObjectMapper().readTree(preset.toFile())).isEmpty(), "the schema accepts it");
    }

    @Test
    void theWebPagesModuleParsesInNodeAndCarriesTheBestPreset(@TempDir Path tmp) throws Exception {
        String html;
        try (Stream<Path> files = Files.list(run.resolve("export/web"))) {
            html = Files.readString(files.filter(f -> f.toString().endsWith(".html")).findFirst().orElseThrow());
        }
        assertFalse(html.contains("src=\"http"), "self-contained");
        Matcher config = Pattern.compile("<script type=\"application/json\" id=\"config\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertTrue(config.find());
        JsonNode tree = new ObjectMapper().readTree(config.group(1).replace("<\\/", "</"));
        assertEquals(best, PresetJson.fromTree(tree.get("preset").deepCopy(), "page"), "the page flies the best preset");
        assertTrue(tree.get("replay").isNull(), "live, no replay");
        Matcher module = Pattern.compile("<script type=\"module\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertTrue(module.find());
        Path mjs = tmp.resolve("page.mjs");
        Files.writeString(mjs, module.group(1));
        NodeJs.run(tmp, "--check", mjs.toString());
    }

    @Test
    void thePythonModuleImports() throws Exception {
        Tools.require(Tools.works(List.of(PythonSeedExportTest.PYTHON, "-c", "import numpy")), PythonSeedExportTest.PYTHON + " with numpy",
                "python3 python3-numpy");
        Path dir = run.resolve("export/seed-python");
        Tools.Run r = Tools.run(dir, List.of(PythonSeedExportTest.PYTHON, "-c",
                "import flocktune_preset as m; print(len([k for k in dir(m) if k.isupper()]))"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(Integer.parseInt(r.output().strip()) >= 10, "constants: " + r.output());
    }

    /**
     * The python export runs as it is: {@code example.py} prints the order parameter (and saves
     * its picture when matplotlib is installed), and pip installs the engine offline
     * ({@code pip install --no-build-isolation --no-index --target}, Debian's pip and setuptools),
     * after which {@code import flocktune} steps the tuned preset from anywhere.
     */
    @Test
    void thePythonEngineInstallsWithPipAndItsExampleRuns(@TempDir Path tmp) throws Exception {
        String python = PythonSeedExportTest.PYTHON;
        Tools.require(Tools.works(List.of(python, "-c", "import numpy")), python + " with numpy", "python3 python3-numpy");
        Path dir = run.resolve("export/python");
        Tools.Run example = Tools.run(dir, List.of(python, "example.py", "--steps", "20", "--out", tmp.resolve("flock.png").toString()));
        assertEquals(0, example.exit(), example.output());
        assertTrue(example.output().contains("step     20  order parameter "), example.output());
        boolean matplotlib = Tools.works(List.of(python, "-c", "import matplotlib"));
        assertEquals(matplotlib, Files.isRegularFile(tmp.resolve("flock.png")), example.output());

        Tools.require(Tools.works(List.of(python, "-m", "pip", "--version")) && Tools.works(List.of(python, "-c", "import setuptools")),
                "pip and setuptools for " + python, "python3-pip python3-setuptools");
        Path site = tmp.resolve("site");
        Tools.Run pip = Tools.run(tmp, List.of(python, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
                "--target", site.toString(), dir.toString()));
        assertEquals(0, pip.exit(), pip.output());
        ProcessBuilder use = new ProcessBuilder(python, "-c", "import flocktune; f = flocktune.Flock.from_seed(flocktune.Preset.load("
                + "'" + dir.resolve("preset.json") + "'), 1); flocktune.step(f, 3); print(f.step_count, f.count)")
                .directory(tmp.toFile()).redirectErrorStream(true);
        use.environment().put("PYTHONPATH", site.toString());
        Process process = use.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);
        assertEquals("3 " + best.boids().count(), output.strip());
    }

    @Test
    void theCppExampleCompilesAndRuns() throws Exception {
        Tools.require(Tools.works(List.of("g++", "--version")), "g++", "g++");
        Path dir = run.resolve("export/cpp");
        Tools.Run compile = Tools.run(dir, List.of("g++", "-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", "-o", "flock", "main.cpp"));
        assertEquals(0, compile.exit(), compile.output());
        Tools.Run r = Tools.run(dir, List.of(dir.resolve("flock").toString(), "--steps", "20"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().startsWith("preset      " + best.name() + "\n"), r.output());
        assertTrue(r.output().contains("\nsteps       20\n"), r.output());
    }

    @Test
    void theUnityClassCompilesAndMatchesItsAsset() throws Exception {
        Tools.require(Tools.works(List.of("mcs", "--version")) && Tools.works(List.of("mono", "--version")),
                "Mono (mcs and mono)", "mono-mcs");
        Path dir = run.resolve("export/seed-unity");
        Path stubs = dir.resolve(UnitySeedExport.STUBS_FOLDER);
        Tools.Run compile = Tools.run(stubs, List.of("mcs", "-warnaserror+", "-out:print.exe",
                "../" + UnitySeedExport.CLASS_FILE, "UnityEngineStubs.cs", "PrintSettings.cs"));
        assertEquals(0, compile.exit(), compile.output());
        Tools.Run r = Tools.run(stubs, List.of("mono", "print.exe"));
        assertEquals(0, r.exit(), r.output());
        Path asset;
        try (Stream<Path> files = Files.list(dir)) {
            asset = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        JsonNode json = new ObjectMapper().readTree(asset.toFile());
        List<String> keys = new ArrayList<>();
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) keys.add(names.next());
        List<String> printed = r.output().strip().lines().toList();
        assertEquals(keys, printed.stream().map(line -> line.substring(0, line.indexOf('='))).toList());
        for (String line : printed) {
            String name = line.substring(0, line.indexOf('=')), value = line.substring(line.indexOf('=') + 1);
            JsonNode expected = json.get(name);
            if (expected.isBoolean()) assertEquals(expected.asText(), value, name);
            else assertEquals((float) expected.asDouble(), Float.parseFloat(value), name);
        }
    }
}
