package io.flocktune.cli;

import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.flocktune.tuner.compare.Comparing;
import io.flocktune.tuner.compare.Comparisons;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A comparison killed with {@code kill -9} (no hook runs) in a child JVM, while its
 * "tune first" arm is tuning or while the replicates run, resumes with {@code --resume} to
 * exactly the files of an uninterrupted run.
 */
class CompareInterruptionTest {

    /** Sequential looks of 4 replicates up to 16; arms close enough that the looks do not settle early. */
    static String comparison(boolean tuned) {
        return """
                {
                  "format": "flocktune-comparison/1",
                  "name": "resumable",
                  "arms": [
                    %s
                    {"name": "a", "preset": "reynolds", "set": {"predators.count": 1}},
                    {"name": "b", "preset": "reynolds", "set": {"predators.count": 1, "separation.weight": 1.6}}
                  ],
                  "objectives": ["polarization:mean:max:every=5", "collisionRate(distance=1):mean:min:every=5,name=collisions"],
                  "scenario": {"boids": 40, "steps": 200, "warmup": 100},
                  "replicates": {"min": 4, "max": 16, "batch": 4},
                  "bootstrap": 200
                }
                """.formatted(tuned ? "{\"name\": \"tuned\", \"tune\": \"tiny-experiment.json\"}," : "");
    }

    private static Process child(Path file, Path out) throws IOException {
        return new ProcessBuilder(MainTest.ctrlCChild(List.of("compare", file.toString(), "--out", out.toString(), "--threads", "2")))
                .redirectOutput(out.resolveSibling(out.getFileName() + ".out").toFile())
                .redirectError(out.resolveSibling(out.getFileName() + ".err").toFile())
                .start();
    }

    /** Waits until {@code ready} holds for the directory; false if the child ended first. */
    private static boolean await(Process p, Path out, Predicate<Path> ready) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (p.isAlive()) {
            if (ready.test(out)) return true;
            assertTrue(System.nanoTime() < deadline, "the child never got there");
            Thread.sleep(5);
        }
        return false;
    }

    private static long lines(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file).lines().count() : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static void killAndResume(Path tmp, boolean tuned, Predicate<Path> when, String what) throws Exception {
        killAndResume(tmp, tuned, when, what, false);
    }

    /** @param report whether the resume draws the reports (and must then complete the tuned arm's) */
    private static void killAndResume(Path tmp, boolean tuned, Predicate<Path> when, String what, boolean report) throws Exception {
        Path file = tmp.resolve("resumable.json");
        Files.writeString(tmp.resolve("tiny-experiment.json"), TinyExperiment.json("", 4));
        Files.writeString(file, comparison(tuned));
        Path run = tmp.resolve("run");
        Process p = child(file, run);
        assertTrue(await(p, run, when), "the child ended before it could be killed " + what);
        p.destroyForcibly();   // SIGKILL
        p.waitFor();
        assertFalse(Files.exists(run.resolve("pairs.csv")), "killed before the end");

        // in-process and without the reports (which the comparison of files leaves out anyway)
        Comparing.Options quiet = new Comparing.Options(1, new PrintWriter(new StringWriter()), false);
        Comparing.resume(run, report ? new Comparing.Options(1, new PrintWriter(new StringWriter()), true) : quiet);
        if (report) {
            assertTrue(Files.isRegularFile(run.resolve("tuning/tuned/report.html")), "the tuned arm's report is drawn on resume");
            assertTrue(Files.isRegularFile(run.resolve("report.html")));
        }
        Path whole = tmp.resolve("whole");
        Comparing.start(Comparisons.resolve(file.toString()), whole, quiet);
        assertEquals(CompareCommandTest.results(whole), CompareCommandTest.results(run));
        assertTrue(Files.readString(run.resolve("replicates.csv")).endsWith("\n"));
    }

    @Test
    void killedWhileTheReplicatesRunItResumesToTheSameResults(@TempDir Path tmp) throws Exception {
        // the first look's rows are on disk: 1 header + 2 arms × 4 replicates
        killAndResume(tmp, false, run -> lines(run.resolve("replicates.csv")) >= 9, "during the replicates");
    }

    @Test
    void ctrlCExitsWith130SaysHowToResumeAndTheRunResumesToTheSameResults(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("resumable.json");
        Files.writeString(file, comparison(false));
        Path run = tmp.resolve("run");
        Process p = child(file, run);
        assertTrue(await(p, run, r -> lines(r.resolve("replicates.csv")) >= 9), "the child ended before it could be interrupted");
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the comparison stops after Ctrl-C");
        String err = Files.readString(tmp.resolve("run.err"));
        assertEquals(130, p.exitValue(), err);
        assertTrue(err.contains("./flocktune compare --resume " + run), err);
        assertFalse(Files.exists(run.resolve("pairs.csv")));
        Comparing.Options quiet = new Comparing.Options(2, new PrintWriter(new StringWriter()), false);
        Comparing.resume(run, quiet);
        Path whole = tmp.resolve("whole");
        Comparing.start(Comparisons.resolve(file.toString()), whole, quiet);
        assertEquals(CompareCommandTest.results(whole), CompareCommandTest.results(run));
    }

    @Test
    void killedWhileTheTunedArmDrawsItsReportItResumesToTheSameResultsAndDrawsThatReport(@TempDir Path tmp) throws Exception {
        // the tuning's results are written, its report is not yet
        killAndResume(tmp, true, run -> Files.exists(run.resolve("tuning/tuned/pareto.csv"))
                && !Files.exists(run.resolve("tuning/tuned/report.html")), "while the tuned arm draws its report", true);
    }

    @Test
    void killedWhileTuningItResumesToTheSameResults(@TempDir Path tmp) throws Exception {
        // the tuning has checkpointed a generation
        killAndResume(tmp, true, run -> Files.exists(run.resolve("tuning/tuned/checkpoint/state.json")), "during the tuning");
    }
}
