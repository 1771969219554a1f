package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;

/** What happens at the edge of the world box [−size/2, size/2]^d. */
public sealed interface Boundary {

    /**
     * Periodic (toroidal) world: positions wrap into [−size/2, size/2) and every distance is the
     * minimum image (preset {@code seed001-fixed}, {@code reynolds}, {@code vicsek}).
     */
    record Wrap() implements Boundary {}

    /**
     * Seed 001 as printed (preset {@code seed001}): positions wrap into [−size/2, size/2)
     * ({@code this._wrapIfNeeded()} after each move) but {@code @location.distance(boid.location)}
     * is the plain Euclidean distance, so boids on opposite sides of an edge do not see each
     * other. Predators (001 has none) are not wrapped and see plain distances.
     */
    record WrapPositionsOnly() implements Boundary {}

    /**
     * Seed 000 ({@code avoid_bound}): when a coordinate is more than {@code margin} outside the
     * box, that velocity component changes by {@code turn} toward the box each step. With
     * {@link Motion.MoveThenClamp} the turn follows the move and the clamp, by the new position
     * (seed 000's frame); otherwise it is part of the step's rule sum, by the old position.
     *
     * @param margin distance outside the box before the turn starts, &ge; 0 (000: 5)
     * @param turn   velocity change per step, &gt; 0 (000: 0.5)
     */
    record SoftMargin(@NonNegative double margin, @Positive double turn) implements Boundary {
        public SoftMargin {
            Check.components(SoftMargin.class, margin, turn);
        }
    }

    /**
     * Seed 002's hard bound: a boid that crosses a wall is put back on it and the velocity
     * component is turned toward the centre at once (with {@link Motion.MoveThenClamp}: after
     * every boid has moved and been clamped).
     */
    record Hard() implements Boundary {}

    /** Open space: no boundary (seeds 003, 004). */
    record None() implements Boundary {}

    // ---- the engine's side: one constant per variant, what it declares, its formula

    /** The variants as the engine dispatches them (see {@link Separation.Kind}). */
    enum Kind {
        WRAP, WRAP_POSITIONS_ONLY, SOFT_MARGIN, HARD, NONE;

        /** Whether distances are minimum images. */
        public boolean periodicDistances() {
            return switch (this) {
                case WRAP -> true;
                case WRAP_POSITIONS_ONLY, SOFT_MARGIN, HARD, NONE -> false;
            };
        }

        /** Whether positions wrap into [−size/2, size/2). */
        public boolean wrapsPositions() {
            return switch (this) {
                case WRAP, WRAP_POSITIONS_ONLY -> true;
                case SOFT_MARGIN, HARD, NONE -> false;
            };
        }
    }

    /** @return the engine constant of {@code boundary}. */
    static Kind kind(Boundary boundary) {
        return switch (boundary) {
            case Wrap w -> Kind.WRAP;
            case WrapPositionsOnly w -> Kind.WRAP_POSITIONS_ONLY;
            case SoftMargin s -> Kind.SOFT_MARGIN;
            case Hard h -> Kind.HARD;
            case None n -> Kind.NONE;
        };
    }

    // The formulas, one coordinate at a time (positions wrap with Periodic.wrap).

    /** {@link SoftMargin}: velocity component v turned by {@code turn} toward the box when p is outside [lo, hi]. */
    static double softMarginTurn(double v, double p, double lo, double hi, double turn) {
        if (p < lo) return v + turn;
        if (p > hi) return v - turn;
        return v;
    }

    /** {@link Hard}: position p put back on the wall [−half, half]. */
    static double hardPosition(double p, double half) {
        if (p > half) return half;
        if (p < -half) return -half;
        return p;
    }

    /** {@link Hard}: velocity component v of a boid at (unclamped) p, turned toward the centre when p crossed a wall. */
    static double hardVelocity(double p, double v, double half) {
        if (p > half) return -Math.abs(v);
        if (p < -half) return Math.abs(v);
        return v;
    }

    // What each variant does, by constant: every boundary goes through these three, so a new
    // variant fails to compile here until it says what it does.

    /** Velocity component v of a boid at p after the rule-sum turn (only {@link SoftMargin} turns). */
    static double turnOutsideMargin(Kind kind, double v, double p, double lo, double hi, double turn) {
        return switch (kind) {
            case SOFT_MARGIN -> softMarginTurn(v, p, lo, hi, turn);
            case WRAP, WRAP_POSITIONS_ONLY, HARD, NONE -> v;
        };
    }

    /** Velocity component v of a boid that moved to p (only {@link Hard} changes it). */
    static double velocityAtWall(Kind kind, double p, double v, double half) {
        return switch (kind) {
            case HARD -> hardVelocity(p, v, half);
            case WRAP, WRAP_POSITIONS_ONLY, SOFT_MARGIN, NONE -> v;
        };
    }

    /** Position coordinate p after the wall acts (only {@link Hard}; the periodic ones wrap separately). */
    static double positionAtWall(Kind kind, double p, double half) {
        return switch (kind) {
            case HARD -> hardPosition(p, half);
            case WRAP, WRAP_POSITIONS_ONLY, SOFT_MARGIN, NONE -> p;
        };
    }

    /**
     * {@link Motion.MoveThenClamp}'s end of step: velocity component v of a boid at the new
     * position p, after the soft margin's turn or the hard wall.
     */
    static double velocityAtStepEnd(Kind kind, double v, double p, double lo, double hi, double turn, double half) {
        return switch (kind) {
            case SOFT_MARGIN -> softMarginTurn(v, p, lo, hi, turn);
            case HARD -> hardVelocity(p, v, half);
            case WRAP, WRAP_POSITIONS_ONLY, NONE -> v;
        };
    }
}
