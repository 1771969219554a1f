package io.flocktune.sim.rule;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.api.Test;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.position;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocity;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Golden values of every {@link Motion} variant on hand-made configurations. */
class MotionTest {

    @Test
    void additiveClampsTheSpeedToTheBoidsRange() {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().boids(new Preset.Boids(5, 0.5, 2, 1, 10))
                .motion(new Motion.Additive(0.5)).build();
        // lone boids (100 apart), no rule acts: v is only clamped to [0.5, 2]
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0.1, 0, 0}, new double[] {100, 0, 0, 3, 4, 0},
                new double[] {200, 0, 0, 0, 0, 0}, new double[] {300, 0, 0, 0, 1, 0}, new double[] {400, 0, 0, 0, 0, 2});
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("slow boid raised to minSpeed", vector(0.5, 0, 0), velocity(after, 0));
        assertVector("fast boid cut to maxSpeed", vector(1.2, 1.6, 0), velocity(after, 1));
        assertVector("resting boid stays at rest", vector(0, 0, 0), velocity(after, 2));
        assertVector("in range: unchanged", vector(0, 1, 0), velocity(after, 3));
        assertVector("at maxSpeed: unchanged", vector(0, 0, 2), velocity(after, 4));
        assertVector("p += v·dt", vector(100.6, 0.8, 0), position(after, 1));
    }

    @Test
    void moveThenClampMovesWithTheUnlimitedVelocityThenClamps() {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().boids(new Preset.Boids(3, 0.5, 2, 1, 10))
                .motion(new Motion.MoveThenClamp(0.5)).build();
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 3, 4, 0}, new double[] {100, 0, 0, 0.1, 0, 0},
                new double[] {200, 0, 0, 0, 0, 0});
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("moved with |v| = 5", vector(1.5, 2, 0), position(after, 0));
        assertVector("then cut to maxSpeed", vector(1.2, 1.6, 0), velocity(after, 0));
        assertVector("moved with |v| = 0.1", vector(100.05, 0, 0), position(after, 1));
        assertVector("then raised to minSpeed", vector(0.5, 0, 0), velocity(after, 1));
        assertVector("resting boid stays at rest", vector(0, 0, 0), velocity(after, 2));
    }

    @Test
    void moveThenClampTurnsAtTheSoftMarginByTheNewPosition() {
        // 000's frame: move, limit_velocity, then avoid_bound by where the boid now is
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().boids(new Preset.Boids(1, 0, 2, 1, 10))
                .world(new Preset.World(3, 100, new Boundary.SoftMargin(5, 0.5)))
                .motion(new Motion.MoveThenClamp(1)).build();
        Flock after = TestFlocks.stepOnce(preset, TestFlocks.of(3, new double[] {54, 0, 0, 2, 0, 0})).flock();
        assertVector("crossed the margin at 55 in this step: turned at once", vector(1.5, 0, 0), velocity(after, 0));
        assertVector("position", vector(56, 0, 0), position(after, 0));
    }

    @Test
    void unclampedKeepsAnySpeed() {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().boids(new Preset.Boids(1, 0.5, 2, 1, 10))
                .motion(new Motion.Unclamped(1)).build();
        Flock after = TestFlocks.stepOnce(preset, TestFlocks.of(3, new double[] {0, 0, 0, 30, 40, 0})).flock();
        assertVector("velocity", vector(30, 40, 0), velocity(after, 0));
        assertVector("position", vector(30, 40, 0), position(after, 0));
    }

    @Test
    void steeringTruncatesTheSummedForce() {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().cohesion(new Cohesion.Centroid(1))
                .motion(new Motion.Steering(1, 0.1)).build();
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0, 0, 0}, new double[] {3, 4, 0, 0, 0, 0});
        // cohesion asks for (3, 4, 0); the step allows length 0.1
        assertVector("boid 0", vector(0.06, 0.08, 0), velocity(TestFlocks.stepOnce(preset, before).flock(), 0));
    }

    @Test
    void constantSpeedLerpsTheForwardDirection() {
        Preset.RuleSet preset = TestPresets.quiet(3).toBuilder().separation(new Separation.Normalized(5, 1))
                .motion(new Motion.ConstantSpeed(0.02, 5, 0.02)).build();
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0, 5, 0}, new double[] {1, 0, 0, 0, 5, 0});
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        // desired (−1, 0, 0); lerp((0, 1, 0), (−1, 0, 0), 0.02) = (−0.02, 0.98, 0), then unit · 5
        double len = Math.hypot(0.02, 0.98);
        double[] v = vector(-0.02 / len * 5, 0.98 / len * 5, 0);
        assertVector("velocity", v, velocity(after, 0));
        assertVector("position", vector(v[0] * 0.02, v[1] * 0.02, 0), position(after, 0));
    }

    @Test
    void constantSpeedKeepsEverySpeedExactly() {
        Preset.RuleSet seed004 = Presets.rules("seed004");
        for (long seed = 1; seed <= 3; seed++) {
            Simulation sim = Simulation.of(seed004, seed);
            sim.run(100, (step, f) -> {
                for (int i = 0; i < f.count(); i++) {
                    assertEquals(5, TestFlocks.length(velocity(f, i)), 1e-12, "step " + step + " boid " + i);
                }
            });
        }
    }
}
