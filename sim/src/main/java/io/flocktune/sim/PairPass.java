package io.flocktune.sim;

import io.flocktune.sim.space.NeighbourGrid;

/**
 * The symmetric pair pass: the neighbour sums of every boid at once, each pair visited once.
 * Taken when every variant of the preset declares that these sums are all it reads
 * ({@code usesPairSums()} on its family's {@code Kind}), the neighbourhood is found by radius
 * and the update is synchronous; {@link NeighbourPass} then reads {@link #sums()} instead of
 * scanning the cells around each boid. A field of view and Couzin's zones take it too: a pair's
 * offset and distance are shared (the other boid's offset is the exact negation), so one visit
 * tests each boid's own cone and adds each boid's zonal sums.
 */
final class PairPass {
    // per-boid sums: stride doubles per slot, side by side so that adding to a neighbour touches
    // one or two cache lines, not eleven arrays
    static final int SEP_INV_COUNT = 0, NB_COUNT = 1, SEP_X = 2, SEP_Y = 3, INV_X = 4,
            INV_Y = 5, NB_VX = 6, NB_VY = 7, NB_OX = 8, NB_OY = 9, SEP_Z = 10, INV_Z = 11, NB_VZ = 12, NB_OZ = 13;

    private final NeighbourGrid grid;
    private final boolean threeD, periodic, excludeCoincident, unit, heading;
    private final boolean cone, zonal, sepZonal;  // a field of view; Couzin's zones (alignment, separation)
    private final double sepR2, nbR2, orientationR2, fieldOfViewCos, size;
    private final int reach;
    private final int unitAt, headingAt;          // offsets of Σ unit(v_j) (x, y[, z]) and Σ heading_j
    private final int zoneAt, attractionAt;       // offsets of Σ unit(p_i − p_j) (x, y[, z]); attraction count, Σ unit(p_j − p_i)
    private final int stride;                     // 10 in 2D, 14 in 3D, plus the unit vectors', the heading's, the zones'
    private final double[] sums;
    private final double[] view;                  // with a cone: per slot unit(v) (x, y, z) and cos(angle/2), −∞ at rest
    private int[] forwardRuns = new int[81];

    /**
     * @param periodic          distances are minimum images (period {@code size})
     * @param excludeCoincident neighbours need d &gt; 0
     * @param unit              also Σ unit(v_j) over the neighbourhood (alignment variants that read it; with
     *                          {@code zonal}, over the orientation zone)
     * @param heading           also Σ heading_j over the neighbourhood (heading blend)
     * @param zonal             Couzin's zonal alignment: a neighbour in the separation radius counts there only,
     *                          the others in the orientation zone (d² &lt; {@code orientationR2}) or the attraction zone
     * @param sepZonal          zonal separation: also Σ unit(p_i − p_j) over the separation radius
     * @param fieldOfViewCos    cos(angle/2) of the view cone, in [−1, 1], or −2 when there is none
     * @param capacity          largest flock
     */
    PairPass(NeighbourGrid grid, boolean threeD, boolean periodic, boolean excludeCoincident, boolean unit, boolean heading,
             boolean zonal, boolean sepZonal, double sepR2, double nbR2, double orientationR2, double fieldOfViewCos,
             double size, int reach, int capacity) {
        this.grid = grid;
        this.threeD = threeD;
        this.periodic = periodic;
        this.excludeCoincident = excludeCoincident;
        this.unit = unit;
        this.heading = heading;
        this.zonal = zonal;
        this.sepZonal = sepZonal;
        this.cone = fieldOfViewCos > -2;
        this.sepR2 = sepR2;
        this.nbR2 = nbR2;
        this.orientationR2 = orientationR2;
        this.fieldOfViewCos = fieldOfViewCos;
        this.size = size;
        this.reach = reach;
        int dims = threeD ? 3 : 2;
        this.unitAt = threeD ? 14 : 10;
        this.headingAt = unitAt + (unit ? dims : 0);
        this.zoneAt = headingAt + (heading ? 1 : 0);
        this.attractionAt = zoneAt + (sepZonal ? dims : 0);
        this.stride = attractionAt + (zonal ? 1 + dims : 0);
        this.sums = new double[stride * capacity];
        this.view = new double[cone ? 4 * capacity : 0];
    }

