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
    private int found;                 // the last scan's number of points in the heap
    private int lastReach = 1;         // the reach the last query needed

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
        // The answer is the scan of the smallest reach whose block provably holds the k nearest
        // (each reach is scanned afresh, so the heap, and the order of its slots, is that scan's
        // alone). Whether a reach suffices is monotone in the reach, so the search starts at the
        // reach the previous query needed (neighbouring cells need about the same), grows by one
        // while it does not suffice, and when the first scan already suffices, derives the smallest
        // sufficient reach from the k-th distance found and scans that one: the same scan, and the
        // same slots in the same order, as growing from reach 1.
        int reach = Math.max(1, lastReach);
        boolean grew = false;
        while (!scan(grid, x, y, z, self, xi, yi, zi, period, slack, reach)) {
            reach++;
            grew = true;
        }
        if (!grew && reach > 1) {
            int first = firstSufficient(grid, slack, reach);
            if (first < reach) {
                reach = first;
                while (!scan(grid, x, y, z, self, xi, yi, zi, period, slack, reach)) reach++;   // a safeguard: first suffices
            }
        }
        lastReach = reach;
        return found;
    }

    /**
     * Fills the heap with the k nearest in the block of this reach.
     *
     * @return whether the block provably holds the k nearest of all points
     */
    private boolean scan(NeighbourGrid grid, double[] x, double[] y, double[] z, int self,
                         double xi, double yi, double zi, double period, double slack, int reach) {
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
        this.found = found;
        return sufficient(grid, slack, reach, found, found == 0 ? 0 : distances2[0]);
    }

    /** Whether the block of this reach holds the k nearest, given the k-th distance² found in it. */
    private boolean sufficient(NeighbourGrid grid, double slack, int reach, int found, double kthDistance2) {
        double covered = reach * grid.cellWidth() - slack;
        return grid.coversAll(reach) || (found == count && covered > 0 && kthDistance2 <= covered * covered);
    }

    /**
     * The smallest reach that suffices, after a scan of {@code reach} sufficed: a smaller block
     * holds a subset, whose k-th distance is no smaller than the one found, so a smaller reach
     * suffices exactly when the k nearest found lie within its guaranteed radius.
     */
    private int firstSufficient(NeighbourGrid grid, double slack, int reach) {
        double kth = found == 0 ? 0 : distances2[0];
        for (int r = 1; r < reach; r++) if (sufficient(grid, slack, r, found, kth)) return r;
        return reach;
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
