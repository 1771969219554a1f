package io.flocktune.tuner.eval;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Presets;

import static org.junit.jupiter.api.Assertions.*;

class LocalRunnerTest {
    @Test
    void outcomesComeBackInTrialOrderWhateverTheThreads() throws Exception {
        List<Trial<Integer>> trials = new ArrayList<>();
        for (int i = 0; i < 50; i++) trials.add(new Trial<>(i, 1000L + i));
        Evaluator<Integer> f = (n, seed) -> {
            Thread.sleep((n * 7) % 5);   // finish out of order
            return new double[] {n, seed};
        };
        try (LocalRunner runner = new LocalRunner(4, Duration.ofSeconds(30))) {
            List<Outcome> outcomes = runner.run(f, trials);
            for (int i = 0; i < 50; i++) assertEquals(new Outcome.Success(new double[] {i, 1000 + i}, 0), outcomes.get(i));
        }
    }

    @Test
    void aThrowingTrialFailsWithItsMessageAndTheOthersRun() throws Exception {
        Evaluator<Integer> f = (n, seed) -> {
            if (n == 2) throw new IllegalStateException("boids.count = 0: must be in [1, 10000000]");
            return new double[] {n};
        };
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            List<Outcome> outcomes = runner.run(f, List.of(new Trial<>(1, 0), new Trial<>(2, 0), new Trial<>(3, 0)));
            assertEquals(new Outcome.Failure("IllegalStateException: boids.count = 0: must be in [1, 10000000]", 0), outcomes.get(1));
            assertInstanceOf(Outcome.Success.class, outcomes.get(0));
            assertInstanceOf(Outcome.Success.class, outcomes.get(2));
        }
    }

    @Test
    void aTrialPastTheTimeLimitFailsAndDoesNotHoldUpTheBatch() throws Exception {
        Evaluator<Integer> f = (n, seed) -> {
            if (n == 0) {
                long end = System.nanoTime() + 5_000_000_000L;   // ignores interrupts, like a simulation
                while (System.nanoTime() < end) Thread.onSpinWait();
            }
            return new double[] {n};
        };
        try (LocalRunner runner = new LocalRunner(1, Duration.ofMillis(200))) {
            long start = System.nanoTime();
            List<Outcome> outcomes = runner.run(f, List.of(new Trial<>(0, 0), new Trial<>(1, 0), new Trial<>(2, 0)));
            assertTrue(System.nanoTime() - start < 3_000_000_000L, "the batch did not wait for the runaway trial");
            Outcome.Failure failure = assertInstanceOf(Outcome.Failure.class, outcomes.get(0));
            assertTrue(failure.reason().contains("time limit of 0.2 s"), failure.reason());
            assertEquals(new Outcome.Success(new double[] {1}, 0), outcomes.get(1));
            assertEquals(new Outcome.Success(new double[] {2}, 0), outcomes.get(2));
        }
    }

    /** An engine bug is not a property of the candidate: the batch stops and the error reaches the caller. */
    @Test
    void anErrorInATrialStopsTheBatchInsteadOfFailingTheCandidate() throws Exception {
        for (Error error : List.of(new AssertionError("engine invariant"), new StackOverflowError(), new OutOfMemoryError("heap"))) {
            AtomicInteger started = new AtomicInteger();
            Evaluator<Integer> f = (n, seed) -> {
                started.incrementAndGet();
                if (n == 1) throw error;
                Thread.sleep(20);
                return new double[] {n};
            };
            try (LocalRunner runner = new LocalRunner(1, Duration.ofSeconds(30))) {
                List<Trial<Integer>> trials = new ArrayList<>();
                for (int i = 0; i < 20; i++) trials.add(new Trial<>(i, i));
                Error thrown = assertThrows(Error.class, () -> runner.run(f, trials));
                assertSame(error, thrown);
                assertTrue(started.get() < 20, "the batch stopped after the error: " + started.get() + " trials started");
            }
        }
    }

    /** Interrupting the caller stops the batch: run throws at once, no further trial starts, the running ones are interrupted. */
    @Test
    void anInterruptedCallerStopsTheBatch() throws Exception {
        AtomicInteger started = new AtomicInteger(), interrupted = new AtomicInteger();
        Evaluator<Integer> f = (n, seed) -> {
            started.incrementAndGet();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
                throw e;
            }
            return new double[] {n};
        };
        List<Trial<Integer>> trials = new ArrayList<>();
        for (int i = 0; i < 100; i++) trials.add(new Trial<>(i, i));
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(30))) {
            java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    runner.run(f, trials);
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            caller.start();
            Thread.sleep(120);
            caller.interrupt();
            caller.join(2_000);
            assertFalse(caller.isAlive(), "run returned after the interrupt");
            assertInstanceOf(InterruptedException.class, thrown.get());
            Thread.sleep(200);
            int after = started.get();
            Thread.sleep(200);
            assertEquals(after, started.get(), "no trial started after the batch stopped");
            assertTrue(after < 20, after + " trials started");
            assertEquals(2, interrupted.get(), "both running trials were interrupted");
        }
    }

    /** The time limit stops the simulation itself: its thread is free again soon after the limit. */
    @Test
    void aSimulationPastTheTimeLimitStopsCooperatively() throws Exception {
        PresetEvaluator presets = new PresetEvaluator(1_000_000_000L, List.of(ObjectiveSpec.parse("polarization", 0)));
        CountDownLatch ended = new CountDownLatch(1);
        Evaluator<Integer> f = (n, seed) -> {
            try {
                return presets.evaluate(Presets.get("reynolds"), seed);
            } finally {
                ended.countDown();
            }
        };
        try (LocalRunner runner = new LocalRunner(1, Duration.ofMillis(200))) {
            List<Outcome> outcomes = runner.run(f, List.of(new Trial<>(0, 1)));
            assertInstanceOf(Outcome.Failure.class, outcomes.getFirst());
            assertTrue(ended.await(20, TimeUnit.SECONDS), "the simulation ran on past its time limit");
        }
    }

    /** The clock starts before the trial: even an instant trial cannot outrun a 1 ns limit, whatever the scheduling. */
    @Test
    void aTinyLimitFailsEveryTrial() throws Exception {
        List<Trial<Integer>> trials = new ArrayList<>();
        for (int i = 0; i < 200; i++) trials.add(new Trial<>(i, i));
        try (LocalRunner runner = new LocalRunner(2, Duration.ofNanos(1))) {
            for (Outcome o : runner.run((n, seed) -> new double[] {n}, trials)) assertInstanceOf(Outcome.Failure.class, o);
        }
    }
}