    /** @return doubles per boid in {@link #sums()} (offsets {@link #SEP_INV_COUNT} …, {@link #unitAt()}, {@link #headingAt()}). */
    int stride() { return stride; }

    /** @return whether {@link #sums()} holds Σ unit(v_j), at {@link #unitAt()}. */
    boolean unit() { return unit; }

    /** @return whether {@link #sums()} holds Σ heading_j, at {@link #headingAt()}. */
    boolean heading() { return heading; }

    /** @return whether {@link #sums()} holds the attraction zone's count and Σ unit(p_j − p_i), at {@link #attractionAt()}. */
    boolean zonal() { return zonal; }

    /** @return whether {@link #sums()} holds Σ unit(p_i − p_j) over the separation radius, at {@link #zoneAt()}. */
    boolean sepZonal() { return sepZonal; }

    /** @return the offset of Σ unit(v_j): x, y, then z in 3D (2D leaves it 0, as the z unit is 0). */
    int unitAt() { return unitAt; }

    /** @return the offset of Σ heading_j. */
    int headingAt() { return headingAt; }

    /** @return the offset of Σ unit(p_i − p_j) over the separation radius: x, y, then z in 3D. */
    int zoneAt() { return zoneAt; }

    /** @return the offset of the attraction zone's count, then Σ unit(p_j − p_i) over it: x, y, then z in 3D. */
    int attractionAt() { return attractionAt; }

    /** @return the sums of the last {@link #run}, {@link #stride()} per slot. */
    double[] sums() { return sums; }

    /**
     * The pair sums of every boid at once, visiting each pair once: a cell pairs its boids among
     * themselves and with the forward half of its block ({@link NeighbourGrid#forwardRuns}).
     * Periodic images come per cell run; 2D does no z arithmetic. The sums equal the
     * one-boid-at-a-time pass up to the order of additions. Each boid's sums sit side by side in
     * {@link #sums}, so adding to a neighbour touches one or two cache lines.
     */
    void run(int n, double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz, double[] ux, double[] uy,
             double[] uz, double[] headings, int maxRuns) {
        // grown geometrically, so a flock whose grid keeps growing allocates O(log) times, not every step
        if (forwardRuns.length < 3 * maxRuns) forwardRuns = new int[Math.max(3 * maxRuns, 2 * forwardRuns.length)];
        java.util.Arrays.fill(sums, 0, stride * n, 0);
        if (cone || zonal || sepZonal) {
            if (cone) headings(n, vx, vy, vz, ux, uy, uz);
            runConesAndZones(n, x, y, z, vx, vy, vz, ux, uy, uz, headings);
        } else {
            runSymmetric(n, x, y, z, vx, vy, vz, ux, uy, uz, headings);
        }
    }

    /**
     * Fills {@link #view}: each boid's heading unit(v) as the general pass computes it (the
     * cached unit velocities when there are, the same expression), and its cone's
     * cos(angle/2), or −∞ for a boid at rest, which sees all round ({@code h·d < −∞·|d|} never
     * holds, nor with |d| = 0, where the product is NaN).
     */
    private void headings(int n, double[] vx, double[] vy, double[] vz, double[] ux, double[] uy, double[] uz) {
        final double[] view = this.view;
        if (unit) {
            for (int s = 0; s < n; s++) {
                int v = 4 * s;
                view[v] = ux[s]; view[v + 1] = uy[s]; view[v + 2] = uz[s];
                view[v + 3] = ux[s] != 0 || uy[s] != 0 || uz[s] != 0 ? fieldOfViewCos : Double.NEGATIVE_INFINITY;
            }
            return;
        }
        for (int s = 0; s < n; s++) {
            double a = vx[s], b = vy[s], c = vz[s];
            double speed = Math.sqrt(a * a + b * b + c * c);
            int v = 4 * s;
            if (speed > 0) {
                view[v] = a / speed; view[v + 1] = b / speed; view[v + 2] = c / speed; view[v + 3] = fieldOfViewCos;
            } else {
                view[v] = 0; view[v + 1] = 0; view[v + 2] = 0; view[v + 3] = Double.NEGATIVE_INFINITY;
            }
        }
    }

