package io.flocktune.sim.rule;

import io.flocktune.sim.Check;

/** Which flockmates alignment and cohesion see. Separation always uses its own radius. */
public sealed interface Neighbourhood {

    /** Every boid within {@code radius} (world units, &gt; 0), seeds 000, 001, 002, 004. */
    record Metric(double radius) implements Neighbourhood {
        public Metric {
            Check.positive("radius", radius);
        }
    }

    /**
     * The whole flock, seed 003. Computed from flock-wide sums in O(N), never all pairs. In a
     * periodic world the global centroid uses raw coordinates (it is not defined on a torus).
     */
    record Global() implements Neighbourhood {}
}
