package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The benchmark workloads have the neighbour density they claim, counted correctly. */
class BenchFlocksTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reynolds", "seed000", "seed001", "seed002", "seed003", "seed004"})
    void gridCountEqualsAllPairsCount(String name) {
        Preset.RuleSet preset = BenchFlocks.scaled(Presets.rules(name), 300);
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
        Preset.RuleSet preset = BenchFlocks.scaled(Presets.rules(name), 5000);
        Flock flock = Simulation.of(preset, 11).flock();
        double mean = BenchFlocks.meanNeighbours(flock, BenchFlocks.countingRadius(preset), preset.world().size());
        assertEquals(BenchFlocks.MEAN_NEIGHBOURS, mean, 0.5, name);
    }

    /** {@code StepPerf}'s preset parameter lists every built-in preset of the engine's rules, in listing order. */
    @Test
    void stepPerfCoversEveryBuiltInPreset() throws NoSuchFieldException {
        String[] listed = StepPerf.class.getDeclaredField("preset").getAnnotation(Param.class).value();
        assertEquals(BenchFlocks.rulePresets(), List.of(listed));
    }

    /**
     * Every neighbourhood the benchmark offers builds a valid preset from every built-in one,
     * except Couzin's zones (alignment {@code zonal}), which need a radius: JMH reports those
     * combinations as a setup error and goes on.
     */
    @Test
    void everyNeighbourhoodFitsEveryPresetButCouzinsZones() throws NoSuchFieldException {
        String[] kinds = StepPerf.class.getDeclaredField("neighbourhood").getAnnotation(Param.class).value();
        java.util.List<String> refused = new java.util.ArrayList<>();
        for (String name : BenchFlocks.rulePresets()) {
            for (String kind : kinds) {
                Preset preset;
                try {
                    preset = BenchFlocks.withNeighbourhood(BenchFlocks.scaled(Presets.rules(name), 300), kind);
                } catch (IllegalArgumentException e) {
                    refused.add(name + " " + kind);
                    continue;
                }
                Simulation simulation = Simulation.of(preset, 3);
                simulation.step();
                assertEquals(true, simulation.flock().allFinite(), name + " " + kind);
            }
        }
        assertEquals(List.of("couzin topological", "couzin global"), refused);
    }
}
