package io.flocktune.sim.peer;

import io.flocktune.sim.BoidRandom;
import io.flocktune.sim.Flock;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One run of {@link MasonFlockers}: MASON's {@code Flocker.step()} for each live flocker in turn,
 * in place (asynchronous). The kernel keeps positions in MASON's frame [0, W) with MASON's
 * {@code stx} wrapping and {@code tdx} minimum image, and writes the flock's positions (shifted
 * by −W/2 into our box [−W/2, W/2)) and velocities ({@code lastd}) after every step.
 *
 * <p>Neighbours come from a cell list of side ≥ {@code neighborhood} (and at most ⌈√capacity⌉
 * cells per side, whatever the world's size) kept up to date as each
 * flocker moves (so a flocker sees the earlier movers where they now are); the candidates of the
 * 3 × 3 surrounding cells (every flocker when fewer than 3 cells fit across) are filtered by the
 * inclusive toroidal distance test and summed in slot order (id order for a new flock), so sums
 * do not depend on the cell list. A step allocates nothing.
 *
 * <p>Random draws: the order shuffle from the stream (step, id −1); flocker {@code id}'s two
 * randomness uniforms from the stream (step, id).
 */
public final class MasonFlockersKernel implements PeerKernel {
    /** The {@link BoidRandom} id of the per-step order shuffle. */
    public static final int SHUFFLE_STREAM = -1;

    private final MasonFlockers model;
    private final double width;
    private final double half;
    private final double radiusSquared;
    private final int cells;                 // per side
    private final double cellSize;
    private int n;
    private final double[] x, y, lastdx, lastdy;
    private final boolean[] dead;
    private final int[] order;               // slots in stepping order
    private final int[] cellOf, next, previous, head;
    private final int[] found;               // neighbour slots of the flocker being stepped

    MasonFlockersKernel(MasonFlockers model, double width, int capacity) {
        this.model = model;
        this.width = width;
        this.half = 0.5 * width;
        this.radiusSquared = model.neighborhood() * model.neighborhood();
        // cells a little wider than the radius, so rounding at a cell edge never hides a neighbour;
        // at most ⌈√capacity⌉ (≥ 3) per side, about one flocker per cell, so a huge world needs no huge table
        int byRadius = (int) Math.floor(width / model.neighborhood() * (1 - 1e-9));
        int byCount = Math.max(3, (int) Math.ceil(Math.sqrt(capacity)));
        this.cells = Math.max(1, Math.min(byRadius, byCount));
        this.cellSize = width / cells;
        x = new double[capacity]; y = new double[capacity];
        lastdx = new double[capacity]; lastdy = new double[capacity];
        dead = new boolean[capacity];
        order = new int[capacity];
        cellOf = new int[capacity]; next = new int[capacity]; previous = new int[capacity];
        head = new int[cells * cells];
        found = new int[capacity];
    }

    @Override
    public void randomize(Flock flock, SplittableRandom random) {
        n = flock.count();
        double p = model.deadFlockerProbability();
        for (int s = 0; s < n; s++) {
            x[s] = random.nextDouble() * width;
            y[s] = random.nextDouble() * width;
            dead[s] = random.nextDouble() < p;
            lastdx[s] = 0;
            lastdy[s] = 0;
        }
        start(flock);
    }

    /**
     * Takes the flock's positions (+W/2 into MASON's frame) and, for live flockers, its
     * velocities as {@code lastd}; draws the dead flags (one uniform per slot, dead when &lt;
     * {@code deadFlockerProbability}), which a state cannot hold. Dead flockers get velocity 0.
     */
    @Override
    public void adopt(Flock flock, SplittableRandom random) {
        n = flock.count();
        double p = model.deadFlockerProbability();
        for (int s = 0; s < n; s++) {
            x[s] = wrap(flock.x()[s] + half);
            y[s] = wrap(flock.y()[s] + half);
            dead[s] = random.nextDouble() < p;
            lastdx[s] = dead[s] ? 0 : flock.vx()[s];
            lastdy[s] = dead[s] ? 0 : flock.vy()[s];
        }
        start(flock);
    }

    private void start(Flock flock) {
        int[] id = flock.id();
        Integer[] slots = new Integer[n];
        for (int s = 0; s < n; s++) slots[s] = s;
        Arrays.sort(slots, (a, b) -> Integer.compare(id[a], id[b]));
        for (int k = 0; k < n; k++) order[k] = slots[k];
        Arrays.fill(head, -1);
        for (int s = 0; s < n; s++) link(s, cellIndex(x[s], y[s]));
        write(flock);
    }

    @Override
    public void step(Flock flock, long step, BoidRandom random) {
        if (!model.idOrder()) {
            random.start(step, SHUFFLE_STREAM);
            for (int i = n - 1; i > 0; i--) {
                int j = (int) (random.nextDouble() * (i + 1));
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
        int[] id = flock.id();
        for (int k = 0; k < n; k++) {
            int s = order[k];
            if (!dead[s]) stepFlocker(s, step, id[s], random);
        }
        write(flock);
    }

    /** Flocker.step() for the live flocker in slot {@code s}. */
    private void stepFlocker(int s, long step, int id, BoidRandom random) {
        int count = neighbours(s);
        double ax = 0, ay = 0, cx = 0, cy = 0, sx = 0, sy = 0;
        int avoidCount = 0, liveCount = 0;
        double px = x[s], py = y[s];
        for (int k = 0; k < count; k++) {
            int o = found[k];
            double dx = minimumImage(px - x[o]);
            double dy = minimumImage(py - y[o]);
            if (o != s) {
                double lensquared = dx * dx + dy * dy;
                avoidCount++;
                ax += dx / (lensquared * lensquared + 1);
                ay += dy / (lensquared * lensquared + 1);
            }
            if (!dead[o]) {
                liveCount++;
                cx += dx;
                cy += dy;
                sx += lastdx[o];
                sy += lastdy[o];
            }
        }
        if (avoidCount > 0) { ax /= avoidCount; ay /= avoidCount; }
        if (liveCount > 0) { cx /= liveCount; cy /= liveCount; sx /= liveCount; sy /= liveCount; }
        double avoidX = 400 * ax, avoidY = 400 * ay;
        double coheX = -cx / 10, coheY = -cy / 10;
        random.start(step, id);
        double rx = random.nextDouble() * 2 - 1.0;
        double ry = random.nextDouble() * 2 - 1.0;
        double l = Math.sqrt(rx * rx + ry * ry);
        double randX = 0.05 * rx / l, randY = 0.05 * ry / l;
        MasonFlockers m = model;
        double dx = m.cohesion() * coheX + m.avoidance() * avoidX + m.consistency() * sx
                + m.randomness() * randX + m.momentum() * lastdx[s];
        double dy = m.cohesion() * coheY + m.avoidance() * avoidY + m.consistency() * sy
                + m.randomness() * randY + m.momentum() * lastdy[s];
        double dis = Math.sqrt(dx * dx + dy * dy);
        if (dis > 0) {
            dx = dx / dis * m.jump();
            dy = dy / dis * m.jump();
        }
        lastdx[s] = dx;
        lastdy[s] = dy;
        x[s] = wrap(px + dx);
        y[s] = wrap(py + dy);
        int cell = cellIndex(x[s], y[s]);
        if (cell != cellOf[s]) {
            unlink(s);
            link(s, cell);
        }
    }

    /** Collects into {@code found} the slots within the radius of slot s (itself included), ascending. */
    private int neighbours(int s) {
        int count = 0;
        double px = x[s], py = y[s];
        if (cells < 3) {
            for (int o = 0; o < n; o++) {
                if (within(px, py, o)) found[count++] = o;
            }
            return count;
        }
        int ci = cellOf[s] % cells, cj = cellOf[s] / cells;
        for (int dj = -1; dj <= 1; dj++) {
            int j = Math.floorMod(cj + dj, cells);
            for (int di = -1; di <= 1; di++) {
                int i = Math.floorMod(ci + di, cells);
                for (int o = head[j * cells + i]; o >= 0; o = next[o]) {
                    if (within(px, py, o)) found[count++] = o;
                }
            }
        }
        Arrays.sort(found, 0, count);
        return count;
    }

    private boolean within(double px, double py, int o) {
        double dx = minimumImage(px - x[o]);
        double dy = minimumImage(py - y[o]);
        return dx * dx + dy * dy <= radiusSquared;
    }

    /** MASON's {@code tdx} for two coordinates already in [0, W): d, or d ∓ W when |d| &gt; W/2. */
    private double minimumImage(double d) {
        if (Math.abs(d) <= width / 2) return d;
        if (d * 2 > width) return d - width;
        if (d * 2 < -width) return d + width;
        return d;
    }

    /** MASON's {@code stx}: x &lt; 0 → x + W; x &ge; W → x − W. */
    private double wrap(double v) {
        if (v >= 0) return v < width ? v : v - width;
        return v + width;
    }

    private int cellIndex(double px, double py) {
        int i = Math.min(cells - 1, (int) (px / cellSize));
        int j = Math.min(cells - 1, (int) (py / cellSize));
        return j * cells + i;
    }

    private void link(int s, int cell) {
        cellOf[s] = cell;
        previous[s] = -1;
        next[s] = head[cell];
        if (head[cell] >= 0) previous[head[cell]] = s;
        head[cell] = s;
    }

    private void unlink(int s) {
        if (previous[s] >= 0) next[previous[s]] = next[s];
        else head[cellOf[s]] = next[s];
        if (next[s] >= 0) previous[next[s]] = previous[s];
    }

    private void write(Flock flock) {
        double[] fx = flock.x(), fy = flock.y(), fvx = flock.vx(), fvy = flock.vy();
        for (int s = 0; s < n; s++) {
            fx[s] = x[s] - half;
            fy[s] = y[s] - half;
            fvx[s] = lastdx[s];
            fvy[s] = lastdy[s];
        }
    }

    /** @return whether the flocker in flock slot {@code s} is dead (never moves) */
    public boolean dead(int s) {
        return dead[s];
    }

    /** @return the number of dead flockers */
    public int deadCount() {
        int c = 0;
        for (int s = 0; s < n; s++) if (dead[s]) c++;
        return c;
    }
}
