package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

/**
 * How noise is handled: replicates per evaluation, extra replicates for survivors, and the
 * final held-out validation.
 *
 * @param perEvaluation   replicates of a new candidate, in [1, 10 000]
 * @param perSurvival     extra replicates a survivor gets in each generation it lives on, in
 *                        [0, 10 000]; its fitness is the mean over all of its replicates
 * @param validationSeeds fresh held-out seeds each finalist is re-evaluated on, in [2, 100 000]
 * @param finalists       how many of the best candidates are validated, in [1, 10 000]
 */
public record Replication(int perEvaluation, int perSurvival, int validationSeeds, int finalists) {
    public Replication {
        Check.inRange("perEvaluation", perEvaluation, 1, 10_000);
        Check.inRange("perSurvival", perSurvival, 0, 10_000);
        Check.inRange("validationSeeds", validationSeeds, 2, 100_000);
        Check.inRange("finalists", finalists, 1, 10_000);
    }
}
