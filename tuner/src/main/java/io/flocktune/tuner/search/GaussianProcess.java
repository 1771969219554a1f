package io.flocktune.tuner.search;

import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.BOBYQAOptimizer;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * A Gaussian-process model of a noisy fitness over unit genes: the surrogate of the model-based
 * search ({@link Strategy.Model}). Observations are candidates' mean fitness over {@code n_i}
 * replicates, with noise variance {@code σ²/n_i}, so a candidate with more replicates counts for
 * more; the model pools neighbouring candidates, which is what lets it see through noise that a
 * candidate's own two replicates cannot.
 *
 * <p><b>Noise</b>: candidates of a generation share their training seeds (common random numbers),
 * so part of a replicate's noise is shared by every candidate run on that seed. The noise
 * covariance of two means is {@code σ²_seed·|seeds_i ∩ seeds_j|/(n_i n_j) + σ²·[i = j]/n_i}:
 * the model learns how much of the noise is the seed's, and compares candidates of one
 * generation on their difference, as the common seeds allow.
 *
 * <p><b>Kernel</b> (Matérn 5/2 with one length scale per gene, "ARD"):
 * {@code k(a, b) = s² (1 + √5 r + 5r²/3) exp(−√5 r)}, with
 * {@code r² = Σ_ordered ((a_j − b_j)/ℓ_j)² + Σ_categorical [option(a_j) ≠ option(b_j)]/ℓ_j²}:
 * an ordered gene (range, grid, integers) is a distance on the unit interval, a categorical gene
 * only says "same option or not", because its option order means nothing.
 *
 * <p><b>Fit</b>: fitness is winsorized at the median of the observations (every worse one counts
 * as the median, so the model resolves the better half and a few very bad candidates do not bend
 * it; measured better on the benchmark than the raw fitness, README) and standardised; the
 * winsorizing costs accuracy where seed effects are large, since a candidate's lucky or unlucky
 * seed moves it across the median ({@code GaussianProcessTest}); the length scales
 * {@code ℓ_j ∈ [0.03, 20]}, the signal variance {@code s² ∈ [0.05, 20]} and the noise variances
 * {@code σ² ∈ [0.001, 10]}, {@code σ²_seed ∈ [0.0001, 10]} maximise the log marginal likelihood
 * {@code −½ yᵀK⁻¹y − ½ log|K| − (n/2) log 2π} (K the kernel plus the noise covariance) plus a
 * weak log-normal prior on each length scale, found by BOBYQA (commons-math3) from two fixed
 * starts (run at once; the first best point over both is kept, as if they ran in order) on at
 * most {@link #FIT_POINTS} observations (the best half by fitness, the rest spread over the
 * remainder by index); the posterior then uses every observation. Everything is
 * deterministic: the same observations give the same model.
 */
final class GaussianProcess {

    /** Observations the hyperparameters are fitted on, at most. */
    static final int FIT_POINTS = 200;

    /** Points from which a {@link Posterior} is computed on several cores. */
    private static final int PARALLEL_POINTS = 64;

    private static final double LOG_2PI = Math.log(2 * Math.PI);
    private static final double SQRT5 = Math.sqrt(5);
    private static final double JITTER = 1e-8;
    private static final double[] START_LENGTHS = {0.25, 1.0};
    private static final double PRIOR_LENGTH = 0.5;
    private static final double PRIOR_LOG_SD = 1.5;

    private final int[] levels;
    private final double[][] x;
    private final double[] invLength;
    private final double signal;
    private final double noise;
    private final double seedNoise;
    private final double yMean;
    private final double ySd;
    private final double[] lower;   // Cholesky factor of K, row-major n × n, lower triangle
    private final double[] alpha;   // K⁻¹ y (standardised)

    private GaussianProcess(int[] levels, double[][] x, double[] invLength, double signal, double noise, double seedNoise,
                            double yMean, double ySd, double[] lower, double[] alpha) {
        this.seedNoise = seedNoise;
        this.levels = levels;
        this.x = x;
        this.invLength = invLength;
        this.signal = signal;
        this.noise = noise;
        this.yMean = yMean;
        this.ySd = ySd;
        this.lower = lower;
        this.alpha = alpha;
    }

