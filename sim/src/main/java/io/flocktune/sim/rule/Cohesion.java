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

    // ---- the engine's side: one constant per variant, what it reads, its formula

    /** The variants as the engine dispatches them (see {@link Separation.Kind}). */
    enum Kind {
        CENTROID, STEER_TO, UNIT_TO_CENTROID, ZONAL;

        /** Whether it reads only the symmetric pair pass's sums (count, Σ (p_j − p_i); zonal: the attraction zone's count and Σ unit(p_j − p_i)). */
        public boolean usesPairSums() {
            return switch (this) {
                case CENTROID, STEER_TO, UNIT_TO_CENTROID, ZONAL -> true;
            };
        }
    }

    /** @return the engine constant of {@code cohesion}. */
    static Kind kind(Cohesion cohesion) {
        return switch (cohesion) {
            case Centroid c -> Kind.CENTROID;
            case SteerTo s -> Kind.STEER_TO;
            case UnitToCentroid u -> Kind.UNIT_TO_CENTROID;
            case Zonal z -> Kind.ZONAL;
        };
    }

    // The formulas: count and Σ (p_j − p_i) over N in, the output in out[0..2] (zero when N is
    // empty), out returned.

    /** {@link Centroid}: {@code weight · (c_i − p_i)}. */
    static double[] centroid(double weight, int count, double sumX, double sumY, double sumZ, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            double cx = sumX / count, cy = sumY / count, cz = sumZ / count;   // c_i − p_i
            out[0] = weight * cx; out[1] = weight * cy; out[2] = weight * cz;
        }
        return out;
    }

    /** {@link SteerTo}: {@code weight · limit(unit(c_i − p_i)·maxSpeed·min(1, d/arrival) − v_i, maxForce)}. */
    static double[] steerTo(double weight, double arrivalRadius, double maxForce, double maxSpeed, int count,
                            double sumX, double sumY, double sumZ, double vx, double vy, double vz, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            double cx = sumX / count, cy = sumY / count, cz = sumZ / count;   // c_i − p_i
            double d = Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (d > 0) {
                double desired = maxSpeed * (d < arrivalRadius ? d / arrivalRadius : 1) / d;
                double tx = cx * desired - vx, ty = cy * desired - vy, tz = cz * desired - vz;
                double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
                if (len > maxForce) {
                    double f = maxForce / len;
                    tx *= f; ty *= f; tz *= f;
                }
                out[0] = weight * tx; out[1] = weight * ty; out[2] = weight * tz;
            }
        }
        return out;
    }

    /** {@link UnitToCentroid}: {@code weight · unit(c_i − p_i)}. */
    static double[] unitToCentroid(double weight, int count, double sumX, double sumY, double sumZ, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            double cx = sumX / count, cy = sumY / count, cz = sumZ / count;   // c_i − p_i
            double d = Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (d > 0) {
                double f = weight / d;
                out[0] = f * cx; out[1] = f * cy; out[2] = f * cz;
            }
        }
        return out;
    }

    /** {@link Zonal}: {@code weight · unit(Σ unit(p_j − p_i))} over the attraction zone. */
    static double[] zonal(double weight, int count, double unitX, double unitY, double unitZ, double[] out) {
        return count > 0 ? Vec.scaledUnit(weight, unitX, unitY, unitZ, out) : Vec.zero(out);
    }
}