    /**
     * {@link #run} for the common case (a metric neighbourhood, no zones): every pair within the
     * cut-off adds to both boids (antisymmetric terms with opposite signs).
     */
    private void runSymmetric(int n, double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz,
                              double[] ux, double[] uy, double[] uz, double[] headings) {
        final double[] sums = this.sums;
        final double sepR2 = this.sepR2, nbR2 = this.nbR2, size = this.size;
        final boolean threeD = this.threeD, unit = this.unit, heading = this.heading;
        final int stride = this.stride, unitAt = this.unitAt, headingAt = this.headingAt;
        int cellsX = grid.cellsX(), cellsY = grid.cellsY(), cellsZ = grid.cellsZ();
        int[] forward = forwardRuns;
        for (int cz = 0; cz < cellsZ; cz++) {
            for (int cy = 0; cy < cellsY; cy++) {
                for (int cx = 0; cx < cellsX; cx++) {
                    int cell = (cz * cellsY + cy) * cellsX + cx;
                    int first = grid.cellStart(cell), last = grid.cellStart(cell + 1);
                    if (first == last) continue;
                    int runCount = grid.forwardRuns(cx, cy, cz, reach, forward);
                    for (int i = first; i < last; i++) {
                        double xi = x[i], yi = y[i], zi = z[i], vxi = vx[i], vyi = vy[i], vzi = vz[i];
                        double uxi = unit ? ux[i] : 0, uyi = unit ? uy[i] : 0, uzi = unit ? uz[i] : 0;
                        double hi = heading ? headings[i] : 0;
                        int sepInvCount = 0, nbCount = 0;
                        double sepX = 0, sepY = 0, sepZ = 0, invX = 0, invY = 0, invZ = 0;
                        double nbVx = 0, nbVy = 0, nbVz = 0, nbOx = 0, nbOy = 0, nbOz = 0;
                        double nbUx = 0, nbUy = 0, nbUz = 0, nbHeading = 0;
                        for (int r = -1; r < runCount; r++) {
                            int from, to;
                            double shiftX, shiftY, shiftZ;
                            if (r < 0) {                       // the boids after i in its own cell
                                from = i + 1; to = last; shiftX = 0; shiftY = 0; shiftZ = 0;
                            } else {
                                from = forward[3 * r]; to = forward[3 * r + 1];
                                int image = forward[3 * r + 2];
                                double period = periodic ? size : 0;   // WrapPositionsOnly: plain distances
                                shiftX = period * (image % 3 - 1);
                                shiftY = period * ((image / 3) % 3 - 1);
                                shiftZ = period * (image / 9 - 1);
                            }
                            for (int j = from; j < to; j++) {
                                double dx = (x[j] - xi) + shiftX, dy = (y[j] - yi) + shiftY;
                                double dz = threeD ? (z[j] - zi) + shiftZ : 0;
                                double d2 = dx * dx + dy * dy + dz * dz;
                                int at = stride * j;
                                if (d2 < sepR2) {
                                    sepX -= dx; sepY -= dy;
                                    sums[at + SEP_X] += dx; sums[at + SEP_Y] += dy;
                                    if (threeD) { sepZ -= dz; sums[at + SEP_Z] += dz; }
                                    if (d2 > 0) {
                                        double inv = 1.0 / d2;
                                        double ix = dx * inv, iy = dy * inv;
                                        sepInvCount++; sums[at + SEP_INV_COUNT]++;
                                        invX -= ix; invY -= iy;
                                        sums[at + INV_X] += ix; sums[at + INV_Y] += iy;
                                        if (threeD) { double iz = dz * inv; invZ -= iz; sums[at + INV_Z] += iz; }
                                    }
                                }
                                if (d2 < nbR2 && (d2 > 0 || !excludeCoincident)) {
                                    nbCount++; sums[at + NB_COUNT]++;
                                    nbVx += vx[j]; nbVy += vy[j];
                                    sums[at + NB_VX] += vxi; sums[at + NB_VY] += vyi;
                                    nbOx += dx; nbOy += dy;
                                    sums[at + NB_OX] -= dx; sums[at + NB_OY] -= dy;
                                    if (threeD) {
                                        nbVz += vz[j]; sums[at + NB_VZ] += vzi;
                                        nbOz += dz; sums[at + NB_OZ] -= dz;
                                    }
                                    if (unit) {
                                        nbUx += ux[j]; nbUy += uy[j];
                                        sums[at + unitAt] += uxi; sums[at + unitAt + 1] += uyi;
                                        if (threeD) { nbUz += uz[j]; sums[at + unitAt + 2] += uzi; }
                                    }
                                    if (heading) { nbHeading += headings[j]; sums[at + headingAt] += hi; }
                                }
                            }
                        }
                        int at = stride * i;
                        sums[at + SEP_INV_COUNT] += sepInvCount; sums[at + NB_COUNT] += nbCount;
                        sums[at + SEP_X] += sepX; sums[at + SEP_Y] += sepY; sums[at + INV_X] += invX; sums[at + INV_Y] += invY;
                        sums[at + NB_VX] += nbVx; sums[at + NB_VY] += nbVy; sums[at + NB_OX] += nbOx; sums[at + NB_OY] += nbOy;
                        if (threeD) {
                            sums[at + SEP_Z] += sepZ; sums[at + INV_Z] += invZ; sums[at + NB_VZ] += nbVz; sums[at + NB_OZ] += nbOz;
                        }
                        if (unit) {
                            sums[at + unitAt] += nbUx; sums[at + unitAt + 1] += nbUy;
                            if (threeD) sums[at + unitAt + 2] += nbUz;
                        }
                        if (heading) sums[at + headingAt] += nbHeading;
                    }
                }
            }
        }
    }

