package io.flocktune.sim.peer;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link MasonFlockers}: what its preset accepts, and properties of its runs (fidelity: MasonFlockersFidelityTest). */
class MasonFlockersTest {
    final Preset.Peer preset = Presets.peer("mason-flockers");

    @Test
    void builtInPresetIsMasonsDefaults() {
        assertEquals(MasonFlockers.defaults(), preset.peer());
        assertEquals(200, preset.boids().count());
        assertEquals(150, preset.world().size());
        assertEquals("masonFlockers", io.flocktune.sim.Kinds.of(preset.peer()));
    }

    @Test
    void refusesWorldsAndBoidsTheModelWouldIgnore() {
        MasonFlockers m = MasonFlockers.defaults();
        Preset.Boids boids = preset.boids();
        assertEquals("world.dimension = 3: masonFlockers is 2D", assertThrows(IllegalArgumentException.class,
                () -> m.check(new Preset.World(3, 150, new Boundary.Wrap()), boids)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.check(new Preset.World(2, 150, new Boundary.Hard()), boids));
        String speed = assertThrows(IllegalArgumentException.class, () -> m.check(preset.world(),
                new Preset.Boids(200, 0, 1, 0, 150))).getMessage();
        assertTrue(speed.startsWith("boids.maxSpeed = 1.0: masonFlockers needs peer.jump = 0.7"), speed);
        assertThrows(IllegalArgumentException.class, () -> m.check(preset.world(), new Preset.Boids(200, 0.7, 0.7, 0, 150)));
        assertThrows(IllegalArgumentException.class, () -> m.check(preset.world(), new Preset.Boids(200, 0, 0.7, 0.7, 150)));
        assertThrows(IllegalArgumentException.class, () -> m.check(preset.world(), new Preset.Boids(200, 0, 0.7, 0, 100)));
        assertThrows(IllegalArgumentException.class, () -> new MasonFlockers(-1, 1, 1, 1, 1, 0.1, 10, 0.7, false));
        assertThrows(IllegalArgumentException.class, () -> new MasonFlockers(1, 1, 1, 1, 1, 1.5, 10, 0.7, false));
        assertThrows(IllegalArgumentException.class, () -> new MasonFlockers(1, 1, 1, 1, 1, 0.1, 0, 0.7, false));
    }

    @Test
    void sameSeedSameRunAndDeadFlockersNeverMove() {
        Simulation a = Simulation.of(preset, 3), b = Simulation.of(preset, 3), c = Simulation.of(preset, 4);
        MasonFlockersKernel kernel = (MasonFlockersKernel) a.peer();
        Flock start = a.flock().copy();
        for (int s = 0; s < 200; s++) { a.step(); b.step(); c.step(); }
        assertTrue(a.flock().sameState(b.flock()), "same seed, same state");
        assertFalse(a.flock().sameState(c.flock()), "another seed, another state");
        int dead = 0;
        for (int i = 0; i < a.flock().count(); i++) {
            double speed = Math.hypot(a.flock().vx()[i], a.flock().vy()[i]);
            if (kernel.dead(i)) {
                dead++;
                assertEquals(start.x()[i], a.flock().x()[i]);
                assertEquals(start.y()[i], a.flock().y()[i]);
                assertEquals(0, speed);
            } else {
                assertEquals(0.7, speed, 1e-12);
            }
        }
        assertEquals(dead, kernel.deadCount());
        assertTrue(dead > 5 && dead < 40, "about 10% dead: " + dead);
    }

    @Test
    void randomOrderIsNotIdOrder() {
        Simulation random = Simulation.of(preset, 8);
        Simulation ordered = Simulation.of(new Preset.Peer(preset.name(), preset.description(), preset.world(), preset.boids(),
                MasonFlockers.defaults().withIdOrder(true)), 8);
        assertTrue(random.flock().sameState(ordered.flock()), "the same start");
        for (int s = 0; s < 20; s++) { random.step(); ordered.step(); }
        assertFalse(random.flock().sameState(ordered.flock()), "the order matters (asynchronous update)");
    }
}
