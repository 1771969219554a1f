package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;

/**
 * Collision avoidance: a push away from flockmates closer than {@code radius}. Every variant
 * uses the metric separation radius (the seeds all do), independent of the preset's
 * neighbourhood. Let {@code S} be the set of other boids {@code j} with |p_i − p_j| &lt; radius.
 */
public sealed interface Separation {

    /** Separation radius in world units, &gt; 0. */
    double radius();

    /** Factor on the rule's output, &ge; 0. */
    double weight();

    /**
     * Linear sum, seeds 000 ({@code sepV[i] -= (p_j - p_i)}, divided by 50) and 002:
     * {@code weight · Σ_S (p_i − p_j)}. The push grows with distance inside the radius.
     */
    record Linear(@Positive double radius, @NonNegative double weight) implements Separation {
        public Linear {
            Check.components(Linear.class, radius, weight);
        }
    }

    /**
     * Mean inverse-distance push, seed 001 ({@code separate}):
     * {@code weight · (1/|S'|) Σ_S' unit(p_i − p_j) / d}, S' = S without coincident boids (d &gt; 0).
     */
    record InverseDistance(@Positive double radius, @NonNegative double weight) implements Separation {
        public InverseDistance {
            Check.components(InverseDistance.class, radius, weight);
        }
    }

    /**
     * Seed 003 ({@code BirdShape::Separation}): {@code s = (1/|S'|) Σ_S' (p_i − p_j)/d²}, then
     * {@code weight · unit(s) · min(strength·|s|, maxForce)}.
     *
     * @param strength  gain on |s| (003's {@code separationStrength}), &ge; 0
     * @param maxForce  cap on the push (003's {@code maxSeparationForce}), &ge; 0
     */
    record InverseSquareClamped(@Positive double radius, @NonNegative double weight, @NonNegative double strength,
                                @NonNegative double maxForce)
            implements Separation {
        public InverseSquareClamped {
            Check.components(InverseSquareClamped.class, radius, weight, strength, maxForce);
        }
    }

    /**
     * Seed 004 ({@code SeparationRule}): {@code weight · unit(Σ_S (p_i − p_j))}, a unit direction.
     */
    record Normalized(@Positive double radius, @NonNegative double weight) implements Separation {
        public Normalized {
            Check.components(Normalized.class, radius, weight);
        }
    }

    /**
     * Couzin et al. (2002) zone of repulsion: {@code weight · unit(Σ_S unit(p_i − p_j))}, and
     * while S is not empty it has priority: alignment and cohesion are ignored that step.
     */
    record Zonal(@Positive double radius, @NonNegative double weight) implements Separation {
        public Zonal {
            Check.components(Zonal.class, radius, weight);
        }
    }
}