    /**
     * Fits a model to observations: its {@link #hyperparameters}, then the posterior.
     *
     * @param x          unit genes of each observation, n × d, n &ge; 2
     * @param y          mean fitness of each observation (lower is better)
     * @param seeds      the simulation seed of each replicate behind each mean (at least one; a
     *                   seed shared by two observations makes their noise correlated)
     * @param levels     per gene: 0 for an ordered gene, the number of options of a categorical one
     * @return the fitted model
     */
    static GaussianProcess fit(double[][] x, double[] y, long[][] seeds, int[] levels) {
        Standardised std = Standardised.of(x, y, seeds);
        return fit(x, std, seeds, levels, hyperparameters(x, std, seeds, levels));
    }

    /**
     * The model of observations with hyperparameters fitted before, e.g. on fewer of them: the
     * observations are winsorized and standardised anew, and the hyperparameters (length scales,
     * signal and noise variances of standardised fitness) are taken as they are.
     *
     * @param theta the result of {@link #hyperparameters} for the same genes
     * @see #fit(double[][], double[], long[][], int[])
     */
    static GaussianProcess fit(double[][] x, double[] y, long[][] seeds, int[] levels, double[] theta) {
        return fit(x, Standardised.of(x, y, seeds), seeds, levels, theta);
    }

    private static GaussianProcess fit(double[][] x, Standardised std, long[][] seeds, int[] levels, double[] theta) {
        int n = x.length, d = levels.length;
        if (theta.length != d + 3) throw new IllegalArgumentException(theta.length + " hyperparameters for " + d + " genes");
        double[] inv = new double[d];
        for (int j = 0; j < d; j++) inv[j] = Math.exp(-theta[j]);
        double s2 = Math.exp(theta[d]), n2 = Math.exp(theta[d + 1]), b2 = Math.exp(theta[d + 2]);
        double[] l = covariance(x, shared(seeds), levels, inv, s2, n2, b2);
        if (!cholesky(l, n)) throw new IllegalStateException("covariance not positive definite");
        double[] a = std.z.clone();
        solveLower(l, n, a);
        solveUpper(l, n, a);
        return new GaussianProcess(levels.clone(), x, inv, s2, n2, b2, std.mean, std.sd, l, a);
    }

    /**
     * The hyperparameters that maximise the log posterior of the observations (class comment):
     * natural logs of the d length scales, the signal variance, the noise variance and the seed
     * noise variance, in that order.
     *
     * @see #fit(double[][], double[], long[][], int[])
     */
    static double[] hyperparameters(double[][] x, double[] y, long[][] seeds, int[] levels) {
        return hyperparameters(x, Standardised.of(x, y, seeds), seeds, levels);
    }

    private static double[] hyperparameters(double[][] x, Standardised std, long[][] seeds, int[] levels) {
        int d = levels.length;
        int[] subset = fitSubset(std.z, FIT_POINTS);
        double[][] xs = new double[subset.length][];
        double[] zs = new double[subset.length];
        long[][] ss = new long[subset.length][];
        for (int k = 0; k < subset.length; k++) {
            xs[k] = x[subset[k]];
            zs[k] = std.z[subset[k]];
            ss[k] = seeds[subset[k]];
        }
        double[] sharedSubset = shared(ss);
        double[] lo = new double[d + 3], hi = new double[d + 3], start = new double[d + 3];
        for (int j = 0; j < d; j++) {
            lo[j] = Math.log(0.03);
            hi[j] = Math.log(20);
            start[j] = Math.log(levels[j] > 0 ? 1.0 : 0.5);
        }
        lo[d] = Math.log(0.05);
        hi[d] = Math.log(20);
        start[d] = 0;
        lo[d + 1] = Math.log(1e-3);
        hi[d + 1] = Math.log(10);
        start[d + 1] = Math.log(0.25);
        lo[d + 2] = Math.log(1e-4);
        hi[d + 2] = Math.log(10);
        start[d + 2] = Math.log(0.25);
        // the starts run at once (independent and deterministic each); the best point over all of
        // them is the one a run of the starts in order would keep: the first with the highest score
        List<Start> starts = Arrays.stream(START_LENGTHS).parallel().mapToObj(length -> {
            double[] from = start.clone();
            for (int j = 0; j < d; j++) if (levels[j] == 0) from[j] = Math.log(length);
            return Start.from(from, start, lo, hi, t -> logPosterior(xs, zs, sharedSubset, levels, t));
        }).toList();
        Start winner = starts.getFirst();
        for (Start s : starts) if (s.likelihood > winner.likelihood) winner = s;
        return winner.best.clone();
    }

