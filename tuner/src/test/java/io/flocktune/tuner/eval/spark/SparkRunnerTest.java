package io.flocktune.tuner.eval.spark;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PortableEvaluator;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.Trial;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** {@link SparkRunner} on {@code local[2]}: tasks run in the same JVM, but every task's closure is serialized. */
class SparkRunnerTest {
    private static JavaSparkContext spark;
    private static final AtomicInteger failedTasks = new AtomicInteger();
    private static final java.util.Map<Integer, Integer> tasksPerStage = new java.util.concurrent.ConcurrentHashMap<>();

    @BeforeAll
    static void start() {
        spark = LocalSpark.start();
        spark.sc().addSparkListener(new SparkListener() {
            @Override
            public void onTaskEnd(SparkListenerTaskEnd end) {
                if (end.taskInfo().failed()) failedTasks.incrementAndGet();
                tasksPerStage.merge(end.stageId(), 1, Integer::sum);
            }
        });
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static final List<ObjectiveSpec> SPECS = List.of(ObjectiveSpec.parse("polarization", 10),
            ObjectiveSpec.parse("collisionRate(distance=1):mean:min:warmup=5"));

    private static List<Trial<Preset>> trials(String... presets) {
        List<Trial<Preset>> trials = new ArrayList<>();
        for (String name : presets) for (long seed = 1; seed <= 3; seed++) trials.add(new Trial<>(Presets.get(name), seed * 7919));
        return trials;
    }

    private static <T> List<Outcome> local(Evaluator<T> f, List<Trial<T>> trials) throws InterruptedException {
        try (LocalRunner runner = new LocalRunner(2, Duration.ofSeconds(60))) {
            return runner.run(f, trials);
        }
    }

    @Test
    void outcomesEqualTheLocalRunnersInTrialOrder() throws Exception {
        PresetEvaluator f = new PresetEvaluator(30, SPECS);
        List<Trial<Preset>> trials = trials("reynolds", "vicsek", "couzin", "seed002");
        List<Outcome> remote = new SparkRunner(spark, Duration.ofSeconds(60), false).run(f, trials);
        assertEquals(local(f, trials), remote);   // Success compares values bit for bit
        assertEquals(12, remote.size());
    }

    @Test
    void moreTrialsThanTasksAndFewerBothWork() throws Exception {
        SparkRunner runner = new SparkRunner(spark, Duration.ofSeconds(60), false);
        assertEquals(2, runner.parallelism());
        List<Trial<Integer>> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) many.add(new Trial<>(i, 1000L + i));
        assertEquals(local(new Scripted(-1, -1), many), runner.run(new Scripted(-1, -1), many));
        spark.sc().listenerBus().waitUntilEmpty();   // listener events are asynchronous
        assertEquals(SparkRunner.FIRST_TASKS_PER_CORE * 2, tasksPerStage.get(java.util.Collections.max(tasksPerStage.keySet())),
                "the first batch: 101 trials in 2 tasks per core");
        assertEquals(List.of(new Outcome.Success(new double[] {5, 6}, 0)), runner.run(new Scripted(-1, -1), List.of(new Trial<>(5, 6))));
        assertEquals(List.of(), runner.run(new Scripted(-1, -1), List.of()));
    }

    @Test
    void tasksRunAboutTaskNanosOfTrialsInAMultipleOfTheCores() {
        assertEquals(8, SparkRunner.slices(101, 4, 0), "unknown trial length: 2 per core");
        assertEquals(3, SparkRunner.slices(3, 4, 0), "never more tasks than trials");
        // 17 ms trials (the default experiment): 11 per task, 32 trials -> 3 tasks -> 4 on 2 cores
        assertEquals(4, SparkRunner.slices(32, 2, 17_000_000L));
        // 1 s trials: one per task, the free cores take the next
        assertEquals(40, SparkRunner.slices(40, 2, 1_000_000_000L));
        // 1 ms trials: 200 per task, still every core busy
        assertEquals(2, SparkRunner.slices(50, 2, 1_000_000L));
        assertEquals(16, SparkRunner.slices(3_000, 16, 1_000_000L));
    }

