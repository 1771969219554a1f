package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The benchmark workloads have the neighbour density they claim, counted correctly. */
class BenchFlocksTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reynolds", "seed000", "seed001", "seed002", "seed003", "seed004"})
    void gridCountEqualsAllPairsCount(String name) {
        Preset preset = BenchFlocks.scaled(Presets.get(name), 300);
        Flock flock = Simulation.of(preset, 7).flock();
        double radius = BenchFlocks.countingRadius(preset), size = preset.world().size();
        long pairs = 0;
        for (int i = 0; i < flock.count(); i++) {
            for (int j = 0; j < flock.count(); j++) {
                double dx = Periodic.minimumImage(flock.x()[j] - flock.x()[i], size);
                double dy = Periodic.minimumImage(flock.y()[j] - flock.y()[i], size);
                double dz = Periodic.minimumImage(flock.z()[j] - flock.z()[i], size);
                if (j != i && dx * dx + dy * dy + dz * dz < radius * radius) pairs++;
            }
        }
        assertEquals((double) pairs / flock.count(), BenchFlocks.meanNeighbours(flock, radius, size), 1e-12);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reynolds", "seed000", "seed001", "seed002", "seed003", "seed004"})
    void uniformSpawnHasTheTargetMeanNeighbourCount(String name) {
        // 5 000 boids: the sample mean of ~10 Poisson-like counts has sd ≈ 0.06
        Preset preset = BenchFlocks.scaled(Presets.get(name), 5000);
        Flock flock = Simulation.of(preset, 11).flock();
        double mean = BenchFlocks.meanNeighbours(flock, BenchFlocks.countingRadius(preset), preset.world().size());
        assertEquals(BenchFlocks.MEAN_NEIGHBOURS, mean, 0.5, name);
    }
}
