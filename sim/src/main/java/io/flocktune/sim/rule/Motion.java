package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;

/**
 * How the summed rule output {@code a} (the weighted sum of every rule and force) changes a
 * boid's velocity and position in one step.
 */
public sealed interface Motion {

    /** Time step: time units per simulation step, &gt; 0. */
    double dt();

    /**
     * Limit, then move: {@code v ← v + a}, speed clamped to [minSpeed, maxSpeed] of the boids (a
     * zero velocity stays zero), {@code p ← p + v·dt}. Seed 001 and {@code seed000-fixed}. 001's
     * {@code step} is exactly this ({@code velocity.add(acceleration).limit(MAX_SPEED)}); its
     * steering character lives in its rules, which truncate their own outputs to MAX_FORCE.
     *
     * @param dt time step, &gt; 0 (001: 1)
     */
    record Additive(@Positive double dt) implements Motion {
        public Additive {
            Check.components(Additive.class, dt);
        }
    }

    /**
     * Move with the unlimited velocity, clamp afterwards: {@code v ← v + a},
     * {@code p ← p + v·dt} with that unclamped v; once every boid has moved, each speed is
     * clamped to [minSpeed, maxSpeed] of the boids (a zero velocity stays zero), then a
     * {@link Boundary.SoftMargin} or {@link Boundary.Hard} boundary acts on the new positions.
     * Seed 000 ({@code update_boids}: {@code boidsV += vel1 + vel2 + vel3; boidsP += boidsV},
     * then {@code limit_velocity()}, then {@code avoid_bound()}) and seed 002 (Algorithm 1's
     * {@code p_i = p_i + δt·v_i}, then {@code saturate()}). A boid can move much farther than
     * maxSpeed·dt in one step (000: 100 units when pushed out of an obstacle).
     *
     * @param dt time step, &gt; 0 (000, 002: 1)
     */
    record MoveThenClamp(@Positive double dt) implements Motion {
        public MoveThenClamp {
            Check.components(MoveThenClamp.class, dt);
        }
    }

    /**
     * No speed limit: {@code v ← v + a}, {@code p ← p + v·dt}; the boids' minSpeed and maxSpeed
     * are not used. Seed 003 as printed: its rules change {@code m_velocity} and it prints no
     * speed limit (preset {@code seed003}).
     *
     * @param dt time step, &gt; 0 (003: 1)
     */
    record Unclamped(@Positive double dt) implements Motion {
        public Unclamped {
            Check.components(Unclamped.class, dt);
        }
    }

    /**
     * Reynolds (1999) steering: {@code v ← v + limit(a, maxForce)}, speed clamped to
     * [minSpeed, maxSpeed], {@code p ← p + v·dt}. Truncating the <em>sum</em> keeps any weight
     * combination stable, which makes it the motion of the {@code reynolds} tuning preset.
     *
     * @param maxForce largest velocity change per step, &gt; 0
     */
    record Steering(@Positive double dt, @Positive double maxForce) implements Motion {
        public Steering {
            Check.components(Steering.class, dt, maxForce);
        }
    }

    /**
     * Seed 004 ({@code BoidsGenerator.Update}): the rule output is a desired direction;
     * {@code dir = unit(lerp(f, a, turnFactor))} with f the current forward direction (kept when
     * the lerp is zero), {@code v = dir·speed}, {@code p ← p + v·dt}. 004 uses
     * {@code Time.deltaTime} both as the lerp factor and as the time step.
     *
     * @param speed      constant speed in world units per time unit, &gt; 0
     * @param turnFactor lerp fraction toward the desired direction per step, in (0, 1]
     */
    record ConstantSpeed(@Positive double dt, @Positive double speed, @Range(min = Double.MIN_VALUE,
                         max = 1) double turnFactor) implements Motion {
        public ConstantSpeed {
            Check.components(ConstantSpeed.class, dt, speed, turnFactor);
        }
    }

    /**
     * Couzin et al. (2002): the rule output gives the desired direction d (kept straight when
     * zero), perturbed by a heading error {@code d' = unit(d + σ·g)}, g a standard normal vector
     * (2D: in the plane); the heading turns toward d' by at most {@code maxTurnRate·dt} radians
     * (in the plane of the two directions), and {@code p ← p + speed·dt·heading}.
     *
     * @param dt           time step τ in seconds, &gt; 0 (Couzin: 0.1)
     * @param speed        constant speed s, world units per second, &gt; 0 (Couzin: 3)
     * @param maxTurnRate  θ in degrees per second, &gt; 0 (Couzin: 40)
     * @param headingError σ in radians, &ge; 0 (Couzin: 0.05)
     */
    record TurningRate(@Positive double dt, @Positive double speed, @Positive double maxTurnRate,
                       @NonNegative double headingError) implements Motion {
        public TurningRate {
            Check.components(TurningRate.class, dt, speed, maxTurnRate, headingError);
        }
    }
}