    @Test
    void aCandidateThatFailsIsAFailedOutcomeAsLocallyAndTheBatchGoesOn() throws Exception {
        List<Trial<Integer>> trials = new ArrayList<>();
        for (int i = 0; i < 9; i++) trials.add(new Trial<>(i, i));
        List<Outcome> remote = new SparkRunner(spark, Duration.ofSeconds(60), false).run(new Scripted(4, -1), trials);
        assertEquals(new Outcome.Failure("IllegalArgumentException: subject 4 is invalid", 0), remote.get(4));
        assertEquals(local(new Scripted(4, -1), trials), remote);
    }

    @Test
    void aTrialPastTheTimeLimitFailsAsLocally() throws Exception {
        List<Trial<Integer>> trials = List.of(new Trial<>(0, 0), new Trial<>(1, 0), new Trial<>(2, 0));
        List<Outcome> remote = new SparkRunner(spark, Duration.ofMillis(300), false).run(new Scripted(-1, 1), trials);
        Outcome.Failure failure = assertInstanceOf(Outcome.Failure.class, remote.get(1));
        assertEquals("exceeded the time limit of 0.3 s per evaluation", failure.reason());
        assertEquals(new Outcome.Success(new double[] {2, 0}, 0), remote.get(2));
    }

    @Test
    void aFailedTaskIsRetriedBySparkAndNothingIsLost() throws Exception {
        int before = failedTasks.get();
        PortableEvaluator<Preset> flaky = new FailsFirstAttempt(new PresetEvaluator(30, SPECS));
        List<Trial<Preset>> trials = trials("reynolds", "vicsek");
        List<Outcome> remote = new SparkRunner(spark, Duration.ofSeconds(60), false).run(flaky, trials);
        assertEquals(local(new PresetEvaluator(30, SPECS), trials), remote);
        spark.sc().listenerBus().waitUntilEmpty();   // listener events are asynchronous
        assertTrue(failedTasks.get() > before, "the first attempt of partition 0 failed and was retried");
    }

    @Test
    void anEvaluatorThatCannotTravelIsRefused() {
        Evaluator<Integer> lambda = (n, seed) -> new double[] {n};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SparkRunner(spark, Duration.ofSeconds(1), false).run(lambda, List.of(new Trial<>(1, 1))));
        assertTrue(e.getMessage().contains("PortableEvaluator"), e.getMessage());
    }

    /** Returns {subject, seed}; subject {@code invalid} throws, subject {@code slow} spins for 3 s. */
    record Scripted(int invalid, int slow) implements PortableEvaluator<Integer> {
        @Override
        public double[] evaluate(Integer n, long seed) {
            if (n == invalid) throw new IllegalArgumentException("subject " + n + " is invalid");
            if (n == slow) {
                long end = System.nanoTime() + 3_000_000_000L;
                while (System.nanoTime() < end) Thread.onSpinWait();
            }
            return new double[] {n, seed};
        }

        @Override
        public Serializable pack(Integer subject) {
            return subject;
        }

        @Override
        public Integer unpack(Serializable packed) {
            return (Integer) packed;
        }
    }

    /** Fails the whole task on the first attempt of partition 0, as a lost executor would. */
    record FailsFirstAttempt(PresetEvaluator inner) implements PortableEvaluator<Preset> {
        @Override
        public double[] evaluate(Preset preset, long seed) {
            return inner.evaluate(preset, seed);
        }

        @Override
        public Serializable pack(Preset subject) {
            return inner.pack(subject);
        }

        @Override
        public Preset unpack(Serializable packed) {
            TaskContext task = TaskContext.get();
            if (task.partitionId() == 0 && task.attemptNumber() == 0) throw new IllegalStateException("injected task failure");
            return inner.unpack(packed);
        }
    }
}
