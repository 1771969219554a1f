package io.flocktune.sim.peer;

import io.flocktune.sim.BoidRandom;
import io.flocktune.sim.Flock;
import io.flocktune.sim.space.Periodic;

import java.util.SplittableRandom;

/**
 * The kernel of {@link NetLogoFlocking} (formulas and source choices there). State per slot:
 * the heading in degrees [0, 360) and its {@code sin}/{@code cos}; the flock's positions.
 *
 * <p>Flockmates: positions do not change while the turtles turn, so a uniform cell list over the
 * torus is built once per tick (cells of side &ge; vision, at least 3 per side, else every pair
 * is scanned) and each turtle looks at its 3 × 3 cells, keeping those at minimum-image distance
 * &le; vision. {@link #step} allocates nothing.
 *
 * <p>Random draws: the tick's order ({@link NetLogoFlocking.Order#RANDOM_SEQUENTIAL}) is a
 * Fisher–Yates shuffle of the boids in id order with the uniforms of stream {@code (step, −1)};
 * nothing else is random after the initial state.
 */
public final class NetLogoFlockingKernel implements PeerKernel {
    /** The stream id of the per-tick shuffle. */
    public static final int SHUFFLE_ID = -1;
    private static final int SUB_STEPS = 5;
    private static final double SUB_STEP = 0.2;

    private final NetLogoFlocking model;
    private final double size, half, vision;
    private final boolean randomOrder;
    private final double[] heading, sinH, cosH;
    private final int[] byId;        // slots in ascending id order
    private final int[] order;       // this tick's turning order (slots)
    // cell list
    private final int cellsPerSide;
    private final double cellSize;
    private final int[] cellStart, cellOf, items;

    NetLogoFlockingKernel(NetLogoFlocking model, double size, int capacity) {
        this.model = model;
        this.size = size;
        this.half = 0.5 * size;
        this.vision = model.vision();
        this.randomOrder = model.update() == NetLogoFlocking.Order.RANDOM_SEQUENTIAL;
        heading = new double[capacity];
        sinH = new double[capacity];
        cosH = new double[capacity];
        byId = new int[capacity];
        order = new int[capacity];
        // about 4 cells per boid at most, so a tiny vision does not allocate a huge grid
        int maxSide = 3 + 2 * (int) Math.ceil(Math.sqrt(capacity));
        int side = model.vision() > 0 ? (int) Math.min(maxSide, Math.floor(size / model.vision())) : maxSide;
        cellsPerSide = side >= 3 ? side : 1;      // fewer than 3: a 3 × 3 block would visit a cell twice
        cellSize = size / cellsPerSide;
        cellStart = new int[cellsPerSide * cellsPerSide + 1];
        cellOf = new int[capacity];
        items = new int[capacity];
    }

    @Override
    public void randomize(Flock flock, SplittableRandom random) {
        int n = flock.count();
        double[] x = flock.x(), y = flock.y();
        for (int i = 0; i < n; i++) {
            setHeading(i, random.nextInt(360));
            x[i] = Periodic.wrap(size * (random.nextDouble() - 0.5), size);
            y[i] = Periodic.wrap(size * (random.nextDouble() - 0.5), size);
        }
        indexIds(flock);
        writeVelocities(flock);
    }

    @Override
    public void adopt(Flock flock, SplittableRandom random) {
        int n = flock.count();
        double[] vx = flock.vx(), vy = flock.vy();
        for (int i = 0; i < n; i++) {
            if (vx[i] == 0 && vy[i] == 0) {
                throw new IllegalArgumentException("boid " + flock.id()[i] + " has velocity 0: netLogoFlocking takes "
                        + "each turtle's heading from its velocity's direction");
            }
            setHeading(i, normalize(Math.toDegrees(Math.atan2(vx[i], vy[i]))));
        }
        indexIds(flock);
        writeVelocities(flock);
    }

    /** @return the heading of the boid in {@code slot}, compass degrees in [0, 360) (a view for tests and metrics) */
    public double heading(int slot) {
        return heading[slot];
    }

    private void indexIds(Flock flock) {
        int n = flock.count();
        int[] id = flock.id();
        Integer[] slots = new Integer[n];
        for (int s = 0; s < n; s++) slots[s] = s;
        java.util.Arrays.sort(slots, java.util.Comparator.comparingInt(s -> id[s]));
        for (int s = 0; s < n; s++) byId[s] = slots[s];
    }

    @Override
    public void step(Flock flock, long step, BoidRandom random) {
        int n = flock.count();
        double[] x = flock.x(), y = flock.y();
        System.arraycopy(byId, 0, order, 0, n);
        if (randomOrder) {
            random.start(step, SHUFFLE_ID);
            for (int k = n - 1; k > 0; k--) {
                int j = (int) (random.nextDouble() * (k + 1));
                int t = order[k]; order[k] = order[j]; order[j] = t;
            }
        }
        buildCells(x, y, n);
        for (int k = 0; k < n; k++) flock(order[k], x, y, flock.id(), n);
        for (int sub = 0; sub < SUB_STEPS; sub++) {
            for (int i = 0; i < n; i++) {
                x[i] = Periodic.wrap(x[i] + SUB_STEP * sinH[i], size);
                y[i] = Periodic.wrap(y[i] + SUB_STEP * cosH[i], size);
            }
        }
        writeVelocities(flock);
    }

