package io.flocktune.tuner.sensitivity;

import io.flocktune.sim.Check;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Morris' elementary effects (Morris 1991) on a grid of {@code levels} levels of the unit cube,
 * with {@code r = trajectories} one-at-a-time trajectories of {@code k + 1} points each.
 *
 * <p><b>Design.</b> The grid is {0, 1/(p−1), …, 1}, the step Δ = p / (2(p − 1)) (2/3 for
 * p = 4). A trajectory starts at a random grid point, then moves each parameter once, in a
 * random order, by +Δ or −Δ (random, within the cube) — Morris' B* matrix written out. With
 * {@code candidates = trajectories} these are the plain random trajectories; with more
 * candidates, {@code trajectories} of them are kept for spread (Campolongo et al. 2007), chosen
 * greedily as in Ruano et al. (2012): start from all candidates and repeatedly drop the one whose
 * squared distances to the others (sum over point pairs of Euclidean distances, Campolongo's
 * measure) add least to the total.
 *
 * <p><b>Estimates</b> per parameter i and objective: the elementary effect of a step is
 * {@code EE = (y(x + Δ·e_i) − y(x)) / (±Δ)}, in objective units per unit of the parameter's unit
 * gene (so parameters of any scale compare); μ = mean EE, μ* = mean |EE| (Campolongo's
 * importance), σ = sample standard deviation of EE (non-linearity or interaction), each over the
 * r trajectories, with bootstrap intervals over trajectories. A trajectory with a NaN value is
 * left out for that objective.
 *
 * <p><b>Choices</b> (categorical genes) are levels like any other: their unit gene is split into
 * equal parts, one per option, and since Δ &gt; 1/2 ≥ 1/options every step crosses at least one option
 * boundary, so each elementary effect of a choice is the effect of switching the option (which
 * switch depends on the grid point). Their μ* is on the same "per unit gene" scale as the rest.
 *
 * @param dimensions   parameters k, &ge; 1
 * @param levels       grid levels p, even, in [2, 1000]
 * @param trajectories r, &ge; 2
 * @param candidates   candidate trajectories to choose the r from, &ge; r (= r: plain design)
 * @param seed         seed of the trajectories
 */
public record Morris(int dimensions, int levels, int trajectories, int candidates, long seed) implements Design {
    public Morris {
        Check.inRange("dimensions", dimensions, 1, 10_000);
        Check.inRange("levels", levels, 2, 1000);
        if (levels % 2 != 0) throw new IllegalArgumentException("levels = " + levels + ": must be even (Morris' Δ = p/(2(p-1)) stays on the grid)");
        Check.inRange("trajectories", trajectories, 2, 100_000);
        if (candidates < trajectories || candidates > 100_000) {
            throw new IllegalArgumentException("candidates = " + candidates + ": must be in [trajectories = " + trajectories + ", 100000]");
        }
    }

    /** The measures, in the order of {@link #analyze}'s output per parameter. */
    public static final List<String> MEASURES = List.of("mu", "muStar", "sigma");

    /** @return Δ, the step in unit space. */
    public double delta() {
        return levels / (2.0 * (levels - 1));
    }

    /** @return the points per trajectory, k + 1. */
    public int perTrajectory() {
        return dimensions + 1;
    }

    @Override
    public double[][] points() {
        List<double[][]> chosen = chosen();
        double[][] points = new double[trajectories * perTrajectory()][];
        int at = 0;
        for (double[][] t : chosen) for (double[] p : t) points[at++] = p.clone();
        return points;
    }

