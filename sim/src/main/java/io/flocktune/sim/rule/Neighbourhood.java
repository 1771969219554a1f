package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;

/**
 * Which flockmates alignment and cohesion see. Separation always uses its own metric radius
 * (all seeds do); a {@link FieldOfView} cone also hides boids behind from separation.
 */
public sealed interface Neighbourhood {

    /** Every boid within {@code radius} (world units, &gt; 0), seeds 000, 002, 004. */
    record Metric(@Positive double radius) implements Neighbourhood {
        public Metric {
            Check.components(Metric.class, radius);
        }
    }

    /**
     * Every other boid j with {@code 0 < |p_j − p_i| < radius}: seed 001's {@code align} and
     * {@code cohere} ({@code if d > 0 and d < NEIGHBOUR_RADIUS}); a boid at the same point is not
     * a neighbour (with 001's start, every boid at one point, nobody aligns or coheres at first).
     *
     * @param radius world units, &gt; 0
     */
    record MetricExcludingCoincident(@Positive double radius) implements Neighbourhood {
        public MetricExcludingCoincident {
            Check.components(MetricExcludingCoincident.class, radius);
        }
    }

    /**
     * Every boid within {@code radius} that lies inside a cone of full opening {@code angle}
     * around the own heading: seed 001's "exclude what is behind", Couzin et al. (2002)'s blind
     * volume (field of perception α = 270°). Boid j is seen when
     * {@code unit(v_i)·(p_j − p_i) >= cos(angle/2)·|p_j − p_i|}; a boid at rest sees all round.
     * The cone applies to every interaction, separation included.
     *
     * @param radius world units, &gt; 0
     * @param angle  full opening in degrees, in (0, 360]
     */
    record FieldOfView(@Positive double radius, @Range(min = Double.MIN_VALUE,
                       max = 360) double angle) implements Neighbourhood {
        public FieldOfView {
            Check.components(FieldOfView.class, radius, angle);
        }
    }

    /**
     * The {@code count} nearest other boids, whatever their distance (topological interaction,
     * Ballerini et al. 2008, PNAS 105: starlings attend to 6–7 neighbours). Found by an
     * expanding search over the cell grid; ties broken by slot order.
     *
     * @param count number of neighbours, in [1, 1000]
     */
    record Topological(@Range(min = 1, max = 1000) int count) implements Neighbourhood {
        public Topological {
            Check.components(Topological.class, count);
        }
    }

    /**
     * The whole flock, seed 003. Computed from flock-wide sums in O(N), never all pairs. In a
     * periodic world the global centroid uses raw coordinates (it is not defined on a torus).
     */
    record Global() implements Neighbourhood {}

    // ---- the engine's side: one constant per variant and what it declares

    /** The variants as the engine dispatches them (see {@link Separation.Kind}). */
    enum Kind {
        METRIC, METRIC_EXCLUDING_COINCIDENT, FIELD_OF_VIEW, TOPOLOGICAL, GLOBAL;

        /** Whether the neighbours are found by distance, scanning the cells within the radius. */
        public boolean scansRadius() {
            return switch (this) {
                case METRIC, METRIC_EXCLUDING_COINCIDENT, FIELD_OF_VIEW -> true;
                case TOPOLOGICAL, GLOBAL -> false;
            };
        }

        /**
         * Whether the symmetric pair pass can find them: a radius is symmetric, and a cone is
         * tested per boid on the pair's shared offset (negated for the other boid).
         */
        public boolean usesPairSums() {
            return switch (this) {
                case METRIC, METRIC_EXCLUDING_COINCIDENT, FIELD_OF_VIEW -> true;
                case TOPOLOGICAL, GLOBAL -> false;    // the k nearest, flock-wide sums
            };
        }
    }

    /** @return the engine constant of {@code neighbourhood}. */
    static Kind kind(Neighbourhood neighbourhood) {
        return switch (neighbourhood) {
            case Metric m -> Kind.METRIC;
            case MetricExcludingCoincident m -> Kind.METRIC_EXCLUDING_COINCIDENT;
            case FieldOfView f -> Kind.FIELD_OF_VIEW;
            case Topological t -> Kind.TOPOLOGICAL;
            case Global g -> Kind.GLOBAL;
        };
    }
}
