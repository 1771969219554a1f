package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import org.apache.commons.math3.stat.ranking.NaturalRanking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The finalist stage as a race (F-race, Birattari et al. 2002; irace's elimination): instead of
 * giving {@code finalists} candidates {@code validationSeeds} held-out seeds each, {@code pool}
 * candidates start, every survivor runs {@code round} more held-out seeds per round (the same
 * seeds for all: a paired design), and after each round the survivors significantly worse than
 * the incumbent are dropped. The race spends at most the fixed stage's budget,
 * {@code finalists × validationSeeds} simulations, and gives no candidate more than
 * {@code validationSeeds} seeds; it ends when one survivor is left or the next round does not
 * fit. Failed replicates drop a candidate at once.
 *
 * <p>The elimination test of a round: the incumbent is the survivor with the best fitness of its
 * held-out means (lower is better; the lower id on a tie). For every other survivor {@code i},
 * the per-seed differences {@code d_s = f_i(s) − f_incumbent(s)} of the replicates' own fitness
 * (the scoring of one replicate's objective values) go into a one-sided Wilcoxon signed-rank
 * test of "i is worse" ({@link #worseP}: exact up to 30 non-zero differences, normal
 * approximation above). Holm's
 * step-down procedure over the round's m tests keeps the family-wise error of the round at
 * {@code alpha}: sorted p₍₁₎ ≤ … ≤ p₍ₘ₎, drop while p₍ⱼ₎ ≤ alpha / (m − j + 1). Across rounds
 * the error is not controlled (as in F-race): a larger {@code round} means fewer looks.
 *
 * @param pool  candidates entering the race, in [2, 10 000], picked as the strategy picks its
 *              finalists
 * @param round held-out seeds each survivor runs per round, in [1, 100 000]
 * @param alpha family-wise error rate of one round's eliminations, in (0, 0.5]
 */
public record Race(int pool, int round, double alpha) {
    public Race {
        Check.inRange("pool", pool, 2, 10_000);
        Check.inRange("round", round, 1, 100_000);
        if (!(alpha > 0 && alpha <= 0.5)) throw new IllegalArgumentException("alpha = " + alpha + ": must be in (0, 0.5]");
    }

    /**
     * One candidate's place in a finished race.
     *
     * @param validated  its held-out replicates (as many as the rounds it ran times {@code round})
     * @param eliminated the round after which it was dropped (1 = the first), or 0 if it survived
     * @param p          its Holm-adjusted p-value against the incumbent in the round that dropped
     *                   it, or in the last round it was tested (NaN if never tested)
     */
    public record Entry(Search.Validated validated, int eliminated, double p) {}

    /**
     * @param ranking     every candidate that raced: the survivors by the fitness of their held-out
     *                    means, then the dropped ones, later drops first, each round by fitness
     * @param rounds      rounds run
     * @param simulations held-out simulations run
     */
    public record Result(List<Entry> ranking, int rounds, long simulations) {
        public Result {
            ranking = List.copyOf(ranking);
        }

        /** @return how many candidates were never dropped. */
        public int survivors() {
            return (int) ranking.stream().filter(e -> e.eliminated() == 0).count();
        }
    }

    /**
     * Holm's step-down test.
     *
     * @param p one-sided p-values
     * @return per test, whether it is rejected at family-wise level {@code alpha}, and its
     *         Holm-adjusted p-value (max over j' ≤ j of (m − j' + 1) p₍ⱼ'₎, at most 1)
     */
    static double[] holmAdjusted(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int k = 0; k < m; k++) order[k] = k;
        Arrays.sort(order, Comparator.<Integer>comparingDouble(k -> p[k]).thenComparingInt(k -> k));
        double[] adjusted = new double[m];
        double running = 0;
        for (int j = 0; j < m; j++) {
            running = Math.max(running, Math.min(1, (m - j) * p[order[j]]));
            adjusted[order[j]] = running;
        }
        return adjusted;
    }

    /**
     * The one-sided Wilcoxon signed-rank test of "candidate is worse" (its fitness higher):
     * zero differences are dropped (Wilcoxon's method), ties among the others share their
     * average rank, and the statistic is W⁺, the rank sum of the positive differences. Up to
     * {@value #EXACT} non-zero differences the p-value is exact, P(W⁺ ≥ w) over the 2ⁿ equally
     * likely sign patterns of these ranks; above, the normal approximation with the tie
     * correction and a continuity correction of ½.
     *
     * @param candidate the candidate's per-seed fitness (lower is better)
     * @param incumbent the incumbent's on the same seeds, in the same order
     * @return the p-value, 1 when every difference is 0
     */
    static double worseP(double[] candidate, double[] incumbent) {
        double[] d = new double[candidate.length];
        int n = 0;
        for (int s = 0; s < candidate.length; s++) {
            double diff = candidate[s] - incumbent[s];
            if (diff != 0) d[n++] = diff;
        }
        if (n == 0) return 1;
        double[] nonZero = Arrays.copyOf(d, n);
        double[] ranks = new NaturalRanking().rank(Arrays.stream(nonZero).map(Math::abs).toArray());   // ties: average
        double plus = 0;
        for (int s = 0; s < n; s++) if (nonZero[s] > 0) plus += ranks[s];
        if (n <= EXACT) {
            // doubled ranks are integers; count the sign patterns by their doubled W+
            int total = 0;
            int[] doubled = new int[n];
            for (int s = 0; s < n; s++) {
                doubled[s] = (int) Math.round(2 * ranks[s]);
                total += doubled[s];
            }
            double[] patterns = new double[total + 1];
            patterns[0] = 1;
            int reach = 0;
            for (int r : doubled) {
                for (int w = reach; w >= 0; w--) if (patterns[w] != 0) patterns[w + r] += patterns[w];
                reach += r;
            }
            double atLeast = 0;
            int observed = (int) Math.round(2 * plus);
            for (int w = observed; w <= total; w++) atLeast += patterns[w];
            return Math.min(1, atLeast / Math.pow(2, n));
        }
        double mean = n * (n + 1) / 4.0;
        double variance = n * (n + 1) * (2.0 * n + 1) / 24;
        double[] sorted = Arrays.stream(ranks).sorted().toArray();
        for (int i = 0; i < n; ) {   // tie correction: Σ (t³ − t) / 48 over groups of t equal ranks
            int j = i;
            while (j < n && sorted[j] == sorted[i]) j++;
            double t = j - i;
            variance -= (t * t * t - t) / 48;
            i = j;
        }
        if (!(variance > 0)) return 1;
        double z = (plus - mean - 0.5) / Math.sqrt(variance);
        return 1 - new org.apache.commons.math3.distribution.NormalDistribution(null, 0, 1).cumulativeProbability(z);
    }

    /** Non-zero differences up to which {@link #worseP} is exact. */
    static final int EXACT = 30;

    /** @return the candidates of {@code entries} in ranking order (see {@link Result#ranking}). */
    static List<Entry> rank(List<Entry> entries, Comparator<Search.Validated> byFitness) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.<Entry>comparingInt(e -> e.eliminated() == 0 ? 0 : 1)
                .thenComparing(Comparator.<Entry>comparingInt(Entry::eliminated).reversed())
                .thenComparing(Entry::validated, byFitness));
        return sorted;
    }
}
