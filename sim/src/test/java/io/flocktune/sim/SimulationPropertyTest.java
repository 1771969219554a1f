package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Motion;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random valid presets ({@link RandomPresets}) never produce a NaN or infinity, and keep their
 * motion's speed and the periodic box: over 10^5 boid-steps in total. The seed is logged;
 * rerun one with {@code -Dflocktune.test.seed=…}.
 */
class SimulationPropertyTest {
    static final long SEED = Long.getLong("flocktune.test.seed", 0xF10C_C0DEL);
    static final int STEPS = 40;
    static final long BOID_STEPS = 100_000;

    @Test
    void randomPresetsStayFiniteAndInBounds() {
        System.out.println("SimulationPropertyTest seed = " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        long boidSteps = 0;
        for (int run = 0; boidSteps < BOID_STEPS; run++) {
            Preset.RuleSet preset = RandomPresets.next(random);
            long seed = random.nextLong();
            String where = "run " + run + " (property seed " + SEED + ", simulation seed " + seed + ") " + preset;
            Simulation sim = Simulation.of(preset, seed);
            long[] counted = {0};
            sim.run(STEPS, (step, flock) -> {
                if (!flock.allFinite()) fail("non-finite state at step " + step + ": " + where);
                if (step == 0) return;   // the initial state: speeds are initialSpeed
                checkSpeedAndBox(preset, flock, step, where);
                counted[0] += flock.count();
            });
            boidSteps += counted[0];
        }
        assertTrue(boidSteps >= BOID_STEPS);
        System.out.println("SimulationPropertyTest boid-steps = " + boidSteps);
    }

    private static void checkSpeedAndBox(Preset.RuleSet preset, Flock f, long step, String where) {
        double half = 0.5 * preset.world().size();
        // Additive, Steering and MoveThenClamp clamp the speed to maxSpeed, Unclamped does not;
        // the others keep a constant speed
        boolean constant;
        double limit;
        switch (preset.motion()) {
            case Motion.Additive a -> { constant = false; limit = preset.boids().maxSpeed(); }
            case Motion.Steering s -> { constant = false; limit = preset.boids().maxSpeed(); }
            case Motion.MoveThenClamp m -> {
                // clamped at the step's end, then the soft margin may turn each component once more
                constant = false;
                double turn = preset.world().boundary() instanceof Boundary.SoftMargin soft ? soft.turn() : 0;
                limit = preset.boids().maxSpeed() + turn * Math.sqrt(preset.world().dimension());
            }
            case Motion.Unclamped u -> { constant = false; limit = Double.POSITIVE_INFINITY; }
            case Motion.ConstantSpeed c -> { constant = true; limit = c.speed(); }
            case Motion.TurningRate t -> { constant = true; limit = t.speed(); }
        }
        for (int i = 0; i < f.count(); i++) {
            double speed = Math.sqrt(f.vx()[i] * f.vx()[i] + f.vy()[i] * f.vy()[i] + f.vz()[i] * f.vz()[i]);
            boolean ok = constant
                    ? Math.abs(speed - limit) <= 1e-9 * limit
                    : speed <= limit * (1 + 1e-12);
            if (!ok) fail("speed " + speed + " vs " + limit + " at step " + step + ": " + where);
            Boundary boundary = preset.world().boundary();
            boolean wrap = boundary instanceof Boundary.Wrap || boundary instanceof Boundary.WrapPositionsOnly;
            if (wrap || boundary instanceof Boundary.Hard) {
                for (double c : new double[] {f.x()[i], f.y()[i], f.z()[i]}) {
                    if (c < -half || c > half || (wrap && c == half)) fail("position " + c + " at step " + step + ": " + where);
                }
            }
        }
    }
}
