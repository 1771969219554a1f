package io.flocktune.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Presets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of {@code flocktune measure}, in-process through {@link Main#run}. */
class MeasureCommandTest {
    private static final JsonMapper JSON = new JsonMapper();

    @Test
    void jsonHoldsEveryReplicateBitForBitAsObjectivesMeasureGivesIt() throws Exception {
        JsonNode result = JSON.readTree(ok("measure", "--preset", "reynolds", "--steps", "40", "--replicates", "3", "--seed", "11",
                "--objective", "polarization", "--objective", "collisionRate(distance=1):mean:min:warmup=5", "--json").out());
        List<ObjectiveSpec> specs = List.of(ObjectiveSpec.parse("polarization", 20),
                ObjectiveSpec.parse("collisionRate(distance=1):mean:min:warmup=5"));
        Measurement expected = Objectives.measure(Presets.get("reynolds"), 11, 40, 3, specs);

        assertEquals("reynolds", result.get("preset").asText());
        assertEquals(11, result.get("seed").asLong());
        assertEquals(40, result.get("steps").asLong());
        assertEquals(3, result.get("replicates").asInt());
        for (int r = 0; r < 3; r++) assertEquals(Objectives.replicateSeed(11, r), result.get("replicateSeeds").get(r).asLong());
        JsonNode objectives = result.get("objectives");
        assertEquals(2, objectives.size());
        for (int k = 0; k < 2; k++) {
            JsonNode objective = objectives.get(k);
            assertEquals(specs.get(k).name(), objective.get("name").asText());
            assertEquals(specs.get(k).text(), objective.get("spec").asText());
            assertEquals(expected.mean(k), objective.get("mean").asDouble());
            assertEquals(expected.sd(k), objective.get("sd").asDouble());
            assertEquals(expected.ci95(k)[0], objective.get("ci95").get(0).asDouble());
            assertEquals(expected.ci95(k)[1], objective.get("ci95").get(1).asDouble());
            assertEquals(specs.get(k).interval().text(), objective.get("interval").asText());
            for (int r = 0; r < 3; r++) assertEquals(expected.value(k, r), objective.get("values").get(r).asDouble());
        }
        assertEquals("polarization:mean:maximize:warmup=20,every=1", objectives.get(0).get("spec").asText(), "--warmup defaults to half the run");
    }

    @Test
    void tableShowsTheDefaultObjectivesAligned() {
        List<String> lines = ok("measure", "--preset", "vicsek", "--steps", "30", "--replicates", "2", "--warmup", "10").out().lines().toList();
        assertEquals("preset      vicsek", lines.get(0));
        assertEquals("seed        1", lines.get(1));
        assertEquals("steps       30 (samples after step 10 unless an objective says otherwise)", lines.get(2));
        assertEquals("replicates  2", lines.get(3));
        assertEquals("", lines.get(4));
        assertTrue(lines.get(5).matches("objective +mean +sd +95% CI +interval"), lines.get(5));
        List<ObjectiveSpec> defaults = Objectives.defaults(Presets.get("vicsek"), 10);
        Measurement expected = Objectives.measure(Presets.get("vicsek"), 1, 30, 2, defaults);
        assertEquals(6 + defaults.size(), lines.size());
        int meanColumn = lines.get(5).indexOf("mean") + 4;
        for (int k = 0; k < defaults.size(); k++) {
            String row = lines.get(6 + k);
            assertTrue(row.startsWith(defaults.get(k).name() + " "), row);
            assertEquals(String.format(Locale.ROOT, "%.6g", expected.mean(k)), row.substring(0, meanColumn).strip().replaceAll(".* ", ""), row);
            double[] ci = expected.ci95(k);
            assertTrue(row.contains(String.format(Locale.ROOT, "[%.6g, %.6g]", ci[0], ci[1])), row);
            assertTrue(row.endsWith(defaults.get(k).interval().text()), row);
        }
    }

    /** Captures and collisions are counts: their interval is the bootstrap's, never below 0, and says so. */
    @Test
    void countsGetABootstrapIntervalThatNeverReachesBelowZero() throws Exception {
        JsonNode json = JSON.readTree(ok("measure", "--preset", "reynolds", "--set", "predators.count=1", "--steps", "200",
                "--replicates", "6", "--objective", "captureRate:mean:min", "--objective", "polarization", "--json").out());
        JsonNode captures = json.get("objectives").get(0);
        assertEquals("percentile bootstrap", captures.get("interval").asText());
        assertTrue(captures.get("ci95").get(0).asDouble() >= 0, captures.toString());
        assertEquals("Student t", json.get("objectives").get(1).get("interval").asText());
    }

    @Test
    void predatorMetricsJoinTheDefaultsOnlyWithPredators() {
        String hunted = ok("measure", "--preset", "seed002", "--steps", "10", "--replicates", "2").out();
        assertTrue(hunted.contains("\npredatorDistance "), hunted);
        assertTrue(hunted.contains("\nsurvivalFraction.final "), hunted);
        String calm = ok("measure", "--preset", "seed002", "--set", "predators.count=0", "--steps", "10", "--replicates", "2").out();
        assertTrue(!calm.contains("predator") && !calm.contains("survival") && !calm.contains("capture"), calm);
    }

    /** Output, table or JSON, does not depend on how many threads run the replicates. */
    @Test
    void outputIsTheSameWhateverTheThreadCount() {
        String[] table = {"measure", "--preset", "seed000", "--steps", "25", "--replicates", "5"};
        for (String[] args : List.of(table, concat(table, "--json"))) {
            String one = ok(concat(args, "--threads", "1")).out();
            assertEquals(one, ok(concat(args, "--threads", "2")).out());
            assertEquals(one, ok(concat(args, "--threads", "5")).out());
            assertEquals(one, ok(args).out());
        }
        assertNotEquals(ok(table).out(), ok(concat(table, "--seed", "-4")).out(), "another seed, another measurement");
    }

    @Test
    void oneReplicateHasNoInterval() throws Exception {
        String table = ok("measure", "--preset", "reynolds", "--steps", "10", "--replicates", "1", "--objective", "milling").out();
        assertTrue(table.lines().toList().getLast().matches(".*n/a \\(one replicate\\) +Student t"), table);
        JsonNode json = JSON.readTree(ok("measure", "--preset", "reynolds", "--steps", "10", "--replicates", "1",
                "--objective", "milling", "--json").out());
        assertTrue(json.get("objectives").get(0).get("ci95").isNull());
        assertEquals(0, json.get("objectives").get(0).get("sd").asDouble());
    }

    static Stream<MainTest.Bad> badInputs() {
        return Stream.of(
                new MainTest.Bad("flocktune: --objective: objective \"polarizaton\": unknown metric \"polarizaton\"; allowed: polarization, milling,",
                        "measure", "--preset", "reynolds", "--objective", "polarizaton"),
                new MainTest.Bad("flocktune: --objective: objective \"polarization:above\": \"above\" needs a threshold",
                        "measure", "--preset", "reynolds", "--objective", "polarization:above"),
                new MainTest.Bad("flocktune: --objective: objective \"collisionRate(distance=-1)\": metric \"collisionRate(distance=-1)\": distance",
                        "measure", "--preset", "reynolds", "--objective", "collisionRate(distance=-1)"),
                new MainTest.Bad("flocktune: --objective: objective \"predatorDistance\": predatorDistance needs predators, but predators.count = 0",
                        "measure", "--preset", "reynolds", "--objective", "predatorDistance"),
                new MainTest.Bad("flocktune: --objective: objective \"polarization\": warmup = 50 must be < steps = 50",
                        "measure", "--preset", "reynolds", "--steps", "50", "--objective", "polarization:mean:max:warmup=50"),
                new MainTest.Bad("flocktune: --objective: two objectives are named \"milling\"; rename one with name=TEXT",
                        "measure", "--preset", "reynolds", "--objective", "milling", "--objective", "milling:mean:min"),
                new MainTest.Bad("flocktune: --replicates = 0: must be >= 1", "measure", "--preset", "reynolds", "--replicates", "0"),
                new MainTest.Bad("flocktune: --steps = 0: must be >= 1", "measure", "--preset", "reynolds", "--steps", "0"),
                new MainTest.Bad("flocktune: --warmup = 100: must be in [0, 100) (--steps = 100)",
                        "measure", "--preset", "reynolds", "--steps", "100", "--warmup", "100"),
                new MainTest.Bad("flocktune: --warmup = -1: must be in [0, 100)", "measure", "--preset", "reynolds", "--steps", "100", "--warmup", "-1"),
                new MainTest.Bad("flocktune: --threads = 0: must be in [1, 4096]", "measure", "--preset", "reynolds", "--threads", "0"),
                new MainTest.Bad("flocktune: Invalid value for option '--replicates': 'many' is not an int",
                        "measure", "--preset", "reynolds", "--replicates", "many"),
                new MainTest.Bad("flocktune: reynolds with --set boids.count=0: boids.count = 0: must be in [1, 10000000]",
                        "measure", "--preset", "reynolds", "--set", "boids.count=0"),
                new MainTest.Bad("flocktune: Missing required option: '--preset=NAME|FILE' (see 'flocktune measure --help')", "measure"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputGivesOneLineAndExitTwo(MainTest.Bad bad) {
        MainTest.Result result = flocktune(bad.args());
        assertEquals(2, result.exit(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith(bad.expected()), result.err());
        assertEquals("", result.out());
    }

    private static String[] concat(String[] args, String... more) {
        return Stream.concat(Stream.of(args), Stream.of(more)).toArray(String[]::new);
    }
}
