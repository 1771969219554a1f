package io.flocktune.sim;

import java.util.Arrays;

/**
 * The mutable state of a flock as struct-of-arrays: boid {@code i} (0 &le; i &lt; {@link #count()})
 * is at {@code (x[i], y[i], z[i])} with velocity {@code (vx[i], vy[i], vz[i])} and stable
 * identifier {@code id[i]}. Predators have their own arrays. 2D flocks keep every z and vz at 0.
 *
 * <p>The accessors return the live arrays, not copies: readers (metrics, writers) may look but
 * must not change them, and must fetch them again after every step (the simulation swaps
 * double buffers). Only the first {@link #count()} entries are valid. Slot order is not id
 * order: each step sorts the boids by grid cell (neighbours sit close in memory) and a capture
 * swaps the last boid into the freed slot; {@link #id()} names the boid in each slot.
 */
public final class Flock {
    private final int dimension;
    private int count;
    private double[] x, y, z, vx, vy, vz;
    private int[] id;
    // second buffers: targets of a synchronous step and of the per-step reordering
    private double[] nextX, nextY, nextZ, nextVx, nextVy, nextVz;
    private int[] nextId;
    private final int predatorCount;
    private final double[] px, py, pz, pvx, pvy, pvz;

    /**
     * An all-zero flock.
     *
     * @param dimension     2 or 3
     * @param count         number of boids, &ge; 1
     * @param predatorCount number of predators, &ge; 0
     */
    public Flock(int dimension, int count, int predatorCount) {
        Check.inRange("dimension", dimension, 2, 3);
        Check.inRange("count", count, 1, Integer.MAX_VALUE - 8);
        Check.inRange("predatorCount", predatorCount, 0, Integer.MAX_VALUE - 8);
        this.dimension = dimension;
        this.count = count;
        x = new double[count]; y = new double[count]; z = new double[count];
        vx = new double[count]; vy = new double[count]; vz = new double[count];
        id = new int[count];
        for (int i = 0; i < count; i++) id[i] = i;
        nextX = new double[count]; nextY = new double[count]; nextZ = new double[count];
        nextVx = new double[count]; nextVy = new double[count]; nextVz = new double[count];
        nextId = new int[count];
        this.predatorCount = predatorCount;
        px = new double[predatorCount]; py = new double[predatorCount]; pz = new double[predatorCount];
        pvx = new double[predatorCount]; pvy = new double[predatorCount]; pvz = new double[predatorCount];
    }

    /** A deep copy. */
    public Flock copy() {
        Flock c = new Flock(dimension, x.length, predatorCount);
        c.count = count;
        System.arraycopy(x, 0, c.x, 0, x.length); System.arraycopy(y, 0, c.y, 0, y.length);
        System.arraycopy(z, 0, c.z, 0, z.length); System.arraycopy(vx, 0, c.vx, 0, vx.length);
        System.arraycopy(vy, 0, c.vy, 0, vy.length); System.arraycopy(vz, 0, c.vz, 0, vz.length);
        System.arraycopy(id, 0, c.id, 0, id.length);
        System.arraycopy(px, 0, c.px, 0, px.length); System.arraycopy(py, 0, c.py, 0, py.length);
        System.arraycopy(pz, 0, c.pz, 0, pz.length); System.arraycopy(pvx, 0, c.pvx, 0, pvx.length);
        System.arraycopy(pvy, 0, c.pvy, 0, pvy.length); System.arraycopy(pvz, 0, c.pvz, 0, pvz.length);
        return c;
    }

    /**
     * @return a copy whose slots are in ascending id order (for writers and tests; the engine
     *         itself keeps cell order)
     */
    public Flock inIdOrder() {
        Flock c = copy();
        Integer[] slots = new Integer[count];
        for (int s = 0; s < count; s++) slots[s] = s;
        java.util.Arrays.sort(slots, java.util.Comparator.comparingInt(s -> id[s]));
        int[] order = new int[count];
        for (int s = 0; s < count; s++) order[s] = slots[s];
        c.reorder(order);
        return c;
    }

