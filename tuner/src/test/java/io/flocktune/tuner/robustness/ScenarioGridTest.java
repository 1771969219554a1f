package io.flocktune.tuner.robustness;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** A grid's listed levels are read as the type of their path against the preset measured, and written back as the file gave them. */
class ScenarioGridTest {
    private static final String GRID = """
            {"format": "flocktune-scenarios/1", "factors": [
              {"name": "n", "path": "boids.count", "values": [10, 12]},
              {"name": "kernel", "path": "separation", "values": [{"kind": "linear", "radius": 2, "weight": 0.05}]},
              {"name": "size", "path": "world.size", "multipliers": [0.5], "alsoScale": ["boids.spawnSize"]}]}""";

    @Test
    void listedLevelsAreTypedAgainstThePresetAndWrittenAsGiven() throws Exception {
        ScenarioGrid grid = ScenarioGrid.parse(GRID, "grid.json");
        Preset preset = Presets.get("reynolds");
        Robustness.Result r = Robustness.run(preset, grid, "grid.json", List.of(ObjectiveSpec.parse("polarization")),
                new Robustness.Settings(5, 2, 1, Duration.ofSeconds(60)), 1, new PrintWriter(new StringWriter()));
        Preset n10 = r.points().get(r.levels()[0][0]).preset();
        assertEquals(10, n10.boids().count());
        Preset.RuleSet linear = (Preset.RuleSet) r.points().get(r.levels()[1][0]).preset();
        assertEquals(new Separation.Linear(2, 0.05), linear.separation());
        Preset half = r.points().get(r.levels()[2][0]).preset();
        assertEquals(preset.world().size() * 0.5, half.world().size());
        assertEquals("10", r.values()[0][0]);
        assertEquals("{\"kind\":\"linear\",\"radius\":2,\"weight\":0.05}", r.values()[1][0], "as the file gives it");
        assertEquals(Double.toString(preset.world().size() * 0.5), r.values()[2][0]);
        assertEquals("linear", RobustnessFiles.label(r, 1, 0));

        String written = JsonMapper.builder().addModule(PresetJson.untypedValues())
                .serializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL).build().writeValueAsString(grid);
        assertEquals(grid, ScenarioGrid.parse(written, "written"));
    }

    @Test
    void aLevelThatIsNoValueOfItsPathIsOneLine() throws Exception {
        ScenarioGrid grid = ScenarioGrid.parse(GRID.replace("[10, 12]", "[10, 1.5]"), "grid.json");
        InputException bad = assertThrows(InputException.class, () -> Robustness.run(Presets.get("reynolds"), grid, "grid.json",
                List.of(ObjectiveSpec.parse("polarization")), new Robustness.Settings(5, 2, 1, Duration.ofSeconds(60)), 1,
                new PrintWriter(new StringWriter())));
        assertTrue(bad.getMessage().startsWith("grid.json: factor \"n\" at 1.5: boids.count"), bad.getMessage());
        assertEquals(1, bad.getMessage().lines().count());
    }
}
