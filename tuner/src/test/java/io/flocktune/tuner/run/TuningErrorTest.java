package io.flocktune.tuner.run;

import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.experiment.Experiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/**
 * An {@link Error} during a run (an engine assertion, memory exhausted) is a bug, never a failed
 * candidate: the run stops with the error, says that the last completed generation is
 * checkpointed, and that checkpoint resumes to exactly the results of an uninterrupted run.
 */
class TuningErrorTest {

    /** Local runners whose {@code failingBatch}-th batch (counting from 1, over all runners) throws an Error. */
    private static RunnerFactory failingOnBatch(int failingBatch, AtomicInteger batches) {
        RunnerFactory local = RunnerFactory.local(2);
        return timeLimit -> {
            TrialRunner inner = local.open(timeLimit);
            return new TrialRunner() {
                @Override
                public <T> List<Outcome> run(Evaluator<T> evaluator, List<Trial<T>> trials) throws InterruptedException {
                    if (batches.incrementAndGet() == failingBatch) throw new AssertionError("engine invariant broken (test)");
                    return inner.run(evaluator, trials);
                }

                @Override
                public int parallelism() {
                    return inner.parallelism();
                }

                @Override
                public void close() {
                    inner.close();
                }
            };
        };
    }

    @Test
    void anErrorStopsTheRunKeepsTheCheckpointAndIsNotAFailedCandidate(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 5);
        Tuning.start(e, tmp.resolve("whole"), TuningTest.options(2, new StringWriter()));

        Path broken = tmp.resolve("broken");
        StringWriter log = new StringWriter();
        AtomicInteger batches = new AtomicInteger();
        Tuning.Options failing = new Tuning.Options(2, false, new PrintWriter(log, true), false, failingOnBatch(4, batches));
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
