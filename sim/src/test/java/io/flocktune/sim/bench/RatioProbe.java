package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.Arrays;
import java.util.Locale;

@EnabledIfSystemProperty(named = "ratio.presets", matches = ".+")
class RatioProbe {
    @Test
    void ratios() {
        String[] names = System.getProperty("ratio.presets").split(",");
        int rounds = Integer.getInteger("ratio.rounds", 40), steps = 100;
        Simulation[] sims = new Simulation[names.length];
        Flock[] states = new Flock[names.length];
        for (int p = 0; p < names.length; p++) {
            String[] pn = names[p].split(":");
            Preset.RuleSet workload = BenchFlocks.scaled(Presets.rules(pn[0]), 5000);
            sims[p] = Simulation.of(BenchFlocks.withNeighbourhood(workload, pn.length > 1 ? pn[1] : "preset"), 42);
            states[p] = sims[p].flock().copy();
        }
        double[][] t = new double[names.length][rounds];
        for (int r = -10; r < rounds; r++) {
            for (int p = 0; p < names.length; p++) {
                long total = 0;
                for (int k = 0; k < steps; k++) {
                    BenchFlocks.restore(states[p], sims[p].flock());
                    long t0 = System.nanoTime();
                    sims[p].step();
                    total += System.nanoTime() - t0;
                }
                if (r >= 0) t[p][r] = total / 1e3 / steps;
            }
        }
        double base = median(t[0]);
        for (int p = 0; p < names.length; p++) {
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) ratio[r] = t[p][r] / t[0][r];
            System.out.printf(Locale.ROOT, "%s: median %.1f us/step, %.2f M/s, median ratio to %s %.3f%n", names[p], median(t[p]),
                    5000 / median(t[p]), names[0], median(ratio));
        }
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
