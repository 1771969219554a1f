package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import io.flocktune.tuner.stats.PairedTests;

import java.util.ArrayList;
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
 * test of "i is worse" ({@link PairedTests#wilcoxonGreater}: zero differences dropped, exact up
 * to {@value PairedTests#EXACT_LIMIT} non-zero differences, normal approximation above). Holm's
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

    /** @return the candidates of {@code entries} in ranking order (see {@link Result#ranking}). */
    static List<Entry> rank(List<Entry> entries, Comparator<Search.Validated> byFitness) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.<Entry>comparingInt(e -> e.eliminated() == 0 ? 0 : 1)
                .thenComparing(Comparator.<Entry>comparingInt(Entry::eliminated).reversed())
                .thenComparing(Entry::validated, byFitness));
        return sorted;
    }
}
