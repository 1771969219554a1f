package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spawn box lies inside the world: a larger one is refused, never silently shrunk. */
class SpawnBoxTest {

    @Test
    void aSpawnBoxLargerThanTheWorldIsRefused() {
        Preset.RuleSet reynolds = (Preset.RuleSet) Presets.get("reynolds");
        double size = reynolds.world().size();
        Preset.Boids b = reynolds.boids();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> reynolds.toBuilder()
                .boids(new Preset.Boids(b.count(), b.minSpeed(), b.maxSpeed(), b.initialSpeed(), 2 * size)).build());
        assertEquals("boids.spawnSize = " + 2 * size + ": must be in [0, world.size = " + size + "]", e.getMessage());
    }

    @Test
    void aSpawnBoxAsLargeAsTheWorldFillsIt() {
        Preset.RuleSet reynolds = (Preset.RuleSet) Presets.get("reynolds");
        double size = reynolds.world().size();
        Preset.Boids b = reynolds.boids();
        Preset wide = reynolds.toBuilder().boids(new Preset.Boids(500, b.minSpeed(), b.maxSpeed(), b.initialSpeed(), size)).build();
        Flock flock = Simulation.of(wide, 7).flock();
        double lo = 0, hi = 0;
        for (int i = 0; i < flock.count(); i++) {
            lo = Math.min(lo, flock.x()[i]);
            hi = Math.max(hi, flock.x()[i]);
        }
        assertTrue(lo >= -size / 2 && hi < size / 2, "inside the world");
        assertTrue(hi - lo > 0.9 * size, "spread over the whole world: " + (hi - lo));
    }

    @Test
    void everyBuiltInPresetSpawnsInsideItsWorld() {
        Presets.all().forEach((name, p) -> assertTrue(p.boids().spawnSize() <= p.world().size(), name));
    }
}
