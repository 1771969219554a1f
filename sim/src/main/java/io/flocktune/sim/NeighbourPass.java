package io.flocktune.sim;

import io.flocktune.sim.space.NearestSearch;
import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;

import static io.flocktune.sim.PairPass.INV_X;
import static io.flocktune.sim.PairPass.INV_Y;
import static io.flocktune.sim.PairPass.INV_Z;
import static io.flocktune.sim.PairPass.NB_COUNT;
import static io.flocktune.sim.PairPass.NB_OX;
import static io.flocktune.sim.PairPass.NB_OY;
import static io.flocktune.sim.PairPass.NB_OZ;
import static io.flocktune.sim.PairPass.NB_VX;
import static io.flocktune.sim.PairPass.NB_VY;
import static io.flocktune.sim.PairPass.NB_VZ;
import static io.flocktune.sim.PairPass.SEP_INV_COUNT;
import static io.flocktune.sim.PairPass.SEP_X;
import static io.flocktune.sim.PairPass.SEP_Y;
import static io.flocktune.sim.PairPass.SEP_Z;

/**
 * One boid's neighbour sums, every sum any rule variant reads: read from the {@link PairPass}
 * when it ran, else gathered by the general pass (one pass over the cells around the boid, or
 * every boid while {@code scanAll}), the {@link NearestSearch} for a topological neighbourhood,
 * and the {@link GlobalSums} for the global one. The kernel reads the fields after
 * {@link #gather}; they are overwritten by the next call. For custom rules it also collects the
 * slots of the boid's neighbourhood ({@link #collected()}).
 */
final class NeighbourPass {
    private final NeighbourGrid grid;
    private final int reach;
    private final boolean periodic, threeD, metric, zonal, sepZonal, excludeCoincident, needUnit, needHeading,
            topological, sequential, collect;
    private final double size, sepR2, nbR2, orientationR2, fieldOfViewCos;
    private final double cutOff;                  // the largest radius the candidate loop tests
    private final PairPass pairs;                 // null unless the preset can take it
    private final GlobalSums global;              // null unless the neighbourhood is global
    private final NearestSearch nearest;          // topological neighbourhood
    private final int topologicalCount, capacity;
    private int[] runs = new int[36];
    private final int[] collected;
    private final int[] hit;                      // scan2D: the candidates within the cut-off, in scan order
    // sequential: the slots that moved farther than the slack this step, in that order, and their flags
    private final int[] strays;
    private final boolean[] stray;
    private int strayCount;

    // the sums of the last gather
    int sepInvCount, nbCount, attCount, collectedCount;
    double sepX, sepY, sepZ;        // Σ (p_i − p_j), separation radius
    double invX, invY, invZ;        // Σ (p_i − p_j)/d², separation radius, d > 0
    double nbVx, nbVy, nbVz;        // Σ v_j, neighbourhood
    double nbOx, nbOy, nbOz;        // Σ (p_j − p_i), neighbourhood
    double nbUx, nbUy, nbUz;        // Σ unit(v_j), neighbourhood
    double nbHeading;               // Σ atan2(v_j), neighbourhood
    double zoneX, zoneY, zoneZ;     // Zonal: Σ unit(p_i − p_j) (repulsion) …
    double attX, attY, attZ;        // … and Σ unit(p_j − p_i) (attraction zone)

