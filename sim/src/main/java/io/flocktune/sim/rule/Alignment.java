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
     * plus a noise uniform in [−η/2, η/2]; the output is {@code weight·(cos θ, sin θ)}, meant for
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
}
