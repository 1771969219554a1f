package io.flocktune.sim.space;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Property test of {@link NearestSearch}: for random point sets, every query's result equals the
 * brute-force k nearest over all pairs (minimum-image distances when periodic), in the same
 * order, nearest first with ties by slot. Cases cover periodic and open worlds, 2D and 3D, cells
 * from a fiftieth of the spacing to larger than the world, clumps of coincident points and exact
 * ties, k larger than N − 1, queries in slot order and in a scattered order (so the reach the
 * search starts from is sometimes far too large or too small), and points moved after the
 * build within the slack. The seed is logged; rerun one with {@code -Dflocktune.test.seed=…}.
 */
class NearestSearchTest {
    static final long SEED = Long.getLong("flocktune.test.seed", 0x4EA2_E57L);

    @Test
    void everyQueryFindsTheBruteForceNearestInOrder() {
        SplittableRandom random = new SplittableRandom(SEED);
        System.out.println("NearestSearchTest.everyQueryFindsTheBruteForceNearestInOrder seed = " + SEED);
        int[] counts = {1, 2, 3, 9, 40, 300};
        int[] ks = {1, 2, 7, 10, 30, 400};
        double[] cellOverSpacing = {0.02, 0.1, 0.5, 1, 3, 1e3};
        int cases = 0;
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (boolean periodic : new boolean[] {true, false}) {
                for (int n : counts) {
                    for (double cellRatio : cellOverSpacing) {
                        int k = ks[random.nextInt(ks.length)];
                        double size = 10 + 90 * random.nextDouble();
                        double spacing = size / Math.pow(n, 1.0 / dimension);
                        double[][] p = randomPoints(random, dimension, n, size, periodic);
                        String label = (periodic ? "periodic " : "open ") + dimension + "D n " + n + " k " + k
                                + " cell/spacing " + cellRatio;
                        check(dimension, periodic, size, p, n, k, cellRatio * spacing, 0, random, label);
                        cases++;
                    }
                }
            }
        }
        assertEquals(144, cases);
    }

    @Test
    void pointsMovedWithinTheSlackAreStillFound() {
        SplittableRandom random = new SplittableRandom(SEED + 1);
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (boolean periodic : new boolean[] {true, false}) {
                double size = 50;
                int n = 400;
                double[][] p = randomPoints(random, dimension, n, size, periodic);
                double slack = 1.5;
                NeighbourGrid grid = new NeighbourGrid(dimension, periodic, size, n);
                grid.build(p[0], p[1], p[2], n, 1);
                double[][] q = inGridOrder(grid, p, n);
                // every point moves by up to the slack after the build, as in a sequential step
                for (int s = 0; s < n; s++) {
                    double[] step = new double[3];
                    double norm = 0;
                    for (int c = 0; c < dimension; c++) { step[c] = random.nextDouble() - 0.5; norm += step[c] * step[c]; }
                    double length = slack * random.nextDouble() / Math.sqrt(norm);
                    for (int c = 0; c < dimension; c++) {
                        q[c][s] += step[c] * length;
                        if (periodic) q[c][s] = Periodic.wrap(q[c][s], size);
                    }
                }
                NearestSearch search = new NearestSearch(10);
                for (int s = 0; s < n; s++) {
                    int found = search.search(grid, q[0], q[1], q[2], s, q[0][s], q[1][s], q[2][s], periodic ? size : 0, slack);
                    assertArrayEquals(bruteForce(q, n, s, 10, periodic ? size : 0), Arrays.copyOf(search.slots(), found),
                            (periodic ? "periodic " : "open ") + dimension + "D slot " + s);
                }
            }
        }
    }

    @Test
    void coincidentPointsAndTiesGoBySlot() {
        // a 3 × 3 lattice of spacing 1, each site holding 3 coincident points: every distance is a tie
        int n = 27;
        double[][] p = new double[3][n];
        for (int i = 0; i < n; i++) { p[0][i] = (i / 3) % 3; p[1][i] = i / 9; }
        for (boolean periodic : new boolean[] {true, false}) {
            for (int k : new int[] {1, 2, 3, 5, 8, 26, 27, 40}) {
                check(2, periodic, 3, p, n, k, 0.4, 0, new SplittableRandom(k), "lattice k " + k + " periodic " + periodic);
            }
        }
    }

    @Test
    void refusesNoNeighbours() {
        assertThrows(IllegalArgumentException.class, () -> new NearestSearch(0));
    }

    private static double[][] randomPoints(SplittableRandom random, int dimension, int n, double size, boolean periodic) {
        double[][] p = new double[3][n];
        for (int i = 0; i < n; i++) {
            // a fifth of the points in a tight clump, some of them on one spot; the rest uniform
            boolean clump = i % 5 == 0;
            boolean coincident = i % 15 == 0;
            for (int c = 0; c < dimension; c++) {
                double v = coincident ? 0.25 * size : clump ? 0.25 * size + 0.01 * size * random.nextDouble() : size * (random.nextDouble() - 0.5);
                p[c][i] = periodic ? Periodic.wrap(v, size) : v;
            }
        }
        if (n > 2) {     // on the box's edges, where wrapping matters most
            p[0][1] = -0.5 * size;
            p[1][2] = Math.nextDown(0.5 * size);
        }
        return p;
    }

    /** The points in the grid's slot order, as the engine keeps them. */
    private static double[][] inGridOrder(NeighbourGrid grid, double[][] p, int n) {
        double[][] q = new double[3][n];
        int[] order = grid.order();
        for (int s = 0; s < n; s++) for (int c = 0; c < 3; c++) q[c][s] = p[c][order[s]];
        return q;
    }

    private static void check(int dimension, boolean periodic, double size, double[][] p, int n, int k, double cellSize,
                              double slack, SplittableRandom random, String label) {
        NeighbourGrid grid = new NeighbourGrid(dimension, periodic, size, n);
        grid.build(p[0], p[1], p[2], n, cellSize);
        double[][] q = inGridOrder(grid, p, n);
        NearestSearch search = new NearestSearch(k);
        double period = periodic ? size : 0;
        // slot order (the engine's), then a scattered order
        int[] queries = IntStream.concat(IntStream.range(0, n), random.ints(n, 0, n)).toArray();
        for (int s : queries) {
            int found = search.search(grid, q[0], q[1], q[2], s, q[0][s], q[1][s], q[2][s], period, slack);
            assertArrayEquals(bruteForce(q, n, s, k, period), Arrays.copyOf(search.slots(), found), label + " slot " + s);
        }
    }

    /** The k nearest slots other than s by (distance², slot), over all pairs. */
    private static int[] bruteForce(double[][] q, int n, int s, int k, double period) {
        double[] d2 = new double[n];
        for (int j = 0; j < n; j++) {
            double dx = q[0][j] - q[0][s], dy = q[1][j] - q[1][s], dz = q[2][j] - q[2][s];
            if (period > 0) {
                dx = Periodic.minimumImage(dx, period);
                dy = Periodic.minimumImage(dy, period);
                dz = Periodic.minimumImage(dz, period);
            }
            d2[j] = dx * dx + dy * dy + dz * dz;
        }
        return IntStream.range(0, n).filter(j -> j != s).boxed()
                .sorted((a, b) -> d2[a] != d2[b] ? Double.compare(d2[a], d2[b]) : Integer.compare(a, b))
                .limit(k).mapToInt(Integer::intValue).toArray();
    }
}
