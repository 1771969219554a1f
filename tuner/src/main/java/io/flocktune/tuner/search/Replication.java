package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

import java.util.List;

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
 * @param combine         how a candidate's replicates become the objective values its fitness is
 *                        computed from during the search: their {@link Combine#MEAN mean}
 *                        (default) or the {@link Combine#WORST worst} (EvoFlock's "lowest of 4
 *                        simulations"); held-out validation and test seeds are always averaged
 * @param race            the finalist stage as a {@link Race}, or null for the fixed stage (each of
 *                        {@code finalists} candidates on {@code validationSeeds} seeds). With a
 *                        race, {@code finalists × validationSeeds} is its budget in simulations,
 *                        {@code validationSeeds} the most seeds one candidate gets, and the best
 *                        {@code finalists} of its survivors are tested
 */
public record Replication(int perEvaluation, int perSurvival, int validationSeeds, int testSeeds, int finalists,
                          Combine combine, Race race) {
    public Replication {
        Check.inRange("perEvaluation", perEvaluation, 1, 10_000);
        Check.inRange("perSurvival", perSurvival, 0, 10_000);
        Check.inRange("validationSeeds", validationSeeds, 2, 100_000);
        Check.inRange("testSeeds", testSeeds, 2, 100_000);
        Check.inRange("finalists", finalists, 1, 10_000);
        Check.present("combine", combine);
        if (race != null && (long) race.pool() * race.round() > (long) finalists * validationSeeds) {
            throw new IllegalArgumentException("race: its first round (pool " + race.pool() + " × round " + race.round()
                    + ") must fit its budget, finalists × validationSeeds = " + (long) finalists * validationSeeds);
        }
        if (race != null && race.round() > validationSeeds) {
            throw new IllegalArgumentException("race.round = " + race.round() + ": must be <= validationSeeds = " + validationSeeds);
        }
    }

    /** The fixed finalist stage (no race). */
    public Replication(int perEvaluation, int perSurvival, int validationSeeds, int testSeeds, int finalists, Combine combine) {
        this(perEvaluation, perSurvival, validationSeeds, testSeeds, finalists, combine, null);
    }

    /** Replicates averaged ({@link Combine#MEAN}). */
    public Replication(int perEvaluation, int perSurvival, int validationSeeds, int testSeeds, int finalists) {
        this(perEvaluation, perSurvival, validationSeeds, testSeeds, finalists, Combine.MEAN);
    }

    /** How replicates combine; JSON {@code replicates.combine}: {@code "mean"} or {@code "worst"}. */
    public enum Combine {
        /** Each objective's mean over the replicates, summed in replicate order. */
        MEAN("mean"),
        /**
         * Each objective's worst replicate value: the one of highest cost under its criterion
         * (the lowest of a maximised objective, the highest of a minimised one; the first on a tie).
         * With one objective this is the worst replicate, as EvoFlock's
         * {@code GP::run_flock_simulation} returns the lowest of its 4 simulations.
         */
        WORST("worst");

        private final String json;

        Combine(String json) {
            this.json = json;
        }

        /** @return the JSON word */
        public String json() {
            return json;
        }

        /** @return the combination named {@code json}, or null */
        public static Combine ofJson(String json) {
            for (Combine c : values()) if (c.json.equals(json)) return c;
            return null;
        }

        /**
         * @return the objective values of {@code individual}'s replicates combined this way
         * @throws IllegalStateException if a replicate failed or there is none
         */
        public double[] of(Individual individual, List<Criterion> criteria) {
            int objectives = criteria.size();
            double[] means = individual.means(objectives);   // checks there are replicates and none failed
            if (this == MEAN) return means;
            double[] worst = new double[objectives];
            for (int k = 0; k < objectives; k++) {
                double worstCost = Double.NEGATIVE_INFINITY;
                for (Replicate r : individual.replicates()) {
                    double v = ((io.flocktune.tuner.eval.Outcome.Success) r.outcome()).value(k);
                    double cost = criteria.get(k).costOf(v);
                    if (cost > worstCost) {
                        worstCost = cost;
                        worst[k] = v;
                    }
                }
            }
            return worst;
        }
    }
}
