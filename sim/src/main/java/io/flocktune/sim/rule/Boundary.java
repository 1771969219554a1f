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
}
