package io.flocktune.cli;

import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of {@code sensitivity} and {@code robustness}. */
class SensitivityRobustnessCommandTest {

    /** A small grid for the tiny tests: flock size, predators (with n/a predator metrics at 0) and the update order. */
    static final String SCENARIOS = """
            {
              "format": "flocktune-scenarios/1",
              "factors": [
                {"name": "flock size", "path": "boids.count", "multipliers": [0.5, 1, 2]},
                {"name": "predators", "path": "predators.count", "values": [0, 1, 3]},
                {"name": "update", "path": "update", "values": ["synchronous", "sequential"]}
              ]
            }
            """;

    static String[] robustness(Path scenarios, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("robustness", "reynolds", "--set", "boids.count=30", "--set", "predators.count=1",
                "--scenarios", scenarios.toString(), "--steps", "60", "--replicates", "3", "--out", out.toString()));
        args.addAll(Arrays.asList(more));
        return args.toArray(String[]::new);
    }

    @Test
    void sensitivityWritesEverythingAndPrintsTheRanking(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 1));
        Path out = tmp.resolve("s");
        MainTest.Result r = flocktune("sensitivity", experiment.toString(), "--trajectories", "3", "--replicates", "2",
                "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("sensitivity: " + out + " (Morris, 36 simulations)"), r.out());
        assertTrue(r.out().contains("polarization  mu*: "), r.out());
        assertTrue(r.out().contains("report: " + out.resolve("report.html")), r.out());
        assertTrue(r.err().contains("sensitivity: 36 of 36 simulations (100 %), done in "), r.err());
        for (String f : List.of("experiment.json", "sensitivity.json", "samples.csv", "indices.csv", "charts/morris.png",
                "charts/morris.svg", "report.html")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertTrue(Files.readString(out.resolve("sensitivity.json")).contains("\"candidates\" : 12"), "default candidates 4 r");
        // resuming a finished analysis runs nothing and gives the same files
        byte[] indices = Files.readAllBytes(out.resolve("indices.csv"));
        MainTest.Result again = flocktune("sensitivity", "--resume", out.toString());
        assertEquals(0, again.exit(), again.err());
        assertArrayEquals(indices, Files.readAllBytes(out.resolve("indices.csv")));
    }

    @Test
    void tuneAndSensitivityMeasureAcrossAnExperimentsScenarios(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("robust.json");
        Files.writeString(experiment, TinyExperiment.json("", 1).replace("\"seed\": 7", """
                "seed": 7,
                  "scenarios": {"aggregate": "worst", "list": [{"name": "few", "set": {"predators.count": 1}},
                                                               {"name": "many", "set": {"predators.count": 3}}]}"""));
        MainTest.Result tune = flocktune("tune", experiment.toString(), "--out", tmp.resolve("t").toString(), "--threads", "2");
        assertEquals(0, tune.exit(), tune.err());
        assertTrue(Files.readString(tmp.resolve("t/experiment.json")).contains("\"aggregate\" : \"worst\""));
        MainTest.Result s = flocktune("sensitivity", experiment.toString(), "--trajectories", "2", "--replicates", "1",
                "--out", tmp.resolve("s").toString(), "--threads", "2");
        assertEquals(0, s.exit(), s.err());
        assertTrue(Files.readString(tmp.resolve("s/experiment.json")).contains("\"many\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--method=fast", "--levels=3", "--trajectories=1", "--candidates=2", "--samples=1", "--replicates=0",
            "--threads=0", "nosuchexperiment"})
    void badSensitivityInputIsOneLineExitTwoAndWritesNothing(String arg, @TempDir Path tmp) {
        Path out = tmp.resolve("s");
        MainTest.Result r = arg.startsWith("--") ? flocktune("sensitivity", arg, "--out", out.toString())
                : flocktune("sensitivity", arg, "--out", out.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("flocktune: "), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void resumeTakesNoOtherSettings(@TempDir Path tmp) {
        MainTest.Result r = flocktune("sensitivity", "--resume", tmp.toString(), "--samples", "64");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("takes only --threads"), r.err());
        MainTest.Result none = flocktune("sensitivity", "--resume", tmp.resolve("nothing").toString());
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("not a sensitivity directory"), none.err());
    }

    @Test
    void robustnessWritesOneChartPerFactorAndIsTheSameForAnyThreadCount(@TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, SCENARIOS);
        MainTest.Result one = flocktune(robustness(scenarios, tmp.resolve("one"), "--threads", "1"));
        MainTest.Result two = flocktune(robustness(scenarios, tmp.resolve("two"), "--threads", "2"));
        assertEquals(0, one.exit(), one.err());
        assertEquals(0, two.exit(), two.err());
        for (String f : List.of("robustness.json", "samples.csv", "robustness.csv", "report.html", "charts/robustness-flock-size.png",
                "charts/robustness-predators.svg", "charts/robustness-update.png")) {
            assertTrue(Files.isRegularFile(tmp.resolve("one").resolve(f)), f);
            if (!f.equals("robustness.json")) {
                assertArrayEquals(Files.readAllBytes(tmp.resolve("one").resolve(f)), Files.readAllBytes(tmp.resolve("two").resolve(f)), f);
            }
        }
        // the preset is one point shared by the three factors: 1 + 2 + 2 + 1 points
        assertTrue(one.out().contains("6 points x 3 replicates"), one.out());
        // progress as sensitivity prints it: simulations done of all, with an ETA, and the time taken at the end
        assertTrue(one.err().contains("robustness: 18 of 18 simulations (100 %), done in "), one.err());
        assertTrue(one.out().contains("×1 ") && one.out().contains("(preset)"), one.out());
        List<String> rows = Files.readAllLines(tmp.resolve("one/robustness.csv"));
        // at the preset's own level the paired difference is exactly 0
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("flock size,boids.count,×1,30,true,polarization,") && r.contains(",0.0,0.0,0.0,false,Student t,")),
                String.join("\n", rows));
        // a predator metric cannot be measured without predators: n/a, not an error
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("predators,predators.count,0,0,false,predatorDistance,") && r.endsWith(",n/a")),
                String.join("\n", rows));
    }

    @Test
    void theDefaultGridHasFiveFactors(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("r");
        MainTest.Result r = flocktune("robustness", "reynolds", "--set", "boids.count=20", "--steps", "20", "--replicates", "2",
                "--objective", "polarization", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        for (String factor : List.of("flock size (boids.count):", "world size (world.size):", "time step (motion.dt):",
                "predators (predators.count):", "initial spread (boids.spawnSize):")) {
            assertTrue(r.out().contains(factor), r.out());
        }
        assertTrue(r.out().contains("×0.25") && r.out().contains("×4"), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\", \"multipliers\": [1], \"colour\": 1}]}",
            "{\"format\": \"flocktune-scenarios/2\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\", \"multipliers\": [1]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\"}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\", \"multipliers\": [0]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.colour\", \"multipliers\": [2]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"update\", \"multipliers\": [2]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\", \"values\": [-5]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\", \"values\": [\"many\"]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": []}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [ ",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"name\": \"m\", \"path\": \"boids.count\", \"multipliers\": [1]}]}",
            "{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\", \"multipliers\": [\"2\"]}]}",
    })
    void badScenariosAreOneLineExitTwoAndWriteNothing(String json, @TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, json);
        Path out = tmp.resolve("r");
        MainTest.Result r = flocktune(robustness(scenarios, out));
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("flocktune: "), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aHugeMultiplierIsOneLineInFlocktunesWords(@TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, "\uFEFF{\"format\": \"flocktune-scenarios/1\", \"factors\": [{\"name\": \"n\", \"path\": \"boids.count\","
                + " \"multipliers\": [1, 1e300]}]}\r\n");
        Path out = tmp.resolve("r");
        MainTest.Result r = flocktune(robustness(scenarios, out));
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("boids.count = 9223372036854775807: too large for an integer (at most 2147483647)"), r.err());
        assertFalse(r.err().contains("Numeric value") || r.err().contains("out of range of int"), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--replicates=1", "--steps=0", "--warmup=60", "--objective=nosuchmetric", "--set=boids.colour=3"})
    void badRobustnessOptionsAreOneLineExitTwo(String arg, @TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, SCENARIOS);
        Path out = tmp.resolve("r");
        MainTest.Result r = flocktune(robustness(scenarios, out, arg));
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }
}
