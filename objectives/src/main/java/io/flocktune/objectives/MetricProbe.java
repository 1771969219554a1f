package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;

import java.util.Arrays;

/**
 * Measures one snapshot of a flock: the state-only {@link Metric}s, computed on primitive arrays
 * with scratch space and a {@link NeighbourGrid} owned by the probe and reused, so a call
 * allocates nothing once the probe has seen the largest flock (arrays grow on demand). Not
 * thread-safe: give each thread its own probe.
 *
 * <p><b>Periodic worlds.</b> Every distance is minimum-image. The centroid is taken of the
 * positions unwrapped around a reference boid (the one in slot 0), then refined once by
 * unwrapping around that first estimate; for any flock spanning less than half the world in each
 * axis this is the ordinary centroid of the flock drawn in one piece, wherever the seam cuts it.
 *
 * <pre>{@code
 * MetricProbe probe = MetricProbe.of(preset);
 * double phi = probe.polarization(simulation.flock());
 * }</pre>
 */
public final class MetricProbe {
    private final int dimension;
    private final boolean periodic;
    private final double size;
    private NeighbourGrid grid;
    private int capacity;
    // positions in grid-slot order, filled by build()
    private double[] sx, sy, sz;
    // union-find over slots: parent, component size
    private int[] parent, componentSize;
    // nearest-neighbour search: squared distance so far per boid, boids still open
    private double[] nearest2;
    private int[] open;
    private final int[] runs = new int[36];
    // centroid of the last centroid() call
    private double cx, cy, cz;
    private int largestCluster;
    private double searchRadius;

    /**
     * A probe for flocks living in {@code world}.
     *
     * @param world    dimension, size and boundary (a {@link Boundary.Wrap} world is periodic)
     * @param capacity expected largest number of boids, &ge; 1 (more is fine; arrays then grow)
     */
    public MetricProbe(Preset.World world, int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity = " + capacity + ": must be >= 1");
        dimension = world.dimension();
        periodic = world.boundary() instanceof Boundary.Wrap;
        size = world.size();
        allocate(capacity);
    }

    /** @return a probe sized for the preset's world and boid count. */
    public static MetricProbe of(Preset preset) {
        return new MetricProbe(preset.world(), preset.boids().count());
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        grid = new NeighbourGrid(dimension, periodic, size, capacity);
        sx = new double[capacity]; sy = new double[capacity]; sz = new double[capacity];
        parent = new int[capacity]; componentSize = new int[capacity];
        nearest2 = new double[capacity]; open = new int[capacity];
    }

    private void fit(Flock flock) {
        if (flock.dimension() != dimension) {
            throw new IllegalArgumentException("flock is " + flock.dimension() + "D but the probe's world is " + dimension + "D");
        }
        if (flock.count() > capacity) allocate(Math.max(flock.count(), 2 * capacity));
    }

    private double delta(double d) {
        return periodic ? Periodic.minimumImage(d, size) : d;
    }

    /** Polarization {@code |Σ v̂_i| / N} in [0, 1]; see {@link Metric.Polarization}. */
    public double polarization(Flock flock) {
        int n = flock.count();
        double[] vx = flock.vx(), vy = flock.vy(), vz = flock.vz();
        double sumX = 0, sumY = 0, sumZ = 0;
        for (int i = 0; i < n; i++) {
            double speed = Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
            if (speed > 0) {
                sumX += vx[i] / speed; sumY += vy[i] / speed; sumZ += vz[i] / speed;
            }
        }
        return Math.sqrt(sumX * sumX + sumY * sumY + sumZ * sumZ) / n;
    }

    /** Milling {@code |Σ r̂_ic × v̂_i| / N} in [0, 1]; see {@link Metric.Milling}. */
    public double milling(Flock flock) {
        centroid(flock);
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double[] vx = flock.vx(), vy = flock.vy(), vz = flock.vz();
        double sumX = 0, sumY = 0, sumZ = 0;
        for (int i = 0; i < n; i++) {
            double rx = delta(x[i] - cx), ry = delta(y[i] - cy), rz = delta(z[i] - cz);
            double r = Math.sqrt(rx * rx + ry * ry + rz * rz);
            double speed = Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
            if (r > 0 && speed > 0) {
                double scale = 1 / (r * speed);
                sumX += (ry * vz[i] - rz * vy[i]) * scale;
                sumY += (rz * vx[i] - rx * vz[i]) * scale;
                sumZ += (rx * vy[i] - ry * vx[i]) * scale;
            }
        }
        return Math.sqrt(sumX * sumX + sumY * sumY + sumZ * sumZ) / n;
    }

