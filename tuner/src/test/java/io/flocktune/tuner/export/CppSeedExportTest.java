package io.flocktune.tuner.export;

import io.flocktune.cli.Main;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code cpp} header compiles with g++ ({@code -std=c++17 -Wall -Wextra -pedantic -Werror},
 * its values usable in constant expressions), and a program that prints every field gives the
 * preset's values rounded to float, with the separation weight folded into seed 003's strength
 * and cap.
 */
class CppSeedExportTest {
    static final String PROGRAM = """
            #include "flocktune_config.hpp"
            #include <cstdio>
            static_assert(flocktune::config.desiredSeparation > 0.0f, "usable in constant expressions");
            int main() {
                const auto& c = flocktune::config;
                std::printf("%.9g %.9g %.9g %.9g %.9g %.9g %.9g %d %.9g %.9g\\n", c.desiredSeparation, c.separationStrength,
                        c.maxSeparationForce, c.alignmentStrength, c.cohesionStrength, c.maxSpeed, c.minSpeed, c.birdCount,
                        c.spawnSize, c.initialSpeed);
                return 0;
            }
            """;

    @Test
    void theHeaderCompilesAndCarriesTheTunedSeed003Values(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of("g++", "--version")), "g++", "g++");
        Preset.RuleSet tuned = assertInstanceOf(Preset.RuleSet.class, PresetJson.resolve("seed003", List.of("separation.weight=2", "separation.radius=17.5",
                "separation.strength=7", "separation.maxForce=0.3", "alignment.weight=0.11", "cohesion.weight=0.035",
                "boids.count=90", "boids.maxSpeed=3.5")));
        Export export = new CppSeedExport().export(new TunedPreset(tuned, List.of("separation.weight", "alignment.weight"), "test"));
        assertEquals(List.of(), export.unrepresented());
        String header = export.files().get(CppSeedExport.FILE);
        assertTrue(header.contains("float alignmentStrength;     // alignment.weight: heading blend fraction per frame, in [0, 1] (tuned)"), header);
        Files.writeString(dir.resolve(CppSeedExport.FILE), header);
        Files.writeString(dir.resolve("main.cpp"), PROGRAM);
        Tools.Run compile = Tools.run(dir, List.of("g++", "-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-o", "print", "main.cpp"));
        assertEquals(0, compile.exit(), compile.output());
        Tools.Run run = Tools.run(dir, List.of(dir.resolve("print").toString()));
        assertEquals(0, run.exit(), run.output());
        String[] printed = run.output().strip().split(" ");
        Separation.InverseSquareClamped s = (Separation.InverseSquareClamped) tuned.separation();
        double[] expected = {s.radius(), s.weight() * s.strength(), s.weight() * s.maxForce(), tuned.alignment().weight(),
                tuned.cohesion().weight(), tuned.boids().maxSpeed(), tuned.boids().minSpeed(), tuned.boids().count(),
                tuned.boids().spawnSize(), tuned.boids().initialSpeed()};
        assertEquals(expected.length, printed.length, run.output());
        for (int k = 0; k < expected.length; k++) {
            assertEquals((float) expected[k], Float.parseFloat(printed[k]), "field " + k + " of " + run.output());
        }
    }

    @Test
    void whatSeed003LacksIsListed() throws InputException {
        assertEquals(List.of(), new CppSeedExport().export(TunedPreset.load("seed003")).unrepresented());
        Export circular = new CppSeedExport().export(new TunedPreset(PresetJson.resolve("seed003",
                List.of("alignment={\"kind\": \"circularHeadingBlend\", \"weight\": 0.05}")), List.of(), "test"));
        assertEquals(List.of("alignment.kind"), circular.unrepresented().stream().map(Export.Unrepresented::path).toList());
        assertEquals(List.of("alignment.kind"), new CppSeedExport().export(TunedPreset.load("seed003-fixed")).unrepresented()
                .stream().map(Export.Unrepresented::path).toList());
        List<String> reynolds = new CppSeedExport().export(TunedPreset.load("reynolds")).unrepresented().stream()
                .map(Export.Unrepresented::path).toList();
        assertEquals(List.of("update", "neighbourhood.kind", "separation.kind", "alignment.kind", "cohesion.kind",
                "motion.kind", "world.boundary.kind"), reynolds);
        List<String> seed002 = new CppSeedExport().export(TunedPreset.load("seed002")).unrepresented().stream()
                .map(Export.Unrepresented::path).toList();
        assertTrue(seed002.containsAll(List.of("world.dimension", "predators.count", "goal.weight")), seed002.toString());
    }

    /**
     * The shipped stepper, seed 003's rules as printed in float, run on the exported header of a
     * tuned seed003 preset (every constant off the seed's values), follows {@code flocktune
     * simulate --trace} from the same state within 1e-4 relative (float against double: 6e-6
     * seen) over 10 frames.
     */
    @Test
    void theSeedsOwnRulesOnTheExportedValuesFollowTheJavaEngine(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of("g++", "--version")), "g++", "g++");
        Preset.RuleSet tuned = assertInstanceOf(Preset.RuleSet.class, PresetJson.resolve("seed003", List.of("separation.weight=1.5", "separation.radius=24",
                "separation.strength=8", "separation.maxForce=0.4", "alignment.weight=0.08", "cohesion.weight=0.03", "boids.count=60")));
        Export export = new CppSeedExport().export(new TunedPreset(tuned, List.of(), "test"));
        assertEquals(List.of(), export.unrepresented());
        assertEquals(List.of(CppSeedExport.FILE, CppSeedExport.STEPPER), List.copyOf(export.files().keySet()));
        for (var file : export.files().entrySet()) Files.writeString(dir.resolve(file.getKey()), file.getValue());
        Tools.Run compile = Tools.run(dir, List.of("g++", "-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2",
                "-o", "step", CppSeedExport.STEPPER));
        assertEquals(0, compile.exit(), compile.output());

        Path preset = dir.resolve("preset.json"), state = dir.resolve("state.csv"), javaTrace = dir.resolve("java.csv"), cpp = dir.resolve("cpp.csv");
        Files.writeString(preset, PresetJson.write(tuned));
        int frames = 10;
        for (List<String> args : List.of(List.of("--steps", "0", "--trace", state.toString()), List.of("--steps", Integer.toString(frames),
                "--trace", javaTrace.toString()))) {
            List<String> command = new ArrayList<>(List.of("simulate", "--preset", preset.toString(), "--seed", "9"));
            command.addAll(args);
            assertEquals(0, Main.run(command.toArray(String[]::new), new PrintStream(OutputStream.nullOutputStream()),
                    new PrintStream(OutputStream.nullOutputStream())));
        }
        Tools.Run run = Tools.run(dir, List.of(dir.resolve("step").toString(), state.toString(), Integer.toString(frames), cpp.toString()));
        assertEquals(0, run.exit(), run.output());
        Map<String, double[]> expected = WebEngineTest.rows(javaTrace), actual = WebEngineTest.rows(cpp);
        assertEquals(expected.keySet(), actual.keySet());
        double worst = 0;
        for (var e : expected.entrySet()) {
            double[] a = e.getValue(), b = actual.get(e.getKey());
            for (int i = 0; i < 6; i++) worst = Math.max(worst, Math.abs(b[i] - a[i]) / Math.max(1, Math.abs(a[i])));
        }
        assertTrue(worst < 1e-4, "worst relative difference " + worst);
        assertTrue(worst > 0, "float arithmetic differs from double somewhere: the stepper really ran");
    }
}
