package io.flocktune.tuner.sensitivity;

import io.flocktune.sim.Check;
import org.apache.commons.math3.random.SobolSequenceGenerator;

import java.util.ArrayList;
import java.util.List;

/**
 * Sobol' first-order and total indices from Saltelli's sampling scheme (Saltelli et al. 2010),
 * with percentile bootstrap intervals.
 *
 * <p><b>Design.</b> {@code N = samples} points of the 2k-dimensional Sobol' sequence of
 * commons-math3 ({@link SobolSequenceGenerator}, Joe–Kuo direction numbers), leaving out its
 * first point (the origin); the first k coordinates form row j of matrix A, the last k row j of
 * B, and {@code AB_i} is A with column i taken from B. Points are evaluated row by row: A_j, B_j,
 * AB_1j … AB_kj, so N·(k + 2) points in all. Powers of two keep the sequence balanced. The
 * design itself is deterministic; a run's seed drives the replicate seeds and the bootstrap.
 *
 * <p><b>Estimators</b> per objective, with V the variance (divisor 2N) of all f(A) and f(B)
 * values: first order {@code S_i = mean_j f(B)_j (f(AB_i)_j − f(A)_j) / V} (Saltelli 2010,
 * table 2 (b)); total {@code ST_i = mean_j (f(A)_j − f(AB_i)_j)² / (2V)} (Jansen 1999). Both are
 * unbiased for the variance shares of a deterministic function; a noisy one adds its noise to
 * every ST and to V (so average replicates). Rows with a NaN value are left out for that
 * objective; a constant output (V = 0) gives NaN.
 *
 * <p><b>Choices</b>: a categorical gene's unit interval is split into equal parts, one per option
 * (as in the search), so a uniform coordinate picks each option equally often and the indices
 * measure the option's share of the variance.
 *
 * @param dimensions parameters k, in [1, 500] (the Sobol' generator has 1000 dimensions)
 * @param samples    N, rows of A and B, &ge; 2
 */
public record Sobol(int dimensions, int samples) implements Design {
    public Sobol {
        Check.inRange("dimensions", dimensions, 1, 500);
        Check.inRange("samples", samples, 2, 1 << 24);
    }

    /** The measures, in the order of {@link #analyze}'s output per parameter. */
    public static final List<String> MEASURES = List.of("S1", "ST");

    /** @return the points per row, k + 2. */
    public int perRow() {
        return dimensions + 2;
    }

    @Override
    public double[][] points() {
        int k = dimensions;
        SobolSequenceGenerator sequence = new SobolSequenceGenerator(2 * k);
        sequence.nextVector();   // the origin
        double[][] points = new double[samples * perRow()][];
        for (int j = 0; j < samples; j++) {
            double[] ab = sequence.nextVector();
            double[] a = java.util.Arrays.copyOfRange(ab, 0, k), b = java.util.Arrays.copyOfRange(ab, k, 2 * k);
            int base = j * perRow();
            points[base] = a;
            points[base + 1] = b;
            for (int i = 0; i < k; i++) {
                double[] abi = a.clone();
                abi[i] = b[i];
                points[base + 2 + i] = abi;
            }
        }
        return points;
    }

    @Override
    public List<Index> analyze(double[][] values, int objectives, long seed) {
        int k = dimensions;
        if (values.length != samples * perRow()) {
            throw new IllegalArgumentException(values.length + " values for " + samples * perRow() + " points");
        }
        List<Index> out = new ArrayList<>();
        for (int o = 0; o < objectives; o++) {
            List<Integer> complete = new ArrayList<>();
            for (int j = 0; j < samples; j++) {
                boolean ok = true;
                for (int m = 0; m < perRow(); m++) ok &= !Double.isNaN(values[j * perRow() + m][o]);
                if (ok) complete.add(j);
            }
            int n = complete.size();
            double[] fa = new double[n], fb = new double[n];
            double[][] fab = new double[k][n];
            for (int c = 0; c < n; c++) {
                int base = complete.get(c) * perRow();
                fa[c] = values[base][o];
                fb[c] = values[base + 1][o];
                for (int i = 0; i < k; i++) fab[i][c] = values[base + 2 + i][o];
            }
            for (int i = 0; i < k; i++) {
                double[] fabi = fab[i];
                for (int m = 0; m < MEASURES.size(); m++) {
                    boolean total = m == 1;
                    double value = n == 0 ? Double.NaN : index(fa, fb, fabi, Bootstrap.all(n), total);
                    double[] ci = Bootstrap.interval(n, Bootstrap.seed(seed, o, i, m), units -> index(fa, fb, fabi, units, total));
                    out.add(new Index(o, i, MEASURES.get(m), value, ci[0], ci[1], n));
                }
            }
        }
        return out;
    }

    /** S_i (Saltelli 2010) or ST_i (Jansen) over the rows drawn by {@code units}. */
    static double index(double[] fa, double[] fb, double[] fab, int[] units, boolean total) {
        int n = units.length;
        double sum = 0;
        for (int u : units) sum += fa[u] + fb[u];
        double mean = sum / (2.0 * n);
        double variance = 0, numerator = 0;
        for (int u : units) {
            variance += (fa[u] - mean) * (fa[u] - mean) + (fb[u] - mean) * (fb[u] - mean);
            numerator += total ? (fa[u] - fab[u]) * (fa[u] - fab[u]) : fb[u] * (fab[u] - fa[u]);
        }
        variance /= 2.0 * n;
        if (!(variance > 0)) return Double.NaN;
        return total ? numerator / n / (2 * variance) : numerator / n / variance;
    }
}
