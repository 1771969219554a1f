package io.flocktune.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The studies committed under {@code results/} are what the commands their READMEs give write
 * now, table for table and byte for byte, so a change to the engine or the tuner that moves
 * their figures cannot leave them (and the docs that quote them) behind. Wall times
 * ({@code timings.csv}) and charts are not compared. About two minutes on 2 cores: tagged
 * slow, run by {@code .ci/run}. ({@code results/compare-seeds} is checked by
 * {@link BuiltInComparisonsTest}.)
 */
@Tag("slow")
class CommittedResultsTest {
    private static final Path RESULTS = Path.of("../results");

    /** results/showcase/README.md: {@code ./flocktune tune default --out results/showcase}. */
    @Test
    void showcase(@TempDir Path dir) throws IOException {
        run("tune", "default", "--out", dir.toString());
        Path committed = RESULTS.resolve("showcase");
        for (String table : List.of("experiment.json", "history.csv", "generations.csv", "pareto.csv", "validation.csv",
                "best/best.json", "best/rank-02.json", "best/rank-03.json", "best/rank-04.json", "best/rank-05.json")) {
            same(committed.resolve(table), dir.resolve(table));
        }
    }

    /** results/validation/README.md: {@code ./flocktune validate vicsek|couzin --out results/validation}. */
    @Test
    void validationCurves(@TempDir Path dir) throws IOException {
        for (String name : List.of("vicsek", "couzin")) {
            run("validate", name, "--out", dir.toString());
            same(RESULTS.resolve("validation/" + name + ".csv"), dir.resolve(name + ".csv"));
        }
    }

    /** results/sensitivity-default/README.md: its Morris and Sobol' commands. */
    @Test
    void sensitivityOfDefault(@TempDir Path dir) throws IOException {
        run("sensitivity", "default", "--trajectories", "20", "--replicates", "4", "--out", dir.resolve("morris").toString());
        same(RESULTS.resolve("sensitivity-default/morris-indices.csv"), dir.resolve("morris/indices.csv"));
        run("sensitivity", "default", "--method", "sobol", "--samples", "256", "--replicates", "2",
                "--out", dir.resolve("sobol").toString());
        same(RESULTS.resolve("sensitivity-default/sobol-indices.csv"), dir.resolve("sobol/indices.csv"));
    }

    /** results/robustness-reynolds/README.md: {@code ./flocktune robustness reynolds --out …}. */
    @Test
    void robustnessOfReynolds(@TempDir Path dir) throws IOException {
        run("robustness", "reynolds", "--out", dir.toString());
        same(RESULTS.resolve("robustness-reynolds/robustness.csv"), dir.resolve("robustness.csv"));
    }

    /** Runs a command that reports its progress on stderr; it must succeed. */
    private static void run(String... args) {
        MainTest.Result result = flocktune(args);
        assertEquals(0, result.exit(), () -> String.join(" ", args) + "\n" + result.err());
    }

    private static void same(Path committed, Path written) throws IOException {
        assertEquals(Files.readString(committed), Files.readString(written), committed + " against a fresh run's " + written);
    }
}
