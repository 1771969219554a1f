package io.flocktune.tuner.sensitivity;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Sobol' estimators against functions whose indices are known analytically. Tolerances are
 * stated per test: absolute error of each index at the stated N, and the bootstrap interval must
 * contain the true value (with a small allowance for the interval's own sampling error).
 */
class SobolTest {

    /** Ishigami (a = 7, b = 0.1) on [−π, π]^3: S1 = 0.3139, 0.4424, 0; ST = 0.5576, 0.4424, 0.2437. */
    @Test
    void ishigamiIndicesWithinOneHundredthAtN8192() {
        double a = 7, b = 0.1;
        ToDoubleFunction<double[]> ishigami = u -> {
            double x1 = -Math.PI + 2 * Math.PI * u[0], x2 = -Math.PI + 2 * Math.PI * u[1], x3 = -Math.PI + 2 * Math.PI * u[2];
            return Math.sin(x1) + a * Math.sin(x2) * Math.sin(x2) + b * Math.pow(x3, 4) * Math.sin(x1);
        };
        // analytic values (Ishigami & Homma 1990; Sobol' & Levitan 1999)
        double v1 = 0.5 * Math.pow(1 + b * Math.pow(Math.PI, 4) / 5, 2);
        double v2 = a * a / 8;
        double v13 = b * b * Math.pow(Math.PI, 8) * (1.0 / 18 - 1.0 / 50);
        double v = v1 + v2 + v13;
        double[] s1 = {v1 / v, v2 / v, 0};
        double[] st = {(v1 + v13) / v, v2 / v, v13 / v};
        assertArrayEquals(new double[] {0.3139, 0.4424, 0}, s1, 1e-4);
        assertArrayEquals(new double[] {0.5576, 0.4424, 0.2437}, st, 1e-4);

        check(new Sobol(3, 8192), ishigami, s1, st, 0.01);
    }

    /** Sobol' g-function, a = (0, 1, 4.5, 9, 99, 99): V_i = 1/(3(1 + a_i)²), analytic S1 and ST. */
    @Test
    void gFunctionIndicesWithinOneHundredthAtN4096() {
        double[] a = {0, 1, 4.5, 9, 99, 99};
        ToDoubleFunction<double[]> g = u -> {
            double p = 1;
            for (int i = 0; i < a.length; i++) p *= (Math.abs(4 * u[i] - 2) + a[i]) / (1 + a[i]);
            return p;
        };
        int k = a.length;
        double[] vi = new double[k];
        double product = 1;
        for (int i = 0; i < k; i++) {
            vi[i] = 1 / (3 * (1 + a[i]) * (1 + a[i]));
            product *= 1 + vi[i];
        }
        double v = product - 1;
        double[] s1 = new double[k], st = new double[k];
        for (int i = 0; i < k; i++) {
            s1[i] = vi[i] / v;
            st[i] = vi[i] * product / (1 + vi[i]) / v;
        }
        check(new Sobol(k, 4096), g, s1, st, 0.01);
    }

    @Test
    void pointsAreSaltellisMatricesRowByRow() {
        Sobol design = new Sobol(2, 4);
        double[][] p = design.points();
        assertEquals(4 * 4, p.length);
        for (int j = 0; j < 4; j++) {
            double[] a = p[4 * j], b = p[4 * j + 1];
            assertArrayEquals(new double[] {b[0], a[1]}, p[4 * j + 2]);
            assertArrayEquals(new double[] {a[0], b[1]}, p[4 * j + 3]);
        }
        // the first row is the Sobol' sequence's second point (the origin is left out): (0.5, 0.5 | 0.5, 0.5)
        assertArrayEquals(new double[] {0.5, 0.5}, p[0]);
        assertArrayEquals(p[5], design.points()[5]);
    }

    @Test
    void aRowWithANanIsLeftOutForThatObjectiveOnly() {
        Sobol design = new Sobol(2, 64);
        double[][] points = design.points();
        double[][] values = new double[points.length][];
        for (int i = 0; i < points.length; i++) values[i] = new double[] {points[i][0] + 2 * points[i][1], points[i][0]};
        values[3][1] = Double.NaN;   // row 0, AB_2, objective 1
        List<Index> indices = design.analyze(values, 2, 7);
        for (Index x : indices) assertEquals(x.objective() == 0 ? 64 : 63, x.samples(), x.toString());
        List<Index> again = design.analyze(values, 2, 7);
        assertEquals(indices, again, "the bootstrap is seeded");
    }

    private static void check(Sobol design, ToDoubleFunction<double[]> f, double[] s1, double[] st, double tolerance) {
        double[][] points = design.points();
        double[][] values = new double[points.length][];
        for (int i = 0; i < points.length; i++) values[i] = new double[] {f.applyAsDouble(points[i])};
        List<Index> indices = design.analyze(values, 1, 12345);
        for (Index x : indices) {
            double truth = (x.measure().equals("S1") ? s1 : st)[x.parameter()];
            assertEquals(truth, x.value(), tolerance, x.toString());
            assertTrue(x.low() - 0.005 <= truth && truth <= x.high() + 0.005, "interval " + x + " misses " + truth);
            assertTrue(x.low() <= x.value() + 1e-12 && x.value() <= x.high() + 1e-12 || Math.abs(x.high() - x.low()) < 1e-9, x.toString());
        }
    }
}