    /** @return 2 or 3. */
    public int dimension() { return dimension; }
    /** @return number of live boids (falls when captures remove boids). */
    public int count() { return count; }
    /** @return number of boids at the start (array capacity). */
    public int capacity() { return x.length; }
    /** @return number of predators. */
    public int predatorCount() { return predatorCount; }

    public double[] x() { return x; }
    public double[] y() { return y; }
    public double[] z() { return z; }
    public double[] vx() { return vx; }
    public double[] vy() { return vy; }
    public double[] vz() { return vz; }
    /** @return boid identifiers, 0 … capacity−1, stable across steps. */
    public int[] id() { return id; }
    public double[] px() { return px; }
    public double[] py() { return py; }
    public double[] pz() { return pz; }
    public double[] pvx() { return pvx; }
    public double[] pvy() { return pvy; }
    public double[] pvz() { return pvz; }

    /**
     * Reorders the boids: slot {@code s} receives the boid now in slot {@code order[s]}.
     *
     * @param order a permutation of 0 … count−1
     */
    void reorder(int[] order) {
        int n = count;
        gather(x, nextX, order, n); gather(y, nextY, order, n);
        gather(vx, nextVx, order, n); gather(vy, nextVy, order, n);
        if (dimension == 3) {
            gather(z, nextZ, order, n); gather(vz, nextVz, order, n);
        }
        for (int s = 0; s < n; s++) nextId[s] = id[order[s]];
        swapBuffers();
        int[] t = id; id = nextId; nextId = t;
    }

    private static void gather(double[] from, double[] to, int[] order, int n) {
        for (int s = 0; s < n; s++) to[s] = from[order[s]];
    }

    /** Makes the second buffers current (after a synchronous step wrote them). 2D keeps z at 0. */
    void swapBuffers() {
        double[] t;
        t = x; x = nextX; nextX = t;
        t = y; y = nextY; nextY = t;
        t = vx; vx = nextVx; nextVx = t;
        t = vy; vy = nextVy; nextVy = t;
        if (dimension == 3) {
            t = z; z = nextZ; nextZ = t;
            t = vz; vz = nextVz; nextVz = t;
        }
    }

    double[] nextX() { return nextX; }
    double[] nextY() { return nextY; }
    double[] nextZ() { return nextZ; }
    double[] nextVx() { return nextVx; }
    double[] nextVy() { return nextVy; }
    double[] nextVz() { return nextVz; }

    /** Removes boid slot {@code i} by moving the last live boid into it. */
    void remove(int i) {
        int last = --count;
        x[i] = x[last]; y[i] = y[last]; z[i] = z[last];
        vx[i] = vx[last]; vy[i] = vy[last]; vz[i] = vz[last];
        id[i] = id[last];
    }

    /** @return whether every coordinate and velocity of boids and predators is finite. */
    public boolean allFinite() {
        return finite(x, count) && finite(y, count) && finite(z, count) && finite(vx, count)
                && finite(vy, count) && finite(vz, count) && finite(px, predatorCount)
                && finite(py, predatorCount) && finite(pz, predatorCount) && finite(pvx, predatorCount)
                && finite(pvy, predatorCount) && finite(pvz, predatorCount);
    }

    private static boolean finite(double[] a, int n) {
        for (int i = 0; i < n; i++) if (!Double.isFinite(a[i])) return false;
        return true;
    }

    /** @return whether both flocks hold bit-identical state. */
    public boolean sameState(Flock o) {
        return dimension == o.dimension && count == o.count && predatorCount == o.predatorCount
                && Arrays.equals(x, 0, count, o.x, 0, count) && Arrays.equals(y, 0, count, o.y, 0, count)
                && Arrays.equals(z, 0, count, o.z, 0, count) && Arrays.equals(vx, 0, count, o.vx, 0, count)
                && Arrays.equals(vy, 0, count, o.vy, 0, count) && Arrays.equals(vz, 0, count, o.vz, 0, count)
                && Arrays.equals(id, 0, count, o.id, 0, count)
                && Arrays.equals(px, o.px) && Arrays.equals(py, o.py) && Arrays.equals(pz, o.pz)
                && Arrays.equals(pvx, o.pvx) && Arrays.equals(pvy, o.pvy) && Arrays.equals(pvz, o.pvz);
    }
}
