package io.flocktune.tuner.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.ranking.NaNStrategy;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.stat.ranking.TiesStrategy;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Paired statistics, for a comparison's arms and a race's candidates: the Wilcoxon signed-rank
 * test (two-sided, or one-sided), Holm's step-down correction and the Vargha–Delaney A12 effect
 * size with a paired bootstrap interval. Inputs are paired by replicate: {@code a[r]} and
 * {@code b[r]} come from the same seed and initial state (a comparison's are "goodness" values,
 * higher is better; a race's are fitness, lower is better).
 */
public final class PairedTests {
    private PairedTests() {}

    /** Above this many non-zero differences the p-value comes from the normal approximation. */
    public static final int EXACT_LIMIT = 50;

    /** How a Wilcoxon p-value was computed. */
    public enum Method {
        /** Every difference is zero: no evidence of any difference, p = 1. */
        ALL_ZERO,
        /** The exact permutation distribution of W+ given the ranks (ties included). */
        EXACT,
        /** The normal approximation with tie and continuity corrections. */
        NORMAL;

        /** @return the lower-case name written to pairs.csv. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A two-sided Wilcoxon signed-rank test.
     *
     * @param nonZero n, the pairs with a non-zero difference (zeros are dropped: Wilcoxon's
     *                original treatment)
     * @param wPlus   W+, the sum of the ranks of |d| (average ranks for ties) of the positive
     *                differences d = a − b
     * @param p       two-sided p-value in [0, 1]
     * @param method  how p was computed
     */
    public record Wilcoxon(int nonZero, double wPlus, double p, Method method) {}

    /**
     * @return the smallest two-sided p the signed-rank test can give with n non-zero paired
     *         differences: exact 2 / 2ⁿ (all of one sign; ties do not change it) for
     *         n &le; {@value #EXACT_LIMIT}, else 0 (the normal approximation can go far lower)
     */
    public static double smallestP(int n) {
        return n > EXACT_LIMIT ? 0 : Math.min(1, 2 / Math.pow(2, n));
    }

    /**
     * The Wilcoxon signed-rank test of the paired samples: zero differences are dropped; the
     * absolute differences are ranked with average ranks for ties; for n &le; {@value #EXACT_LIMIT}
     * the p-value is exact, P(|W+ − n(n+1)/4| &ge; observed) over the 2^n equally likely sign
     * assignments of the observed ranks (counted by dynamic programming over doubled ranks, so
     * ties are exact too); above it, z = (|W+ − μ| − ½) / σ with μ = n(n+1)/4 and
     * σ² = n(n+1)(2n+1)/24 − Σ(t³ − t)/48 over tie groups of size t.
     *
     * @param a goodness of arm A per replicate
     * @param b goodness of arm B per replicate, same length
     */
    public static Wilcoxon wilcoxon(double[] a, double[] b) {
        return signedRank(a, b, false);
    }

    /**
     * The one-sided Wilcoxon signed-rank test of "{@code a} tends to exceed {@code b}", as
     * {@link #wilcoxon} computes it but with the upper tail only: exact P(W+ &ge; observed) for
     * n &le; {@value #EXACT_LIMIT}, else z = (W+ − μ − ½) / σ.
     *
     * @param a values per replicate
     * @param b values per replicate, same length
     * @return the test; its p is 1 when every difference is zero
     */
    public static Wilcoxon wilcoxonGreater(double[] a, double[] b) {
        return signedRank(a, b, true);
    }

    private static Wilcoxon signedRank(double[] a, double[] b, boolean greater) {
        if (a.length != b.length) throw new IllegalArgumentException("paired samples of lengths " + a.length + " and " + b.length);
        double[] d = new double[a.length];
        int n = 0;
        for (int r = 0; r < a.length; r++) {
            double diff = a[r] - b[r];
            if (!Double.isFinite(diff)) throw new IllegalArgumentException("difference " + r + " is " + diff);
            if (diff != 0) d[n++] = diff;
        }
        if (n == 0) return new Wilcoxon(0, 0, 1, Method.ALL_ZERO);
        d = Arrays.copyOf(d, n);
        double[] magnitude = new double[n];
        for (int i = 0; i < n; i++) magnitude[i] = Math.abs(d[i]);
        double[] ranks = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE).rank(magnitude);
        double wPlus = 0;
        for (int i = 0; i < n; i++) if (d[i] > 0) wPlus += ranks[i];
        double mean = n * (n + 1) / 4.0;
        if (n <= EXACT_LIMIT) return new Wilcoxon(n, wPlus, exactP(ranks, wPlus, mean, greater), Method.EXACT);
        double[] sorted = magnitude.clone();
        Arrays.sort(sorted);
        double ties = 0;
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) j++;
            double t = j - i;
            ties += t * t * t - t;
            i = j;
        }
        double variance = n * (n + 1) * (2 * n + 1) / 24.0 - ties / 48.0;
        double z = greater ? (wPlus - mean - 0.5) / Math.sqrt(variance) : Math.max(0, Math.abs(wPlus - mean) - 0.5) / Math.sqrt(variance);
        double p = (greater ? 1 : 2) * new NormalDistribution(null, 0, 1).cumulativeProbability(-z);
        return new Wilcoxon(n, wPlus, Math.min(1, p), Method.NORMAL);
    }

    /**
     * Exact p of W+ under random signs, by counting subset sums of the doubled ranks: two-sided,
     * or the upper tail when {@code greater}.
     */
    private static double exactP(double[] ranks, double wPlus, double mean, boolean greater) {
        int[] doubled = new int[ranks.length];
        int total = 0;
        for (int i = 0; i < ranks.length; i++) {
            doubled[i] = (int) Math.round(2 * ranks[i]);   // average ranks are multiples of 1/2
            total += doubled[i];
        }
        double[] ways = new double[total + 1];   // ways[s]: sign assignments with doubled W+ = s
        ways[0] = 1;
        int reach = 0;
        for (int rank : doubled) {
            for (int s = reach; s >= 0; s--) if (ways[s] != 0) ways[s + rank] += ways[s];
            reach += rank;
        }
        double observed = Math.abs(2 * wPlus - 2 * mean);
        double extreme = 0, all = 0;
        for (int s = 0; s <= total; s++) {
            all += ways[s];
            if (greater ? s >= 2 * wPlus - 1e-9 : Math.abs(s - 2 * mean) >= observed - 1e-9) extreme += ways[s];
        }
        return Math.min(1, extreme / all);
    }

    /**
     * Holm's step-down adjustment (1979): sorted ascending, p_(i) becomes
     * max over j &le; i of min(1, (m − j + 1) p_(j)). Rejecting where the adjusted p &le; α
     * controls the family-wise error rate at α under any dependence.
     *
     * @param p raw p-values in [0, 1]
     * @return the adjusted p-values, in input order
     */
    public static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) order[i] = i;
        Arrays.sort(order, (i, j) -> p[i] != p[j] ? Double.compare(p[i], p[j]) : Integer.compare(i, j));
        double[] adjusted = new double[m];
        double running = 0;
        for (int k = 0; k < m; k++) {
            running = Math.max(running, Math.min(1, (m - k) * p[order[k]]));
            adjusted[order[k]] = running;
        }
        return adjusted;
    }

    /**
     * The Vargha–Delaney (2000) A12 of A over B: P(X &gt; Y) + ½ P(X = Y) for X drawn from
     * {@code a} and Y from {@code b}, over all m·n pairs (counted by binary search in the sorted
     * {@code b}). 0.5 means no tendency; 1 means A
     * always better. By their thresholds |A12 − 0.5| &lt; 0.06 is negligible, 0.06–0.14 small,
     * 0.14–0.21 medium, above large.
     */
    public static double a12(double[] a, double[] b) {
        int m = a.length, n = b.length;
        if (m == 0 || n == 0) throw new IllegalArgumentException("A12 needs two non-empty samples");
        double[] sorted = b.clone();
        Arrays.sort(sorted);
        double wins = 0;
        for (double x : a) {
            int below = lowerBound(sorted, x), notAbove = upperBound(sorted, x);
            wins += below + 0.5 * (notAbove - below);
        }
        return wins / ((double) m * n);
    }

    /** @return how many of the sorted values are &lt; x. */
    private static int lowerBound(double[] sorted, double x) {
        int lo = 0, hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** @return how many of the sorted values are &le; x. */
    private static int upperBound(double[] sorted, double x) {
        int lo = 0, hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /**
     * A percentile bootstrap interval of A12 that keeps the pairing: each resample draws n
     * replicate indices with replacement and takes A and B at the same indices.
     *
     * @param resamples B &ge; 100
     * @param level     e.g. 0.95
     * @param seed      seeds the resampling, so the interval is reproducible
     * @return {low, high}
     */
    public static double[] a12Interval(double[] a, double[] b, int resamples, double level, long seed) {
        int n = a.length;
        if (b.length != n) throw new IllegalArgumentException("paired samples of lengths " + n + " and " + b.length);
        SplittableRandom random = new SplittableRandom(seed);
        double[] estimates = new double[resamples];
        double[] ra = new double[n], rb = new double[n];
        for (int k = 0; k < resamples; k++) {
            for (int i = 0; i < n; i++) {
                int r = random.nextInt(n);
                ra[i] = a[r];
                rb[i] = b[r];
            }
            estimates[k] = a12(ra, rb);
        }
        Arrays.sort(estimates);
        double tail = (1 - level) / 2;
        return new double[] {quantile(estimates, tail), quantile(estimates, 1 - tail)};
    }

    /** @return the {@code q} quantile, q in [0, 1], of values sorted ascending, by linear interpolation (type 7) */
    public static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
