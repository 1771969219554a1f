package io.flocktune.cli;

import io.flocktune.tuner.run.Checkpoint;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.RunResults;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Runs that are stopped from outside, in a child JVM: Ctrl-C (SIGINT) exits with 130 and keeps
 * the last checkpoint; kill -9 loses at most the generation in flight. Either way, {@code
 * --resume} ends with exactly the results of an uninterrupted run.
 */
class InterruptionTest {
    /** Enough generations that the run is still searching when the signal arrives after generation 1 (a run of 8 could finish first on an idle machine). */
    static final int GENERATIONS = 40;

    private static Process child(Path experiment, Path out) throws IOException {
        return new ProcessBuilder(MainTest.ctrlCChild(List.of("tune", experiment.toString(), "--out", out.toString(), "--threads", "2")))
                .redirectOutput(out.resolveSibling(out.getFileName() + ".out").toFile())
                .redirectError(out.resolveSibling(out.getFileName() + ".err").toFile())
                .start();
    }

    /** Waits until the child has checkpointed {@code generation}; false if it ended first. */
    private static boolean awaitCheckpoint(Process p, Path run, long generation) throws Exception {
        Path checkpoint = new RunFiles(run).checkpoint();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (p.isAlive()) {
            if (Files.exists(checkpoint) && Checkpoint.read(checkpoint).state().generation() >= generation) return true;
            assertTrue(System.nanoTime() < deadline, "no checkpoint of generation " + generation + " in time");
            Thread.sleep(5);
        }
        return false;
    }

    private static Path whole(Path tmp, Path experiment) {
        Path whole = tmp.resolve("whole");
        MainTest.Result r = flocktune("tune", experiment.toString(), "--out", whole.toString(), "--threads", "1");
        assertEquals(0, r.exit(), r.err());
        return whole;
    }

    @Test
    void ctrlCExitsWith130AndTheRunResumesToTheSameResults(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", GENERATIONS));
        Path run = tmp.resolve("run");
        Process p = child(experiment, run);
        assumeRunning(awaitCheckpoint(p, run, 1));
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run stops after Ctrl-C");
        String err = Files.readString(tmp.resolve("run.err"));
        assertEquals(130, p.exitValue(), err);
        assertTrue(err.contains("--resume " + run), err);
        assertFalse(Files.exists(run.resolve("validation.csv")));
        // Ctrl-C keeps the checkpoint of the last completed generation: the last row of generations.csv
        List<String> generations = Files.readAllLines(run.resolve("generations.csv"));
        long lastRow = Long.parseLong(generations.getLast().split(",")[0]);
        assertEquals(lastRow, Checkpoint.read(new RunFiles(run).checkpoint()).state().generation(), err);
        assertTrue(err.contains("the generation in flight is lost"), err);

        MainTest.Result resumed = flocktune("tune", "--resume", run.toString(), "--threads", "2");
        assertEquals(0, resumed.exit(), resumed.err());
        assertEquals(RunResults.of(whole(tmp, experiment)), RunResults.of(run));
    }

    @Test
    void killMinus9LosesAtMostTheGenerationInFlight(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", GENERATIONS));
        Path run = tmp.resolve("run");
        Process p = child(experiment, run);
        assumeRunning(awaitCheckpoint(p, run, 2));
        p.destroyForcibly();   // SIGKILL: no hook runs
        p.waitFor();
        long kept = Checkpoint.read(new RunFiles(run).checkpoint()).state().generation();
        assertTrue(kept >= 2, "checkpoint of generation " + kept);

        MainTest.Result resumed = flocktune("tune", "--resume", run.toString(), "--threads", "1");
        assertEquals(0, resumed.exit(), resumed.err());
        assertEquals(RunResults.of(whole(tmp, experiment)), RunResults.of(run));
        for (String table : List.of("history.csv", "generations.csv")) {
            assertTrue(Files.readString(run.resolve(table)).endsWith("\n"), table + " ends with a whole row");
        }
    }

    private static void assumeRunning(boolean running) {
        assertTrue(running, "the child run ended before it could be interrupted");
    }
}
