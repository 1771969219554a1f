package io.flocktune.tuner.cli;

import io.flocktune.tuner.run.RunResults;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.flocktune.tuner.cli.MainTest.flocktune;
import static io.flocktune.tuner.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code --executor spark} end to end, in-process through {@link Main#run}: Spark on
 * {@code local[2]} gives exactly the results of the local evaluator.
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
    void measureOnSparkPrintsWhatTheLocalEvaluatorPrints() {
        String[] args = {"measure", "--preset", "couzin", "--steps", "40", "--replicates", "5", "--seed", "3", "--json"};
        String local = ok(args).out();
        String[] spark = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--executor", "spark",
                "--master", "local[2]")).toArray(String[]::new);
        assertEquals(local, ok(spark).out());
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
