package io.flocktune.sim.space;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Property test of {@link NeighbourGrid}: for random point sets, the runs returned for each
 * point contain every other point within the query radius (brute force over all pairs,
 * minimum-image when periodic), and no slot twice. Cases cover periodic and open worlds, 2D
 * and 3D, worlds of fewer than 3 cells per side, cell-count caps, and sparse flocks spanning
 * huge volumes, for queries reaching one to three cells. The seed is logged; rerun one with {@code -Dflocktune.test.seed=…}.
 */
class NeighbourGridTest {
    static final long SEED = Long.getLong("flocktune.test.seed", 0x5EED_6A1DL);

    @Test
    void periodicWorldsFindEveryNeighbour() {
        SplittableRandom random = new SplittableRandom(SEED);
        System.out.println("NeighbourGridTest.periodicWorldsFindEveryNeighbour seed = " + SEED);
        double[] sizeOverRadius = {0.3, 1, 1.9, 2, 2.5, 3, 3.2, 4, 5, 5.5, 6, 9, 11, 17, 40, 123, 1e4, 1e10};
        int[] counts = {1, 2, 3, 7, 8, 40, 300};
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (double ratio : sizeOverRadius) {
                for (int n : counts) {
                    double radius = 0.5 + 10 * random.nextDouble();
                    double size = ratio * radius;
                    double[][] p = new double[3][n];
                    for (int i = 0; i < n; i++) {
                        for (int c = 0; c < dimension; c++) {
                            p[c][i] = Periodic.wrap(size * (random.nextDouble() - 0.5), size);
                        }
                    }
                    // points on the box's edges, where wrapping matters most
                    if (n > 2) { p[0][0] = -0.5 * size; p[0][1] = Math.nextDown(0.5 * size); }
                    String label = "periodic " + dimension + "D size/radius " + ratio + " n " + n;
                    check(dimension, true, size, p, n, radius, radius, 1, label);
                    check(dimension, true, size, p, n, radius, 0.5 * radius, 1, label + " half radius");
                    check(dimension, true, size, p, n, radius, 2 * radius, 2, label + " reach 2");
                    check(dimension, true, size, p, n, radius, 3 * radius, 3, label + " reach 3");
                }
            }
        }
    }

    @Test
    void openWorldsFindEveryNeighbour() {
        SplittableRandom random = new SplittableRandom(SEED + 1);
        System.out.println("NeighbourGridTest.openWorldsFindEveryNeighbour seed = " + (SEED + 1));
        double[] spanOverRadius = {0, 0.5, 1, 2, 3, 10, 100, 1e4, 1e8, 1e12};
        int[] counts = {1, 2, 5, 9, 60, 400};
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (double ratio : spanOverRadius) {
                for (int n : counts) {
                    double radius = 0.1 + 5 * random.nextDouble();
                    double span = ratio * radius;
                    double[][] p = new double[3][n];
                    double offset = 1000 * (random.nextDouble() - 0.5);
                    for (int i = 0; i < n; i++) {
                        // half the points in a dense clump so that sparse spans still have neighbours
                        double spread = i % 2 == 0 ? span : 3 * radius;
                        for (int c = 0; c < dimension; c++) p[c][i] = offset + spread * (random.nextDouble() - 0.5);
                    }
                    String label = "open " + dimension + "D span/radius " + ratio + " n " + n;
                    check(dimension, false, 0, p, n, radius, radius, 1, label);
                    check(dimension, false, 0, p, n, radius, 2 * radius, 2, label + " reach 2");
                }
            }
        }
    }

    @Test
    void coincidentPointsShareOneCell() {
        double[][] p = new double[3][6];
        for (int i = 0; i < 6; i++) { p[0][i] = 1.5; p[1][i] = -2; p[2][i] = 0.25; }
        check(3, false, 0, p, 6, 1, 1, 1, "coincident open");
        check(3, true, 10, p, 6, 1, 1, 1, "coincident periodic");
    }

    @Test
    void buildIsStableByIndex() {
        double[][] p = {{0.1, 5, 0.2, 0.3}, {0, 0, 0, 0}, {0, 0, 0, 0}};
        NeighbourGrid grid = new NeighbourGrid(2, false, 0, 4);
        grid.build(p[0], p[1], p[2], 4, 1);
        // 0, 2, 3 share the first cell: counting sort keeps their index order
        assertEquals(0, grid.order()[0]);
        assertEquals(2, grid.order()[1]);
        assertEquals(3, grid.order()[2]);
        assertEquals(1, grid.order()[3]);
        for (int i = 0; i < 4; i++) assertEquals(i, grid.order()[grid.slotOf()[i]]);
    }

    /**
     * {@link NeighbourGrid#imageAxes}: along an axis it exempts, every point of the block (moved
     * by less than the given distance since the build, wrapped back into the box) lies within
     * half the period of the query point, so its minimum image is the plain difference; points
     * that moved half a cell or more get every axis.
     */
    @Test
    void axesExemptFromTheMinimumImageNeedNone() {
        SplittableRandom random = new SplittableRandom(SEED);
        System.out.println("NeighbourGridTest.axesExemptFromTheMinimumImageNeedNone seed = " + SEED);
        long exempt = 0;
        for (int trial = 0; trial < 60; trial++) {
            int dimension = 2 + trial % 2, reach = 1 + (trial / 2) % 2, n = 400;
            int cellsPerSide = 3 + random.nextInt(4 * reach + 10);
            double size = 5 + 200 * random.nextDouble(), cell = size / cellsPerSide;
            double moved = (trial % 5 == 0 ? 0.5 : 0.49 * random.nextDouble()) * cell;
            double[][] built = new double[3][n], now = new double[3][n];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < dimension; c++) {
                    built[c][i] = Periodic.wrap(size * (random.nextDouble() - 0.5), size);
                    if (i < 8) built[c][i] = (i % 2 == 0 ? -0.5 : Math.nextDown(0.5)) * size;   // on the edges
                    // each coordinate by less than moved/2: less than moved in all
                    now[c][i] = Periodic.wrap(built[c][i] + 0.5 * moved * (2 * random.nextDouble() - 1), size);
                }
            }
            NeighbourGrid grid = new NeighbourGrid(dimension, true, size, n);
            grid.build(built[0], built[1], built[2], n, cell);
            int[] runs = new int[2 * grid.maxRuns(reach)];
            for (int i = 0; i < n; i++) {
                int axes = grid.imageAxes(now[0][i], now[1][i], now[2][i], reach, moved);
                if (moved >= 0.5 * grid.cellWidth()) assertEquals(dimension == 3 ? 7 : 3, axes, "moved half a cell");
                int k = grid.ranges(now[0][i], now[1][i], now[2][i], reach, runs);
                for (int c = 0; c < dimension; c++) {
                    if ((axes & (1 << c)) != 0) continue;
                    exempt++;
                    for (int r = 0; r < k; r++) {
                        for (int slot = runs[2 * r]; slot < runs[2 * r + 1]; slot++) {
                            double d = now[c][grid.order()[slot]] - now[c][i];
                            assertEquals(Periodic.minimumImage(d, size), d,
                                    "axis " + c + " exempt for point " + i + " of trial " + trial);
                        }
                    }
                }
            }
        }
        assertTrue(exempt > 0, "no axis was ever exempt");
    }

    /**
     * A block of cells scanned as a smaller block and then shell after shell
     * ({@link NeighbourGrid#shellRanges}) visits exactly the slots of the block's own runs, each
     * once: periodic and open, 2D and 3D, from 1 to 12 cells per side (so blocks that wrap, cover
     * an axis whole, or reach past an open world's edge), from every point.
     */
    @Test
    void shellsAddUpToTheBlock() {
        SplittableRandom random = new SplittableRandom(SEED + 2);
        System.out.println("NeighbourGridTest.shellsAddUpToTheBlock seed = " + (SEED + 2));
        for (int trial = 0; trial < 96; trial++) {
            int dimension = 2 + trial % 2, n = 150;
            boolean periodic = trial % 4 < 2;
            int cellsPerSide = 1 + (trial / 4) % 12;
            double size = 5 + 50 * random.nextDouble(), cell = size / cellsPerSide;
            double[][] p = new double[3][n];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < dimension; c++) p[c][i] = Periodic.wrap(size * (random.nextDouble() - 0.5), size);
            }
            NeighbourGrid grid = new NeighbourGrid(dimension, periodic, size, n);
            grid.build(p[0], p[1], p[2], n, cell);
            for (int i = 0; i < n; i++) {
                int first = 1 + random.nextInt(3), last = first + random.nextInt(8);
                int[] runs = new int[2 * grid.maxRuns(last)];
                int[] visits = new int[n];
                for (int reach = first; reach <= last; reach++) {
                    int k = grid.shellRanges(p[0][i], p[1][i], p[2][i], reach, reach == first ? -1 : reach - 1, runs);
                    assertTrue(k <= grid.maxRuns(reach), "trial " + trial + ": " + k + " runs");
                    for (int r = 0; r < k; r++) for (int s = runs[2 * r]; s < runs[2 * r + 1]; s++) visits[s]++;
                }
                int[] block = new int[n];
                int k = grid.ranges(p[0][i], p[1][i], p[2][i], last, runs);
                for (int r = 0; r < k; r++) for (int s = runs[2 * r]; s < runs[2 * r + 1]; s++) block[s]++;
                assertArrayEquals(block, visits, "trial " + trial + " (" + (periodic ? "periodic " : "open ") + dimension
                        + "D, " + grid.cellsX() + " cells per side) point " + i + " reaches " + first + ".." + last);
            }
        }
    }

    @Test
    void cutRunsFindPointsThatMovedSinceTheBuild() {
        SplittableRandom random = new SplittableRandom(SEED + 7);
        System.out.println("NeighbourGridTest.cutRunsFindPointsThatMovedSinceTheBuild seed = " + (SEED + 7));
        for (int trial = 0; trial < 400; trial++) {
            int dimension = 2 + trial % 2, reach = dimension == 3 ? 1 : 2, n = 1 + random.nextInt(300);
            boolean periodic = trial % 4 < 2;
            double radius = 0.5 + 5 * random.nextDouble(), moved = radius * random.nextDouble();
            double size = 4 + 40 * random.nextDouble();
            double[][] p = new double[3][n], q = new double[3][n];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < dimension; c++) {
                    p[c][i] = size * (random.nextDouble() - 0.5);
                    // a move of at most `moved` (each axis at most moved/√3), wrapped back into the box when periodic
                    double to = p[c][i] + moved / Math.sqrt(3) * (2 * random.nextDouble() - 1);
                    q[c][i] = periodic ? Periodic.wrap(to, size) : to;
                }
            }
            NeighbourGrid grid = new NeighbourGrid(dimension, periodic, size, n);
            grid.build(p[0], p[1], p[2], n, (radius + moved) / reach);
            int[] runs = new int[2 * grid.maxRuns(reach)], slotOf = grid.slotOf();
            boolean[] seen = new boolean[n];
            for (int i = 0; i < n; i++) {
                int k = grid.ranges(p[0][i], p[1][i], p[2][i], reach, radius + moved, runs);
                Arrays.fill(seen, false);
                for (int s : slots(runs, k)) seen[s] = true;
                String label = "trial " + trial + (periodic ? " periodic " : " open ") + dimension + "D, moved";
                assertFound(p, q, n, i, periodic, size, radius, slotOf, seen, label);
            }
        }
    }

    /** The cut's gain as documented on {@link NeighbourGrid#ranges(double, double, double, int, double, int[])}. */
    @Test
    void cutRunsLeaveAQuarterOfA3DBlockOut() {
        SplittableRandom random = new SplittableRandom(SEED + 8);
        int n = 20_000;
        double size = 100, radius = 5;
        double[][] p = new double[3][n];
        for (int i = 0; i < n; i++) for (int c = 0; c < 3; c++) p[c][i] = size * (random.nextDouble() - 0.5);
        NeighbourGrid grid = new NeighbourGrid(3, true, size, n);
        grid.build(p[0], p[1], p[2], n, radius);      // 20 cells of exactly the radius per side
        int[] runs = new int[2 * grid.maxRuns(1)];
        long block = 0, cut = 0;
        for (int i = 0; i < n; i++) {
            block += slots(runs, grid.ranges(p[0][i], p[1][i], p[2][i], 1, runs)).length;
            cut += slots(runs, grid.ranges(p[0][i], p[1][i], p[2][i], 1, radius, runs)).length;
        }
        double share = (double) cut / block;
        assertEquals(20.61 / 27, share, 0.01, "share of the block's points in the cut runs");
    }

    /**
     * Builds a grid with cells {@code cellSize} wide and checks, for every point, that its runs
     * for {@code reach} cells hold every point within {@code queryRadius} (&le; reach·cellSize)
     * and no slot twice. Reach 1 goes through the one-cell {@code ranges} overload.
     */
    private static void check(int dimension, boolean periodic, double size, double[][] p, int n,
                              double cellSize, double queryRadius, int reach, String label) {
        NeighbourGrid grid = new NeighbourGrid(dimension, periodic, size, n);
        grid.build(p[0], p[1], p[2], n, cellSize);
        int[] order = grid.order(), slotOf = grid.slotOf();
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) assertEquals(i, order[slotOf[i]], label + ": order/slotOf mismatch");
        int maxRuns = reach == 1 ? 18 : grid.maxRuns(reach);
        int[] runs = new int[2 * maxRuns];
        for (int i = 0; i < n; i++) {
            Arrays.fill(seen, false);
            int k = reach == 1 ? grid.ranges(p[0][i], p[1][i], p[2][i], runs) : grid.ranges(p[0][i], p[1][i], p[2][i], reach, runs);
            assertTrue(k <= maxRuns, label + ": " + k + " runs");
            for (int r = 0; r < k; r++) {
                for (int s = runs[2 * r]; s < runs[2 * r + 1]; s++) {
                    if (s < 0 || s >= n) fail(label + ": slot " + s + " out of range");
                    if (seen[s]) fail(label + ": slot " + s + " appears twice in the runs of point " + i);
                    seen[s] = true;
                }
            }
            assertFound(p, p, n, i, periodic, size, queryRadius, slotOf, seen, label);
            // the block cut to the ball of the query radius: a subsequence of the block's slots
            int[] block = slots(runs, k);
            k = grid.ranges(p[0][i], p[1][i], p[2][i], reach, queryRadius, runs);
            int[] cut = slots(runs, k);
            Arrays.fill(seen, false);
            for (int s : cut) seen[s] = true;
            assertFound(p, p, n, i, periodic, size, queryRadius, slotOf, seen, label + " (cut to the radius)");
            int at = 0;
            for (int s : cut) {
                while (at < block.length && block[at] != s) at++;
                if (at++ == block.length) fail(label + ": the cut runs of point " + i + " leave the block's order");
            }
        }
    }

    private static int[] slots(int[] runs, int k) {
        int count = 0;
        for (int r = 0; r < k; r++) count += runs[2 * r + 1] - runs[2 * r];
        int[] out = new int[count];
        int m = 0;
        for (int r = 0; r < k; r++) for (int s = runs[2 * r]; s < runs[2 * r + 1]; s++) out[m++] = s;
        return out;
    }

    /**
     * Fails unless every point of {@code q} within the radius of point i of {@code p} (minimum
     * image when periodic) is seen.
     */
    private static void assertFound(double[][] p, double[][] q, int n, int i, boolean periodic, double size,
                                    double radius, int[] slotOf, boolean[] seen, String label) {
        for (int j = 0; j < n; j++) {
            double d2 = 0;
            for (int c = 0; c < 3; c++) {
                double d = q[c][j] - p[c][i];
                if (periodic) d = Periodic.minimumImage(d, size);
                d2 += d * d;
            }
            if (d2 <= radius * radius && !seen[slotOf[j]]) {
                fail(label + ": point " + j + " at distance " + Math.sqrt(d2) + " <= " + radius
                        + " missing from the runs of point " + i);
            }
        }
    }
}
