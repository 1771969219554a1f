package io.flocktune.tuner.run;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

class TuningTest {

    static Tuning.Options options(int threads, StringWriter log) {
        return new Tuning.Options(threads, false, new PrintWriter(log, true), false);
    }

    @Test
    void sameResultsWithOneAndTwoThreads(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 3);
        Tuning.start(e, tmp.resolve("one"), options(1, new StringWriter()));
        Tuning.start(e, tmp.resolve("two"), options(2, new StringWriter()));
        assertEquals(RunResults.of(tmp.resolve("one")), RunResults.of(tmp.resolve("two")));
    }

    @Test
    void resumedRunEndsWithExactlyTheResultsOfAnUninterruptedOne(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 6);
        Tuning.start(e, tmp.resolve("whole"), options(2, new StringWriter()));

        Path broken = tmp.resolve("broken");
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                Tuning.start(e, broken, options(2, new StringWriter()));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        worker.start();
        Path checkpoint = new RunFiles(broken).checkpoint();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!(Files.exists(checkpoint) && Checkpoint.read(checkpoint).state().generation() >= 2) && worker.isAlive()) {
            assertTrue(System.nanoTime() < deadline, "no checkpoint of generation 2 within a minute");
            Thread.sleep(2);
        }
        worker.interrupt();   // what Ctrl-C does
        worker.join();
        assertInstanceOf(InterruptedException.class, thrown.get(), "the run stops on interruption");
        long stoppedAt = Checkpoint.read(checkpoint).state().generation();
        assertTrue(stoppedAt < 6, "interrupted before the end, at " + stoppedAt);
        assertFalse(Files.exists(broken.resolve("validation.csv")));

        StringWriter log = new StringWriter();
        Tuning.Result resumed = Tuning.resume(broken, options(1, log));
        assertEquals(6, resumed.generations());
        assertEquals(RunResults.of(tmp.resolve("whole")), RunResults.of(broken), "resumed after generation " + stoppedAt);
    }

    @Test
    void failedEvaluationsAreRecordedAndTheRunGoesOn(@TempDir Path tmp) throws Exception {
        // candidates with boids.minSpeed above boids.maxSpeed make an invalid preset (each range alone is valid)
        Experiment e = TinyExperiment.of("{\"path\": \"boids.minSpeed\", \"range\": [0.2, 0.9]},"
                + "{\"path\": \"boids.maxSpeed\", \"range\": [0.3, 1.5]}", 3);
        Tuning.Result r = Tuning.start(e, tmp.resolve("run"), options(2, new StringWriter()));
        List<String> history = Files.readAllLines(tmp.resolve("run/history.csv"));
        List<String> failed = history.stream().filter(l -> l.contains(",failed,")).toList();
        assertFalse(failed.isEmpty(), "some candidates have minSpeed > maxSpeed");
        for (String row : failed) assertTrue(row.contains("maxSpeed"), row);
        assertTrue(Files.readString(tmp.resolve("run/generations.csv")).lines().skip(1)
                .anyMatch(l -> !l.split(",")[4].equals("0")), "failures counted per generation");
        assertNotNull(r.best().measurement(), "the best preset is a valid one");
        assertTrue(r.best().preset().boids().minSpeed() <= r.best().preset().boids().maxSpeed());
    }

    @Test
    void aNonEmptyDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("keep.txt"), "mine");
        InputException error = assertThrows(InputException.class,
                () -> Tuning.start(TinyExperiment.of("", 1), tmp, options(1, new StringWriter())));
        assertTrue(error.getMessage().contains("not empty"), error.getMessage());
        assertEquals("mine", Files.readString(tmp.resolve("keep.txt")));
    }

    /**
     * Big candidates (200 000 boids) exceed a 0.5 s limit, small ones (20 boids) do not: the run
     * goes on, records the timed-out evaluations as failed, and warns that it may not repeat.
     */
    @Test
    void aRunWhoseEvaluationsHitTheTimeLimitWarnsThatItMayNotRepeat(@TempDir Path tmp) throws Exception {
        String json = TinyExperiment.json("", 1).replace("\"integers\": [20, 40]", "\"choices\": [20, 200000]")
                .replace("\"seed\": 7", "\"seed\": 7, \"evaluationTimeLimit\": 0.5");
        Experiment e = io.flocktune.tuner.experiment.ExperimentJson.parse(json, "slow.json", null);
        StringWriter log = new StringWriter();
        Tuning.Result r = Tuning.start(e, tmp.resolve("run"), options(2, log));
        assertNotNull(r.best().measurement());
        assertTrue(Files.readString(tmp.resolve("run/history.csv")).contains("exceeded the time limit of 0.5 s per evaluation"));
        assertTrue(log.toString().contains("hit the evaluationTimeLimit of 0.5 s and count as failed; whether an evaluation "
                + "hits it depends on the machine's load and --threads, so this run is not guaranteed to repeat bit for bit"), log.toString());
    }
}
