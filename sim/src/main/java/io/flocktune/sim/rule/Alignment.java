package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;

/**
 * Velocity matching over the preset's {@link Neighbourhood} N (other boids only).
 */
public sealed interface Alignment {

    /** Factor on the rule's output (for the heading blends: the blend fraction), &ge; 0. */
    double weight();

    /**
     * Seeds 000 ({@code alignment_rule}, divided by 600) and 002: {@code weight · (mean_N v_j − v_i)};
     * zero when N is empty. For seed 000 this is the evident intent; its code as printed is
     * {@link SummedVelocityMatch} (preset {@code seed000-fixed} uses this variant).
     */
    record VelocityMatch(@NonNegative double weight) implements Alignment {
        public VelocityMatch {
            Check.components(VelocityMatch.class, weight);
        }
    }

    /**
     * Seed 000's {@code alignment_rule} as printed (preset {@code seed000}): its
     * {@code if cnt > 0: alignV[i] /= cnt / else: alignV[i] = boidsV[i]} is indented under
     * {@code for i}, not under the loop body, so it runs once, after the loop, for the last boid
     * only. Every boid but the last (the highest id) gets {@code weight · (Σ_N v_j − v_i)} (the
     * <em>sum</em>, and {@code −weight · v_i} when N is empty, a drag); the last gets
     * {@code weight · (mean_N v_j − v_i)}, zero when N is empty.
     */
    record SummedVelocityMatch(@NonNegative double weight) implements Alignment {
        public SummedVelocityMatch {
            Check.components(SummedVelocityMatch.class, weight);
        }
    }

    /**
     * Seed 001 ({@code align}): {@code weight · limit(mean_N v_j, maxForce)}: the mean neighbour
     * velocity itself (not minus the own velocity, as coded), truncated to {@code maxForce}.
     *
     * @param maxForce truncation length, &ge; 0 (001's {@code MAX_FORCE})
     */
    record MeanVelocityLimited(@NonNegative double weight, @NonNegative double maxForce) implements Alignment {
        public MeanVelocityLimited {
            Check.components(MeanVelocityLimited.class, weight, maxForce);
        }
    }

    /**
     * Seed 003 as coded ({@code BirdShape::Alignment}), 2D only: with θ_i = atan2(v_i) and
     * θ̄ the <em>arithmetic</em> mean of atan2(v_j) over N, the velocity is turned to
     * {@code θ_i + (θ̄ − θ_i)·weight} at unchanged speed. The arithmetic mean of angles is wrong
     * across ±π (headings 179° and −179° average to 0°); {@link CircularHeadingBlend} fixes it.
     * The blend acts on the velocity as already changed by separation (003 applies its rules
     * one after another to {@code m_velocity}).
     */
    record HeadingBlend(@Range(min = 0, max = 1) double weight) implements Alignment {
        public HeadingBlend {
            Check.components(HeadingBlend.class, weight);
        }
    }

    /**
     * Seed 003 with the ±π wrap fixed, 2D only: θ̄ = atan2(Σ sin θ_j, Σ cos θ_j) (circular
     * mean) and the turn is the shortest signed arc {@code wrap(θ̄ − θ_i)} times {@code weight}.
     */
    record CircularHeadingBlend(@Range(min = 0, max = 1) double weight) implements Alignment {
        public CircularHeadingBlend {
            Check.components(CircularHeadingBlend.class, weight);
        }
    }

    /**
     * Seed 004 ({@code AlignmentRule}): {@code weight · unit(mean_N unit(v_j))}; the own forward
     * direction {@code unit(v_i)} when N is empty.
     */
    record MeanForward(@NonNegative double weight) implements Alignment {
        public MeanForward {
            Check.components(MeanForward.class, weight);
        }
    }

    /**
     * Vicsek et al. (1995), PRL 75: the new heading is the circular mean of the headings of every
     * boid in the neighbourhood <em>including itself</em>, {@code θ = atan2(Σ sin θ_j, Σ cos θ_j)},
     * plus a noise uniform in [−η/2, η/2); the output is {@code weight·(cos θ, sin θ)}, meant for
     * {@link Motion.ConstantSpeed} with turnFactor 1 (the heading is then set outright). 2D only.
     *
     * @param noise η in radians, in [0, 2π]
     */
    record Vicsek(@NonNegative double weight, @Range(min = 0, max = 2 * Math.PI) double noise) implements Alignment {
        public Vicsek {
            Check.components(Vicsek.class, weight, noise);
        }
    }

