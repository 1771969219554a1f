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

    // ---- the engine's side: one constant per variant, what it reads, its formula

    /**
     * The variants as the engine dispatches them, with what each reads from its neighbours.
     * {@link #kind} maps every record to its constant with an exhaustive switch, and every switch
     * over {@code Kind} (here and in the engine) is a switch expression with no {@code default},
     * so a new record or constant fails to compile until each site handles it.
     */
    enum Kind {
        LINEAR, INVERSE_DISTANCE, INVERSE_SQUARE_CLAMPED, NORMALIZED, ZONAL;

        /**
         * Whether it reads only the sums of the symmetric pair pass (count of d &gt; 0, Σ (p_i − p_j),
         * Σ (p_i − p_j)/d², Σ unit(p_i − p_j)); when every rule of a preset does, a synchronous
         * run with a metric neighbourhood or a field of view takes that pass.
         */
        public boolean usesPairSums() {
            return switch (this) {
                case LINEAR, INVERSE_DISTANCE, INVERSE_SQUARE_CLAMPED, NORMALIZED, ZONAL -> true;
            };
        }

        /** Whether a non-empty separation zone silences alignment and cohesion (Couzin). */
        public boolean hasPriority() {
            return switch (this) {
                case LINEAR, INVERSE_DISTANCE, INVERSE_SQUARE_CLAMPED, NORMALIZED -> false;
                case ZONAL -> true;
            };
        }
    }

    /** @return the engine constant of {@code separation}. */
    static Kind kind(Separation separation) {
        return switch (separation) {
            case Linear l -> Kind.LINEAR;
            case InverseDistance d -> Kind.INVERSE_DISTANCE;
            case InverseSquareClamped c -> Kind.INVERSE_SQUARE_CLAMPED;
            case Normalized n -> Kind.NORMALIZED;
            case Zonal z -> Kind.ZONAL;
        };
    }

    // The formulas. Inputs are sums over S (see the records); each writes the push into out[0..2]
    // (zero when there is none) and returns out.

    /** {@link Linear}: {@code weight · Σ_S (p_i − p_j)}. */
    static double[] linear(double weight, double sumX, double sumY, double sumZ, double[] out) {
        out[0] = weight * sumX; out[1] = weight * sumY; out[2] = weight * sumZ;
        return out;
    }

    /** {@link InverseDistance}: {@code weight / |S'| · Σ_S' (p_i − p_j)/d²}. */
    static double[] inverseDistance(double weight, int count, double invX, double invY, double invZ, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            double f = weight / count;
            out[0] = f * invX; out[1] = f * invY; out[2] = f * invZ;
        }
        return out;
    }

    /** {@link InverseSquareClamped}: {@code s = mean_S' (p_i − p_j)/d²}, {@code weight · unit(s) · min(strength·|s|, maxForce)}. */
    static double[] inverseSquareClamped(double weight, double strength, double maxForce, int count,
                                         double invX, double invY, double invZ, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            double mx = invX / count, my = invY / count, mz = invZ / count;
            double len = Math.sqrt(mx * mx + my * my + mz * mz);
            if (len > 0) {
                double f = weight * Math.min(strength * len, maxForce) / len;
                out[0] = f * mx; out[1] = f * my; out[2] = f * mz;
            }
        }
        return out;
    }

    /** {@link Normalized}: {@code weight · unit(Σ_S (p_i − p_j))}. */
    static double[] normalized(double weight, double sumX, double sumY, double sumZ, double[] out) {
        return Vec.scaledUnit(weight, sumX, sumY, sumZ, out);
    }

    /** {@link Zonal}: {@code weight · unit(Σ_S' unit(p_i − p_j))}, zero when S' is empty. */
    static double[] zonal(double weight, int count, double unitX, double unitY, double unitZ, double[] out) {
        return count > 0 ? Vec.scaledUnit(weight, unitX, unitY, unitZ, out) : Vec.zero(out);
    }
}
