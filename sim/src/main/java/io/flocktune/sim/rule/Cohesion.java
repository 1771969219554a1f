package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;

/**
 * Flock centering toward the centroid c_i of the preset's {@link Neighbourhood} N (other boids
 * only; offsets are minimum-image in a periodic world). Every variant is zero when N is empty.
 */
public sealed interface Cohesion {

    /** Factor on the rule's output, &ge; 0. */
    double weight();

    /** Seeds 000 ({@code cohesion_rule}, divided by 100) and 002: {@code weight · (c_i − p_i)}. */
    record Centroid(@NonNegative double weight) implements Cohesion {
        public Centroid {
            Check.components(Centroid.class, weight);
        }
    }

    /**
     * Seed 001 ({@code cohere} → {@code steer_to}) with arrival: with {@code d = |c_i − p_i|},
     * desired = unit(c_i − p_i)·maxSpeed·min(1, d/arrivalRadius); steer = limit(desired − v_i,
     * maxForce); output {@code weight · steer}. {@code maxSpeed} is the boids' maximum speed.
     *
     * @param arrivalRadius distance below which the desired speed falls linearly, &gt; 0 (001: 100)
     * @param maxForce      truncation length of the steer, &ge; 0 (001's {@code MAX_FORCE})
     */
    record SteerTo(@NonNegative double weight, @Positive double arrivalRadius,
                   @NonNegative double maxForce) implements Cohesion {
        public SteerTo {
            Check.components(SteerTo.class, weight, arrivalRadius, maxForce);
        }
    }

    /**
     * Seeds 003 (global neighbourhood: {@code BirdShape::Cohesion}) and 004 (local:
     * {@code CohesionRule}): {@code weight · unit(c_i − p_i)}.
     */
    record UnitToCentroid(@NonNegative double weight) implements Cohesion {
        public UnitToCentroid {
            Check.components(UnitToCentroid.class, weight);
        }
    }

    /**
     * Couzin et al. (2002) zone of attraction: {@code weight · unit(Σ unit(p_j − p_i))} over the
     * neighbours at or beyond the orientation zone's radius (alignment must be
     * {@link Alignment.Zonal}) and inside the neighbourhood radius r_a.
     */
    record Zonal(@NonNegative double weight) implements Cohesion {
        public Zonal {
            Check.components(Zonal.class, weight);
        }
    }
}
