package io.flocktune.tuner.compare;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Check;
import io.flocktune.tuner.search.Seeds;
import io.flocktune.tuner.stats.PairedTests;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The statistics of a comparison at one look: per arm and objective the mean, sd and 95 % CI
 * ({@link Measurement}); per pair of arms and objective the Wilcoxon signed-rank test on the
 * paired goodness values, Holm's correction over all pairs × objectives, and A12 with a paired
 * bootstrap interval.
 *
 * <p><b>Error rate over looks.</b> With K planned looks (sequential replicates) every look tests
 * its Holm family at α / K (a Bonferroni split of α across the looks), and the verdicts are
 * those of the look the comparison stops at. A false difference is declared only if some look
 * rejects a true null hypothesis at level α / K, so the family-wise error rate over all pairs,
 * objectives and looks is at most K · α / K = α, however the looks depend on each other.
 * Stopping also when a hypothesis is "settled as negligible" (its A12 interval inside
 * (0.44, 0.56), Vargha and Delaney's negligible band) is a non-binding futility rule: it can
 * only remove chances to reject, never add them.
 *
 * @param replicates the paired replicates used (complete on every arm)
 * @param failed     replicates left out because an arm failed on them
 * @param look       0-based look
 * @param looks      planned looks K
 * @param alphaLook  the level each look tests at, α / K
 * @param arms       arm names
 * @param specs      the objectives
 * @param measurements per arm, the objectives over the used replicates
 * @param pairs      per pair (a &lt; b, in order) and objective
 */
public record Analysis(int replicates, int failed, int look, int looks, double alphaLook, List<String> arms, List<ObjectiveSpec> specs,
                       List<Measurement> measurements, List<Pair> pairs) {

    /** Half-width of Vargha and Delaney's negligible band around 0.5: |A12 − 0.5| below it is negligible. */
    public static final double NEGLIGIBLE = 0.06;
    /** A12 (on the side of the better arm, max(A12, 1 − A12)) from which an effect is small: 0.5 + {@link #NEGLIGIBLE}. */
    public static final double SMALL = 0.56;
    /** From here on medium. */
    public static final double MEDIUM = 0.64;
    /** From here on large. */
    public static final double LARGE = 0.71;

    public Analysis {
        arms = List.copyOf(arms);
        specs = List.copyOf(specs);
        measurements = List.copyOf(measurements);
        pairs = List.copyOf(pairs);
    }

    /**
     * One pair of arms on one objective.
     *
     * @param a           index of arm A
     * @param b           index of arm B, &gt; a
     * @param objective   index of the objective
     * @param meanDifference mean of A − B (raw values, not goodness)
     * @param wilcoxon    the test on the paired goodness values
     * @param pHolm       Holm-adjusted p over all pairs × objectives
     * @param a12         probability that A beats B (goodness), ties counted half
     * @param a12Low      lower end of its 95 % paired bootstrap interval
     * @param a12High     upper end
     * @param significant pHolm &le; α / K
     * @param negligible  the A12 interval lies inside (0.5 − 0.06, 0.5 + 0.06)
     */
    public record Pair(int a, int b, int objective, double meanDifference, PairedTests.Wilcoxon wilcoxon, double pHolm,
                       double a12, double a12Low, double a12High, boolean significant, boolean negligible) {
        /** @return whether the sequential procedure may stop on this hypothesis. */
        public boolean settled() {
            return significant || negligible;
        }
    }

    /**
     * Analyses {@code values[arm][objective][replicate]} (raw objective values, every one finite).
     *
     * @param failed    replicates left out before, for the record
     * @param look      0-based look, for the bootstrap seeds and the report
     * @param looks     planned looks K &ge; 1
     * @param alpha     family-wise error rate over everything, in (0, 0.5]
     * @param bootstrap resamples of the A12 intervals
     * @param seed      the comparison seed (the bootstrap seeds derive from it)
     */
    public static Analysis of(List<String> arms, List<ObjectiveSpec> specs, double[][][] values, int failed, int look, int looks,
                              double alpha, int bootstrap, long seed) {
        Check.present("values", values);
        int n = values[0][0].length;
        List<Measurement> measurements = new ArrayList<>();
        for (double[][] arm : values) measurements.add(new Measurement(specs, arm));
        double alphaLook = alpha / looks;
        List<int[]> index = new ArrayList<>();
        List<PairedTests.Wilcoxon> tests = new ArrayList<>();
        for (int a = 0; a < arms.size(); a++) {
            for (int b = a + 1; b < arms.size(); b++) {
                for (int k = 0; k < specs.size(); k++) {
                    double[] ga = Goodness.of(specs.get(k).direction(), values[a][k]);
                    double[] gb = Goodness.of(specs.get(k).direction(), values[b][k]);
                    PairedTests.Wilcoxon w = PairedTests.wilcoxon(ga, gb);
                    tests.add(w);
                    index.add(new int[] {a, b, k});
                }
            }
        }
        double[] holm = PairedTests.holm(tests.stream().mapToDouble(PairedTests.Wilcoxon::p).toArray());
        List<Pair> pairs = new ArrayList<>();
        for (int h = 0; h < holm.length; h++) {
            int a = index.get(h)[0], b = index.get(h)[1], k = index.get(h)[2];
            double[] ga = Goodness.of(specs.get(k).direction(), values[a][k]);
            double[] gb = Goodness.of(specs.get(k).direction(), values[b][k]);
            double a12 = PairedTests.a12(ga, gb);
            long bootSeed = Seeds.comparison(seed ^ 0x626f_6f74_7374_7270L, ((long) look << 32) | h);   // "bootstrp"
            double[] ci = PairedTests.a12Interval(ga, gb, bootstrap, 0.95, bootSeed);
            double difference = 0;
            for (int r = 0; r < n; r++) difference += values[a][k][r] - values[b][k][r];
            boolean significant = holm[h] <= alphaLook;
            boolean negligible = ci[0] > 0.5 - NEGLIGIBLE && ci[1] < 0.5 + NEGLIGIBLE;
            pairs.add(new Pair(a, b, k, difference / n, tests.get(h), holm[h], a12, ci[0], ci[1], significant, negligible));
        }
        return new Analysis(n, failed, look, looks, alphaLook, arms, specs, measurements, pairs);
    }

    /** @return whether every hypothesis is settled (significant or negligible). */
    public boolean settled() {
        return pairs.stream().allMatch(Pair::settled);
    }

    /**
     * A plain-language verdict. A12 is always written for the pair in comparison order,
     * A12(A, B) = P(A better than B) in the objective's direction (above 0.5 favours A), as in
     * {@code pairs.csv} and the forest plot; e.g. "collisions: seed001 gives lower collisions
     * than seed003 (large): A12(seed001, seed003) = 1.00 [1.00, 1.00], p_Holm &lt; 0.001", or
     * "polarization: no detectable difference between a and b at n = 30: A12(a, b) = 0.52 [0.41,
     * 0.63], p_Holm = 0.74". A difference that is not significant while its interval excludes
     * 0.5 says why: the interval is per pair, uncorrected; the test is corrected for every
     * pair × objective (Holm) and look.
     */
    public String verdict(Pair p) {
        ObjectiveSpec spec = specs.get(p.objective());
        String a = arms.get(p.a()), b = arms.get(p.b());
        String a12 = String.format(Locale.ROOT, "A12(%s, %s) = %.2f [%.2f, %.2f]", a, b, p.a12(), p.a12Low(), p.a12High());
        if (p.significant()) {
            boolean aWins = p.a12() >= 0.5;
            return String.format(Locale.ROOT, "%s: %s gives %s than %s (%s): %s, p_Holm %s", spec.name(), aWins ? a : b,
                    Goodness.better(spec.direction(), spec.name()), aWins ? b : a, magnitude(p.a12()), a12, pText(p.pHolm()));
        }
        boolean excludesHalf = p.a12Low() > 0.5 || p.a12High() < 0.5;
        return String.format(Locale.ROOT, "%s: no detectable difference between %s and %s at n = %d%s: %s, p_Holm %s%s", spec.name(), a, b,
                replicates, p.negligible() ? " (negligible at most)" : "", a12, pText(p.pHolm()),
                excludesHalf ? " (the A12 interval, per pair and uncorrected, excludes 0.5; the Wilcoxon test"
                        + (pairs.size() > 1 || looks > 1 ? ", corrected for " + pairs.size() + (pairs.size() > 1 ? " hypotheses" : " hypothesis")
                        + (looks > 1 ? " and " + looks + " looks" : "") + "," : "") + " does not reject)" : "");
    }

    /**
     * The arms ranked on one objective, best first, by their mean A12 against every other arm;
     * neighbours joined by "&gt;" when their pair differs significantly, else by "≈" (no
     * detectable difference), e.g. "polarization (higher is better): seed001 &gt; seed003 ≈
     * seed004 &gt; seed000".
     */
    public String ranking(int objective) {
        int n = arms.size();
        double[][] a12 = new double[n][n];
        boolean[][] significant = new boolean[n][n];
        for (Pair p : pairs) {
            if (p.objective() != objective) continue;
            a12[p.a()][p.b()] = p.a12();
            a12[p.b()][p.a()] = 1 - p.a12();
            significant[p.a()][p.b()] = significant[p.b()][p.a()] = p.significant();
        }
        return ranking(specs.get(objective), arms, a12, significant);
    }

    /**
     * {@link #ranking(int)} from the pairs' A12 and verdicts.
     *
     * @param a12         a12[i][j] = P(arm i better than arm j), i ≠ j
     * @param significant whether arms i and j differ significantly
     */
    public static String ranking(ObjectiveSpec spec, List<String> arms, double[][] a12, boolean[][] significant) {
        int n = arms.size();
        double[] score = new double[n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) if (i != j) score[i] += a12[i][j] / (n - 1);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) order.add(i);
        order.sort((i, j) -> Double.compare(score[j], score[i]));   // stable: ties keep comparison order
        StringBuilder text = new StringBuilder(spec.name() + " (" + Goodness.better(spec.direction()) + " is better): " + arms.get(order.getFirst()));
        for (int r = 1; r < n; r++) {
            text.append(significant[order.get(r - 1)][order.get(r)] ? " > " : " ≈ ").append(arms.get(order.get(r)));
        }
        return text.toString();
    }

    /**
     * Vargha and Delaney's words for an A12, read on the better arm's side s = max(A12, 1 − A12):
     * below {@value #SMALL} negligible, below {@value #MEDIUM} small, below {@value #LARGE}
     * medium, else large (Vargha and Delaney 2000, "A critique and improvement of the CL common
     * language effect size statistics").
     */
    static String magnitude(double a12) {
        double s = Math.max(a12, 1 - a12);
        return s < SMALL ? "negligible" : s < MEDIUM ? "small" : s < LARGE ? "medium" : "large";
    }

    /** @return "&lt; 0.001" or "= 0.042", and with several looks the level it is compared with. */
    String pText(double p) {
        String text = p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "= %.3f", p);
        return looks == 1 ? text : text + String.format(Locale.ROOT, " (level α/K = %.2g)", alphaLook);
    }
}
