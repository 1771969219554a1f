package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;

/** How boids avoid the preset's spherical obstacles. */
public sealed interface ObstacleAvoidance {

    /**
     * Seed 000's force field ({@code avoid_obstacles_rule}): with {@code s = |p − o| − r} the
     * distance to the sphere's surface and {@code s < range}, the push is
     * {@code 100·unit(p − o)} when {@code s < 0.1}, else {@code 10/s²·unit(p − o)}, times
     * {@code weight}, summed over obstacles.
     *
     * @param range  detection distance from the surface, &gt; 0 (000: {@code recog_range})
     * @param weight factor on the push, &ge; 0 (000: 1)
     */
    record ForceField(@Positive double range, @NonNegative double weight) implements ObstacleAvoidance {
        public ForceField {
            Check.components(ForceField.class, range, weight);
        }
    }

    /**
     * Steer-to-avoid (Reynolds 1987, named by seed 000 as the better method): look ahead along
     * the heading f for {@code lookAhead} units; of the spheres (radius grown by
     * {@code clearance}) that the ray p + t·f, 0 &le; t &le; lookAhead, passes through, take the
     * nearest and steer perpendicular to f, away from its centre:
     * {@code weight · (1 − t/lookAhead) · unit(lateral)}. A boid whose path misses every sphere
     * feels nothing, so boids flying parallel to a surface keep flying parallel.
     *
     * @param lookAhead distance looked ahead, &gt; 0
     * @param clearance margin added to every radius, &ge; 0
     * @param weight    factor on the steer, &ge; 0
     */
    record SteerToAvoid(@Positive double lookAhead, @NonNegative double clearance,
                        @NonNegative double weight) implements ObstacleAvoidance {
        public SteerToAvoid {
            Check.components(SteerToAvoid.class, lookAhead, clearance, weight);
        }
    }
}
