package io.flocktune.sim.rule;

import io.flocktune.sim.Check;

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
    record ForceField(double range, double weight) implements ObstacleAvoidance {
        public ForceField {
            Check.positive("range", range);
            Check.nonNegative("weight", weight);
        }
    }
}
