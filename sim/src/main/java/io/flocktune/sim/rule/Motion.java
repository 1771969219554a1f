package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Turning;
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
     * (2D: in the plane); the heading turns toward d' by at most {@code maxTurnRate·dt} degrees (converted to radians)
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

    // ---- the engine's side: one constant per variant, what it declares, its formula

    /** The variants as the engine dispatches them (see {@link Separation.Kind}). */
    enum Kind {
        ADDITIVE, MOVE_THEN_CLAMP, UNCLAMPED, STEERING, CONSTANT_SPEED, TURNING_RATE;

        /**
         * Whether the speed is clamped (and a soft or hard boundary acts) only once every boid
         * has moved, at the step's end ({@link MoveThenClamp}).
         */
        public boolean clampsAtStepEnd() {
            return switch (this) {
                case MOVE_THEN_CLAMP -> true;
                case ADDITIVE, UNCLAMPED, STEERING, CONSTANT_SPEED, TURNING_RATE -> false;
            };
        }

        /** Whether one step can move a boid farther than its largest speed times dt. */
        public boolean stepUnbounded() {
            return switch (this) {
                case MOVE_THEN_CLAMP, UNCLAMPED -> true;
                case ADDITIVE, STEERING, CONSTANT_SPEED, TURNING_RATE -> false;
            };
        }
    }

    /** @return the engine constant of {@code motion}. */
    static Kind kind(Motion motion) {
        return switch (motion) {
            case Additive a -> Kind.ADDITIVE;
            case MoveThenClamp m -> Kind.MOVE_THEN_CLAMP;
            case Unclamped u -> Kind.UNCLAMPED;
            case Steering s -> Kind.STEERING;
            case ConstantSpeed c -> Kind.CONSTANT_SPEED;
            case TurningRate t -> Kind.TURNING_RATE;
        };
    }

    // The formulas: the working velocity (wx, wy, wz) and the summed rule output (ax, ay, az)
    // in, the new velocity in out[0..2], out returned.

    /** {@link Unclamped}, and {@link MoveThenClamp} before its end-of-step clamp: {@code v + a}. */
    static double[] unclamped(double wx, double wy, double wz, double ax, double ay, double az, double[] out) {
        out[0] = wx + ax; out[1] = wy + ay; out[2] = wz + az;
        return out;
    }

    /** {@link Additive}: {@code v + a}, speed clamped to [minSpeed, maxSpeed] (zero stays zero). */
    static double[] additive(double minSpeed, double maxSpeed, double wx, double wy, double wz,
                             double ax, double ay, double az, double[] out) {
        double nvx = wx + ax, nvy = wy + ay, nvz = wz + az;
        double speed = Math.sqrt(nvx * nvx + nvy * nvy + nvz * nvz);
        if (speed > maxSpeed) {
            double f = maxSpeed / speed;
            nvx *= f; nvy *= f; nvz *= f;
        } else if (speed < minSpeed && speed > 0) {
            double f = minSpeed / speed;
            nvx *= f; nvy *= f; nvz *= f;
        }
        out[0] = nvx; out[1] = nvy; out[2] = nvz;
        return out;
    }

    /** {@link Steering}: {@link #additive} of {@code limit(a, maxForce)}. */
    static double[] steering(double maxForce, double minSpeed, double maxSpeed, double wx, double wy, double wz,
                             double ax, double ay, double az, double[] out) {
        double len = Math.sqrt(ax * ax + ay * ay + az * az);
        if (len > maxForce) {
            double f = maxForce / len;
            ax *= f; ay *= f; az *= f;
        }
        return additive(minSpeed, maxSpeed, wx, wy, wz, ax, ay, az, out);
    }

    /** {@link MoveThenClamp}'s end of step: slot s's speed clamped to [minSpeed, maxSpeed] in place. */
    static void clampSpeed(double minSpeed, double maxSpeed, double[] vx, double[] vy, double[] vz, int s) {
        double speed = Math.sqrt(vx[s] * vx[s] + vy[s] * vy[s] + vz[s] * vz[s]);
        if (speed > maxSpeed) {
            double f = maxSpeed / speed;
            vx[s] *= f; vy[s] *= f; vz[s] *= f;
        } else if (speed < minSpeed && speed > 0) {
            double f = minSpeed / speed;
            vx[s] *= f; vy[s] *= f; vz[s] *= f;
        }
    }

    /** {@link ConstantSpeed}: {@code speed · unit(lerp(unit(v), a, turnFactor))}. */
    static double[] constantSpeed(double speed, double turnFactor, double wx, double wy, double wz,
                                  double ax, double ay, double az, double[] out) {
        double fx = wx, fy = wy, fz = wz;
        double flen = Math.sqrt(fx * fx + fy * fy + fz * fz);
        if (flen > 0) { fx /= flen; fy /= flen; fz /= flen; } else { fx = 1; fy = 0; fz = 0; }
        double dxr = fx + (ax - fx) * turnFactor, dyr = fy + (ay - fy) * turnFactor, dzr = fz + (az - fz) * turnFactor;
        double len = Math.sqrt(dxr * dxr + dyr * dyr + dzr * dzr);
        if (len > 1e-12) { dxr /= len; dyr /= len; dzr /= len; } else { dxr = fx; dyr = fy; dzr = fz; }
        out[0] = dxr * speed; out[1] = dyr * speed; out[2] = dzr * speed;
        return out;
    }

    /**
     * {@link TurningRate}: the heading turned toward {@code unit(unit(a) + σ·g)} by at most
     * {@code maxTurnPerStep} radians, times the speed.
     *
     * @param g1 standard normal draws (g3 only in 3D), read only when {@code headingError > 0}
     */
    static double[] turningRate(double speed, Turning.Limit maxTurnPerStep, double headingError, boolean threeD,
                                double wx, double wy, double wz, double ax, double ay, double az,
                                double g1, double g2, double g3, double[] out) {
        double current = Math.sqrt(wx * wx + wy * wy + wz * wz);
        double ex, ey, ez;                          // current heading
        double len = Math.sqrt(ax * ax + ay * ay + az * az);
        double gx, gy, gz;                          // desired direction
        if (current > 0) { ex = wx / current; ey = wy / current; ez = wz / current; } else { ex = 1; ey = 0; ez = 0; }
        if (len > 0) { gx = ax / len; gy = ay / len; gz = az / len; } else { gx = ex; gy = ey; gz = ez; }
        if (headingError > 0) {
            gx += headingError * g1;
            gy += headingError * g2;
            if (threeD) gz += headingError * g3;
            double g = Math.sqrt(gx * gx + gy * gy + gz * gz);
            if (g > 0) { gx /= g; gy /= g; gz /= g; } else { gx = ex; gy = ey; gz = ez; }
        }
        Turning.toward(ex, ey, ez, gx, gy, gz, current > 0 ? maxTurnPerStep : Turning.HALF_TURN, threeD, out);
        out[0] = out[0] * speed; out[1] = out[1] * speed; out[2] = out[2] * speed;
        return out;
    }
}