    /**
     * Couzin et al. (2002), J. theor. Biol. 218, zone of orientation: {@code weight ·
     * unit(Σ unit(v_j))} over the neighbours with separation radius &le; d &lt; {@code radius}
     * (the orientation zone's outer edge r_o = r_r + Δr_o). Ignored while any boid is in the
     * separation (repulsion) zone when separation is {@link Separation.Zonal}.
     *
     * @param radius outer radius of the orientation zone, world units, &gt; 0
     */
    record Zonal(@NonNegative double weight, @Positive double radius) implements Alignment {
        public Zonal {
            Check.components(Zonal.class, weight, radius);
        }
    }

    // ---- the engine's side: one constant per variant, what it reads, its formula

    /** The variants as the engine dispatches them (see {@link Separation.Kind}). */
    enum Kind {
        VELOCITY_MATCH, SUMMED_VELOCITY_MATCH, MEAN_VELOCITY_LIMITED, HEADING_BLEND, CIRCULAR_HEADING_BLEND,
        MEAN_FORWARD, VICSEK, ZONAL;

        /** Whether it reads Σ unit(v_j) (the engine then caches every boid's unit velocity). */
        public boolean needsUnitVelocities() {
            return switch (this) {
                case MEAN_FORWARD, CIRCULAR_HEADING_BLEND, VICSEK, ZONAL -> true;
                case VELOCITY_MATCH, SUMMED_VELOCITY_MATCH, MEAN_VELOCITY_LIMITED, HEADING_BLEND -> false;
            };
        }

        /** Whether it reads Σ atan2(v_j) (the engine then caches every boid's heading angle). */
        public boolean needsHeadings() {
            return switch (this) {
                case HEADING_BLEND -> true;
                case VELOCITY_MATCH, SUMMED_VELOCITY_MATCH, MEAN_VELOCITY_LIMITED, CIRCULAR_HEADING_BLEND,
                     MEAN_FORWARD, VICSEK, ZONAL -> false;
            };
        }

        /**
         * Whether it reads only the symmetric pair pass's sums (count, Σ v_j, Σ unit(v_j),
         * Σ heading_j; zonal: count and Σ unit(v_j) over the orientation zone).
         */
        public boolean usesPairSums() {
            return switch (this) {
                case VELOCITY_MATCH, SUMMED_VELOCITY_MATCH, MEAN_VELOCITY_LIMITED, HEADING_BLEND, CIRCULAR_HEADING_BLEND,
                     MEAN_FORWARD, VICSEK, ZONAL -> true;
            };
        }

        /** Whether it draws a random number per boid and step. */
        public boolean drawsPerBoid() {
            return switch (this) {
                case VICSEK -> true;
                case VELOCITY_MATCH, SUMMED_VELOCITY_MATCH, MEAN_VELOCITY_LIMITED, HEADING_BLEND,
                     CIRCULAR_HEADING_BLEND, MEAN_FORWARD, ZONAL -> false;
            };
        }
    }

    /** @return the engine constant of {@code alignment}. */
    static Kind kind(Alignment alignment) {
        return switch (alignment) {
            case VelocityMatch m -> Kind.VELOCITY_MATCH;
            case SummedVelocityMatch m -> Kind.SUMMED_VELOCITY_MATCH;
            case MeanVelocityLimited m -> Kind.MEAN_VELOCITY_LIMITED;
            case HeadingBlend h -> Kind.HEADING_BLEND;
            case CircularHeadingBlend h -> Kind.CIRCULAR_HEADING_BLEND;
            case MeanForward f -> Kind.MEAN_FORWARD;
            case Vicsek v -> Kind.VICSEK;
            case Zonal z -> Kind.ZONAL;
        };
    }

    // The formulas: count and sums over N in, (rvx, rvy, rvz) the own velocity the rule reads;
    // the output in out[0..2] (zero when there is none), out returned. The heading blends turn
    // the velocity instead and return the new angle.

