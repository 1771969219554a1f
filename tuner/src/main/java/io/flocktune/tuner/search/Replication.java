package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

/**
 * How noise is handled: replicates per evaluation, extra replicates for survivors, the held-out
 * selection of the best finalist and the fresh seeds that measure the finalists for the report.
 *
 * @param perEvaluation   replicates of a new candidate, in [1, 10 000]
 * @param perSurvival     extra replicates a survivor gets in each generation it lives on, in
 *                        [0, 10 000]; its fitness is the mean over all of its replicates
 * @param validationSeeds held-out seeds each finalist is re-evaluated on to rank the finalists
 *                        (selection), in [2, 100 000]
 * @param testSeeds       fresh seeds, disjoint from the search's and the selection's, each
 *                        finalist and the base preset run on for the reported means, intervals
 *                        and paired differences, in [2, 100 000]
 * @param finalists       how many of the best candidates are validated, in [1, 10 000]
 */
public record Replication(int perEvaluation, int perSurvival, int validationSeeds, int testSeeds, int finalists) {
    public Replication {
        Check.inRange("perEvaluation", perEvaluation, 1, 10_000);
        Check.inRange("perSurvival", perSurvival, 0, 10_000);
        Check.inRange("validationSeeds", validationSeeds, 2, 100_000);
        Check.inRange("testSeeds", testSeeds, 2, 100_000);
        Check.inRange("finalists", finalists, 1, 10_000);
    }
}
