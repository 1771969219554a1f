package io.flocktune.sim;

import io.flocktune.sim.Preset.Predators;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.PredatorBehaviour;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocityChange;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Seed 002's predators: chasing the centroid, the boids' flight, captures. */
class PredatorsTest {

    @Test
    void predatorSteersTowardTheCentroidOfTheMovedBoids() {
        // boids move +1 in x first: new centroid (6, 0, 0); predator at (−20, 0, 0) at rest
        Flock before = TestFlocks.of(3, new double[][] {{0, 0, 0, 1, 0, 0}, {10, 0, 0, 1, 0, 0}},
                new double[][] {{-20, 0, 0, 0, 0, 0}});
        Flock after = TestFlocks.stepOnce(predators(0.01, 10, 0, 0, false), before).flock();
        assertVector("velocity (c − q)·power", vector(0.26, 0, 0), vector(after.pvx()[0], after.pvy()[0], after.pvz()[0]));
        assertVector("position", vector(-19.74, 0, 0), vector(after.px()[0], after.py()[0], after.pz()[0]));
    }

    @Test
    void predatorSpeedIsTruncatedToItsMaximum() {
        Flock before = TestFlocks.of(3, new double[][] {{0, 0, 0, 0, 0, 0}, {0, 10, 0, 0, 0, 0}},
                new double[][] {{-20, -15, 0, 0, 0, 0}});
        Flock after = TestFlocks.stepOnce(predators(1, 10, 0, 0, false), before).flock();
        // (c − q) = (20, 20) → speed truncated to 2 along the diagonal
        double s = Math.sqrt(2);
        assertVector("velocity", vector(s, s, 0), vector(after.pvx()[0], after.pvy()[0], after.pvz()[0]));
        assertVector("position", vector(-20 + s, -15 + s, 0), vector(after.px()[0], after.py()[0], after.pz()[0]));
    }

    @Test
    void boidsFleeWithUnitVectorsFromEveryPredatorInRange() {
        Flock before = TestFlocks.of(3, new double[][] {{3, 4, 0, 0, 0, 0}, {0, -9, 0, 0, 0, 0}, {30, 0, 0, 0, 0, 0}},
                new double[][] {{0, 0, 0, 0, 0, 0}, {3, 8, 0, 0, 0, 0}});
        Flock after = TestFlocks.stepOnce(predators(0, 10, 0.5, 0, false), before).flock();
        // boid 0: unit((3, 4) − (0, 0)) + unit((3, 4) − (3, 8)) = (0.6, 0.8) + (0, −1)
        assertVector("two predators", vector(0.3, -0.1, 0), velocityChange(before, after, 0));
        // boid 1: 9 from the first predator (flees), 17 from the second (ignored)
        assertVector("one predator in range", vector(0, -0.5, 0), velocityChange(before, after, 1));
        assertVector("out of range", vector(0, 0, 0), velocityChange(before, after, 2));
    }

    @Test
    void capturesAreRecordedEveryStepABoidIsWithinTheRadius() {
        Flock before = TestFlocks.of(3, new double[][] {{0.5, 0, 0, 0, 0, 0}, {50, 0, 0, 0, 0, 0}},
                new double[][] {{0, 0, 0, 0, 0, 0}});
        Simulation sim = Simulation.of(predators(0, 10, 0, 1, false), 1, before);
        sim.step();
        sim.step();
        assertEquals(List.of(new Capture(1, 0, 0), new Capture(2, 0, 0)), sim.captures());
        assertEquals(2, sim.flock().count());
    }

    @Test
    void removeOnCaptureTakesTheBoidOutOfTheFlock() {
        Flock before = TestFlocks.of(3, new double[][] {{50, 0, 0, 0, 0, 0}, {0.5, 0, 0, 0, 0, 0}, {-50, 0, 0, 0, 0, 0}},
                new double[][] {{0, 0, 0, 0, 0, 0}});
        Simulation sim = Simulation.of(predators(0, 10, 0, 1, true), 1, before);
        sim.step();
        sim.step();
        assertEquals(List.of(new Capture(1, 0, 1)), sim.captures());
        Flock after = sim.flock();
        assertEquals(2, after.count());
        assertEquals(Set.of(0, 2), Set.of(after.id()[0], after.id()[1]));
        assertVector("boid 2 untouched", vector(-50, 0, 0), TestFlocks.position(after, 2));
    }

