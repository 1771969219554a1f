package io.flocktune.tuner.search;

import io.jenetics.Alterer;
import io.jenetics.AltererResult;
import io.jenetics.DoubleGene;
import io.jenetics.Phenotype;
import io.jenetics.util.ISeq;
import io.jenetics.util.RandomRegistry;
import io.jenetics.util.Seq;
import org.apache.commons.math3.special.Erf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The proposals of the model-based search ({@link Strategy.Model}): a batch of new candidates
 * chosen by expected improvement under the {@link GaussianProcess} fitted to every candidate
 * evaluated so far.
 *
 * <p><b>Candidate pool</b> ({@value #UNIFORM} + {@value #LOCAL}): uniform draws in the unit gene
 * space, and Gaussian steps (σ cycling through {@link #STEPS}, reflected at 0 and 1; a
 * categorical gene redrawn with probability {@value #REDRAW}) around the {@value #CENTRES}
 * evaluated candidates with the best posterior mean, all from the generation's engine generator.
 *
 * <p><b>Batch</b>: the slots are filled greedily; each takes the pool point of highest expected
 * improvement {@code EI = (f* − μ) Φ(z) + σ φ(z)}, {@code z = (f* − μ)/σ}, over the incumbent
 * {@code f*}, the best posterior mean at an evaluated candidate; then the model is conditioned
 * on a fantasised result at that point equal to its posterior mean, with the noise of
 * {@code perEvaluation} replicates ("kriging believer", Ginsbourger, Le Riche &amp; Carraro
 * 2010), which shrinks σ around it and so spreads the batch without changing μ.
 *
 * <p>While there is no model (before {@value #MINIMUM_OBSERVATIONS} valid candidates exist, when
 * it would be a guess, or, for the adaptive search, before {@link Strategy.Adaptive#modelFrom()}
 * candidates) the slots are filled by the proposals given as {@code before}: uniform draws as by
 * random search ({@link Strategy.Redraw}) for the model search, the GA's for the adaptive one.
 */
final class ModelProposals<C extends Comparable<? super C>> implements Alterer<DoubleGene, C> {
    static final int UNIFORM = 1000;
    static final int LOCAL = 1000;
    static final int CENTRES = 10;
    static final double[] STEPS = {0.02, 0.05, 0.1, 0.2};
    static final double REDRAW = 0.2;
    static final int MINIMUM_OBSERVATIONS = 8;

    private final Supplier<GaussianProcess> model;
    private final int perEvaluation;
    private final Alterer<DoubleGene, C> before;

    /**
     * @param model         the model fitted to the archive of the current generation, or null
     *                      when there are too few observations
     * @param perEvaluation replicates a new candidate gets, for the fantasised noise
     * @param before        the proposals while there is no model
     */
    ModelProposals(Supplier<GaussianProcess> model, int perEvaluation, Alterer<DoubleGene, C> before) {
        this.model = model;
        this.perEvaluation = perEvaluation;
        this.before = before;
    }

    @Override
    public AltererResult<DoubleGene, C> alter(Seq<Phenotype<DoubleGene, C>> population, long generation) {
        GaussianProcess gp = model.get();
        if (gp == null) return before.alter(population, generation);
        int slots = population.size();
        List<Phenotype<DoubleGene, C>> fresh = new ArrayList<>(slots);
        for (double[] u : batch(gp, RandomRegistry.random(), slots)) fresh.add(Phenotype.of(Search.genotype(u), generation));
        return new AltererResult<>(ISeq.of(fresh), slots * gp.genes());
    }

    private double[][] batch(GaussianProcess gp, RandomGenerator random, int slots) {
        GaussianProcess.Posterior atObserved = gp.new Posterior(gp.observations());
        double incumbent = Double.POSITIVE_INFINITY;
        for (double m : atObserved.mean) incumbent = Math.min(incumbent, m);
        double[][] pool = pool(gp, gp.observations(), atObserved.mean, random);
        GaussianProcess.Posterior post = gp.new Posterior(pool);
        int n = pool.length;
        double[] variance = post.variance.clone();
        double[][] w = new double[slots][];
        boolean[] taken = new boolean[n];
        double[][] chosen = new double[slots][];
        double noise = post.noise(perEvaluation);
        for (int s = 0; s < slots; s++) {
            int best = -1;
            double bestEi = -1;
            for (int p = 0; p < n; p++) {
                if (taken[p]) continue;
                double ei = expectedImprovement(incumbent, post.mean[p], Math.sqrt(Math.max(variance[p], 1e-12)));
                if (ei > bestEi) {
                    bestEi = ei;
                    best = p;
                }
            }
            taken[best] = true;
            chosen[s] = pool[best];
            double scale = Math.sqrt(Math.max(variance[best], 0) + noise);
            double[] ws = new double[n];
            for (int p = 0; p < n; p++) {
                double c = post.covariance(p, best);
                for (int i = 0; i < s; i++) c -= w[i][p] * w[i][best];
                ws[p] = c / scale;
            }
            w[s] = ws;
            for (int p = 0; p < n; p++) variance[p] -= ws[p] * ws[p];
        }
        return chosen;
    }

    /** Uniform draws, then local steps around the best evaluated candidates by posterior mean. */
    private static double[][] pool(GaussianProcess gp, double[][] observed, double[] mean, RandomGenerator random) {
        int d = gp.genes();
        double[][] pool = new double[UNIFORM + LOCAL][];
        for (int k = 0; k < UNIFORM; k++) {
            pool[k] = new double[d];
            for (int j = 0; j < d; j++) pool[k][j] = random.nextDouble();
        }
        Integer[] order = new Integer[observed.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> mean[a] != mean[b] ? Double.compare(mean[a], mean[b]) : Integer.compare(a, b));
        int centres = Math.min(CENTRES, observed.length);
        for (int k = 0; k < LOCAL; k++) {
            double[] c = observed[order[k % centres]];
            double step = STEPS[(k / centres) % STEPS.length];
            double[] p = new double[d];
            for (int j = 0; j < d; j++) {
                if (gp.levels(j) > 0) p[j] = random.nextDouble() < REDRAW ? random.nextDouble() : c[j];
                else p[j] = UnitGeneMutator.reflect(c[j] + step * random.nextGaussian());
            }
            pool[UNIFORM + k] = p;
        }
        return pool;
    }

    /** @return the expected improvement below {@code incumbent} of a normal(μ, σ²) value (minimisation). */
    static double expectedImprovement(double incumbent, double mu, double sigma) {
        double gap = incumbent - mu;
        double z = gap / sigma;
        double cdf = 0.5 * Erf.erfc(-z / Math.sqrt(2));
        double pdf = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
        return gap * cdf + sigma * pdf;
    }
}
