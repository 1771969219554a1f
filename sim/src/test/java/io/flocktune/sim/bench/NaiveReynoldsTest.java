package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The all-pairs baseline of the benchmarks computes the engine's {@code reynolds} step: same
 * start, same states after several steps, up to the order of floating-point sums.
 */
class NaiveReynoldsTest {
    private static final double TOLERANCE = 1e-9;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, 20240611})
    void matchesTheEngine(long seed) {
        Preset.RuleSet preset = BenchFlocks.scaled(Presets.rules("reynolds"), 400);
        Simulation simulation = Simulation.of(preset, seed);
        NaiveReynolds naive = new NaiveReynolds(preset, simulation.flock());
        double size = preset.world().size();
        for (int step = 1; step <= 5; step++) {
            simulation.step();
            naive.step();
            Flock flock = simulation.flock().inIdOrder();   // the engine keeps cell order
            for (int i = 0; i < flock.count(); i++) {
                String where = "seed " + seed + ", step " + step + ", boid " + i;
                assertEquals(0, Periodic.minimumImage(flock.x()[i] - naive.x()[i], size), TOLERANCE, where);
                assertEquals(0, Periodic.minimumImage(flock.y()[i] - naive.y()[i], size), TOLERANCE, where);
                assertEquals(flock.vx()[i], naive.vx()[i], TOLERANCE, where);
                assertEquals(flock.vy()[i], naive.vy()[i], TOLERANCE, where);
            }
        }
    }
}
