package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        Preset tuned = PresetJson.resolve("seed003", List.of("separation.weight=2", "separation.radius=17.5",
                "separation.strength=7", "separation.maxForce=0.3", "alignment.weight=0.11", "cohesion.weight=0.035",
                "boids.count=90", "boids.maxSpeed=3.5"));
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
}