    // one turtle's flockmates, summed by consider(): the count, the nearest, the sums for align and cohere
    private int count, nearest;
    private double nearest2, alignX, alignY, cohereX, cohereY;

    /** One turtle's {@code flock} procedure. */
    private void flock(int i, double[] x, double[] y, int[] id, int n) {
        count = 0;
        nearest = -1;
        nearest2 = Double.POSITIVE_INFINITY;
        alignX = 0; alignY = 0; cohereX = 0; cohereY = 0;
        if (cellsPerSide == 1) {
            for (int j = 0; j < n; j++) consider(i, j, x, y, id);
        } else {
            int cx = cellOf[i] % cellsPerSide, cy = cellOf[i] / cellsPerSide;
            for (int oy = -1; oy <= 1; oy++) {
                int row = Math.floorMod(cy + oy, cellsPerSide) * cellsPerSide;
                for (int ox = -1; ox <= 1; ox++) {
                    int cell = row + Math.floorMod(cx + ox, cellsPerSide);
                    for (int m = cellStart[cell], end = cellStart[cell + 1]; m < end; m++) consider(i, items[m], x, y, id);
                }
            }
        }
        if (count == 0) return;
        if (Math.sqrt(nearest2) < model.minimumSeparation()) {
            turnAtMost(i, subtractHeadings(heading[i], heading[nearest]), model.maxSeparateTurn());
            return;
        }
        if (alignX != 0 || alignY != 0) {
            turnAtMost(i, subtractHeadings(atan(alignX, alignY), heading[i]), model.maxAlignTurn());
        }
        if (cohereX != 0 || cohereY != 0) {
            turnAtMost(i, subtractHeadings(atan(cohereX, cohereY), heading[i]), model.maxCohereTurn());
        }
    }

    /** Adds turtle j to turtle i's flockmates if it is another turtle within {@code vision} (inclusive, toroidal). */
    private void consider(int i, int j, double[] x, double[] y, int[] id) {
        if (j == i) return;
        double dx = Periodic.minimumImage(x[j] - x[i], size), dy = Periodic.minimumImage(y[j] - y[i], size);
        double d2 = dx * dx + dy * dy;
        if (!(Math.sqrt(d2) <= vision)) return;
        count++;
        if (d2 < nearest2 || (d2 == nearest2 && id[j] < id[nearest])) { nearest2 = d2; nearest = j; }
        alignX += sinH[j]; alignY += cosH[j];
        if (d2 > 0) { double d = Math.sqrt(d2); cohereX += dx / d; cohereY += dy / d; }
    }

    private void turnAtMost(int i, double turn, double max) {
        if (Math.abs(turn) > max) setHeading(i, normalize(heading[i] + (turn > 0 ? max : -max)));
        else setHeading(i, normalize(heading[i] + turn));
    }

    private void setHeading(int i, double h) {
        heading[i] = h;
        double radians = Math.toRadians(h);
        sinH[i] = Math.sin(radians);
        cosH[i] = Math.cos(radians);
    }

    /** NetLogo's {@code atan x y}: compass degrees in [0, 360); not both zero. */
    static double atan(double x, double y) {
        return normalize(Math.toDegrees(Math.atan2(x, y)));
    }

    /** @return {@code h} in [0, 360) */
    static double normalize(double h) {
        if (h >= 0 && h < 360) return h;
        double r = h % 360;
        if (r < 0) r += 360;
        return r >= 360 ? 0 : r;        // a tiny negative h rounds to 360
    }

    /** NetLogo's {@code subtract-headings a b}: a − b mapped into (−180, 180]. */
    static double subtractHeadings(double a, double b) {
        double d = normalize(a) - normalize(b);
        if (d > -180 && d <= 180) return d;
        return d > 0 ? d - 360 : d + 360;
    }

    private void buildCells(double[] x, double[] y, int n) {
        if (cellsPerSide == 1) return;
        java.util.Arrays.fill(cellStart, 0);
        for (int i = 0; i < n; i++) {
            int cx = Math.min(cellsPerSide - 1, (int) ((x[i] + half) / cellSize));
            int cy = Math.min(cellsPerSide - 1, (int) ((y[i] + half) / cellSize));
            int cell = cy * cellsPerSide + cx;
            cellOf[i] = cell;
            cellStart[cell + 1]++;
        }
        for (int c = 0; c < cellsPerSide * cellsPerSide; c++) cellStart[c + 1] += cellStart[c];
        // fill: cellStart[c] advances while filling, then shifts back
        for (int i = 0; i < n; i++) items[cellStart[cellOf[i]]++] = i;
        for (int c = cellsPerSide * cellsPerSide; c > 0; c--) cellStart[c] = cellStart[c - 1];
        cellStart[0] = 0;
    }

    private void writeVelocities(Flock flock) {
        int n = flock.count();
        double[] vx = flock.vx(), vy = flock.vy();
        for (int i = 0; i < n; i++) {
            vx[i] = NetLogoFlocking.SPEED * sinH[i];
            vy[i] = NetLogoFlocking.SPEED * cosH[i];
        }
    }
}