    /** {@link VelocityMatch}: {@code weight · (mean_N v_j − v_i)}. */
    static double[] velocityMatch(double weight, int count, double sumVx, double sumVy, double sumVz,
                                  double rvx, double rvy, double rvz, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            out[0] = weight * (sumVx / count - rvx);
            out[1] = weight * (sumVy / count - rvy);
            out[2] = weight * (sumVz / count - rvz);
        }
        return out;
    }

    /** {@link SummedVelocityMatch}: {@code weight · (Σ_N v_j − v_i)}, the last boid {@link #velocityMatch}. */
    static double[] summedVelocityMatch(double weight, boolean last, int count, double sumVx, double sumVy,
                                        double sumVz, double rvx, double rvy, double rvz, double[] out) {
        // 000 as printed: the mean only for the last boid, the plain sum for every other
        if (!last) {
            out[0] = weight * (sumVx - rvx); out[1] = weight * (sumVy - rvy); out[2] = weight * (sumVz - rvz);
            return out;
        }
        return velocityMatch(weight, count, sumVx, sumVy, sumVz, rvx, rvy, rvz, out);
    }

    /** {@link MeanVelocityLimited}: {@code weight · limit(mean_N v_j, maxForce)}. */
    static double[] meanVelocityLimited(double weight, double maxForce, int count, double sumVx, double sumVy,
                                        double sumVz, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        if (count > 0) {
            double mx = sumVx / count, my = sumVy / count, mz = sumVz / count;
            double len = Math.sqrt(mx * mx + my * my + mz * mz);
            if (len > maxForce) {
                double f = maxForce / len;
                mx *= f; my *= f; mz *= f;
            }
            out[0] = weight * mx; out[1] = weight * my; out[2] = weight * mz;
        }
        return out;
    }

    /** {@link HeadingBlend}: the new angle {@code θ_i + (mean_N θ_j − θ_i)·weight}; N not empty. */
    static double headingBlend(double weight, double own, int count, double sumHeading) {
        double mean = sumHeading / count;
        return own + (mean - own) * weight;
    }

    /** {@link CircularHeadingBlend}: the new angle {@code θ_i + wrap(atan2(Σ unit(v_j)) − θ_i)·weight}. */
    static double circularHeadingBlend(double weight, double own, double sumUx, double sumUy) {
        return sumUx == 0 && sumUy == 0 ? own : own + wrapAngle(Math.atan2(sumUy, sumUx) - own) * weight;
    }

    /**
     * {@link Vicsek}: {@code weight·(cos θ, sin θ)}, θ the circular mean heading of N and the boid
     * itself (its own velocity when the sum is zero) plus {@code noise·(uniform − 0.5)}.
     *
     * @param sumUx   Σ unit(v_j) over N and the boid itself
     * @param uniform a draw uniform in [0, 1)
     */
    static double[] vicsek(double weight, double noise, double sumUx, double sumUy, double rvx, double rvy,
                           double uniform, double[] out) {
        double theta = sumUx == 0 && sumUy == 0 ? Math.atan2(rvy, rvx) : Math.atan2(sumUy, sumUx);
        theta += noise * (uniform - 0.5);   // drawn even for η = 0
        out[0] = weight * Math.cos(theta); out[1] = weight * Math.sin(theta); out[2] = 0;
        return out;
    }

    /** {@link Zonal}: {@code weight · unit(Σ unit(v_j))} over the orientation zone. */
    static double[] zonal(double weight, int count, double sumUx, double sumUy, double sumUz, double[] out) {
        return count > 0 ? Vec.scaledUnit(weight, sumUx, sumUy, sumUz, out) : Vec.zero(out);
    }

    /** {@link MeanForward}: {@code weight · unit(mean_N unit(v_j))}, the own direction when N is empty. */
    static double[] meanForward(double weight, int count, double sumUx, double sumUy, double sumUz,
                                double rvx, double rvy, double rvz, double[] out) {
        return count > 0 ? Vec.scaledUnit(weight, sumUx / count, sumUy / count, sumUz / count, out)
                : Vec.scaledUnit(weight, rvx, rvy, rvz, out);
    }

    /** @return the angle equivalent to {@code a} in (−π, π]. */
    static double wrapAngle(double a) {
        double twoPi = 2 * Math.PI;
        a = a % twoPi;
        if (a > Math.PI) a -= twoPi;
        else if (a <= -Math.PI) a += twoPi;
        return a;
    }
}
