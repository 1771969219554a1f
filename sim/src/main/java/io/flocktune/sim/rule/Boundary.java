package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;

/** What happens at the edge of the world box [−size/2, size/2]^d. */
public sealed interface Boundary {

    /** Periodic (toroidal) world, seed 001 ({@code _wrapIfNeeded}); all distances minimum-image. */
    record Wrap() implements Boundary {}

    /**
     * Seed 000 ({@code avoid_bound}): when a coordinate is more than {@code margin} outside the
     * box, that velocity component changes by {@code turn} toward the box each step.
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
     * component is turned toward the centre at once.
     */
    record Hard() implements Boundary {}

    /** Open space: no boundary (seeds 003, 004). */
    record None() implements Boundary {}
}
