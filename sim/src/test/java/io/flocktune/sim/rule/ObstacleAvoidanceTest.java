package io.flocktune.sim.rule;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocityChange;

/** Seed 000's force field around a sphere of radius 5 at the origin, range 15, weight 2. */
class ObstacleAvoidanceTest {

    @Test
    void pushFallsWithTheSquareOfTheSurfaceDistance() {
        Flock before = TestFlocks.of(3, new double[] {0, 8, 0, 0, 0, 0}, new double[] {60, 80, 0, 0, 0, 0},
                new double[] {-6, -8, 0, 0, 0, 0}, new double[] {0, 0, 21, 0, 0, 0});
        Flock after = step(before, List.of(new Preset.Sphere(0, 0, 0, 5)));
        assertVector("surface distance 3", vector(0, 2 * 10.0 / 9, 0), velocityChange(before, after, 0));
        assertVector("surface distance 5", vector(-0.6 * 0.8, -0.8 * 0.8, 0), velocityChange(before, after, 2));
        assertVector("surface distance 16 > range", vector(0, 0, 0), velocityChange(before, after, 3));
        assertVector("far away", vector(0, 0, 0), velocityChange(before, after, 1));
    }

    @Test
    void pushIs100WithinATenthOfTheSurfaceAndInside() {
        Flock before = TestFlocks.of(3, new double[] {5.05, 0, 0, 0, 0, 0}, new double[] {0, 0, -1, 0, 0, 0});
        Flock after = step(before, List.of(new Preset.Sphere(0, 0, 0, 5)));
        assertVector("surface distance 0.05", vector(200, 0, 0), velocityChange(before, after, 0));
        assertVector("inside", vector(0, 0, -200), velocityChange(before, after, 1));
    }

    @Test
    void pushesOfSeveralSpheresAdd() {
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0, 0, 0});
        Flock after = step(before, List.of(new Preset.Sphere(-8, 0, 0, 5), new Preset.Sphere(0, 10, 0, 5)));
        // surface distances 3 (push +x) and 5 (push −y)
        assertVector("sum", vector(2 * 10.0 / 9, -2 * 10.0 / 25, 0), velocityChange(before, after, 0));
    }

    private static Flock step(Flock before, List<Preset.Sphere> spheres) {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder()
                .obstacles(new Preset.Obstacles(new ObstacleAvoidance.ForceField(15, 2), spheres)).build();
        return TestFlocks.stepOnce(preset, before).flock();
    }
}
