package io.flocktune.cli;

import io.flocktune.tuner.run.Checkpoint;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.RunResults;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * kill -9 at ten random moments of a run and of its resumes (while a child JVM starts, takes the
 * lock, reads or writes a checkpoint, appends rows, simulates): every resume continues, and the
 * last one ends with exactly the results of an uninterrupted run. The moments are drawn from a
 * seeded stream and printed, so a failure can be replayed; where they land in the run depends on
 * the machine's speed, which is the point of drawing many.
 */
@Tag("slow")
class RandomKillTest {
    private static final int KILLS = 10;

    private static Process child(Path out, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.appendTo(out.resolveSibling("children.err").toFile()))
                .start();
    }

    @Test
    void tenKillsAtRandomMomentsResumeToTheUninterruptedResults(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", InterruptionTest.GENERATIONS));
        Path run = tmp.resolve("run");
        Path checkpoint = new RunFiles(run).checkpoint();

        // the first child runs until its first checkpoint: from then on the directory is a run
        Process first = child(run, "tune", experiment.toString(), "--out", run.toString(), "--threads", "2");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(checkpoint)) {
            assertTrue(first.isAlive() && System.nanoTime() < deadline, "no first checkpoint");
            Thread.sleep(2);
        }
        first.destroyForcibly().waitFor();

        SplittableRandom random = new SplittableRandom(20261124);
        List<String> kills = new ArrayList<>();
        for (int k = 0; k < KILLS; k++) {
            long delayMillis = random.nextLong(50, 2_500);
            Process p = child(run, "tune", "--resume", run.toString(), "--threads", "2");
            boolean ended = p.waitFor(delayMillis, TimeUnit.MILLISECONDS);
            if (!ended) p.destroyForcibly().waitFor();
            kills.add(delayMillis + " ms" + (ended ? " (ended first, exit " + p.exitValue() + ")" : ""));
            if (ended) {
                assertEquals(0, p.exitValue(), "a resume after kills " + kills + " failed: " + Files.readString(tmp.resolve("children.err")));
                break;
            }
            assertTrue(Files.exists(checkpoint), "the checkpoint survives kill " + k + " at " + kills);
            Checkpoint.read(checkpoint);   // readable, whole
        }
        System.out.println("RandomKillTest kills: " + kills);

        MainTest.Result last = flocktune("tune", "--resume", run.toString(), "--threads", "1");
        boolean finishedAlready = last.exit() == 2 && Files.exists(run.resolve("validation.csv"));
        assertTrue(last.exit() == 0 || finishedAlready, "last resume after kills " + kills + ": " + last.err());

        Path whole = tmp.resolve("whole");
        MainTest.Result r = flocktune("tune", experiment.toString(), "--out", whole.toString(), "--threads", "1");
        assertEquals(0, r.exit(), r.err());
        assertEquals(RunResults.of(whole), RunResults.of(run), "after kills at " + kills);
        for (String table : List.of("history.csv", "generations.csv")) {
            assertTrue(Files.readString(run.resolve(table)).endsWith("\n"), table + " ends with a whole row");
        }
    }
}
