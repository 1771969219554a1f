package io.flocktune.sim.rule;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.api.Test;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocityChange;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** Golden values of every {@link Cohesion} variant on hand-made configurations. */
class CohesionTest {

    @Test
    void centroidPullsTowardTheNeighboursMean() {
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0, 0, 0}, new double[] {4, 0, 0, 0, 0, 0},
                new double[] {0, 8, 0, 0, 0, 0});
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().cohesion(new Cohesion.Centroid(0.1)).build();
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("boid 0", vector(0.2, 0.4, 0), velocityChange(before, after, 0));
    }

    @Test
    void steerToSlowsLinearlyInsideTheArrivalRadius() {
        Cohesion steer = new Cohesion.SteerTo(1, 100, 10);
        // desired speed = maxSpeed 2 · d / 100 inside 100, maxSpeed beyond
        assertVector("d = 25", vector(0.5, 0, 0), steerFromRest(steer, 25, 0));
        assertVector("d = 50", vector(1, 0, 0), steerFromRest(steer, 50, 0));
        assertVector("d = 150", vector(2, 0, 0), steerFromRest(steer, 150, 0));
    }

    @Test
    void steerToSubtractsTheVelocityAndTruncatesToMaxForce() {
        // desired (1, 0) minus velocity (0, 0.5) = (1, −0.5), truncated to length 0.05, weight 3
        double f = 3 * 0.05 / Math.sqrt(1.25);
        assertVector("truncated", vector(f, -0.5 * f, 0), steerFromRest(new Cohesion.SteerTo(3, 100, 0.05), 50, 0.5));
        assertVector("untruncated", vector(1, -0.5, 0), steerFromRest(new Cohesion.SteerTo(1, 100, 10), 50, 0.5));
    }

    @Test
    void unitToCentroidHasTheWeightsLength() {
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0, 0, 0}, new double[] {3, 4, 0, 0, 0, 0});
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().cohesion(new Cohesion.UnitToCentroid(0.3)).build();
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("boid 0", vector(0.18, 0.24, 0), velocityChange(before, after, 0));
    }

    @Test
    void everyVariantIsZeroWithoutNeighbours() {
        Flock before = TestFlocks.of(2, new double[] {0, 0, 0, 0.5, 0, 0}, new double[] {20, 0, 0, 0, 0.5, 0});
        for (Cohesion c : new Cohesion[] {new Cohesion.Centroid(1), new Cohesion.SteerTo(1, 100, 1), new Cohesion.UnitToCentroid(1)}) {
            Flock after = TestFlocks.stepOnce(TestPresets.quiet(2).toBuilder().cohesion(c).build(), before).flock();
            assertArrayEquals(new double[3], velocityChange(before, after, 0), c.toString());
        }
    }

    /** Velocity change of boid 0 at the origin with velocity (0, vy), its only neighbour at (d, 0). */
    private static double[] steerFromRest(Cohesion steer, double d, double vy) {
        Preset.RuleSet preset = TestPresets.quiet(2).toBuilder().boids(new Preset.Boids(2, 0, 2, 1, 10))
                .neighbourhood(new Neighbourhood.Metric(300)).cohesion(steer).build();
        Flock before = TestFlocks.of(2, new double[] {0, 0, 0, 0, vy, 0}, new double[] {d, 0, 0, 0, 0, 0});
        return velocityChange(before, TestFlocks.stepOnce(preset, before).flock(), 0);
    }
}
