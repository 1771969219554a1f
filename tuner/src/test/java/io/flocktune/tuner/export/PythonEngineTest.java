package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.flocktune.cli.Main;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.StateCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exported Python engine ({@code flocktune export --to python}) against the Java engine, on
 * the web engine's matrix ({@link WebEngineTest#cases()}: every built-in rule preset from its
 * seed, the default experiment's base with a predator from a seed and from state CSVs, the tuned
 * showcase run, and random presets that together take every rule variant, neighbourhood,
 * boundary, motion model, predator behaviour, obstacle avoidance and update order, 2D and 3D):
 * Debian's {@code /usr/bin/python3} with numpy runs the exported package for
 * {@value WebEngineTest#STEPS} steps and {@code flocktune simulate [--init STATE.csv] --trace}
 * runs the Java engine; every position and velocity of every boid and predator at every step
 * must agree within {@value WebEngineTest#TOLERANCE} (minimum image in a periodic world).
 */
class PythonEngineTest {

    @Test
    void pythonEngineFollowsTheJavaEngine(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of(PythonSeedExportTest.PYTHON, "-c", "import numpy")),
                PythonSeedExportTest.PYTHON + " with numpy", "python3 python3-numpy");
        List<WebEngineTest.Case> cases = WebEngineTest.cases();
        Path engine = dir.resolve("engine");
        run("export", "reynolds", "--to", "python", "--out", engine.toString());
        List<Map<String, Object>> manifest = new ArrayList<>();
        for (int c = 0; c < cases.size(); c++) {
            WebEngineTest.Case k = cases.get(c);
            Path preset = dir.resolve("preset-" + c + ".json");
            Files.writeString(preset, PresetJson.write(k.preset()));
            Path init = null;
            if (k.fromCsv()) {
                init = dir.resolve("init-" + c + ".csv");
                StateCsv.write(init, 0, WebEngineTest.initialState(k.preset(), k.seed()));
                if (k.label().startsWith("CSV without predator rows")) {
                    Files.write(init, Files.readAllLines(init).stream().filter(row -> !row.contains(",predator,")).toList());
                }
            }
            List<String> args = new ArrayList<>(List.of("simulate", "--preset", preset.toString(), "--seed", Long.toString(k.seed()),
                    "--steps", Integer.toString(WebEngineTest.STEPS), "--trace", dir.resolve("java-" + c + ".csv").toString()));
            if (init != null) args.addAll(List.of("--init", init.toString()));
            run(args.toArray(String[]::new));
            Map<String, Object> entry = new HashMap<>();
            entry.put("preset", preset.toString());
            entry.put("init", init == null ? null : init.toString());
            entry.put("seed", Long.toString(k.seed()));
            entry.put("steps", WebEngineTest.STEPS);
            entry.put("out", dir.resolve("python-" + c + ".csv").toString());
            manifest.add(entry);
        }
        Path manifestFile = dir.resolve("manifest.json");
        new ObjectMapper().writeValue(manifestFile.toFile(), manifest);
        ProcessBuilder python = new ProcessBuilder(PythonSeedExportTest.PYTHON, Path.of("src/test/python/run_engine.py").toAbsolutePath().toString(),
                manifestFile.toString()).directory(dir.toFile()).redirectErrorStream(true);
        python.environment().put("PYTHONPATH", engine.toString());
        Process process = python.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);

        WebEngineTest.assertEveryCaseFollowsJava("Python", "python", cases, dir);
    }

    /** The engine's preset module and JSON carry the preset: the dataclass equals the JSON's preset. */
    @Test
    void thePresetModuleIsThePresetJson(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of(PythonSeedExportTest.PYTHON, "-c", "import numpy")),
                PythonSeedExportTest.PYTHON + " with numpy", "python3 python3-numpy");
        List<String> checks = new ArrayList<>();
        int k = 0;
        for (var preset : ExportersPropertyTest.presets(20)) {
            if (preset instanceof Preset.Peer) continue;
            Path folder = dir.resolve("p" + k++);
            Export export = new PythonExport().export(new TunedPreset(preset, List.of("separation.weight"), "test"));
            assertEquals(List.of(), export.unrepresented(), preset.name());
            for (var file : export.files().entrySet()) {
                Files.createDirectories(folder.resolve(file.getKey()).getParent());
                Files.writeString(folder.resolve(file.getKey()), file.getValue());
            }
            checks.add(folder.toString());
        }
        String script = "import importlib, sys\n"
                + "for folder in sys.argv[1:]:\n"
                + "    sys.path.insert(0, folder)\n"
                + "    for m in [m for m in sys.modules if m == 'tuned_preset' or m.startswith('flocktune')]: del sys.modules[m]\n"
                + "    import flocktune, tuned_preset\n"
                + "    assert tuned_preset.PRESET == flocktune.Preset.load(folder + '/preset.json'), folder\n"
                + "    sys.path.remove(folder)\n"
                + "print(len(sys.argv) - 1)\n";
        List<String> command = new ArrayList<>(List.of(PythonSeedExportTest.PYTHON, "-c", script));
        command.addAll(checks);
        Tools.Run r = Tools.run(dir, command);
        assertEquals(0, r.exit(), r.output());
        assertEquals(Integer.toString(checks.size()), r.output().strip());
    }

    private static void run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, String.join(" ", args) + ": " + err.toString(StandardCharsets.UTF_8));
    }
}
