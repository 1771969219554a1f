package io.flocktune.tuner.export;

import io.flocktune.cli.Main;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code seed-python} export makes a tuned flock run unchanged in seed 000's numpy code: the
 * stepper it ships, {@code seed000_step.py}, is seed 000's rules as printed (its Javadoc lists the few
 * choices where the seed is silent), reading every constant from the exported module. From the
 * same state CSV, 30 steps of it under Debian's {@code /usr/bin/python3} + numpy match
 * {@code flocktune simulate --init … --trace} for every boid's position and velocity within
 * {@code 1e-9·max(1, |value|)}, for a seed000-like preset with every slider and range moved
 * off seed 000's values (so the /50, /600, /100 scalings and each range are exercised); and
 * likewise seed 002's code ({@code seed002_step.py}) for a seed002-like preset, predator included.
 */
class PythonSeedExportTest {
    static final String PYTHON = "/usr/bin/python3";
    static final int STEPS = 30;

    static String flocktune(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, exit, () -> String.join(" ", args) + "\n" + err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aTunedSeed000FlockRunsTheSameInSeed000sNumpyCode(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of(PYTHON, "-c", "import numpy")), PYTHON + " with numpy", "python3 python3-numpy");
        Path preset = dir.resolve("tuned.json");
        Files.writeString(preset, PresetJson.write(PresetJson.resolve("seed000", List.of(
                "boids.count=40", "boids.spawnSize=40", "boids.maxSpeed=1.7",
                "separation.weight=0.031", "separation.radius=6.5", "alignment.weight=0.004",
                "cohesion.weight=0.013", "neighbourhood.radius=13", "obstacles.avoidance.range=13",
                "world.size=44", "world.boundary.margin=3", "world.boundary.turn=0.3",
                "obstacles.spheres.0.x=8"))));
        Path module = dir.resolve("python");
        flocktune("export", preset.toString(), "--to", "seed-python", "--out", module.toString());
        Path init = dir.resolve("init.csv"), trace = dir.resolve("trace.csv"), numpy = dir.resolve("numpy.csv");
        flocktune("simulate", "--preset", preset.toString(), "--seed", "5", "--steps", "0", "--trace", init.toString());
        flocktune("simulate", "--preset", preset.toString(), "--init", init.toString(), "--steps", Integer.toString(STEPS),
                "--trace", trace.toString());
        Path script = module.resolve("seed000_step.py");   // shipped in the export
        Tools.Run run = Tools.run(dir, List.of(PYTHON, script.toString(), module.toString(), init.toString(),
                Integer.toString(STEPS), numpy.toString()));
        assertEquals(0, run.exit(), run.output());

