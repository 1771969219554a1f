package io.flocktune.cli;

import io.flocktune.tuner.compare.Comparing;
import io.flocktune.tuner.compare.Comparison;
import io.flocktune.tuner.compare.Comparisons;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.store.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The faults of a study's directory: an interruption at an awkward moment, an unusable
 * {@code --out}, a name too long for a file. Each ends in the uninterrupted study's files, or in
 * one line before anything is simulated or written.
 */
class StudyFaultTest {

    private static Comparing.Options quiet(boolean report) {
        return new Comparing.Options(2, new PrintWriter(new StringWriter()), report);
    }

    /** Every file under {@code dir}, as relative paths, sorted. */
    static List<String> tree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private static void delete(Path path) throws IOException {
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    /**
     * A comparison killed while its "tune first" arm draws the arm's report: the tuning's results
     * are all written, its report and charts are not. The resume draws them (before, it took the
     * arm's best preset and left the report missing, exiting 0).
     */
    @Test
    void aCompareResumedAfterAKillWhileATunedArmDrewItsReportCompletesThatReport(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("tiny-experiment.json"), TinyExperiment.json("", 1));
        Path file = tmp.resolve("c.json");
        Files.writeString(file, CompareInterruptionTest.comparison(true));
        Comparison c = Comparisons.resolve(file.toString());
        Path whole = tmp.resolve("whole");
        Comparing.start(c, whole, quiet(true));
        Path arm = whole.resolve("tuning/tuned");
        assertTrue(Files.isRegularFile(arm.resolve("report.html")));

        // the state a kill leaves while the arm's report is drawn: the comparison's input and the
        // arm's tuning without its report, charts and end
        Path run = tmp.resolve("run");
        Files.createDirectories(run.resolve("tuning"));
        Files.copy(whole.resolve("comparison.json"), run.resolve("comparison.json"));
        try (Stream<Path> walk = Files.walk(arm)) {
            for (Path p : walk.toList()) {
                Path to = run.resolve("tuning/tuned").resolve(arm.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to);
            }
        }
        Path killed = run.resolve("tuning/tuned");
        Files.delete(killed.resolve("report.html"));
        delete(killed.resolve("charts"));
        Files.deleteIfExists(killed.resolve(Study.FINISHED));

        Comparing.resume(run, quiet(true));
        assertTrue(Files.isRegularFile(killed.resolve("report.html")), "the arm's report is drawn on resume");
        assertEquals(tree(arm.resolve("charts")), tree(killed.resolve("charts")));
        assertEquals(CompareCommandTest.results(whole), CompareCommandTest.results(run));
        assertTrue(Study.finished(run) && Study.finished(killed));
    }

    /** {@code robustness} with an {@code --out} that cannot be created: one line, before any simulation. */
    @Test
    void robustnessRefusesAnUnusableOutBeforeItsFirstSimulation(@TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, SensitivityRobustnessCommandTest.SCENARIOS);
        Path blocker = tmp.resolve("a-file");
        Files.writeString(blocker, "");
        Path out = blocker.resolve("out");
        MainTest.Result r = flocktune(SensitivityRobustnessCommandTest.robustness(scenarios, out));
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(out.toString()), r.err());
        assertFalse(r.err().contains("simulations"), "nothing was simulated: " + r.err());
    }

    /** {@code peers} with an {@code --out} that cannot be created: one line, before its pilot simulations. */
    @Test
    void peersRefusesAnUnusableOutBeforeItsFirstSimulation(@TempDir Path tmp) throws Exception {
        Path blocker = Files.writeString(tmp.resolve("a-file"), "");
        MainTest.Result r = flocktune("peers", "behaviorsearch-flocking", "--budget", "0.02", "--out", blocker.resolve("out").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), "refused before the pilot's estimate: " + r.err());
        assertTrue(r.err().contains("is a file"), r.err());
    }

    /** {@code validate} with an {@code --out} that cannot be created: one line, before the sweep. */
    @Test
    void validateRefusesAnUnusableOutBeforeItsFirstSimulation(@TempDir Path tmp) throws Exception {
        Path blocker = Files.writeString(tmp.resolve("a-file"), "");
        long t0 = System.nanoTime();
        // one run of this length would take minutes
        MainTest.Result r = flocktune("validate", "vicsek", "--values", "0.5", "--seeds", "1", "--steps", "3000000",
                "--out", blocker.resolve("out").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("is a file"), r.err());
        assertTrue(System.nanoTime() - t0 < 60e9, "refused before the sweep");
    }

    /**
     * A comparison interrupted as it starts (Ctrl-C while its directory is made) leaves no
     * directory, or one that {@code --resume} continues (before, an empty directory was left that
     * {@code --resume} refused: "no comparison.json").
     */
    @Test
    void aComparisonInterruptedAsItStartsLeavesNoDirectoryOrAResumableOne(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("c.json");
        Files.writeString(file, CompareInterruptionTest.comparison(false));
        Comparison c = Comparisons.resolve(file.toString());
        Path run = tmp.resolve("run");
        Thread.currentThread().interrupt();   // Ctrl-C as the comparison starts
        try {
            Comparing.start(c, run, quiet(false));
            fail("an interrupted comparison does not end normally");
        } catch (InterruptedException | InputException expected) {
            // stopped
        } finally {
            Thread.interrupted();
        }
        if (Files.exists(run)) {
            Comparing.resume(run, quiet(false));
            Path whole = tmp.resolve("whole");
            Comparing.start(c, whole, quiet(false));
            assertEquals(CompareCommandTest.results(whole), CompareCommandTest.results(run));
        }
        try (Stream<Path> siblings = Files.list(tmp)) {
            assertEquals(List.of(), siblings.filter(Study::temporary).toList(), "no staging left beside it");
        }
    }

    /** An arm named with 100 000 characters: refused with one line before anything is written. */
    @Test
    void anOverLongArmNameIsRefusedBeforeAnythingIsWritten(@TempDir Path tmp) throws Exception {
        String longName = "x".repeat(100_000);
        Path file = tmp.resolve("c.json");
        Files.writeString(file, CompareInterruptionTest.comparison(false).replace("\"name\": \"b\"", "\"name\": \"" + longName + "\""));
        Path out = tmp.resolve("out");
        MainTest.Result r = flocktune("compare", file.toString(), "--out", out.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("arms[1].name") && r.err().contains("at most 250 bytes"), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    /** An {@code --out} with a name longer than a file system stores: refused before anything is written. */
    @Test
    void anOverLongOutNameIsRefusedBeforeAnythingIsWritten(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 1));
        Path out = tmp.resolve("d".repeat(300)).resolve("run");
        MainTest.Result r = flocktune("tune", experiment.toString(), "--out", out.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("at most 255 bytes"), r.err());
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(experiment), left.toList());
        }
    }
}
