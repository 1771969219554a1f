package io.flocktune.tuner.sensitivity;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MorrisTest {

    /** f = 2·x0 + 8·x1·x2 + 0·x3: μ*(x0) = 2 with σ = 0; x1, x2 interact (σ > 0); x3 is inert. */
    @Test
    void linearPlusInteractionHasTheKnownOrderingAndZeroSigmaForTheLinearParameter() {
        for (int candidates : new int[] {20, 80}) {
            Morris design = new Morris(4, 4, 20, candidates, 3);
            double[][] points = design.points();
            double[][] values = new double[points.length][];
            for (int i = 0; i < points.length; i++) {
                double[] x = points[i];
                values[i] = new double[] {2 * x[0] + 8 * x[1] * x[2] + 0 * x[3]};
            }
            List<Index> indices = design.analyze(values, 1, 9);
            double[] muStar = measure(indices, "muStar"), sigma = measure(indices, "sigma"), mu = measure(indices, "mu");
            assertEquals(2, muStar[0], 1e-12);
            assertEquals(2, mu[0], 1e-12);
            assertEquals(0, sigma[0], 1e-12);
            assertEquals(0, muStar[3], 0);
            assertEquals(0, sigma[3], 0);
            assertTrue(muStar[1] > muStar[0] && muStar[2] > muStar[0], "interacting parameters matter more: " + java.util.Arrays.toString(muStar));
            assertTrue(sigma[1] > 1 && sigma[2] > 1, "interaction shows as sigma: " + java.util.Arrays.toString(sigma));
        }
    }

    @Test
    void trajectoriesMoveOneParameterByDeltaPerStepOnTheGrid() {
        Morris design = new Morris(5, 6, 7, 30, 11);
        double[][] p = design.points();
        assertEquals(7 * 6, p.length);
        double delta = 6 / 10.0;
        for (int t = 0; t < 7; t++) {
            boolean[] moved = new boolean[5];
            for (int s = 0; s < 5; s++) {
                double[] a = p[t * 6 + s], b = p[t * 6 + s + 1];
                int changes = 0;
                for (int i = 0; i < 5; i++) {
                    if (a[i] != b[i]) {
                        changes++;
                        assertEquals(delta, Math.abs(b[i] - a[i]), 1e-12);
                        moved[i] = true;
                    }
                    assertEquals(0, Math.abs(a[i] * 5 - Math.round(a[i] * 5)), 1e-12, "on the grid");
                    assertTrue(b[i] >= 0 && b[i] <= 1);
                }
                assertEquals(1, changes);
            }
            for (boolean m : moved) assertTrue(m, "each parameter moves once");
        }
        assertArrayEquals(p[17], new Morris(5, 6, 7, 30, 11).points()[17], "a pure function of the seed");
    }

    @Test
    void choosingForSpreadGivesMoreSpreadThanThePlainDesign() {
        assertTrue(spread(new Morris(6, 4, 10, 40, 5)) > spread(new Morris(6, 4, 10, 10, 5)));
    }

    private static double spread(Morris m) {
        double[][] p = m.points();
        int per = m.perTrajectory();
        double total = 0;
        for (int a = 0; a < m.trajectories(); a++) {
            for (int b = a + 1; b < m.trajectories(); b++) {
                double d = 0;
                for (int i = 0; i < per; i++) {
                    for (int j = 0; j < per; j++) {
                        double s = 0;
                        for (int x = 0; x < m.dimensions(); x++) s += Math.pow(p[a * per + i][x] - p[b * per + j][x], 2);
                        d += Math.sqrt(s);
                    }
                }
                total += d * d;
            }
        }
        return total;
    }

    static double[] measure(List<Index> indices, String measure) {
        return indices.stream().filter(i -> i.measure().equals(measure)).mapToDouble(Index::value).toArray();
    }
}
