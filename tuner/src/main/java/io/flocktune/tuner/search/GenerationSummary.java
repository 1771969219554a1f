package io.flocktune.tuner.search;

import java.util.Arrays;

/**
 * Statistics of one generation, a row of {@code generations.csv}. Fitness statistics are over
 * the distinct, non-failed members (lower is better).
 *
 * @param generation      generation number, 0 for the initial population
 * @param evaluations     simulations run so far
 * @param newCandidates   candidates evaluated for the first time in this generation
 * @param survivorTopUps  survivors that got extra replicates in this generation
 * @param failures        failed simulations in this generation
 * @param best            lowest fitness (Pareto: lowest weighted cost sum)
 * @param mean            mean fitness
 * @param p10             10th percentile of fitness
 * @param p90             90th percentile of fitness
 * @param bestId          the best member's id
 * @param bestReplicates  replicates behind the best member's fitness
 * @param bestMeans       the best member's objective means
 * @param hypervolume     hypervolume of the first front (Pareto), else NaN
 * @param frontSize       members on the first front (Pareto), else 0
 * @param wallNanos       wall time of the generation
 * @param evaluationNanos part of it spent waiting for simulations
 */
public record GenerationSummary(long generation, long evaluations, int newCandidates, int survivorTopUps, int failures,
                                double best, double mean, double p10, double p90, long bestId, int bestReplicates,
                                double[] bestMeans, double hypervolume, int frontSize, long wallNanos,
                                long evaluationNanos) {
    public GenerationSummary {
        bestMeans = bestMeans.clone();
    }

    @Override
    public double[] bestMeans() {
        return bestMeans.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenerationSummary g && g.generation == generation && g.evaluations == evaluations
                && g.newCandidates == newCandidates && g.survivorTopUps == survivorTopUps && g.failures == failures
                && Double.compare(g.best, best) == 0 && Double.compare(g.mean, mean) == 0
                && Double.compare(g.p10, p10) == 0 && Double.compare(g.p90, p90) == 0 && g.bestId == bestId
                && g.bestReplicates == bestReplicates && Arrays.equals(g.bestMeans, bestMeans)
                && Double.compare(g.hypervolume, hypervolume) == 0 && g.frontSize == frontSize;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(generation) * 31 + Double.hashCode(best);
    }
}
