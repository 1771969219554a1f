package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.Separation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Steer-to-avoid against 000's force field, for one boid and one sphere of radius 5 at the origin. */
class SteerToAvoidTest {

    private static Preset.RuleSet lone(ObstacleAvoidance avoidance) {
        return Presets.rules("seed000").toBuilder()
                .world(new Preset.World(3, 200, new Boundary.None()))
                .separation(new Separation.Linear(1, 0))
                .alignment(new Alignment.VelocityMatch(0))
                .cohesion(new Cohesion.Centroid(0))
                .motion(new Motion.Additive(1))
                .boids(new Preset.Boids(1, 0, 100, 1, 0))
                .obstacles(new Preset.Obstacles(avoidance, List.of(new Preset.Sphere(0, 0, 0, 5))))
                .build();
    }

    private static double[] velocityAfterOneStep(ObstacleAvoidance avoidance, double x, double y, double vx, double vy) {
        Flock f = new Flock(3, 1, 0);
        f.x()[0] = x; f.y()[0] = y; f.vx()[0] = vx; f.vy()[0] = vy;
        Simulation sim = Simulation.of(lone(avoidance), 1, f);
        sim.step();
        return new double[] {sim.flock().vx()[0], sim.flock().vy()[0], sim.flock().vz()[0]};
    }

    @Test
    void aBoidFlyingParallelPastTheSurfaceKeepsFlyingParallel() {
        // 1 unit outside the sphere, flying along +x: its path misses the sphere
        double[] v = velocityAfterOneStep(new ObstacleAvoidance.SteerToAvoid(20, 0.5, 1), -3, 6, 1, 0);
        assertEquals(1, v[0], 0);
        assertEquals(0, v[1], 0);
        // the force field pushes it away, off its parallel course
        double[] pushed = velocityAfterOneStep(new ObstacleAvoidance.ForceField(15, 1), -3, 6, 1, 0);
        assertTrue(pushed[1] > 0.5, "force field pushes sideways: " + pushed[1]);
    }

    @Test
    void aBoidHeadingForTheSphereSteersSidewaysAwayFromItsCentre() {
        // 15 units before the sphere, 2 units off its axis, flying +x: lateral steer toward +y
        double[] v = velocityAfterOneStep(new ObstacleAvoidance.SteerToAvoid(20, 0.5, 1), -15, 2, 1, 0);
        assertEquals(1, v[0], 1e-12, "the steer is perpendicular to the heading");
        // nearest approach at t = 15 of 20: urgency 1 − 15/20 = 0.25
        assertEquals(0.25, v[1], 1e-12);
        assertEquals(0, v[2], 1e-12);
    }

    @Test
    void aSphereBeyondTheLookAheadIsIgnored() {
        double[] v = velocityAfterOneStep(new ObstacleAvoidance.SteerToAvoid(10, 0, 1), -30, 0, 1, 0);
        assertEquals(1, v[0], 0);
        assertEquals(0, v[1], 0);
    }
}
