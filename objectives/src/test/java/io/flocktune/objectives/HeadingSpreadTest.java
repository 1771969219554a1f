package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Metric.HeadingSpread}, BehaviorSearch's {@code standard-deviation [dx] of turtles +
 * standard-deviation [dy] of turtles}, on hand-made flocks with values worked out by hand.
 */
class HeadingSpreadTest {
    private static final double EXACT = 1e-12;

    private static Flock flock(int dimension, double[]... velocities) {
        Flock f = new Flock(dimension, velocities.length, 0);
        for (int i = 0; i < velocities.length; i++) {
            f.x()[i] = i;
            f.vx()[i] = velocities[i][0];
            f.vy()[i] = velocities[i][1];
            if (dimension == 3) f.vz()[i] = velocities[i][2];
        }
        return f;
    }

    private static double spread(Flock f) {
        return new MetricProbe(Flocks.open(f.dimension()), f.count()).headingSpread(f);
    }

    @Test
    void compassPointsAtAnySpeed() {
        // unit headings N, E, S, W: dx = (0, 1, 0, −1), dy = (1, 0, −1, 0); each sample variance
        // (0 + 1 + 0 + 1) / 3 = 2/3, so sd(dx) + sd(dy) = 2·√(2/3)
        Flock f = flock(2, new double[] {0, 2}, new double[] {0.5, 0}, new double[] {0, -3}, new double[] {-1, 0});
        assertEquals(2 * Math.sqrt(2.0 / 3), spread(f), EXACT);
    }

    @Test
    void equalHeadingsHaveNoSpread() {
        Flock f = flock(2, new double[] {0.6, 0.8}, new double[] {3, 4}, new double[] {1.2, 1.6});
        assertEquals(0, spread(f), EXACT);
    }

    @Test
    void aBoidAtRestIsAZeroVectorAndTheSdIsTheSampleOne() {
        // dx = (0, 0.6): mean 0.3, sample variance (0.09 + 0.09) / 1; dy = (0, 0.8): 0.32
        Flock f = flock(2, new double[] {0, 0}, new double[] {3, 4});
        assertEquals(Math.sqrt(0.18) + Math.sqrt(0.32), spread(f), EXACT);
    }

    @Test
    void threeDimensionsAddTheZComponent() {
        Flock f = flock(3, new double[] {0, 0, 5}, new double[] {0, 0, -1});
        assertEquals(Math.sqrt(2), spread(f), EXACT);
    }

    @Test
    void aLoneBoidGivesZero() {
        assertEquals(0, spread(flock(2, new double[] {1, 0})), EXACT);
    }

    @Test
    void parsesAndNamesLikeTheOtherMetrics() {
        assertEquals(new Metric.HeadingSpread(), Metric.parse("headingSpread"));
        assertEquals("headingSpread", new Metric.HeadingSpread().text());
    }

    /**
     * The tutorial's window: {@code headingSpread:mean:min:warmup=74} on a 100-step run samples
     * ticks 75..100 (26 samples) and its value is their mean, checked against the metric summed
     * by hand over those ticks of the same run.
     */
    @Test
    void theBehaviorSearchWindowIsTicks75To100() {
        ObjectiveSpec spec = ObjectiveSpec.parse("headingSpread:mean:min:warmup=74");
        assertEquals(26, LongStream.rangeClosed(0, 100).filter(t -> spec.samples(t, 100)).count());
        assertEquals(75, LongStream.rangeClosed(0, 100).filter(t -> spec.samples(t, 100)).min().orElseThrow());
        var preset = Presets.get("netlogo-flocking");
        double objective = Objectives.evaluate(preset, 5, 100, List.of(spec))[0];
        Simulation sim = Simulation.of(preset, 5);
        MetricProbe probe = new MetricProbe(preset.world(), preset.boids().count());
        double sum = 0;
        for (int t = 1; t <= 100; t++) {
            sim.step();
            if (t >= 75) sum += probe.headingSpread(sim.flock());
        }
        assertEquals(sum / 26, objective, EXACT);
    }
}