    /** Radius of gyration {@code √((1/N) Σ |p_i − c|²)} in world units. */
    public double radiusOfGyration(Flock flock) {
        centroid(flock);
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double rx = delta(x[i] - cx), ry = delta(y[i] - cy), rz = delta(z[i] - cz);
            sum += rx * rx + ry * ry + rz * rz;
        }
        return Math.sqrt(sum / n);
    }

    /** Mean distance to the centroid {@code (1/N) Σ |p_i − c|} in world units. */
    public double meanDistanceToCentroid(Flock flock) {
        centroid(flock);
        return meanDistanceTo(flock, cx, cy, cz);
    }

    /**
     * Writes the periodic-aware centroid into {@link #cx}, {@link #cy}, {@link #cz}: positions
     * unwrapped around the boid in slot 0, averaged, then unwrapped once more around that mean.
     * In a periodic world the result is wrapped into the box.
     */
    private void centroid(Flock flock) {
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double refX = x[0], refY = y[0], refZ = z[0];
        int passes = periodic ? 2 : 1;
        for (int pass = 0; pass < passes; pass++) {
            double sumX = 0, sumY = 0, sumZ = 0;
            for (int i = 0; i < n; i++) {
                sumX += delta(x[i] - refX); sumY += delta(y[i] - refY); sumZ += delta(z[i] - refZ);
            }
            refX += sumX / n; refY += sumY / n; refZ += sumZ / n;
            if (periodic) {
                refX = Periodic.wrap(refX, size);
                refY = Periodic.wrap(refY, size);
                if (dimension == 3) refZ = Periodic.wrap(refZ, size);
            }
        }
        cx = refX; cy = refY; cz = refZ;
    }

    /** Mean speed {@code (1/N) Σ |v_i|}. */
    public double meanSpeed(Flock flock) {
        int n = flock.count();
        double[] vx = flock.vx(), vy = flock.vy(), vz = flock.vz();
        double sum = 0;
        for (int i = 0; i < n; i++) sum += Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
        return sum / n;
    }

    /** Population standard deviation of the speeds (two passes, so no cancellation). */
    public double speedSpread(Flock flock) {
        double mean = meanSpeed(flock);
        int n = flock.count();
        double[] vx = flock.vx(), vy = flock.vy(), vz = flock.vz();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double d = Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]) - mean;
            sum += d * d;
        }
        return Math.sqrt(sum / n);
    }

    /**
     * Sum over the axes of the sample standard deviation of the unit-heading components
     * ({@link Metric.HeadingSpread}); two passes, so no cancellation. 0 for fewer than 2 boids.
     */
    public double headingSpread(Flock flock) {
        int n = flock.count();
        if (n < 2) return 0;
        double[] vx = flock.vx(), vy = flock.vy(), vz = flock.vz();
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < n; i++) {
            double speed = Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
            if (speed > 0) { mx += vx[i] / speed; my += vy[i] / speed; mz += vz[i] / speed; }
        }
        mx /= n; my /= n; mz /= n;
        double sx = 0, sy = 0, sz = 0;
        for (int i = 0; i < n; i++) {
            double speed = Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
            double ux = speed > 0 ? vx[i] / speed : 0, uy = speed > 0 ? vy[i] / speed : 0, uz = speed > 0 ? vz[i] / speed : 0;
            sx += (ux - mx) * (ux - mx); sy += (uy - my) * (uy - my); sz += (uz - mz) * (uz - mz);
        }
        double spread = Math.sqrt(sx / (n - 1)) + Math.sqrt(sy / (n - 1));
        return dimension == 3 ? spread + Math.sqrt(sz / (n - 1)) : spread;
    }

    /**
     * Mean distance of the boids to the point {@code (gx, gy, gz)} (minimum-image in a periodic
     * world, where the point is first wrapped into the box).
     */
    public double meanDistanceTo(Flock flock, double gx, double gy, double gz) {
        if (periodic) {
            gx = Periodic.wrap(gx, size);
            gy = Periodic.wrap(gy, size);
            if (dimension == 3) gz = Periodic.wrap(gz, size);
        }
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double dx = delta(x[i] - gx), dy = delta(y[i] - gy), dz = delta(z[i] - gz);
            sum += Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        return sum / n;
    }

    /**
     * Mean over boids of the distance to the nearest predator, O(N · predators).
     *
     * @throws IllegalArgumentException if the flock has no predator
     */
    public double predatorDistance(Flock flock) {
        int predators = flock.predatorCount();
        if (predators == 0) throw new IllegalArgumentException("predatorDistance needs predators, but the flock has none");
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double[] px = flock.px(), py = flock.py(), pz = flock.pz();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int q = 0; q < predators; q++) {
                double dx = delta(x[i] - px[q]), dy = delta(y[i] - py[q]), dz = delta(z[i] - pz[q]);
                best = Math.min(best, dx * dx + dy * dy + dz * dz);
            }
            sum += Math.sqrt(best);
        }
        return sum / n;
    }

    /** Sorts the boids into the grid with cells at least {@code cell} wide and copies positions into slot order. */
    private void build(Flock flock, double cell) {
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        grid.build(x, y, z, n, cell);
        int[] order = grid.order();
        for (int s = 0; s < n; s++) {
            int i = order[s];
            sx[s] = x[i]; sy[s] = y[i]; sz[s] = z[i];
        }
    }

    private double distance2(int s, int t) {
        double dx = delta(sx[t] - sx[s]), dy = delta(sy[t] - sy[s]), dz = delta(sz[t] - sz[s]);
        return dx * dx + dy * dy + dz * dz;
    }

    /**
     * Number of pairs of boids closer than {@code distance} (each unordered pair once), via the
     * grid in O(N) for a bounded density.
     *
     * @param distance world units, &gt; 0
     */
    public long collisionPairs(Flock flock, double distance) {
        return pairs(flock, distance, false);
    }

    /**
     * Number of pairs of boids at most {@code distance} apart (inclusive {@code <=}; each
     * unordered pair once), via the grid in O(N) for a bounded density.
     *
     * @param distance world units, &gt; 0
     */
    public long pairsWithin(Flock flock, double distance) {
        return pairs(flock, distance, true);
    }

    private long pairs(Flock flock, double distance, boolean inclusive) {
        fit(flock);
        build(flock, distance);
        int n = flock.count();
        double limit2 = distance * distance;
        long pairs = 0;
        for (int s = 0; s < n; s++) {
            int runCount = grid.ranges(sx[s], sy[s], sz[s], runs);
            for (int r = 0; r < runCount; r++) {
                for (int t = Math.max(runs[2 * r], s + 1), end = runs[2 * r + 1]; t < end; t++) {
                    double d2 = distance2(s, t);
                    if (d2 < limit2 || inclusive && d2 == limit2) pairs++;
                }
            }
        }
        return pairs;
    }

    /**
     * Lists the pairs closer than {@code distance} as keys {@code lo·capacity + hi} of their boid
     * ids (lo &lt; hi), sorted ascending, into {@code contacts}.
     */
    void contacts(Flock flock, double distance, ContactSet contacts) {
        fit(flock);
        build(flock, distance);
        int n = flock.count();
        long idRange = flock.capacity();
        int[] id = flock.id(), order = grid.order();
        double limit2 = distance * distance;
        contacts.clear();
        for (int s = 0; s < n; s++) {
            int runCount = grid.ranges(sx[s], sy[s], sz[s], runs);
            for (int r = 0; r < runCount; r++) {
                for (int t = Math.max(runs[2 * r], s + 1), end = runs[2 * r + 1]; t < end; t++) {
                    if (distance2(s, t) < limit2) {
                        int a = id[order[s]], b = id[order[t]];
                        contacts.add(a < b ? a * idRange + b : b * idRange + a);
                    }
                }
            }
        }
        contacts.sort();
    }

    /**
     * Finds the clusters: connected components of the graph linking boids closer than
     * {@code link}, by union-find over the grid's pairs. The size of the largest is then
     * available from {@link #largestClusterSize()}.
     *
     * @param link linking distance in world units, &gt; 0
     * @return the number of clusters, in [1, N]
     */
    public int clusters(Flock flock, double link) {
        fit(flock);
        build(flock, link);
        int n = flock.count();
        double limit2 = link * link;
        for (int s = 0; s < n; s++) {
            parent[s] = s;
            componentSize[s] = 1;
        }
        int components = n;
        for (int s = 0; s < n; s++) {
            int runCount = grid.ranges(sx[s], sy[s], sz[s], runs);
            for (int r = 0; r < runCount; r++) {
                for (int t = Math.max(runs[2 * r], s + 1), end = runs[2 * r + 1]; t < end; t++) {
                    if (distance2(s, t) < limit2 && union(s, t)) components--;
                }
            }
        }
        int largest = 0;
        for (int s = 0; s < n; s++) {
            if (parent[s] == s) largest = Math.max(largest, componentSize[s]);
        }
        largestCluster = largest;
        return components;
    }

    /** @return the size of the largest cluster found by the last {@link #clusters} call. */
    public int largestClusterSize() {
        return largestCluster;
    }

    private int root(int s) {
        while (parent[s] != s) {
            parent[s] = parent[parent[s]];   // path halving
            s = parent[s];
        }
        return s;
    }

    /** @return whether {@code s} and {@code t} were in different components (now merged, by size). */
    private boolean union(int s, int t) {
        int a = root(s), b = root(t);
        if (a == b) return false;
        if (componentSize[a] < componentSize[b]) {
            int swap = a; a = b; b = swap;
        }
        parent[b] = a;
        componentSize[a] += componentSize[b];
        return true;
    }

    /**
     * Mean distance to the nearest other boid (0 for a lone boid). Exact: a grid search at a
     * radius r settles every boid whose nearest neighbour lies within r; the others are searched
     * again with r doubled, until the search covers the whole flock. The first radius is twice
     * the previous call's answer (or the mean spacing of the flock's box), which only affects
     * speed.
     */
    public double nearestNeighbourDistance(Flock flock) {
        fit(flock);
        int n = flock.count();
        if (n == 1) return 0;
        double radius = searchRadius > 0 ? searchRadius : spacing(flock);
        int openCount = n;
        for (int i = 0; i < n; i++) {
            open[i] = i;
            nearest2[i] = Double.POSITIVE_INFINITY;
        }
        while (openCount > 0) {
            build(flock, radius);
            int[] slotOf = grid.slotOf();
            double radius2 = radius * radius;
            int stillOpen = 0;
            for (int k = 0; k < openCount; k++) {
                int i = open[k];
                int s = slotOf[i];
                int runCount = grid.ranges(sx[s], sy[s], sz[s], runs);
                double best = nearest2[i];
                int seen = 0;
                for (int r = 0; r < runCount; r++) {
                    int end = runs[2 * r + 1];
                    seen += end - runs[2 * r];
                    for (int t = runs[2 * r]; t < end; t++) {
                        if (t != s) best = Math.min(best, distance2(s, t));
                    }
                }
                nearest2[i] = best;
                if (best > radius2 && seen < n) open[stillOpen++] = i;
            }
            openCount = stillOpen;
            radius *= 2;
        }
        double sum = 0;
        for (int i = 0; i < n; i++) sum += Math.sqrt(nearest2[i]);
        double mean = sum / n;
        if (mean > 0) searchRadius = 2 * mean;
        return mean;
    }

    /** @return the side of a cube holding one boid if the flock filled its box (or the world) evenly. */
    private double spacing(Flock flock) {
        int n = flock.count();
        double extent;
        if (periodic) {
            extent = size;
        } else {
            extent = 0;
            extent = Math.max(extent, span(flock.x(), n));
            extent = Math.max(extent, span(flock.y(), n));
            extent = Math.max(extent, span(flock.z(), n));
        }
        double spacing = extent / Math.pow(n, 1.0 / dimension);
        return spacing > 0 ? spacing : 1;
    }

    private static double span(double[] a, int n) {
        double lo = a[0], hi = a[0];
        for (int i = 1; i < n; i++) {
            lo = Math.min(lo, a[i]);
            hi = Math.max(hi, a[i]);
        }
        return hi - lo;
    }

    /** Pair keys of boids in contact at one step, sorted; grows on demand. */
    static final class ContactSet {
        private long[] keys = new long[64];
        private int size;
        /** The step these contacts belong to, or {@link Long#MIN_VALUE} before the first. */
        long step = Long.MIN_VALUE;

        void clear() {
            size = 0;
        }

        void add(long key) {
            if (size == keys.length) keys = Arrays.copyOf(keys, 2 * size);
            keys[size++] = key;
        }

        void sort() {
            Arrays.sort(keys, 0, size);
        }

        int size() {
            return size;
        }

        /** @return how many keys of this set are not in {@code earlier} (both sorted). */
        int countNotIn(ContactSet earlier) {
            int fresh = 0, j = 0;
            for (int i = 0; i < size; i++) {
                long key = keys[i];
                while (j < earlier.size && earlier.keys[j] < key) j++;
                if (j == earlier.size || earlier.keys[j] != key) fresh++;
            }
            return fresh;
        }
    }
}