    /**
     * {@link #run} with a field of view or Couzin's zones, the terms of the general pass
     * ({@link NeighbourPass#gather}) for each of the pair's two boids. Boid i sees j unless
     * {@code h_i·d < cos(angle/2)·|d|} with d = p_j − p_i; j tests {@code h_j·(−d)}, the same
     * products negated, so each test has the general pass's bits. With zonal alignment a pair
     * within the separation radius counts there only; beyond it, within the neighbourhood, in
     * the orientation zone (Σ unit(v_j)) or the attraction zone (Σ unit(p_j − p_i), d &gt; 0).
     * Repulsion and attraction unit offsets are antisymmetric; the unit velocities swap.
     */
    private void runConesAndZones(int n, double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz,
                                  double[] ux, double[] uy, double[] uz, double[] headings) {
        final double[] sums = this.sums, view = this.view;
        final double sepR2 = this.sepR2, nbR2 = this.nbR2, orientationR2 = this.orientationR2, size = this.size;
        final double cut = Math.max(sepR2, nbR2);
        final boolean threeD = this.threeD, unit = this.unit, heading = this.heading, cone = this.cone;
        final boolean zonal = this.zonal, sepZonal = this.sepZonal, excludeCoincident = this.excludeCoincident;
        final int stride = this.stride, unitAt = this.unitAt, headingAt = this.headingAt;
        final int zoneAt = this.zoneAt, attractionAt = this.attractionAt;
        int cellsX = grid.cellsX(), cellsY = grid.cellsY(), cellsZ = grid.cellsZ();
        int[] forward = forwardRuns;
        for (int cz = 0; cz < cellsZ; cz++) {
            for (int cy = 0; cy < cellsY; cy++) {
                for (int cx = 0; cx < cellsX; cx++) {
                    int cell = (cz * cellsY + cy) * cellsX + cx;
                    int first = grid.cellStart(cell), last = grid.cellStart(cell + 1);
                    if (first == last) continue;
                    int runCount = grid.forwardRuns(cx, cy, cz, reach, forward);
                    for (int i = first; i < last; i++) {
                        double xi = x[i], yi = y[i], zi = z[i], vxi = vx[i], vyi = vy[i], vzi = vz[i];
                        double uxi = unit ? ux[i] : 0, uyi = unit ? uy[i] : 0, uzi = unit ? uz[i] : 0;
                        double hi = heading ? headings[i] : 0;
                        double hxi = 0, hyi = 0, hzi = 0, cosI = 0;
                        if (cone) { hxi = view[4 * i]; hyi = view[4 * i + 1]; hzi = view[4 * i + 2]; cosI = view[4 * i + 3]; }
                        int sepInvCount = 0, nbCount = 0, attCount = 0;
                        double sepX = 0, sepY = 0, sepZ = 0, invX = 0, invY = 0, invZ = 0;
                        double nbVx = 0, nbVy = 0, nbVz = 0, nbOx = 0, nbOy = 0, nbOz = 0;
                        double nbUx = 0, nbUy = 0, nbUz = 0, nbHeading = 0;
                        double zoneX = 0, zoneY = 0, zoneZ = 0, attX = 0, attY = 0, attZ = 0;
                        for (int r = -1; r < runCount; r++) {
                            int from, to;
                            double shiftX, shiftY, shiftZ;
                            if (r < 0) {                       // the boids after i in its own cell
                                from = i + 1; to = last; shiftX = 0; shiftY = 0; shiftZ = 0;
                            } else {
                                from = forward[3 * r]; to = forward[3 * r + 1];
                                int image = forward[3 * r + 2];
                                double period = periodic ? size : 0;   // WrapPositionsOnly: plain distances
                                shiftX = period * (image % 3 - 1);
                                shiftY = period * ((image / 3) % 3 - 1);
                                shiftZ = period * (image / 9 - 1);
                            }
                            for (int j = from; j < to; j++) {
                                double dx = (x[j] - xi) + shiftX, dy = (y[j] - yi) + shiftY;
                                double dz = threeD ? (z[j] - zi) + shiftZ : 0;
                                double d2 = dx * dx + dy * dy + dz * dz;
                                if (!(d2 < cut)) continue;
                                boolean iSees = true, jSees = true;
                                double d = 0;                  // |p_j − p_i| when there is a cone
                                if (cone) {
                                    d = Math.sqrt(d2);
                                    int v = 4 * j;
                                    iSees = !(hxi * dx + hyi * dy + hzi * dz < cosI * d);
                                    jSees = !(view[v] * -dx + view[v + 1] * -dy + view[v + 2] * -dz < view[v + 3] * d);
                                    if (!iSees && !jSees) continue;
                                }
                                int at = stride * j;
                                if (d2 < sepR2) {
                                    if (iSees) { sepX -= dx; sepY -= dy; sepZ -= dz; }
                                    if (jSees) {
                                        sums[at + SEP_X] += dx; sums[at + SEP_Y] += dy;
                                        if (threeD) sums[at + SEP_Z] += dz;
                                    }
                                    if (d2 > 0) {
                                        double inv = 1.0 / d2;
                                        double ix = dx * inv, iy = dy * inv, iz = dz * inv;
                                        if (iSees) { sepInvCount++; invX -= ix; invY -= iy; invZ -= iz; }
                                        if (jSees) {
                                            sums[at + SEP_INV_COUNT]++;
                                            sums[at + INV_X] += ix; sums[at + INV_Y] += iy;
                                            if (threeD) sums[at + INV_Z] += iz;
                                        }
                                        if (sepZonal) {
                                            double invD = Math.sqrt(inv);
                                            double ex = dx * invD, ey = dy * invD, ez = dz * invD;
                                            if (iSees) { zoneX -= ex; zoneY -= ey; zoneZ -= ez; }
                                            if (jSees) {
                                                sums[at + zoneAt] += ex; sums[at + zoneAt + 1] += ey;
                                                if (threeD) sums[at + zoneAt + 2] += ez;
                                            }
                                        }
                                    }
                                    if (zonal) continue;     // Couzin's zones do not overlap
                                }
                                if (!(d2 < nbR2 && (d2 > 0 || !excludeCoincident))) continue;
                                if (zonal) {
                                    if (d2 < orientationR2) {
                                        if (iSees) { nbCount++; nbUx += ux[j]; nbUy += uy[j]; nbUz += uz[j]; }
                                        if (jSees) {
                                            sums[at + NB_COUNT]++;
                                            sums[at + unitAt] += uxi; sums[at + unitAt + 1] += uyi;
                                            if (threeD) sums[at + unitAt + 2] += uzi;
                                        }
                                    } else if (d2 > 0) {
                                        double invD = 1.0 / (cone ? d : Math.sqrt(d2));
                                        double ax = dx * invD, ay = dy * invD, az = dz * invD;
                                        if (iSees) { attCount++; attX += ax; attY += ay; attZ += az; }
                                        if (jSees) {
                                            sums[at + attractionAt]++;
                                            sums[at + attractionAt + 1] -= ax; sums[at + attractionAt + 2] -= ay;
                                            if (threeD) sums[at + attractionAt + 3] -= az;
                                        }
                                    }
                                    continue;
                                }
                                if (iSees) {
                                    nbCount++;
                                    nbVx += vx[j]; nbVy += vy[j]; nbVz += vz[j];
                                    nbOx += dx; nbOy += dy; nbOz += dz;
                                    if (unit) { nbUx += ux[j]; nbUy += uy[j]; nbUz += uz[j]; }
                                    if (heading) nbHeading += headings[j];
                                }
                                if (jSees) {
                                    sums[at + NB_COUNT]++;
                                    sums[at + NB_VX] += vxi; sums[at + NB_VY] += vyi;
                                    sums[at + NB_OX] -= dx; sums[at + NB_OY] -= dy;
                                    if (threeD) { sums[at + NB_VZ] += vzi; sums[at + NB_OZ] -= dz; }
                                    if (unit) {
                                        sums[at + unitAt] += uxi; sums[at + unitAt + 1] += uyi;
                                        if (threeD) sums[at + unitAt + 2] += uzi;
                                    }
                                    if (heading) sums[at + headingAt] += hi;
                                }
                            }
                        }
                        int at = stride * i;
                        sums[at + SEP_INV_COUNT] += sepInvCount; sums[at + NB_COUNT] += nbCount;
                        sums[at + SEP_X] += sepX; sums[at + SEP_Y] += sepY; sums[at + INV_X] += invX; sums[at + INV_Y] += invY;
                        sums[at + NB_VX] += nbVx; sums[at + NB_VY] += nbVy; sums[at + NB_OX] += nbOx; sums[at + NB_OY] += nbOy;
                        if (threeD) {
                            sums[at + SEP_Z] += sepZ; sums[at + INV_Z] += invZ; sums[at + NB_VZ] += nbVz; sums[at + NB_OZ] += nbOz;
                        }
                        if (unit) {
                            sums[at + unitAt] += nbUx; sums[at + unitAt + 1] += nbUy;
                            if (threeD) sums[at + unitAt + 2] += nbUz;
                        }
                        if (heading) sums[at + headingAt] += nbHeading;
                        if (sepZonal) {
                            sums[at + zoneAt] += zoneX; sums[at + zoneAt + 1] += zoneY;
                            if (threeD) sums[at + zoneAt + 2] += zoneZ;
                        }
                        if (zonal) {
                            sums[at + attractionAt] += attCount;
                            sums[at + attractionAt + 1] += attX; sums[at + attractionAt + 2] += attY;
                            if (threeD) sums[at + attractionAt + 3] += attZ;
                        }
                    }
                }
            }
        }
    }
}