    /** Observations winsorized at their median and standardised: {@code z = (min(y, median) − mean)/sd}. */
    private record Standardised(double[] z, double mean, double sd) {
        static Standardised of(double[][] x, double[] y, long[][] seeds) {
            int n = x.length;
            if (n < 2 || y.length != n || seeds.length != n) throw new IllegalArgumentException("need n >= 2 matching observations, got " + n);
            double median = new org.apache.commons.math3.stat.descriptive.rank.Median().evaluate(y);
            double[] w = Arrays.stream(y).map(v -> Math.min(v, median)).toArray();
            double mean = Arrays.stream(w).average().orElseThrow();
            double sd = Math.sqrt(Arrays.stream(w).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
            if (!(sd > 1e-12)) sd = 1;
            double[] z = new double[n];
            for (int i = 0; i < n; i++) z[i] = (w[i] - mean) / sd;
            return new Standardised(z, mean, sd);
        }
    }

    /**
     * One BOBYQA start: the best point it scored and its log posterior. Every point BOBYQA tries is
     * scored, so the best one stands even if the start runs out of evaluations; the first of
     * equal scores is kept, and {@code fallback} when no point scores above −∞.
     */
    private record Start(double[] best, double likelihood) {
        static Start from(double[] from, double[] fallback, double[] lo, double[] hi,
                          ToDoubleFunction<double[]> logPosterior) {
            double[] bestLikelihood = {Double.NEGATIVE_INFINITY};
            double[][] best = {fallback};
            int dims = from.length;
            try {
                new BOBYQAOptimizer(2 * dims + 1, 0.5, 1e-2).optimize(
                        new MaxEval(40 * dims + 100), GoalType.MAXIMIZE, new InitialGuess(from), new SimpleBounds(lo, hi),
                        new ObjectiveFunction(t -> {
                            double v = logPosterior.applyAsDouble(t);
                            if (v > bestLikelihood[0]) {
                                bestLikelihood[0] = v;
                                best[0] = t.clone();
                            }
                            return v;
                        }));
            } catch (org.apache.commons.math3.exception.TooManyEvaluationsException e) {
                // the best point of this start is kept all the same
            }
            return new Start(best[0], bestLikelihood[0]);
        }
    }

    /**
     * The noise structure of the observations, row-major n × n: entry (i, j) is
     * {@code |seeds_i ∩ seeds_j| / (n_i n_j)}, so a mean's noise covariance is
     * {@code σ²_seed·shared + σ²·[i = j]/n_i}: a replicate's noise is a part every candidate run
     * on that seed shares (common random numbers) plus its own.
     */
    private static double[] shared(long[][] seeds) {
        int n = seeds.length;
        double[] m = new double[n * n];
        java.util.Map<Long, java.util.List<Integer>> bySeed = new java.util.HashMap<>();
        for (int i = 0; i < n; i++) {
            if (seeds[i].length == 0) throw new IllegalArgumentException("observation " + i + " has no replicate");
            for (long s : seeds[i]) bySeed.computeIfAbsent(s, k -> new java.util.ArrayList<>()).add(i);
        }
        for (java.util.List<Integer> users : bySeed.values()) {
            for (int i : users) for (int j : users) m[i * n + j] += 1.0 / ((double) seeds[i].length * seeds[j].length);
        }
        return m;
    }

