package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OfBoidsTest {
    @Test
    void keepsTheBoidsAndDrawsThePresetsPredatorsDeterministically() {
        Preset.RuleSet preset = Presets.rules("seed002");                    // one predator, 3D, size 100
        Flock boids = new Flock(3, 5, 0);
        for (int i = 0; i < 5; i++) {
            boids.x()[i] = i; boids.y()[i] = -i; boids.z()[i] = 2 * i; boids.vx()[i] = 0.5; boids.id()[i] = 10 + i;
        }
        Flock a = Simulation.ofBoids(preset, 9, boids).flock();
        Flock b = Simulation.ofBoids(preset, 9, boids).flock();
        assertTrue(a.sameState(b));
        assertEquals(5, a.count());
        assertEquals(preset.predators().count(), a.predatorCount());
        assertArrayEquals(boids.x(), a.x());
        assertArrayEquals(boids.z(), a.z());
        assertArrayEquals(boids.id(), a.id());
        double half = preset.world().size() / 2;
        for (int k = 0; k < a.predatorCount(); k++) {
            assertTrue(Math.abs(a.px()[k]) <= half && Math.abs(a.py()[k]) <= half && Math.abs(a.pz()[k]) <= half);
            assertEquals(0, a.pvx()[k]);
        }
    }
}