    /**
     * @param metric         the neighbourhood is found by radius ({@code Neighbourhood.Kind.scansRadius})
     * @param zonal          Couzin's zones (alignment {@code Zonal})
     * @param sepZonal       separation {@code Zonal} (Σ unit offsets)
     * @param fieldOfViewCos cos(angle/2), or −2 when there is no cone
     * @param collect        custom rules: collect the neighbourhood's slots
     */
    NeighbourPass(NeighbourGrid grid, int reach, boolean periodic, double size, boolean threeD, boolean metric,
                  boolean zonal, boolean sepZonal, boolean excludeCoincident, boolean needUnit, boolean needHeading,
                  boolean topological, int topologicalCount, boolean sequential, double sepR2, double nbR2,
                  double orientationR2, double fieldOfViewCos, PairPass pairs, GlobalSums global, boolean collect,
                  int capacity) {
        this.grid = grid; this.reach = reach; this.periodic = periodic; this.size = size; this.threeD = threeD;
        this.metric = metric; this.zonal = zonal; this.sepZonal = sepZonal; this.excludeCoincident = excludeCoincident;
        this.needUnit = needUnit; this.needHeading = needHeading; this.topological = topological;
        this.sequential = sequential; this.sepR2 = sepR2; this.nbR2 = nbR2; this.orientationR2 = orientationR2;
        this.fieldOfViewCos = fieldOfViewCos; this.pairs = pairs; this.global = global; this.collect = collect;
        this.cutOff = Math.sqrt(Math.max(sepR2, metric ? nbR2 : 0));
        this.nearest = new NearestSearch(Math.max(1, topologicalCount));
        this.topologicalCount = topologicalCount;
        this.capacity = capacity;
        this.collected = new int[collect ? capacity : 0];
        this.hit = new int[threeD ? 0 : capacity];
        this.strays = new int[sequential ? capacity : 0];
        this.stray = new boolean[sequential ? capacity : 0];
    }

    /** @return a pass with the same settings and its own scratch state, for another thread */
    NeighbourPass copy() {
        return new NeighbourPass(grid, reach, periodic, size, threeD, metric, zonal, sepZonal, excludeCoincident, needUnit,
                needHeading, topological, topologicalCount, sequential, sepR2, nbR2, orientationR2, fieldOfViewCos, pairs,
                global, collect, capacity);
    }

    /**
     * Makes room for this step's cell runs, and for a sequential step's strays, one run each
     * (grown geometrically: O(log) allocations, not one per step).
     */
    void ensureRuns(int maxRuns, int n) {
        int needed = 2 * (maxRuns + (sequential ? n : 0));
        if (runs.length < needed) runs = new int[Math.max(needed, 2 * runs.length)];
    }

    /** @return the boids recorded by {@link #addStray} this step */
    int strayCount() {
        return strayCount;
    }

    /** Starts a sequential step: no boid has strayed yet. */
    void clearStrays() {
        for (int k = 0; k < strayCount; k++) stray[strays[k]] = false;
        strayCount = 0;
    }

    /**
     * Records that slot s moved farther than the slack (a sequential step whose moves are not
     * bounded by it): the cells of the step's start no longer say where it is, so every later
     * query of this step skips it in its block of cells and checks it on its own.
     */
    void addStray(int s) {
        if (stray[s]) return;
        stray[s] = true;
        strays[strayCount++] = s;
    }

    /** @return the slots of the last gather's neighbourhood (for custom rules), {@link #collectedCount} of them */
    int[] collected() { return collected; }

