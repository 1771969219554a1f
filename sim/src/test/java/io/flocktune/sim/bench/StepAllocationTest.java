package io.flocktune.sim.bench;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.RandomPresets;
import io.flocktune.sim.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link Simulation#step()} allocates nothing once running, counted exactly on the stepping
 * thread (JMH's {@code -prof gc} also counts the harness threads, see README-bench.md): for
 * every built-in preset (scaled to 500 boids) and for random presets that together use every
 * rule variant ({@link RandomPresets#coveringEveryVariant}), with captures off (recording a
 * capture event allocates, by design).
 */
class StepAllocationTest {

    static Stream<Arguments> presets() {
        List<Arguments> all = new ArrayList<>();
        for (String name : Presets.all().keySet()) {
            // a peer model (EvoFlock) keeps its own world and count: its check refuses a rescaled one
            all.add(Arguments.of(name, switch (Presets.get(name)) {
                case Preset.RuleSet rules -> BenchFlocks.scaled(rules, 500);
                case Preset.Peer peer -> peer;
            }));
        }
        List<Preset.RuleSet> random = RandomPresets.coveringEveryVariant(2026);
        for (int k = 0; k < random.size(); k++) all.add(Arguments.of("random " + k, random.get(k)));
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void stepAllocatesNothing(String name, Preset given) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        Preset preset = switch (given) {
            case Preset.RuleSet rules -> {
                Preset.Predators p = rules.predators();
                yield rules.toBuilder().predators(new Preset.Predators(p.count(), p.behaviour(), p.maxSpeed(), p.fleeRadius(),
                        p.fleeWeight(), 0, p.removeOnCapture())).build();
            }
            case Preset.Peer peer -> peer;
        };
        Simulation simulation = Simulation.of(preset, 5);
        for (int k = 0; k < 30; k++) simulation.step();   // first steps size the grid
        // Eight windows of 25 steps: a step that allocates shows in every window. The JVM may
        // allocate once on this thread when it first resolves a rarely taken path, and a flock that
        // keeps spreading (an open world, an unlimited speed) grows the grid's arrays geometrically,
        // a few times at most, so up to three non-zero windows are tolerated.
        long[] windows = new long[8];
        for (int w = 0; w < windows.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int k = 0; k < 25; k++) simulation.step();
            windows[w] = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertEquals(0, simulation.captures().size(), "captures are off");
        long zero = java.util.Arrays.stream(windows).filter(bytes -> bytes == 0).count();
        assertTrue(zero >= 5, name + ": bytes allocated by eight windows of 25 steps: " + java.util.Arrays.toString(windows)
                + " for " + preset);
    }

    /**
     * A parallel step ({@link Simulation#parallel}) allocates nothing either, on the stepping
     * thread nor on the workers: the hand-off is volatile fields and park/unpark.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"reynolds", "vicsek"})
    void parallelStepAllocatesNothing(String name) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        Simulation simulation = Simulation.of(BenchFlocks.scaled(Presets.rules(name), Simulation.PARALLEL_MIN_BOIDS), 5).parallel(2);
        for (int k = 0; k < 10; k++) simulation.step();
        long[] workers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("flocktune-step-")).mapToLong(Thread::threadId).toArray();
        assertTrue(workers.length >= 1, "the step workers run");
        long[] windows = new long[4];
        for (int w = 0; w < windows.length; w++) {
            long before = allocated(threads, workers);
            for (int k = 0; k < 5; k++) simulation.step();
            windows[w] = allocated(threads, workers) - before;
        }
        long zero = java.util.Arrays.stream(windows).filter(bytes -> bytes == 0).count();
        assertTrue(zero >= 2, name + ": bytes allocated by the stepping thread and the step workers in four windows of "
                + "5 steps: " + java.util.Arrays.toString(windows));
    }

    /** Bytes allocated so far by this thread and the given threads (without allocating). */
    private static long allocated(com.sun.management.ThreadMXBean threads, long[] others) {
        long bytes = threads.getCurrentThreadAllocatedBytes();
        for (long id : others) bytes += threads.getThreadAllocatedBytes(id);
        return bytes;
    }
}
