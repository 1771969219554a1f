package io.flocktune.sim.bench;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link Simulation#step()} allocates nothing once running, counted exactly on the stepping
 * thread (JMH's {@code -prof gc} also counts the harness threads, see README-bench.md).
 */
class StepAllocationTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reynolds", "seed000", "seed001", "seed002", "seed003", "seed004"})
    void stepAllocatesNothing(String name) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        Preset preset = BenchFlocks.scaled(Presets.get(name), 500);
        Simulation simulation = Simulation.of(preset, 5);
        for (int k = 0; k < 10; k++) simulation.step();   // first steps size the grid
        int capturesBefore = simulation.captures().size();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int k = 0; k < 50; k++) simulation.step();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(capturesBefore, simulation.captures().size(), "a capture event allocates; pick another seed");
        assertEquals(0, allocated, name + ": bytes allocated by 50 steps");
    }
}
