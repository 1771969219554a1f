package io.flocktune.tuner.experiment;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Check;
import io.flocktune.tuner.search.Criterion;

/**
 * An objective of an experiment and its place in the fitness.
 *
 * @param spec   what is measured and what is wanted of it
 * @param weight weight in a weighted sum or target distance, &gt; 0
 * @param scale  the amount of the objective that counts as one unit of cost, &gt; 0: the
 *               normalised cost is {@code −spec.direction().score(mean) / scale}, so a
 *               maximised polarization with scale 0.1 costs −10 at 1.0, and a target's cost is
 *               its distance outside the tolerance band in scale units
 */
public record Objective(ObjectiveSpec spec, double weight, double scale) {
    public Objective {
        Check.present("spec", spec);
        Check.positive("weight", weight);
        Check.positive("scale", scale);
    }

    /** @return this objective as a criterion of the search. */
    public Criterion criterion() {
        return new Criterion(spec.name(), weight, mean -> -spec.direction().score(mean) / scale);
    }
}
