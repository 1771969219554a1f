package io.flocktune.cli;

import io.flocktune.tuner.run.Checkpoint;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.RunResults;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code --executor spark} end to end, in-process through {@link Main#run}: Spark on
 * {@code local[2]} gives exactly the results of the local evaluator, for every command that
 * takes it ({@code tune}, {@code measure}, {@code compare}, {@code sensitivity}, {@code robustness}).
 */
class SparkExecutorTest {

    @Test
    void tuneOnSparkWritesTheResultsOfTheLocalEvaluatorFailedCandidatesIncluded(@TempDir Path tmp) throws Exception {
        // candidates with boids.minSpeed above boids.maxSpeed make an invalid preset: failed evaluations on both sides
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("{\"path\": \"boids.minSpeed\", \"range\": [0.2, 0.9]}, {\"path\": \"boids.maxSpeed\", \"range\": [0.3, 1.5]}", 3));
        Path local = tmp.resolve("local"), spark = tmp.resolve("spark");
        MainTest.Result l = flocktune("tune", experiment.toString(), "--out", local.toString(), "--threads", "2");
        assertEquals(0, l.exit(), l.err());
        MainTest.Result s = flocktune("tune", experiment.toString(), "--out", spark.toString(), "--executor", "spark", "--master", "local[2]");
        assertEquals(0, s.exit(), s.err());

        assertEquals(RunResults.of(local), RunResults.of(spark));
        assertTrue(Files.readString(spark.resolve("history.csv")).contains(",failed,"), "some candidates failed");
        assertTrue(Files.isRegularFile(spark.resolve("report.html")));
    }

    @Test
    @Tag("spark")   // a child JVM that starts Spark: tens of seconds; runs in .ci/run
    void aDriverKilledMidRunResumesOnSparkToTheLocalResults(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", InterruptionTest.GENERATIONS));
        Path run = tmp.resolve("run");
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        Process driver = new ProcessBuilder(javaCommand, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "tune", experiment.toString(), "--out", run.toString(), "--executor", "spark", "--master", "local[2]")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(tmp.resolve("driver.err").toFile())
                .start();
        Path checkpoint = new RunFiles(run).checkpoint();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (!(Files.exists(checkpoint) && Checkpoint.read(checkpoint).state().generation() >= 2)) {
            assertTrue(driver.isAlive(), "the driver ended before generation 2: " + Files.readString(tmp.resolve("driver.err")));
            assertTrue(System.nanoTime() < deadline, "no checkpoint of generation 2 in time");
            Thread.sleep(5);
        }
        driver.destroyForcibly().waitFor();   // the driver is lost: kill -9, its local executors with it
        assertFalse(Files.exists(run.resolve("validation.csv")), "killed inside the search");

        MainTest.Result resumed = flocktune(onSpark("tune", "--resume", run.toString()));
        assertEquals(0, resumed.exit(), resumed.err());
        Path local = tmp.resolve("local");
        MainTest.Result l = flocktune("tune", experiment.toString(), "--out", local.toString(), "--threads", "2");
        assertEquals(0, l.exit(), l.err());
        assertEquals(RunResults.of(local), RunResults.of(run));
    }

    @Test
    void measureOnSparkPrintsWhatTheLocalEvaluatorPrints() {
        String[] args = {"measure", "--preset", "couzin", "--steps", "40", "--replicates", "5", "--seed", "3", "--json"};
        String local = ok(args).out();
        String[] spark = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--executor", "spark",
                "--master", "local[2]")).toArray(String[]::new);
        assertEquals(local, ok(spark).out());
    }

    /** {@code args} and then {@code --executor spark --master local[2]}. */
    private static String[] onSpark(String... args) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--executor", "spark",
                "--master", "local[2]")).toArray(String[]::new);
    }

    /** The named files of {@code dir}, byte for byte (as text). */
    private static Map<String, String> files(Path dir, List<String> names) throws java.io.IOException {
        Map<String, String> files = new TreeMap<>();
        for (String name : names) files.put(name, Files.readString(dir.resolve(name)));
        return files;
    }

    @Test
    void compareOnSparkWritesTheResultsOfTheLocalEvaluatorItsTuneFirstArmIncluded(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("tiny-experiment.json"), TinyExperiment.json("", 2));
        Path comparison = tmp.resolve("tuned.json");
        Files.writeString(comparison, """
                {
                  "format": "flocktune-comparison/1",
                  "name": "tuned",
                  "arms": [
                    {"name": "base", "preset": "reynolds", "set": {"predators.count": 1}},
                    {"name": "unaligned", "preset": "reynolds", "set": {"predators.count": 1, "alignment.weight": 0}},
                    {"name": "tuned", "tune": "tiny-experiment.json"}
                  ],
                  "objectives": ["polarization", "collisionRate(distance=1):mean:min:name=collisions"],
                  "scenario": {"boids": 30, "steps": 60, "warmup": 20},
                  "replicates": {"min": 4, "max": 8, "batch": 4},
                  "bootstrap": 200
                }
                """);
        Path local = tmp.resolve("local"), spark = tmp.resolve("spark");
        MainTest.Result l = flocktune("compare", comparison.toString(), "--out", local.toString(), "--threads", "2");
        assertEquals(0, l.exit(), l.err());
        MainTest.Result s = flocktune(onSpark("compare", comparison.toString(), "--out", spark.toString()));
        assertEquals(0, s.exit(), s.err());

        assertEquals(CompareCommandTest.results(local), CompareCommandTest.results(spark));
        assertEquals(RunResults.of(local.resolve("tuning/tuned")), RunResults.of(spark.resolve("tuning/tuned")), "the tune-first arm");
        assertEquals(l.out().replace(local.toString(), "DIR"), s.out().replace(spark.toString(), "DIR"));
        assertTrue(Files.isRegularFile(spark.resolve("report.html")));
    }

    @Test
    void sensitivityOnSparkWritesTheResultsOfTheLocalEvaluator(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 1));
        Path local = tmp.resolve("local"), spark = tmp.resolve("spark");
        String[] args = {"sensitivity", experiment.toString(), "--trajectories", "2", "--replicates", "2", "--seed", "5"};
        MainTest.Result l = flocktune(java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                java.util.stream.Stream.of("--out", local.toString(), "--threads", "2")).toArray(String[]::new));
        assertEquals(0, l.exit(), l.err());
        MainTest.Result s = flocktune(onSpark(java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                java.util.stream.Stream.of("--out", spark.toString())).toArray(String[]::new)));
        assertEquals(0, s.exit(), s.err());

        List<String> names = List.of("experiment.json", "sensitivity.json", "samples.csv", "indices.csv");
        assertEquals(files(local, names), files(spark, names));
        assertEquals(l.out().replace(local.toString(), "DIR"), s.out().replace(spark.toString(), "DIR"));
        assertTrue(Files.isRegularFile(spark.resolve("report.html")));

        // resuming on Spark a finished analysis runs nothing and leaves the same files
        MainTest.Result again = flocktune(onSpark("sensitivity", "--resume", spark.toString()));
        assertEquals(0, again.exit(), again.err());
        assertEquals(files(local, names), files(spark, names));
    }

    @Test
    void robustnessOnSparkWritesTheResultsOfTheLocalEvaluatorNotApplicableObjectivesIncluded(@TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, SensitivityRobustnessCommandTest.SCENARIOS);
        Path local = tmp.resolve("local"), spark = tmp.resolve("spark");
        MainTest.Result l = flocktune(SensitivityRobustnessCommandTest.robustness(scenarios, local, "--threads", "2"));
        assertEquals(0, l.exit(), l.err());
        MainTest.Result s = flocktune(onSpark(SensitivityRobustnessCommandTest.robustness(scenarios, spark)));
        assertEquals(0, s.exit(), s.err());

        List<String> names = List.of("robustness.json", "samples.csv", "robustness.csv");
        assertEquals(files(local, names), files(spark, names));
        assertTrue(Files.readString(spark.resolve("robustness.csv")).contains(",n/a"), "a predator metric at 0 predators");
        assertEquals(l.out().replace(local.toString(), "DIR"), s.out().replace(spark.toString(), "DIR"));
    }

    @Test
    void compareSensitivityAndRobustnessTakeTheOptionsWithTheSameChecks(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("tiny.json"), TinyExperiment.json("", 1));
        Files.writeString(tmp.resolve("cmp.json"), CompareCommandTest.comparison("6"));
        Path out = tmp.resolve("out");
        List<List<String>> commands = List.of(
                List.of("compare", tmp.resolve("cmp.json").toString()),
                List.of("sensitivity", tmp.resolve("tiny.json").toString()),
                List.of("robustness", "reynolds"));
        for (List<String> command : commands) {
            MainTest.Result master = flocktune(java.util.stream.Stream.concat(command.stream(),
                    java.util.stream.Stream.of("--out", out.toString(), "--master", "local[2]")).toArray(String[]::new));
            assertEquals(Main.BAD_INPUT, master.exit(), command + ": " + master.err());
            assertEquals("flocktune: --master local[2]: only with --executor spark", master.err().strip(), command.toString());

            MainTest.Result threads = flocktune(java.util.stream.Stream.concat(command.stream(),
                    java.util.stream.Stream.of("--out", out.toString(), "--executor", "spark", "--threads", "2")).toArray(String[]::new));
            assertEquals(Main.BAD_INPUT, threads.exit(), command + ": " + threads.err());
            assertEquals(1, threads.err().strip().lines().count(), threads.err());
            assertTrue(threads.err().startsWith("flocktune: --threads 2: only with --executor local"), threads.err());

            MainTest.Result url = flocktune(java.util.stream.Stream.concat(command.stream(),
                    java.util.stream.Stream.of("--out", out.toString(), "--executor", "spark", "--master", "nonsense://x")).toArray(String[]::new));
            assertEquals(Main.BAD_INPUT, url.exit(), command + ": " + url.err());
            assertEquals(1, url.err().strip().lines().count(), url.err());
            assertTrue(url.err().startsWith("flocktune: --master nonsense://x: not a Spark master URL"), url.err());
            assertFalse(Files.exists(out), command + ": nothing written");
        }
    }

    @Test
    void optionsThatDoNotFitTogetherAreBadInput(@TempDir Path tmp) {
        MainTest.Result master = flocktune("measure", "--preset", "reynolds", "--master", "local[2]");
        assertEquals(Main.BAD_INPUT, master.exit());
        assertEquals("flocktune: --master local[2]: only with --executor spark", master.err().strip());

        MainTest.Result threads = flocktune("measure", "--preset", "reynolds", "--executor", "spark", "--threads", "2");
        assertEquals(Main.BAD_INPUT, threads.exit());
        assertTrue(threads.err().startsWith("flocktune: --threads 2: only with --executor local"), threads.err());

        MainTest.Result url = flocktune("tune", "--out", tmp.resolve("run").toString(), "--executor", "spark", "--master", "nonsense://x");
        assertEquals(Main.BAD_INPUT, url.exit(), url.err());
        assertEquals(1, url.err().strip().lines().count(), url.err());
        assertTrue(url.err().startsWith("flocktune: --master nonsense://x: not a Spark master URL"), url.err());
        assertFalse(java.nio.file.Files.exists(tmp.resolve("run")), "nothing written");

        MainTest.Result refused = flocktune("measure", "--preset", "reynolds", "--executor", "spark", "--master", "local[0]");
        assertEquals(Main.BAD_INPUT, refused.exit(), refused.err());

        MainTest.Result executor = flocktune("measure", "--preset", "reynolds", "--executor", "yarn");
        assertEquals(Main.BAD_INPUT, executor.exit());
    }
}
