package io.flocktune.sim;

import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The topological neighbourhood's sums (Σ v_j, Σ (p_j − p_i), Σ unit(v_j), Σ heading_j over the
 * k nearest) are added nearest first (ties by slot). Before, they were added in the order of
 * the search's max-heap ({@link HeapOrder}, kept here as it was), so the two orders add the
 * same terms differently: this checks, for random flocks in 2D and 3D, periodic and open, that
 * the neighbours are the same and every sum agrees to rounding (1e-12 of the sum of the terms'
 * magnitudes). That is why the topological trajectories of {@code StateHashesTest} were
 * recorded again.
 */
class TopologicalSumOrderTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void nearestFirstAndHeapOrderSumsAgreeToRounding(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long differing = 0;
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (boolean periodic : new boolean[] {true, false}) {
                for (int k : new int[] {1, 3, 10, 25}) {
                    int n = 400;
                    double size = 60, cellSize = 0.5 + 3 * random.nextDouble();
                    double[][] p = new double[6][n];
                    for (int i = 0; i < n; i++) {
                        boolean clump = i % 4 == 0;      // a clump, where distances are close
                        for (int c = 0; c < dimension; c++) {
                            p[c][i] = clump ? 5 + random.nextDouble() : size * (random.nextDouble() - 0.5);
                            p[3 + c][i] = 2 * random.nextDouble() - 1;
                        }
                    }
                    differing += compare(dimension, periodic, size, cellSize, p, n, k,
                            "seed " + seed + " " + dimension + "D " + (periodic ? "periodic" : "open") + " k " + k);
                }
            }
        }
        assertTrue(differing > 0, "the two orders never differed in a bit: the comparison compared nothing");
    }

    /** @return how many sums differed in some bit */
    private static long compare(int dimension, boolean periodic, double size, double cellSize, double[][] p, int n, int k,
                                String what) {
        NeighbourGrid grid = new NeighbourGrid(dimension, periodic, size, n);
        grid.build(p[0], p[1], p[2], n, cellSize);
        double[][] q = new double[6][n];       // in the grid's slot order, as the engine keeps them
        for (int s = 0; s < n; s++) for (int c = 0; c < 6; c++) q[c][s] = p[c][grid.order()[s]];
        double[] ux = new double[n], uy = new double[n], uz = new double[n], heading = new double[n];
        for (int s = 0; s < n; s++) {
            double length = Math.sqrt(q[3][s] * q[3][s] + q[4][s] * q[4][s] + q[5][s] * q[5][s]);
            ux[s] = q[3][s] / length; uy[s] = q[4][s] / length; uz[s] = q[5][s] / length;
            heading[s] = Math.atan2(q[4][s], q[3][s]);
        }
        int reach = dimension == 3 ? 1 : 2;
        NeighbourPass pass = new NeighbourPass(grid, reach, periodic, size, dimension == 3, false, false, false, false,
                true, true, true, k, false, 0.01, 0, 0, -2, null, null, false, n);
        pass.ensureRuns(grid.maxRuns(reach), n);
        HeapOrder heap = new HeapOrder(k);
        double period = periodic ? size : 0;
        long differing = 0;
        for (int s = 0; s < n; s++) {
            pass.gather(s, n, q[0], q[1], q[2], q[3], q[4], q[5], ux, uy, uz, heading, false, false, 0);
            int found = heap.search(grid, q[0], q[1], q[2], s, period);
            int[] slots = Arrays.copyOf(heap.slots, found);
            // the terms in the heap's order, and their magnitudes
            double[] sums = new double[10], magnitudes = new double[10];
            for (int j : slots) {
                double[] terms = {q[3][j], q[4][j], q[5][j], delta(q[0][j] - q[0][s], period), delta(q[1][j] - q[1][s], period),
                        delta(q[2][j] - q[2][s], period), ux[j], uy[j], uz[j], heading[j]};
                for (int t = 0; t < 10; t++) { sums[t] += terms[t]; magnitudes[t] += Math.abs(terms[t]); }
            }
            double[] got = {pass.nbVx, pass.nbVy, pass.nbVz, pass.nbOx, pass.nbOy, pass.nbOz, pass.nbUx, pass.nbUy, pass.nbUz,
                    pass.nbHeading};
            String where = what + " slot " + s;
            assertEquals(found, pass.nbCount, where);
            for (int t = 0; t < 10; t++) {
                assertEquals(sums[t], got[t], 1e-12 * magnitudes[t], where + " sum " + t);
                if (sums[t] != got[t]) differing++;
            }
        }
        // and the same neighbours: the sums of their slots
        for (int s = 0; s < n; s += 7) {
            int found = heap.search(grid, q[0], q[1], q[2], s, period);
            int[] heapSlots = Arrays.copyOf(heap.slots, found);
            io.flocktune.sim.space.NearestSearch nearest = new io.flocktune.sim.space.NearestSearch(k);
            int[] nearestSlots = Arrays.copyOf(nearest.slots(), nearest.search(grid, q[0], q[1], q[2], s, q[0][s], q[1][s],
                    q[2][s], period, 0));
            Arrays.sort(heapSlots);
            Arrays.sort(nearestSlots);
            assertArrayEquals(heapSlots, nearestSlots, what + " slot " + s);
        }
        return differing;
    }

    private static double delta(double d, double period) {
        return period > 0 ? Periodic.minimumImage(d, period) : d;
    }

    /**
     * The k nearest as the search found them before: a max-heap on (distance², slot), filled by a
     * scan of the block of the smallest sufficient reach in the order of its runs; the heap's
     * array order is the order the sums were added in.
     */
    private static final class HeapOrder {
        final int count;
        final int[] slots;
        final double[] distances2;
        int[] runs = new int[36];

        HeapOrder(int count) {
            this.count = count;
            slots = new int[count];
            distances2 = new double[count];
        }

        int search(NeighbourGrid grid, double[] x, double[] y, double[] z, int self, double period) {
            for (int reach = 1; ; reach++) {
                int found = scan(grid, x, y, z, self, period, reach);
                double covered = reach * grid.cellWidth();
                if (grid.coversAll(reach) || found == count && distances2[0] < covered * covered) return found;
            }
        }

        private int scan(NeighbourGrid grid, double[] x, double[] y, double[] z, int self, double period, int reach) {
            if (runs.length < 2 * grid.maxRuns(reach)) runs = new int[2 * grid.maxRuns(reach)];
            int found = 0;
            int runCount = grid.ranges(x[self], y[self], z[self], reach, runs);
            for (int r = 0; r < runCount; r++) {
                for (int k = runs[2 * r]; k < runs[2 * r + 1]; k++) {
                    if (k == self) continue;
                    double dx = delta(x[k] - x[self], period), dy = delta(y[k] - y[self], period), dz = delta(z[k] - z[self], period);
                    double d2 = dx * dx + dy * dy + dz * dz;
                    if (found < count) siftUp(found++, k, d2);
                    else if (farther(distances2[0], slots[0], d2, k)) siftDown(k, d2, found);
                }
            }
            return found;
        }

        private void siftUp(int at, int slot, double d2) {
            while (at > 0) {
                int parent = (at - 1) >> 1;
                if (!farther(d2, slot, distances2[parent], slots[parent])) break;
                distances2[at] = distances2[parent];
                slots[at] = slots[parent];
                at = parent;
            }
            distances2[at] = d2;
            slots[at] = slot;
        }

        private void siftDown(int slot, double d2, int size) {
            int at = 0;
            while (true) {
                int child = 2 * at + 1;
                if (child >= size) break;
                if (child + 1 < size && farther(distances2[child + 1], slots[child + 1], distances2[child], slots[child])) child++;
                if (!farther(distances2[child], slots[child], d2, slot)) break;
                distances2[at] = distances2[child];
                slots[at] = slots[child];
                at = child;
            }
            distances2[at] = d2;
            slots[at] = slot;
        }

        private static boolean farther(double d2, int slot, double otherD2, int otherSlot) {
            return d2 > otherD2 || (d2 == otherD2 && slot > otherSlot);
        }
    }
}
