package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Bit-exact fingerprints of runs, for changes to the engine that must not change a trajectory:
 * every built-in preset, at its own size and as the benchmark workload ({@link BenchFlocks}) at
 * 1 000 boids with each benchmark neighbourhood, a hash of every coordinate's bits after
 * {@value #STEPS} steps. {@code StateHashesTest} compares them with the values recorded before
 * the engine's speed work; {@code main} prints them.
 */
final class StateHashes {
    static final int STEPS = 20;

    private StateHashes() {}

    /** @return "preset/neighbourhood/N" → hash, in a fixed order */
    static Map<String, Long> all() {
        Map<String, Long> hashes = new LinkedHashMap<>();
        for (String name : BenchFlocks.rulePresets()) {     // the engine's rule presets, as at 5f3b0f3
            hashes.put(name + "/own/" + Presets.rules(name).boids().count(), hash(Presets.rules(name)));
            for (String nb : new String[] {"preset", "metric", "fieldOfView", "topological", "global"}) {
                Preset.RuleSet preset;
                try {
                    preset = BenchFlocks.withNeighbourhood(BenchFlocks.scaled(Presets.rules(name), 1000), nb);
                } catch (IllegalArgumentException refused) {
                    continue;      // Couzin's zones need a radius
                }
                hashes.put(name + "/" + nb + "/1000", hash(preset));
            }
        }
        return hashes;
    }

    static long hash(Preset.RuleSet preset) {
        Simulation simulation = Simulation.of(preset, 2024);
        for (int k = 0; k < STEPS; k++) simulation.step();
        Flock f = simulation.flock().inIdOrder();
        long h = 1;
        for (double[] a : new double[][] {f.x(), f.y(), f.z(), f.vx(), f.vy(), f.vz(), f.px(), f.py(), f.pz()}) {
            for (int i = 0; i < (a.length == f.capacity() ? f.count() : a.length); i++) {
                h = 31 * h + Double.doubleToRawLongBits(a[i]);
            }
        }
        return h;
    }

    public static void main(String[] args) {
        all().forEach((k, v) -> System.out.printf("            \"%s\", %dL,%n", k, v));
    }
}