        Map<String, double[]> engine = rows(trace);
        assertEquals(40 * STEPS, rows(numpy).size());
        double worst = compare(engine, rows(numpy));
        // the rules did act: velocities changed beyond the initial ones
        int moved = 0;
        Map<String, double[]> start = rows(init);
        for (Map.Entry<String, double[]> row : start.entrySet()) {
            double[] end = engine.get(STEPS + row.getKey().substring(row.getKey().indexOf(',')));
            if (Math.abs(end[3] - row.getValue()[3]) > 1e-3) moved++;
        }
        assertTrue(moved > 20, "boids whose velocity changed: " + moved);
        System.out.println("PythonSeedExportTest worst relative difference numpy vs engine over " + STEPS + " steps: " + worst);
    }

    /**
     * Seed 002's code ({@code seed002_step.py}: its Algorithms 1–6, {@code update_pred},
     * {@code saturate} and hard bound) with the module of a seed002-like preset whose every
     * factor, range, speed, goal and predator constant moved: boids and the predator match the
     * engine within 1e-9 for 30 steps.
     */
    @Test
    void aTunedSeed002FlockRunsTheSameInSeed002sNumpyCode(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of(PYTHON, "-c", "import numpy")), PYTHON + " with numpy", "python3 python3-numpy");
        Path preset = dir.resolve("tuned.json");
        Files.writeString(preset, PresetJson.write(PresetJson.resolve("seed002", List.of(
                "boids.count=40", "boids.spawnSize=40", "boids.minSpeed=0.4", "boids.maxSpeed=1.8",
                "separation.weight=0.07", "separation.radius=3.5", "alignment.weight=0.03", "cohesion.weight=0.008",
                "neighbourhood.radius=12", "goal.radius=12", "goal.weight=0.02", "goal.x=10", "goal.y=-5", "goal.z=8",
                "predators.fleeRadius=12", "predators.fleeWeight=0.7", "predators.behaviour.power=0.002",
                "predators.maxSpeed=1.5", "world.size=50"))));
        Path module = dir.resolve("python");
        flocktune("export", preset.toString(), "--to", "seed-python", "--out", module.toString());
        Path init = dir.resolve("init.csv"), trace = dir.resolve("trace.csv"), numpy = dir.resolve("numpy.csv");
        flocktune("simulate", "--preset", preset.toString(), "--seed", "6", "--steps", "0", "--trace", init.toString());
        flocktune("simulate", "--preset", preset.toString(), "--init", init.toString(), "--steps", Integer.toString(STEPS),
                "--trace", trace.toString());
        Path script = module.resolve("seed002_step.py");   // shipped in the export
        Tools.Run run = Tools.run(dir, List.of(PYTHON, script.toString(), module.toString(), init.toString(),
                Integer.toString(STEPS), numpy.toString()));
        assertEquals(0, run.exit(), run.output());
        Map<String, double[]> python = rows(numpy);
        assertEquals(41 * STEPS, python.size());
        double worst = compare(rows(trace), python);
        System.out.println("PythonSeedExportTest seed002 worst relative difference numpy vs engine over " + STEPS + " steps: " + worst);
    }

    /** @return the worst relative difference; fails beyond {@code 1e-9·max(1, |engine|)} */
    static double compare(Map<String, double[]> engine, Map<String, double[]> python) {
        double worst = 0;
        for (Map.Entry<String, double[]> row : python.entrySet()) {
            double[] expected = engine.get(row.getKey());
            assertTrue(expected != null, "the engine's trace has no row " + row.getKey());
            for (int c = 0; c < 6; c++) {
                double difference = Math.abs(row.getValue()[c] - expected[c]) / Math.max(1, Math.abs(expected[c]));
                worst = Math.max(worst, difference);
                assertTrue(difference <= 1e-9, row.getKey() + " column " + c + ": numpy " + row.getValue()[c] + ", engine " + expected[c]);
            }
        }
        return worst;
    }

    @Test
    void theSeed000PresetIsFullyRepresentedAndReynoldsIsNot() throws InputException {
        Export seed000 = new PythonSeedExport().export(new TunedPreset(Presets.get("seed000"), List.of(), "seed000"));
        assertEquals(List.of(), seed000.unrepresented());
        assertEquals(List.of(), new PythonSeedExport().export(TunedPreset.load("seed002")).unrepresented());
        assertEquals(List.of("motion.kind"), new PythonSeedExport().export(TunedPreset.load("seed000-fixed")).unrepresented()
                .stream().map(Export.Unrepresented::path).toList());
        String module = seed000.files().get(PythonSeedExport.FILE);
        assertTrue(module.contains("SEPARATION = 1.0 "), module);   // 1/50 · 50
        assertTrue(module.contains("ALIGNMENT = 1.0 "), module);    // 1/600 · 600
        assertTrue(module.contains("COHESION = 1.0 "), module);     // 1/100 · 100
        Export reynolds = new PythonSeedExport().export(TunedPreset.load("reynolds"));
        List<String> paths = reynolds.unrepresented().stream().map(Export.Unrepresented::path).toList();
        assertEquals(List.of("separation.kind", "cohesion.arrivalRadius", "cohesion.kind", "motion.kind", "world.boundary.kind"), paths);
        assertTrue(reynolds.files().get(PythonSeedExport.FILE).contains("  - world.boundary.kind: wrap"));
    }

    /** step,id (step,predatorK for predators) → x, y, z, vx, vy, vz of every row. */
    static Map<String, double[]> rows(Path csv) throws IOException {
        Map<String, double[]> rows = new HashMap<>();
        List<String> lines = Files.readAllLines(csv);
        assertEquals("step,kind,id,x,y,z,vx,vy,vz", lines.getFirst());
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            double[] values = new double[6];
            for (int c = 0; c < 6; c++) values[c] = Double.parseDouble(cells[3 + c]);
            rows.put(cells[0] + "," + (cells[1].equals("boid") ? "" : cells[1]) + cells[2], values);
        }
        return rows;
    }
}
