package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocityChange;

/** Seed 002's goal seeking: {@code weight · (g − p)} only within the goal's radius. */
class GoalTest {

    @Test
    void goalPullsOnlyWithinItsRadius() {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().goal(new Preset.Goal(10, 0, 0, 5, 0.1)).build();
        Flock before = TestFlocks.of(3, new double[] {7, 0, 0, 0, 0, 0}, new double[] {10, 0, 5, 0, 0, 0},
                new double[] {4, 0, 0, 0, 0, 0}, new double[] {30, 0, 0, 0, 0, 0});
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("distance 3", vector(0.3, 0, 0), velocityChange(before, after, 0));
        assertVector("distance 5, on the radius", vector(0, 0, -0.5), velocityChange(before, after, 1));
        assertVector("distance 6", vector(0, 0, 0), velocityChange(before, after, 2));
        assertVector("distance 20", vector(0, 0, 0), velocityChange(before, after, 3));
    }
}
