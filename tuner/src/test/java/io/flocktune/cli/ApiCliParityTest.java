package io.flocktune.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.api.FlockPreset;
import io.flocktune.api.Measure;
import org.junit.jupiter.api.Test;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The API gives what the commands print: the same presets, measurements and messages. */
class ApiCliParityTest {

    @Test
    void measureEqualsWhatMeasurePrints() throws Exception {
        JsonNode printed = new JsonMapper().readTree(ok("measure", "--preset", "reynolds", "--set", "boids.count=50", "--steps", "40",
                "--replicates", "3", "--seed", "11", "--objective", "polarization", "--objective", "milling", "--json").out());
        Measure.Result api = Measure.of(FlockPreset.load("reynolds").with("boids.count", 50)).withSeed(11).withSteps(40)
                .withReplicates(3).withObjectives("polarization", "milling").run();
        for (int r = 0; r < 3; r++) assertEquals(api.replicateSeeds()[r], printed.get("replicateSeeds").get(r).asLong());
        for (int k = 0; k < 2; k++) {
            JsonNode objective = printed.get("objectives").get(k);
            String name = objective.get("name").asText();
            assertEquals(api.mean(name), objective.get("mean").asDouble());
            assertEquals(api.sd(name), objective.get("sd").asDouble());
            for (int r = 0; r < 3; r++) assertEquals(api.values(name)[r], objective.get("values").get(r).asDouble());
        }
    }

    @Test
    void presetsShowPrintsToJsonAndWithFailsAsSetDoes() throws Exception {
        assertEquals(ok("presets", "show", "reynolds", "--set", "separation.weight=2.0").out(),
                FlockPreset.load("reynolds").with("separation.weight", 2.0).toJson());
        MainTest.Result cli = flocktune("presets", "show", "reynolds", "--set", "separation.wieght=2.0");
        Exception api = assertThrows(Exception.class, () -> FlockPreset.load("reynolds").with("separation.wieght", 2.0));
        assertEquals(Main.BAD_INPUT, cli.exit());
        assertTrue(cli.err().contains(api.getMessage()), cli.err());
    }
}