    /**
     * Fills the fields with slot s's neighbour sums.
     *
     * @param pairSumsReady the {@link PairPass} ran this step: read its sums instead of scanning
     * @param scanAll       scan every boid, not the cells around s
     * @param slack         how far a boid may have moved since the grid was built (sequential)
     */
    void gather(int s, int n, double[] sx, double[] sy, double[] sz, double[] svx, double[] svy, double[] svz,
                double[] ux, double[] uy, double[] uz, double[] heading, boolean pairSumsReady, boolean scanAll,
                double slack) {
        final double xi = sx[s], yi = sy[s], zi = sz[s];
        final double vxi = svx[s], vyi = svy[s], vzi = svz[s];
        final GlobalSums g = global;
        int sepInvCount = 0, nbCount = 0;
        double sepX = 0, sepY = 0, sepZ = 0;        // Σ (p_i − p_j), separation radius
        double invX = 0, invY = 0, invZ = 0;        // Σ (p_i − p_j)/d², separation radius, d > 0
        double nbVx = 0, nbVy = 0, nbVz = 0;        // Σ v_j, neighbourhood
        double nbOx = 0, nbOy = 0, nbOz = 0;        // Σ (p_j − p_i), neighbourhood
        double nbUx = 0, nbUy = 0, nbUz = 0;        // Σ unit(v_j), neighbourhood
        double nbHeading = 0;                       // Σ atan2(v_j), neighbourhood
        double zoneX = 0, zoneY = 0, zoneZ = 0;     // Zonal: Σ unit(p_i − p_j) (repulsion) …
        double attX = 0, attY = 0, attZ = 0;        // … and Σ unit(p_j − p_i) (attraction zone)
        int attCount = 0;
        final boolean metric = this.metric;
        final boolean zonal = this.zonal;
        final boolean collect = this.collect;       // custom rules: the neighbourhood's slots
        final int[] collected = this.collected;
        int collectedCount = 0;
        // the view cone (off for a boid at rest, which sees all round, and when the pair pass tested it)
        double viewCos = pairSumsReady ? -2 : fieldOfViewCos, hx = 0, hy = 0, hz = 0;
        if (viewCos > -2) {
            double speed = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
            if (speed > 0) { hx = vxi / speed; hy = vyi / speed; hz = vzi / speed; } else viewCos = -2;
        }
        if (pairSumsReady) {
            final double[] pairSums = pairs.sums();
            int at = pairs.stride() * s;
            sepInvCount = (int) pairSums[at + SEP_INV_COUNT];
            nbCount = (int) pairSums[at + NB_COUNT];
            sepX = pairSums[at + SEP_X]; sepY = pairSums[at + SEP_Y]; invX = pairSums[at + INV_X]; invY = pairSums[at + INV_Y];
            nbVx = pairSums[at + NB_VX]; nbVy = pairSums[at + NB_VY]; nbOx = pairSums[at + NB_OX]; nbOy = pairSums[at + NB_OY];
            if (threeD) {
                sepZ = pairSums[at + SEP_Z]; invZ = pairSums[at + INV_Z]; nbVz = pairSums[at + NB_VZ]; nbOz = pairSums[at + NB_OZ];
            }
            if (pairs.unit()) {
                int u = at + pairs.unitAt();
                nbUx = pairSums[u]; nbUy = pairSums[u + 1];
                if (threeD) nbUz = pairSums[u + 2];
            }
            if (pairs.heading()) nbHeading = pairSums[at + pairs.headingAt()];
            if (pairs.sepZonal()) {
                int e = at + pairs.zoneAt();
                zoneX = pairSums[e]; zoneY = pairSums[e + 1];
                if (threeD) zoneZ = pairSums[e + 2];
            }
            if (pairs.zonal()) {
                int a = at + pairs.attractionAt();
                attCount = (int) pairSums[a];
                attX = pairSums[a + 1]; attY = pairSums[a + 2];
                if (threeD) attZ = pairSums[a + 3];
            }
        }
        int runCount;
        if (pairSumsReady) runCount = 0;
        else if (scanAll) { runs[0] = 0; runs[1] = n; runCount = 1; }
        // 3D: only the block's cells within reach of a neighbour (a quarter fewer candidates); in 2D
        // the cut cost more than the branch-free scan of the cells it leaves out (measured)
        else if (threeD) runCount = grid.ranges(xi, yi, zi, reach, cutOff + slack, runs);
        else runCount = grid.ranges(xi, yi, zi, reach, runs);
        // the boids that strayed this step: skipped in the block of cells, then one run each
        final int blockRuns = runCount;
        final boolean withStrays = strayCount > 0 && runCount > 0 && !scanAll;
        if (withStrays) {
            for (int k = 0; k < strayCount; k++) {
                runs[2 * runCount] = strays[k];
                runs[2 * runCount + 1] = strays[k] + 1;
                runCount++;
            }
        }
        // the axes whose displacements may need the minimum image (elsewhere it is the identity)
        int images = !periodic || runCount == 0 ? 0 : scanAll || withStrays ? 7 : grid.imageAxes(xi, yi, zi, reach, slack);
        final boolean imageX = (images & 1) != 0, imageY = (images & 2) != 0, imageZ = (images & 4) != 0;
        if (!threeD && runCount > 0 && !collect && !zonal && !sepZonal && !withStrays) {
            scan2D(s, runCount, sx, sy, svx, svy, ux, uy, heading, xi, yi, viewCos, hx, hy, imageX, imageY);
            sepInvCount = this.sepInvCount; nbCount = this.nbCount;
            sepX = this.sepX; sepY = this.sepY; sepZ = this.sepZ; invX = this.invX; invY = this.invY; invZ = this.invZ;
            nbVx = this.nbVx; nbVy = this.nbVy; nbVz = this.nbVz; nbOx = this.nbOx; nbOy = this.nbOy; nbOz = this.nbOz;
            nbUx = this.nbUx; nbUy = this.nbUy; nbUz = this.nbUz; nbHeading = this.nbHeading;
            runCount = 0;
        }
        for (int r = 0; r < runCount; r++) {
            int end = runs[2 * r + 1];
            final boolean skipStrays = withStrays && r < blockRuns;
            for (int k = runs[2 * r]; k < end; k++) {
                if (k == s || skipStrays && stray[k]) continue;
                double dx = sx[k] - xi, dy = sy[k] - yi, dz = sz[k] - zi;
                if (imageX) dx = Periodic.minimumImage(dx, size);
                if (imageY) dy = Periodic.minimumImage(dy, size);
                if (imageZ) dz = Periodic.minimumImage(dz, size);
                double d2 = dx * dx + dy * dy + dz * dz;
                if (viewCos > -2 && (d2 < sepR2 || d2 < nbR2)
                        && hx * dx + hy * dy + hz * dz < viewCos * Math.sqrt(d2)) continue;
                if (collect && metric && d2 < nbR2 && (d2 > 0 || !excludeCoincident)) collected[collectedCount++] = k;
                if (d2 < sepR2) {
                    sepX -= dx; sepY -= dy; sepZ -= dz;
                    if (d2 > 0) {
                        double inv = 1.0 / d2;
                        sepInvCount++;
                        invX -= dx * inv; invY -= dy * inv; invZ -= dz * inv;
                        if (sepZonal) {
                            double invD = Math.sqrt(inv);
                            zoneX -= dx * invD; zoneY -= dy * invD; zoneZ -= dz * invD;
                        }
                    }
                    if (zonal) continue;     // Couzin's zones do not overlap
                }
                if (metric && d2 < nbR2 && (d2 > 0 || !excludeCoincident)) {
                    if (zonal) {
                        if (d2 < orientationR2) {
                            nbCount++;
                            nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k];
                        } else if (d2 > 0) {
                            double invD = 1.0 / Math.sqrt(d2);
                            attCount++;
                            attX += dx * invD; attY += dy * invD; attZ += dz * invD;
                        }
                        continue;
                    }
                    nbCount++;
                    nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
                    nbOx += dx; nbOy += dy; nbOz += dz;
                    if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
                    if (needHeading) nbHeading += heading[k];
                }
            }
        }
        if (topological) {
            int found = nearest.search(grid, sx, sy, sz, s, xi, yi, zi, periodic ? size : 0,
                    scanAll ? Double.POSITIVE_INFINITY : slack);
            int[] nearSlot = nearest.slots();
            for (int m = 0; m < found; m++) {         // nearest first, so the sums do not depend on how the search ran
                int k = nearSlot[m];
                if (collect) collected[collectedCount++] = k;
                double dx = delta(sx[k] - xi), dy = delta(sy[k] - yi), dz = delta(sz[k] - zi);
                nbCount++;
                nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
                nbOx += dx; nbOy += dy; nbOz += dz;
                if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
                if (needHeading) nbHeading += heading[k];
            }
        }
        if (g != null) {
            // the sums exclude the boid itself: in sequential mode it was taken out by the caller
            int others = n - 1;
            double px = sequential ? g.px : g.px - xi, py = sequential ? g.py : g.py - yi, pz = sequential ? g.pz : g.pz - zi;
            nbCount = others;
            nbVx = sequential ? g.vx : g.vx - vxi; nbVy = sequential ? g.vy : g.vy - vyi; nbVz = sequential ? g.vz : g.vz - vzi;
            nbOx = px - others * xi; nbOy = py - others * yi; nbOz = pz - others * zi;
            if (needUnit) {
                nbUx = sequential ? g.ux : g.ux - ux[s];
                nbUy = sequential ? g.uy : g.uy - uy[s];
                nbUz = sequential ? g.uz : g.uz - uz[s];
            }
            if (needHeading) nbHeading = sequential ? g.heading : g.heading - heading[s];
            if (collect) for (int k = 0; k < n; k++) if (k != s) collected[collectedCount++] = k;
        }

