package io.flocktune.api;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link Simulate}, {@link Trajectory} and {@link Frame}, through the API only. */
class ApiSimulateTest {

    @Test
    void trajectoryKeepsEveryKthStepAsImmutableCopies() throws Exception {
        FlockPreset p = FlockPreset.load("reynolds").with("boids.count", 40);
        Trajectory t = Simulate.trajectory(p, 7, 50, 10);
        assertArrayEquals(new long[] {0, 10, 20, 30, 40, 50}, t.steps());
        assertEquals(40, t.first().boids());
        assertEquals(t.first().dimension(), t.first().positions()[0].length);
        assertNotEquals(t.first(), t.last(), "the flock moves");

        double[][] positions = t.last().positions();
        double x = positions[0][0];
        positions[0][0] = x + 1;
        assertEquals(x, t.last().positions()[0][0], "positions() is a copy");
        assertThrows(UnsupportedOperationException.class, () -> t.frames().add(t.first()));

        AtomicLong observed = new AtomicLong();
        Frame end = Simulate.run(p, 7, 50, (step, flock) -> observed.incrementAndGet());
        assertEquals(51, observed.get(), "step 0 and each of the 50 steps");
        assertEquals(t.last(), end, "the same seed gives the same run");
        assertEquals(Simulate.trajectory(p, 7, 50, 10), t);
    }

    @Test
    void badArgumentsGiveTheCommandsMessages() throws Exception {
        FlockPreset p = FlockPreset.load("reynolds");
        assertEquals("--every = 0: must be >= 1", assertThrows(Exception.class, () -> Simulate.trajectory(p, 1, 10, 0)).getMessage());
        assertEquals("--steps = -1: must be >= 0", assertThrows(Exception.class, () -> Simulate.run(p, 1, -1, (s, f) -> {})).getMessage());
    }
}