    /**
     * One clock for everything: with dt = 0.5 the centroid chaser's velocity gains (c − q)·power·dt
     * and it moves u·dt, the boids v·dt. Hand computation: boids at (0, 0, 0) and (10, 0, 0) move
     * +1·0.5 in x, new centroid (5.5, 0, 0); predator at (−20, 0, 0) at rest, power 0.01:
     * u = 25.5·0.01·0.5 = 0.1275, q = −20 + 0.1275·0.5 = −19.93625.
     */
    @Test
    void centroidChaserKeepsTheBoidsTimeStep() {
        Flock before = TestFlocks.of(3, new double[][] {{0, 0, 0, 1, 0, 0}, {10, 0, 0, 1, 0, 0}},
                new double[][] {{-20, 0, 0, 0, 0, 0}});
        Preset.RuleSet preset = predators(0.01, 10, 0, 0, false).toBuilder().motion(new Motion.Additive(0.5)).build();
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("boid 0 moved v·dt", vector(0.5, 0, 0), TestFlocks.position(after, 0));
        assertVector("velocity (c − q)·power·dt", vector(0.1275, 0, 0), vector(after.pvx()[0], after.pvy()[0], after.pvz()[0]));
        assertVector("position u·dt", vector(-19.93625, 0, 0), vector(after.px()[0], after.py()[0], after.pz()[0]));
    }

    /**
     * A predator at max speed covers maxSpeed world units per time unit whatever dt: seed 004's
     * dt = 0.02 gives 50 steps per time unit, so a predator of max speed 2 flies 2 units in 50
     * steps (before the fix, when it moved u per step: 100 units, 50 times too far).
     */
    @Test
    void predatorAtMaxSpeedCoversMaxSpeedPerTimeUnitWhateverTheStep() {
        for (double dt : new double[] {1, 0.5, 0.02}) {
            Flock before = TestFlocks.of(3, new double[][] {{500, 0, 0, 0, 0, 0}}, new double[][] {{0, 0, 0, 2, 0, 0}});
            Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().motion(new Motion.Additive(dt))
                    .predators(new Predators(1, new PredatorBehaviour.ChaseNearest(1, 360, 90), 2, 10, 0, 0, false)).build();
            Simulation sim = Simulation.of(preset, 1, before);
            long steps = Math.round(1 / dt);
            for (long k = 0; k < steps; k++) sim.step();
            assertEquals(2, sim.flock().px()[0], 1e-12, "dt = " + dt);
        }
    }

    /**
     * With dt = 1 the predators' clock changes nothing: the checksums of the full state after 300
     * steps of reynolds with three predators of each behaviour were recorded with the engine
     * before predators moved {@code u·dt} (commit bd7c44b) and are unchanged, bit for bit.
     */
    @Test
    void withTimeStepOneThePredatorsRunBitForBitAsBefore() {
        Preset.RuleSet reynolds = Presets.rules("reynolds");
        PredatorBehaviour[] behaviours = {new PredatorBehaviour.ChaseCentroid(0.02),
                new PredatorBehaviour.ChaseNearest(20, 270, 20), new PredatorBehaviour.ChaseVisibleCentroid(20, 270, 20)};
        long[] checksums = new long[behaviours.length];
        for (int b = 0; b < behaviours.length; b++) {
            Preset.RuleSet preset = reynolds.toBuilder().predators(new Predators(3, behaviours[b], 1.2, 10, 1, 1, false)).build();
            Simulation sim = Simulation.of(preset, 1);
            for (int k = 0; k < 300; k++) sim.step();
            checksums[b] = checksum(sim.flock().inIdOrder());
        }
        assertEquals(java.util.Arrays.toString(RECORDED), java.util.Arrays.toString(checksums));
    }

    private static final long[] RECORDED = {5269309930515216821L, -8184544279149523399L, -5536614294862409172L};

    static long checksum(Flock f) {
        long h = 17;
        for (double[] a : new double[][] {f.x(), f.y(), f.z(), f.vx(), f.vy(), f.vz()}) {
            for (int i = 0; i < f.count(); i++) h = 31 * h + Double.doubleToLongBits(a[i]);
        }
        for (double[] a : new double[][] {f.px(), f.py(), f.pz(), f.pvx(), f.pvy(), f.pvz()}) {
            for (int i = 0; i < f.predatorCount(); i++) h = 31 * h + Double.doubleToLongBits(a[i]);
        }
        return h;
    }

    /** Quiet 3D preset with one predator: chase power, flee radius and weight, capture radius. */
    private static Preset.RuleSet predators(double power, double fleeRadius, double fleeWeight, double captureRadius,
                                    boolean removeOnCapture) {
        return TestPresets.quiet(3).toBuilder().predators(new Predators(1, new PredatorBehaviour.ChaseCentroid(power), 2,
                fleeRadius, fleeWeight, captureRadius, removeOnCapture)).build();
    }
}