        this.sepInvCount = sepInvCount; this.nbCount = nbCount; this.attCount = attCount;
        this.sepX = sepX; this.sepY = sepY; this.sepZ = sepZ; this.invX = invX; this.invY = invY; this.invZ = invZ;
        this.nbVx = nbVx; this.nbVy = nbVy; this.nbVz = nbVz; this.nbOx = nbOx; this.nbOy = nbOy; this.nbOz = nbOz;
        this.nbUx = nbUx; this.nbUy = nbUy; this.nbUz = nbUz; this.nbHeading = nbHeading;
        this.zoneX = zoneX; this.zoneY = zoneY; this.zoneZ = zoneZ; this.attX = attX; this.attY = attY; this.attZ = attZ;
        this.collectedCount = collectedCount;
    }

    /**
     * The candidate loop of {@link #gather} in 2D without zones or collected slots, in two passes
     * that add the same terms in the same order (so the same bits): the first lists the
     * candidates closer than the larger radius with no data-dependent branch (most candidates are
     * farther, and a branch on each mispredicts often), the second sums only those, after the view
     * cone when there is one ({@code viewCos} &gt; −2, heading (hx, hy)). z and vz are 0 in 2D (a
     * {@link Flock} keeps them so): the z terms would add +0.0 to sums that start at +0.0, so
     * leaving them out changes no bit. Sets the sum fields other than the zonal ones.
     * (In 3D the same two passes measured slower than the single loop, so 3D keeps that.)
     */
    private void scan2D(int s, int runCount, double[] sx, double[] sy, double[] svx, double[] svy,
                        double[] ux, double[] uy, double[] heading, double xi, double yi,
                        double viewCos, double hx, double hy, boolean imageX, boolean imageY) {
        final boolean metric = this.metric;
        final double size = this.size, sepR2 = this.sepR2, nbR2 = this.nbR2;
        final double cut = metric ? Math.max(sepR2, nbR2) : sepR2;
        final int[] runs = this.runs, hit = this.hit;
        int hits = 0;
        for (int r = 0; r < runCount; r++) {
            int end = runs[2 * r + 1];
            for (int k = runs[2 * r]; k < end; k++) {
                double dx = sx[k] - xi, dy = sy[k] - yi;
                if (imageX) dx = Periodic.minimumImage(dx, size);
                if (imageY) dy = Periodic.minimumImage(dy, size);
                double d2 = dx * dx + dy * dy;
                hit[hits] = k;
                hits += d2 < cut ? 1 : 0;
            }
        }
        int sepInvCount = 0, nbCount = 0;
        double sepX = 0, sepY = 0, invX = 0, invY = 0, nbVx = 0, nbVy = 0, nbOx = 0, nbOy = 0;
        double nbUx = 0, nbUy = 0, nbHeading = 0;
        for (int m = 0; m < hits; m++) {
            int k = hit[m];
            if (k == s) continue;
            double dx = sx[k] - xi, dy = sy[k] - yi;
            if (imageX) dx = Periodic.minimumImage(dx, size);
            if (imageY) dy = Periodic.minimumImage(dy, size);
            double d2 = dx * dx + dy * dy;
            if (viewCos > -2 && hx * dx + hy * dy < viewCos * Math.sqrt(d2)) continue;
            if (d2 < sepR2) {
                sepX -= dx; sepY -= dy;
                if (d2 > 0) {
                    double inv = 1.0 / d2;
                    sepInvCount++;
                    invX -= dx * inv; invY -= dy * inv;
                }
            }
            if (metric && d2 < nbR2 && (d2 > 0 || !excludeCoincident)) {
                nbCount++;
                nbVx += svx[k]; nbVy += svy[k];
                nbOx += dx; nbOy += dy;
                if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; }
                if (needHeading) nbHeading += heading[k];
            }
        }
        this.sepInvCount = sepInvCount; this.nbCount = nbCount;
        this.sepX = sepX; this.sepY = sepY; this.sepZ = 0; this.invX = invX; this.invY = invY; this.invZ = 0;
        this.nbVx = nbVx; this.nbVy = nbVy; this.nbVz = 0; this.nbOx = nbOx; this.nbOy = nbOy; this.nbOz = 0;
        this.nbUx = nbUx; this.nbUy = nbUy; this.nbUz = 0; this.nbHeading = nbHeading;
    }

    private double delta(double d) {
        return periodic ? Periodic.minimumImage(d, size) : d;
    }
}
