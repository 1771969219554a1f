package io.flocktune.sim;

import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Separation;
import org.junit.jupiter.api.Test;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocity;

/** Golden values of the three {@link UpdateOrder}s on one hand-made pair of boids. */
class UpdateOrderTest {

    /** Boid 0 at rest at the origin, boid 1 at (4, 0, 0) moving (0, 2, 0); cohesion and alignment 0.5. */
    private static Flock step(UpdateOrder update) {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().update(update)
                .cohesion(new Cohesion.Centroid(0.5)).alignment(new Alignment.VelocityMatch(0.5))
                .separation(new Separation.Linear(1, 0)).build();
        return TestFlocks.stepOnce(preset, TestFlocks.of(3, new double[] {0, 0, 0, 0, 0, 0},
                new double[] {4, 0, 0, 0, 2, 0})).flock();
    }

    @Test
    void sequentialRulesReadTheStartVelocity() {
        // cohesion 0.5·(4, 0, 0) + alignment 0.5·((0, 2, 0) − (0, 0, 0))
        assertVector("boid 0, synchronous", vector(2, 1, 0), velocity(step(UpdateOrder.SYNCHRONOUS), 0));
        assertVector("boid 0, sequential", vector(2, 1, 0), velocity(step(UpdateOrder.SEQUENTIAL), 0));
    }

    @Test
    void inPlaceAlignmentReadsTheVelocityCohesionChanged() {
        // 002: v = (0,0,0) + cohesion (2, 0, 0) = (2, 0, 0); v += 0.5·((0, 2, 0) − (2, 0, 0)) = (1, 1, 0)
        Flock after = step(UpdateOrder.SEQUENTIAL_IN_PLACE);
        assertVector("boid 0", vector(1, 1, 0), velocity(after, 0));
        // boid 1 sees boid 0 moved to (1, 1, 0) with v (1, 1, 0): cohesion 0.5·((1, 1, 0) − (4, 0, 0)),
        // then alignment 0.5·((1, 1, 0) − ((0, 2, 0) + (−1.5, 0.5, 0)))
        assertVector("boid 1", vector(-1.5 + 0.5 * (1 + 1.5), 2 + 0.5 + 0.5 * (1 - 2.5), 0), velocity(after, 1));
    }

    /**
     * Sequential with {@code moveThenClamp}: a boid pushed 100 units out of seed 000's obstacle
     * lands next to a boid that starts 104.5 away; that later boid must see it at its new
     * position (the cell grid of the step's start cannot, so the engine scans every boid).
     */
    @Test
    void aBoidPushedFarIsSeenByTheBoidsAfterIt() {
        Preset.RuleSet preset = Presets.rules("seed000").toBuilder().update(UpdateOrder.SEQUENTIAL)
                .world(new Preset.World(3, 1000, new io.flocktune.sim.rule.Boundary.None())).build();
        Flock after = TestFlocks.stepOnce(preset, TestFlocks.of(3, new double[] {20.5, 0, 0, 0, 0, 0},
                new double[] {125, 0, 0, 0, 0, 0})).flock();
        // boid 0 moves to (120.5, 0, 0) with v (100, 0, 0), clamped after the step to (2, 0, 0);
        // boid 1 then sees it 4.5 away: separation 4.5/50, cohesion −4.5/100, alignment (last
        // boid: the mean) (100 − 0)/600
        assertVector("boid 0", vector(2, 0, 0), velocity(after, 0));
        assertVector("boid 1", vector(4.5 / 50 - 4.5 / 100 + 100.0 / 600, 0, 0), velocity(after, 1));
    }
}
