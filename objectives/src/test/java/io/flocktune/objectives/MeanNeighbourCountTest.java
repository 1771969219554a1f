package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Metric.MeanNeighbourCount}: MASON Flockers' objective, golden values on hand-made flocks. */
class MeanNeighbourCountTest {
    static final Preset.Peer MASON = Presets.peer("mason-flockers");

    private static double read(Preset preset, Flock flock, double radius) {
        return new Gauge(new Metric.MeanNeighbourCount(radius), preset, MetricProbe.of(preset)).read(0, flock, List.of());
    }

    @Test
    void golden() {
        // along x: 0, 10 (exactly at the radius: counted), 10.5, 40; one far away
        Flock flock = Flocks.at2D(0, 0, 10, 0, 10.5, 0, 40, 0, -60, 60);
        // counts (self included): 0 → {0,10} 2; 10 → {0,10,10.5} 3; 10.5 → {10,10.5} 2 (0 is 10.5 away); 40 → 1; far → 1
        assertEquals((2 + 3 + 2 + 1 + 1) / 5.0, read(MASON, flock, 10), 1e-15);
        assertEquals(1, read(MASON, flock, 0.4), 1e-15, "self only");
    }

    @Test
    void countsAcrossTheSeamOfATorusOnly() {
        // x = -74 and 74 are 2 apart on the 150 torus, 148 apart in the open
        Flock flock = Flocks.at2D(-74, 0, 74, 0, 0, 0);
        assertEquals((2 + 2 + 1) / 3.0, read(MASON, flock, 10), 1e-15);
        Preset.RuleSet open = Presets.rules("reynolds");
        assertEquals(1, read(open, Flocks.at2D(-74, 0, 74, 0, 0, 0), 10), 1e-15);
    }

    @Test
    void allInOnePlaceGivesN() {
        assertEquals(4, read(MASON, Flocks.at2D(1, 1, 1, 1, 1, 1, 1, 1), 10), 1e-15);
    }

    @Test
    void equalsAllPairsOnMasonRuns() {
        for (long seed = 1; seed <= 3; seed++) {
            Simulation sim = Simulation.of(MASON, seed);
            for (int s = 0; s < 300; s++) sim.step();
            Flock f = sim.flock();
            assertEquals(brute(f, 10), read(MASON, f, 10), 1e-12, "seed " + seed);
        }
        Flock random = Flocks.random(2, 500, 150, new SplittableRandom(4));
        assertEquals(brute(random, 10), read(MASON, random, 10), 1e-12);
    }

    @Test
    void parsesAsAnObjective() {
        ObjectiveSpec spec = ObjectiveSpec.parse("meanNeighbourCount(radius=10):final:max");
        assertEquals(new Metric.MeanNeighbourCount(10), spec.metric());
        assertEquals("meanNeighbourCount(radius=10)", spec.metric().text());
    }

    private static double brute(Flock f, double r) {
        long total = 0;
        for (int i = 0; i < f.count(); i++) {
            for (int o = 0; o < f.count(); o++) {
                double dx = image(f.x()[i] - f.x()[o]), dy = image(f.y()[i] - f.y()[o]);
                if (dx * dx + dy * dy <= r * r) total++;
            }
        }
        return (double) total / f.count();
    }

    private static double image(double d) {
        return d > 75 ? d - 150 : d < -75 ? d + 150 : d;
    }
}