    /**
     * @return the indices, ascending, of at most {@code max} observations: the best half by
     *         fitness {@code z} (lower is better, the lower index on a tie), then every k-th of the
     *         rest by index
     */
    static int[] fitSubset(double[] z, int max) {
        int n = z.length;
        if (n <= max) return IntStream.range(0, n).toArray();
        Integer[] order = IntStream.range(0, n).boxed().sorted(Comparator.<Integer>comparingDouble(i -> z[i]).thenComparingInt(i -> i))
                .toArray(Integer[]::new);
        int best = max / 2;
        boolean[] take = new boolean[n];
        for (int k = 0; k < best; k++) take[order[k]] = true;
        int rest = max - best;
        double stride = (double) (n - best) / rest;
        int[] remaining = IntStream.range(0, n).filter(i -> !take[i]).toArray();
        for (int k = 0; k < rest; k++) take[remaining[(int) (k * stride)]] = true;
        return IntStream.range(0, n).filter(i -> take[i]).toArray();
    }

    /**
     * The log marginal likelihood plus a weak log-normal prior on each length scale (median
     * {@value #PRIOR_LENGTH}, log-sd {@value #PRIOR_LOG_SD}), which keeps a flat likelihood from
     * sending a length scale to a bound on noisy data.
     */
    private static double logPosterior(double[][] x, double[] z, double[] shared, int[] levels, double[] theta) {
        double prior = 0;
        for (int j = 0; j < levels.length; j++) {
            double t = (theta[j] - Math.log(PRIOR_LENGTH)) / PRIOR_LOG_SD;
            prior -= 0.5 * t * t;
        }
        return logLikelihood(x, z, shared, levels, theta) + prior;
    }

    private static double logLikelihood(double[][] x, double[] z, double[] shared, int[] levels, double[] theta) {
        int n = x.length, d = levels.length;
        double[] inv = new double[d];
        for (int j = 0; j < d; j++) inv[j] = Math.exp(-theta[j]);
        double[] l = covariance(x, shared, levels, inv, Math.exp(theta[d]), Math.exp(theta[d + 1]), Math.exp(theta[d + 2]));
        if (!cholesky(l, n)) return -1e300;
        double[] a = z.clone();
        solveLower(l, n, a);
        double fit = 0, logDet = 0;
        for (int i = 0; i < n; i++) {
            fit += a[i] * a[i];
            logDet += Math.log(l[i * n + i]);
        }
        return -0.5 * fit - logDet - 0.5 * n * LOG_2PI;
    }

