package io.flocktune.sim.space;

/**
 * The k nearest other points of a point, exactly, over a {@link NeighbourGrid}: searches blocks
 * of cells of growing reach until the block provably holds the k nearest (the k-th distance is
 * within the block's guaranteed radius). Ties are broken by slot order. Keeps a max-heap on
 * (distance², slot) in primitive arrays; no allocation after the first queries.
 */
public final class NearestSearch {
    private final int count;
    private final int[] slots;
    private final double[] distances2;
    private int[] runs = new int[36];

    /** @param count k, &ge; 1 */
    public NearestSearch(int count) {
        if (count < 1) throw new IllegalArgumentException("count = " + count + ": must be >= 1");
        this.count = count;
        slots = new int[count];
        distances2 = new double[count];
    }

    /**
     * Finds the k nearest points other than slot {@code self} of the grid's last build.
     *
     * @param x        x by slot (the grid's order); {@code y}, {@code z} likewise
     * @param period   side of the periodic box for minimum images, or 0 in an open world
     * @param slack    how far points may have moved since the build (world units, &ge; 0)
     * @return how many were found: k, or fewer when there are fewer other points; their slots are
     *         the first entries of {@link #slots()}, in no particular order
     */
    public int search(NeighbourGrid grid, double[] x, double[] y, double[] z, int self,
                      double xi, double yi, double zi, double period, double slack) {
        for (int reach = 1; ; reach++) {
            int needed = 2 * grid.maxRuns(reach);
            if (runs.length < needed) runs = new int[Math.max(needed, 2 * runs.length)];
            int found = 0;
            int runCount = grid.ranges(xi, yi, zi, reach, runs);
            for (int r = 0; r < runCount; r++) {
                int end = runs[2 * r + 1];
                for (int k = runs[2 * r]; k < end; k++) {
                    if (k == self) continue;
                    double dx = x[k] - xi, dy = y[k] - yi, dz = z[k] - zi;
                    if (period > 0) {
                        dx = Periodic.minimumImage(dx, period);
                        dy = Periodic.minimumImage(dy, period);
                        dz = Periodic.minimumImage(dz, period);
                    }
                    double d2 = dx * dx + dy * dy + dz * dz;
                    if (found < count) {
                        found++;
                        siftUp(found - 1, k, d2);
                    } else if (farther(distances2[0], slots[0], d2, k)) {
                        siftDown(k, d2, found);
                    }
                }
            }
            double covered = reach * grid.cellWidth() - slack;
            if (grid.coversAll(reach) || (found == count && covered > 0 && distances2[0] <= covered * covered)) {
                return found;
            }
        }
    }

    /** @return the slots found by the last {@link #search} (a view; valid up to its result). */
    public int[] slots() {
        return slots;
    }

    /** Inserts (slot, d2) at heap position {@code at} and restores the max-heap. */
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

    /** Replaces the heap's root (the farthest) by (slot, d2) and restores the max-heap. */
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
