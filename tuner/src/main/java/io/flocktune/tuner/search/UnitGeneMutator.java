package io.flocktune.tuner.search;

import io.jenetics.Chromosome;
import io.jenetics.DoubleGene;
import io.jenetics.Mutator;
import io.jenetics.MutatorResult;
import io.jenetics.util.ISeq;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Mutates a chromosome of unit genes ({@code u ∈ [0, 1)}) by kind: an ordered gene (range or
 * integer) moves by a Gaussian step of standard deviation {@code sigma}, reflected back into
 * the unit interval; a categorical gene is redrawn uniformly, because its option order means
 * nothing. Each gene mutates with the alterer's probability, as with Jenetics' {@link Mutator}.
 *
 * @param <C> the fitness type
 */
public final class UnitGeneMutator<C extends Comparable<? super C>> extends Mutator<DoubleGene, C> {
    private final double sigma;
    private final BitSet categorical;

    /**
     * @param probability per-gene mutation probability, in [0, 1]
     * @param sigma       Gaussian step on the unit interval, &gt; 0
     * @param categorical indices of categorical genes (copied)
     */
    public UnitGeneMutator(double probability, double sigma, BitSet categorical) {
        super(probability);
        if (!(sigma > 0)) throw new IllegalArgumentException("sigma = " + sigma + ": must be > 0");
        this.sigma = sigma;
        this.categorical = (BitSet) categorical.clone();
    }

    @Override
    protected MutatorResult<Chromosome<DoubleGene>> mutate(Chromosome<DoubleGene> chromosome, double p,
                                                           RandomGenerator random) {
        List<DoubleGene> genes = new ArrayList<>(chromosome.length());
        int mutations = 0;
        for (int i = 0; i < chromosome.length(); i++) {
            DoubleGene gene = chromosome.get(i);
            if (random.nextDouble() < p) {
                double u = categorical.get(i) ? random.nextDouble() : reflect(gene.doubleValue() + sigma * random.nextGaussian());
                gene = gene.newInstance(u);
                mutations++;
            }
            genes.add(gene);
        }
        return new MutatorResult<>(chromosome.newInstance(ISeq.of(genes)), mutations);
    }

    /** @return {@code u} folded back into [0, 1) at both ends. */
    static double reflect(double u) {
        double r = u % 2.0;
        if (r < 0) r += 2.0;
        if (r >= 1.0) r = 2.0 - r;
        return Math.min(r, Math.nextDown(1.0));
    }
}
