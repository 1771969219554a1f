package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Motion;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code seed-unity} export: the C# class compiles with Mono's {@code mcs} against the stubs of
 * the UnityEngine types it uses that the export ships in {@code Stubs~/}, and the program shipped
 * beside them, run with {@code mono}, prints its fields' defaults, which equal the JSON asset's keys (same names, same
 * order) and values, which are the tuned seed004 preset's values mapped onto seed 004's rule set.
 */
class UnitySeedExportTest {

    @Test
    void theScriptableObjectCompilesAndMatchesTheAssetAndThePreset(@TempDir Path dir) throws Exception {
        Tools.require(Tools.works(List.of("mcs", "--version")) && Tools.works(List.of("mono", "--version")),
                "Mono (mcs and mono)", "mono-mcs");
        Preset.RuleSet tuned = assertInstanceOf(Preset.RuleSet.class, PresetJson.resolve("seed004", List.of("neighbourhood.radius=12.5", "separation.radius=4.25",
                "separation.weight=1.7", "alignment.weight=0.6", "cohesion.weight=1.3", "motion.speed=6.5",
                "motion.turnFactor=0.05", "boids.count=140")));
        Export export = new UnitySeedExport().export(new TunedPreset(tuned, List.of("separation.weight"), "test"));
        assertEquals(List.of(), export.unrepresented());
        String cs = export.files().get(UnitySeedExport.CLASS_FILE);
        assertTrue(cs.contains("/// <summary>separation.weight (tuned): factor on SeparationRule.GetDirection (seed 004: 1)</summary>"), cs);
        assertEquals(List.of(UnitySeedExport.CLASS_FILE, "seed004.json", "Stubs~/UnityEngineStubs.cs", "Stubs~/PrintSettings.cs"),
                List.copyOf(export.files().keySet()));
        UnityPackageTest.write(export, dir);
        // the command the stubs' header gives
        Path stubs = dir.resolve(UnitySeedExport.STUBS_FOLDER);
        Tools.Run compile = Tools.run(stubs, List.of("mcs", "-warnaserror+", "-out:print.exe",
                "../" + UnitySeedExport.CLASS_FILE, "UnityEngineStubs.cs", "PrintSettings.cs"));
        assertEquals(0, compile.exit(), compile.output());
        Tools.Run run = Tools.run(stubs, List.of("mono", "print.exe"));
        assertEquals(0, run.exit(), run.output());

        JsonNode asset = JsonMapper.builder().build().readTree(export.files().get("seed004.json"));
        List<String> printed = run.output().strip().lines().toList();
        List<String> keys = new ArrayList<>();
        for (Iterator<String> names = asset.fieldNames(); names.hasNext(); ) keys.add(names.next());
        assertEquals(keys, printed.stream().map(line -> line.substring(0, line.indexOf('='))).toList());
        for (String line : printed) {
            String name = line.substring(0, line.indexOf('=')), value = line.substring(line.indexOf('=') + 1);
            JsonNode expected = asset.get(name);
            if (expected.isBoolean()) assertEquals(expected.asText(), value, name);
            else assertEquals((float) expected.asDouble(), Float.parseFloat(value), name);
        }
        Motion.ConstantSpeed motion = (Motion.ConstantSpeed) tuned.motion();
        assertEquals(12.5, asset.get("detectRange").asDouble());
        assertEquals(4.25, asset.get("separationRange").asDouble());
        assertEquals(motion.speed(), asset.get("speed").asDouble());
        assertEquals(1.3, asset.get("cohesionWeight").asDouble());
        assertEquals(0.6, asset.get("alignmentWeight").asDouble());
        assertEquals(1.7, asset.get("separationWeight").asDouble());
        assertEquals(motion.turnFactor(), asset.get("lerpFactor").asDouble());
        assertEquals(motion.dt(), asset.get("stepSeconds").asDouble());
        assertEquals(140, asset.get("spawnCount").asInt());
        assertEquals(-20, asset.get("spawnMin").asDouble());
        assertEquals(false, asset.get("flat").asBoolean());
    }

    @Test
    void whatSeed004LacksIsListed() throws InputException {
        assertEquals(List.of(), new UnitySeedExport().export(TunedPreset.load("seed004")).unrepresented());
        List<String> reynolds = new UnitySeedExport().export(TunedPreset.load("reynolds")).unrepresented().stream()
                .map(Export.Unrepresented::path).toList();
        assertEquals(List.of("update", "separation.kind", "alignment.kind", "cohesion.kind", "motion.kind",
                "world.boundary.kind"), reynolds);
        List<String> predators = new UnitySeedExport().export(new TunedPreset(PresetJson.resolve("seed004",
                List.of("predators.count=2", "noise.strength=0.1")), List.of(), "test")).unrepresented().stream()
                .map(Export.Unrepresented::path).toList();
        assertEquals(List.of("predators.count", "noise.strength"), predators);
    }
}
