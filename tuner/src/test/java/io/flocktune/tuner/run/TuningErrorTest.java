package io.flocktune.tuner.run;

import io.flocktune.tuner.experiment.Experiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * An {@link Error} during a run (an engine assertion, memory exhausted) is a bug, never a failed
 * candidate: the run stops with the error, says that the last completed generation is
 * checkpointed, and that checkpoint resumes to exactly the results of an uninterrupted run.
 */
class TuningErrorTest {

    @Test
    void anErrorStopsTheRunKeepsTheCheckpointAndIsNotAFailedCandidate(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 5);
        Tuning.start(e, tmp.resolve("whole"), TuningTest.options(2, new StringWriter()));

        Path broken = tmp.resolve("broken");
        StringWriter log = new StringWriter();
        AtomicInteger batches = new AtomicInteger();
        Tuning.Options failing = new Tuning.Options(2, false, new PrintWriter(log, true), false, WrappedRunners.local(2, false, batch -> {
            batches.set(batch);
            if (batch == 4) throw new AssertionError("engine invariant broken (test)");
        }));
        AssertionError error = assertThrows(AssertionError.class, () -> Tuning.start(e, broken, failing));
        assertEquals("engine invariant broken (test)", error.getMessage());
        assertEquals(4, batches.get(), "the run stopped at the failing batch");
        assertTrue(log.toString().contains("the run stopped on an internal error; the last completed generation is checkpointed"),
                log.toString());

        Path checkpoint = new RunFiles(broken).checkpoint();
        assertTrue(Files.exists(checkpoint), "the checkpoint of the last completed generation is kept");
        long generation = Checkpoint.read(checkpoint).state().generation();
        assertTrue(generation >= 0 && generation < 5, "stopped inside the search, at generation " + generation);
        assertFalse(Files.exists(broken.resolve("validation.csv")), "nothing is reported after an Error");
        assertTrue(Files.readAllLines(broken.resolve("history.csv")).stream().noneMatch(l -> l.contains(",failed,")),
                "an Error never becomes a failed candidate");

        Tuning.Result resumed = Tuning.resume(broken, TuningTest.options(1, new StringWriter()));
        assertEquals(5, resumed.generations());
        assertEquals(RunResults.of(tmp.resolve("whole")), RunResults.of(broken), "resumed after generation " + generation);
    }
}
