package io.flocktune.sim.space;

/**
 * The k nearest other points of a point, exactly, over a {@link NeighbourGrid}: scans a block of
 * cells, then shells of cells around it, until the block scanned provably holds the k nearest
 * (the k-th distance is within the block's guaranteed radius). Ties are broken by slot order.
 * Keeps the nearest found so far in a list sorted by (distance², slot), in primitive arrays; no
 * allocation after the first queries. The result is a function of the points alone: which cells
 * were scanned, and in which order, changes nothing.
 */
public final class NearestSearch {
    private final int count;
    private final int[] slots;         // the nearest found, nearest first: (distances2[m], slots[m]) ascending
    private final double[] distances2;
    private int[] runs = new int[36];
    private int found;                 // entries of the list
    private int lastReach = 1;         // the smallest reach that sufficed for the last query

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
     *         the first entries of {@link #slots()}, nearest first (ties by slot)
     */
    public int search(NeighbourGrid grid, double[] x, double[] y, double[] z, int self,
                      double xi, double yi, double zi, double period, double slack) {
        // Neighbouring points need about the same reach: start with the block the last query
        // needed, then add one shell of cells at a time while the block does not suffice.
        found = 0;
        int reach = Math.max(1, lastReach);
        scan(grid, x, y, z, self, xi, yi, zi, period, reach, -1);
        while (!sufficient(grid, slack, reach)) {
            scan(grid, x, y, z, self, xi, yi, zi, period, reach + 1, reach);
            reach++;
        }
        // the smallest reach that suffices: a smaller block holds a subset of this one, whose k-th
        // distance is no smaller, so it suffices exactly when the k nearest lie within its radius
        int smallest = 1;
        while (smallest < reach && !sufficient(grid, slack, smallest)) smallest++;
        lastReach = smallest;
        return found;
    }

    /** Adds the points of the cells in the block of {@code reach} but not in that of {@code inner} to the list. */
    private void scan(NeighbourGrid grid, double[] x, double[] y, double[] z, int self,
                      double xi, double yi, double zi, double period, int reach, int inner) {
        int needed = 2 * grid.maxRuns(reach);
        if (runs.length < needed) runs = new int[Math.max(needed, 2 * runs.length)];
        final int[] runs = this.runs, slots = this.slots;
        final double[] distances2 = this.distances2;
        final int count = this.count;
        int found = this.found;
        // a candidate enters the list when it is closer than (worst, worstSlot), the list's last entry while it is full
        double worst = found == count ? distances2[count - 1] : Double.POSITIVE_INFINITY;
        int worstSlot = found == count ? slots[count - 1] : Integer.MAX_VALUE;
        int runCount = grid.shellRanges(xi, yi, zi, reach, inner, runs);
        for (int r = 0; r < runCount; r++) {
            int end = runs[2 * r + 1];
            for (int k = runs[2 * r]; k < end; k++) {
                double dx = x[k] - xi, dy = y[k] - yi, dz = z[k] - zi;
                if (period > 0) {
                    dx = Periodic.minimumImage(dx, period);
                    dy = Periodic.minimumImage(dy, period);
                    dz = Periodic.minimumImage(dz, period);
                }
                double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 > worst || d2 == worst && k > worstSlot || k == self) continue;
                // insertion into the sorted list, dropping its last entry when it is full
                int at = found < count ? found++ : count - 1;
                while (at > 0 && (d2 < distances2[at - 1] || d2 == distances2[at - 1] && k < slots[at - 1])) {
                    distances2[at] = distances2[at - 1];
                    slots[at] = slots[at - 1];
                    at--;
                }
                distances2[at] = d2;
                slots[at] = k;
                if (found == count) {
                    worst = distances2[count - 1];
                    worstSlot = slots[count - 1];
                }
            }
        }
        this.found = found;
    }

    /**
     * Whether the block of this reach holds the k nearest, given the list of the k nearest in a
     * block at least as large: a point outside the block is at least its guaranteed radius
     * (reach · cell width − slack) away, so the block suffices when the k-th distance is
     * shorter (or the block is every cell).
     */
    private boolean sufficient(NeighbourGrid grid, double slack, int reach) {
        double covered = reach * grid.cellWidth() - slack;
        return grid.coversAll(reach)
                || found == count && covered > 0 && distances2[count - 1] < covered * covered;
    }

    /** @return the slots found by the last {@link #search} (a view; valid up to its result), nearest first. */
    public int[] slots() {
        return slots;
    }
}