    /** @return the r trajectories, each k + 1 points. */
    private List<double[][]> chosen() {
        SplittableRandom random = new SplittableRandom(seed);
        List<double[][]> all = new ArrayList<>();
        for (int m = 0; m < candidates; m++) all.add(trajectory(random));
        if (candidates == trajectories) return all;
        int n = all.size();
        double[][] d2 = new double[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                double d = distance(all.get(a), all.get(b));
                d2[a][b] = d2[b][a] = d * d;
            }
        }
        BitSet kept = new BitSet(n);
        kept.set(0, n);
        for (int left = n; left > trajectories; left--) {
            int drop = -1;
            double least = Double.POSITIVE_INFINITY;
            for (int a = kept.nextSetBit(0); a >= 0; a = kept.nextSetBit(a + 1)) {
                double sum = 0;
                for (int b = kept.nextSetBit(0); b >= 0; b = kept.nextSetBit(b + 1)) sum += d2[a][b];
                if (sum < least) {
                    least = sum;
                    drop = a;
                }
            }
            kept.clear(drop);
        }
        List<double[][]> out = new ArrayList<>();
        for (int a = kept.nextSetBit(0); a >= 0; a = kept.nextSetBit(a + 1)) out.add(all.get(a));
        return out;
    }

    private double[][] trajectory(SplittableRandom random) {
        int k = dimensions, half = levels / 2;
        int[] level = new int[k];   // grid level 0 … p−1; the lower half steps up by p/2, the upper half down
        for (int i = 0; i < k; i++) level[i] = random.nextInt(half) + (random.nextBoolean() ? half : 0);
        int[] order = new int[k];
        for (int i = 0; i < k; i++) order[i] = i;
        for (int i = k - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double[][] t = new double[k + 1][];
        t[0] = unit(level);
        for (int s = 0; s < k; s++) {
            int i = order[s];
            level[i] += level[i] < half ? half : -half;
            t[s + 1] = unit(level);
        }
        return t;
    }

    private double[] unit(int[] level) {
        double[] x = new double[level.length];
        for (int i = 0; i < level.length; i++) x[i] = level[i] / (double) (levels - 1);
        return x;
    }

    private static double distance(double[][] a, double[][] b) {
        double sum = 0;
        for (double[] p : a) {
            for (double[] q : b) {
                double s = 0;
                for (int i = 0; i < p.length; i++) s += (p[i] - q[i]) * (p[i] - q[i]);
                sum += Math.sqrt(s);
            }
        }
        return sum;
    }

    @Override
    public List<Index> analyze(double[][] values, int objectives, long seed) {
        int k = dimensions, r = trajectories;
        if (values.length != r * perTrajectory()) {
            throw new IllegalArgumentException(values.length + " values for " + r * perTrajectory() + " points");
        }
        double[][] points = points();
        List<Index> out = new ArrayList<>();
        for (int o = 0; o < objectives; o++) {
            // effects[i][t]: the elementary effect of parameter i in trajectory t (complete ones only)
            List<Integer> complete = new ArrayList<>();
            for (int t = 0; t < r; t++) {
                boolean ok = true;
                for (int s = 0; s <= k; s++) ok &= !Double.isNaN(values[t * (k + 1) + s][o]);
                if (ok) complete.add(t);
            }
            int n = complete.size();
            double[][] effects = new double[k][n];
            for (int c = 0; c < n; c++) {
                int base = complete.get(c) * (k + 1);
                for (int s = 0; s < k; s++) {
                    double[] from = points[base + s], to = points[base + s + 1];
                    int i = changed(from, to);
                    effects[i][c] = (values[base + s + 1][o] - values[base + s][o]) / (to[i] - from[i]);
                }
            }
            for (int i = 0; i < k; i++) {
                double[] ee = effects[i];
                for (int m = 0; m < MEASURES.size(); m++) {
                    int measure = m;
                    double value = n == 0 ? Double.NaN : measure(ee, Bootstrap.all(n), measure);
                    double[] ci = Bootstrap.interval(n, Bootstrap.seed(seed, o, i, m), units -> measure(ee, units, measure));
                    out.add(new Index(o, i, MEASURES.get(m), value, ci[0], ci[1], n));
                }
            }
        }
        return out;
    }

    private static int changed(double[] from, double[] to) {
        for (int i = 0; i < from.length; i++) if (from[i] != to[i]) return i;
        throw new IllegalStateException("consecutive trajectory points are equal");
    }

    /** μ (0), μ* (1) or σ (2) of the effects drawn by {@code units}. */
    private static double measure(double[] ee, int[] units, int measure) {
        int n = units.length;
        double sum = 0;
        for (int u : units) sum += measure == 1 ? Math.abs(ee[u]) : ee[u];
        double mean = sum / n;
        if (measure != 2) return mean;
        if (n < 2) return Double.NaN;
        double ss = 0;
        for (int u : units) ss += (ee[u] - mean) * (ee[u] - mean);
        return Math.sqrt(ss / (n - 1));
    }
}