    private static double[] covariance(double[][] x, double[] shared, int[] levels, double[] inv, double signal,
                                       double noise, double seedNoise) {
        int n = x.length;
        double[] k = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) k[i * n + j] = kernel(x[i], x[j], levels, inv, signal) + seedNoise * shared[i * n + j];
            k[i * n + i] = signal + (seedNoise + noise) * shared[i * n + i] + JITTER;
        }
        return k;
    }

    private static double kernel(double[] a, double[] b, int[] levels, double[] inv, double signal) {
        double r2 = 0;
        for (int j = 0; j < a.length; j++) {
            double t;
            if (levels[j] == 0) t = (a[j] - b[j]) * inv[j];
            else t = option(a[j], levels[j]) == option(b[j], levels[j]) ? 0 : inv[j];
            r2 += t * t;
        }
        double r = Math.sqrt(r2);
        return signal * (1 + SQRT5 * r + 5 * r2 / 3) * Math.exp(-SQRT5 * r);
    }

    private static int option(double u, int levels) {
        return Math.min((int) (u * levels), levels - 1);
    }

    /** In-place Cholesky of the lower triangle of a row-major n × n matrix; false if not positive definite. */
    static boolean cholesky(double[] a, int n) {
        for (int j = 0; j < n; j++) {
            int rj = j * n;
            double s = a[rj + j];
            for (int k = 0; k < j; k++) s -= a[rj + k] * a[rj + k];
            if (!(s > 0)) return false;
            double ljj = Math.sqrt(s);
            a[rj + j] = ljj;
            int i = j + 1;
            for (; i + 3 < n; i += 4) {
                // four rows at once, for speed only: each row's sum runs in the same order as alone,
                // so the factor is bit for bit the one of the plain loop below
                int r0 = i * n, r1 = r0 + n, r2 = r1 + n, r3 = r2 + n;
                double t0 = a[r0 + j], t1 = a[r1 + j], t2 = a[r2 + j], t3 = a[r3 + j];
                for (int k = 0; k < j; k++) {
                    double l = a[rj + k];
                    t0 -= a[r0 + k] * l;
                    t1 -= a[r1 + k] * l;
                    t2 -= a[r2 + k] * l;
                    t3 -= a[r3 + k] * l;
                }
                a[r0 + j] = t0 / ljj;
                a[r1 + j] = t1 / ljj;
                a[r2 + j] = t2 / ljj;
                a[r3 + j] = t3 / ljj;
            }
            for (; i < n; i++) {
                int ri = i * n;
                double t = a[ri + j];
                for (int k = 0; k < j; k++) t -= a[ri + k] * a[rj + k];
                a[ri + j] = t / ljj;
            }
        }
        return true;
    }

    /** Solves L v = b in place. */
    private static void solveLower(double[] l, int n, double[] b) {
        for (int i = 0; i < n; i++) {
            int ri = i * n;
            double s = b[i];
            for (int k = 0; k < i; k++) s -= l[ri + k] * b[k];
            b[i] = s / l[ri + i];
        }
    }

    /** Solves Lᵀ v = b in place. */
    private static void solveUpper(double[] l, int n, double[] b) {
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
            b[i] = s / l[i * n + i];
        }
    }

    /** @return the number of observations. */
    int size() {
        return x.length;
    }

    /** @return the number of genes. */
    int genes() {
        return levels.length;
    }

    /** @return the options of gene {@code j}, 0 for an ordered gene. */
    int levels(int j) {
        return levels[j];
    }

    /** @return the observations' unit genes (not a copy: read only). */
    double[][] observations() {
        return x;
    }

    /** @return the fitted noise variance of one replicate, its own part, in fitness units squared. */
    double replicateNoise() {
        return noise * ySd * ySd;
    }

    /** @return the fitted noise variance of one replicate that every candidate on the same seed shares. */
    double seedNoise() {
        return seedNoise * ySd * ySd;
    }

    /** @return the posterior mean of the fitness at {@code p}, in fitness units. */
    double mean(double[] p) {
        double s = 0;
        for (int i = 0; i < x.length; i++) s += kernel(p, x[i], levels, invLength, signal) * alpha[i];
        return yMean + ySd * s;
    }

    /** @return the posterior standard deviation of the (noise-free) fitness at {@code p}, in fitness units. */
    double sd(double[] p) {
        return ySd * Math.sqrt(Math.max(0, new Posterior(new double[][] {p}).variance[0]));
    }

    /**
     * The joint posterior at a set of points, in standardised units, with what is needed to
     * condition it on further (fantasised) observations: {@code cov(a, b) = k(a, b) − v_a·v_b},
     * where {@code v_p = L⁻¹ k(X, p)}.
     */
    final class Posterior {
        final double[][] points;
        final double[] mean;
        final double[] variance;
        private final double[][] v;

        Posterior(double[][] points) {
            int n = x.length;
            this.points = points;
            mean = new double[points.length];
            variance = new double[points.length];
            v = new double[points.length][];
            // each point on its own, so they can run at once: the same numbers on any number of cores
            IntStream each = IntStream.range(0, points.length);
            (points.length >= PARALLEL_POINTS ? each.parallel() : each).forEach(p -> {
                double[] kp = new double[n];
                double m = 0;
                for (int i = 0; i < n; i++) {
                    kp[i] = kernel(points[p], x[i], levels, invLength, signal);
                    m += kp[i] * alpha[i];
                }
                solveLower(lower, n, kp);
                double q = 0;
                for (double t : kp) q += t * t;
                mean[p] = m;
                variance[p] = Math.max(0, signal - q);
                v[p] = kp;
            });
        }

        /** @return the posterior covariance of points {@code a} and {@code b} (standardised). */
        double covariance(int a, int b) {
            double s = kernel(points[a], points[b], levels, invLength, signal);
            double[] va = v[a], vb = v[b];
            for (int i = 0; i < va.length; i++) s -= va[i] * vb[i];
            return s;
        }

        /** @return the noise variance of a mean over {@code replicates} new replicates (standardised). */
        double noise(int replicates) {
            return (noise + seedNoise) / replicates;
        }

        /** @return a standardised value in fitness units. */
        double fitness(double standardised) {
            return yMean + ySd * standardised;
        }
    }
}
