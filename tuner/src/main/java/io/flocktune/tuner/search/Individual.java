package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import io.flocktune.tuner.eval.Outcome;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A candidate of the search and every replicate it has had so far. Survivors collect more
 * replicates as they live on; their objective values are the means over all of them.
 *
 * @param id         identifier, unique within a run, given in order of first evaluation
 * @param genes      unit genes, each in [0, 1) (a copy is kept; {@link #genes()} copies too)
 * @param born       generation of its first evaluation
 * @param replicates its replicates in the order they ran
 */
public record Individual(long id, double[] genes, long born, List<Replicate> replicates) {
    public Individual {
        Check.present("genes", genes);
        genes = genes.clone();
        for (double g : genes) Check.inRange("gene", g, 0, Math.nextDown(1.0));
        replicates = List.copyOf(Check.present("replicates", replicates));
    }

    @Override
    public double[] genes() {
        return genes.clone();
    }

    /** @return gene {@code k}, in [0, 1). */
    public double gene(int k) {
        return genes[k];
    }

    /** @return this individual with {@code more} replicates appended. */
    public Individual plus(List<Replicate> more) {
        List<Replicate> all = new ArrayList<>(replicates);
        all.addAll(more);
        return new Individual(id, genes, born, all);
    }

    /** @return whether any replicate failed; a failed candidate keeps the worst fitness. */
    public boolean failed() {
        return replicates.stream().anyMatch(r -> r.outcome() instanceof Outcome.Failure);
    }

    /** @return the first failure's reason, or "" when none failed. */
    public String failure() {
        return replicates.stream().map(Replicate::outcome)
                .filter(o -> o instanceof Outcome.Failure).map(o -> ((Outcome.Failure) o).reason())
                .findFirst().orElse("");
    }

    /**
     * @param objectives number of objectives
     * @return the mean of each objective over all replicates, summed in replicate order
     * @throws IllegalStateException if a replicate failed or there is none
     */
    public double[] means(int objectives) {
        if (replicates.isEmpty() || failed()) throw new IllegalStateException("individual " + id + " has no valid means");
        double[] sum = new double[objectives];
        for (Replicate r : replicates) {
            Outcome.Success s = (Outcome.Success) r.outcome();
            for (int k = 0; k < objectives; k++) sum[k] += s.value(k);
        }
        for (int k = 0; k < objectives; k++) sum[k] /= replicates.size();
        return sum;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Individual i && i.id == id && i.born == born && Arrays.equals(i.genes, genes)
                && i.replicates.equals(replicates);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id) * 31 + Arrays.hashCode(genes);
    }

    @Override
    public String toString() {
        return "Individual[id=" + id + ", genes=" + Arrays.toString(genes) + ", born=" + born
                + ", replicates=" + replicates.size() + "]";
    }
}
