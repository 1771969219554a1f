package io.flocktune.sim;

import io.flocktune.sim.space.NeighbourGrid;

/**
 * The symmetric pair pass: the neighbour sums of every boid at once, each pair visited once.
 * Taken when every variant of the preset declares that these sums are all it reads
 * ({@code usesPairSums()} on its family's {@code Kind}) and the update is synchronous;
 * {@link NeighbourPass} then reads {@link #sums()} instead of scanning the cells around each boid.
 */
final class PairPass {
    // per-boid sums: stride doubles per slot, side by side so that adding to a neighbour touches
    // one or two cache lines, not eleven arrays
    static final int SEP_INV_COUNT = 0, NB_COUNT = 1, SEP_X = 2, SEP_Y = 3, INV_X = 4,
            INV_Y = 5, NB_VX = 6, NB_VY = 7, NB_OX = 8, NB_OY = 9, SEP_Z = 10, INV_Z = 11, NB_VZ = 12, NB_OZ = 13;

    private final NeighbourGrid grid;
    private final boolean threeD, periodic, excludeCoincident, unit, heading;
    private final double sepR2, nbR2, size;
    private final int reach;
    private final int unitAt, headingAt;          // offsets of Σ unit(v_j) (x, y[, z]) and Σ heading_j
    private final int stride;                     // 10 in 2D, 14 in 3D, plus the unit vectors' and the heading's
    private final double[] sums;
    private int[] forwardRuns = new int[81];

    /**
     * @param periodic          distances are minimum images (period {@code size})
     * @param excludeCoincident neighbours need d &gt; 0
     * @param unit              also Σ unit(v_j) over the neighbourhood (alignment variants that read it)
     * @param heading           also Σ heading_j over the neighbourhood (heading blend)
     * @param capacity          largest flock
     */
    PairPass(NeighbourGrid grid, boolean threeD, boolean periodic, boolean excludeCoincident, boolean unit, boolean heading,
             double sepR2, double nbR2, double size, int reach, int capacity) {
        this.grid = grid;
        this.threeD = threeD;
        this.periodic = periodic;
        this.excludeCoincident = excludeCoincident;
        this.unit = unit;
        this.heading = heading;
        this.sepR2 = sepR2;
        this.nbR2 = nbR2;
        this.size = size;
        this.reach = reach;
        this.unitAt = threeD ? 14 : 10;
        this.headingAt = unitAt + (unit ? (threeD ? 3 : 2) : 0);
        this.stride = headingAt + (heading ? 1 : 0);
        this.sums = new double[stride * capacity];
    }

    /** @return doubles per boid in {@link #sums()} (offsets {@link #SEP_INV_COUNT} …, {@link #unitAt()}, {@link #headingAt()}). */
    int stride() { return stride; }

    /** @return whether {@link #sums()} holds Σ unit(v_j), at {@link #unitAt()}. */
    boolean unit() { return unit; }

    /** @return whether {@link #sums()} holds Σ heading_j, at {@link #headingAt()}. */
    boolean heading() { return heading; }

    /** @return the offset of Σ unit(v_j): x, y, then z in 3D (2D leaves it 0, as the z unit is 0). */
    int unitAt() { return unitAt; }

    /** @return the offset of Σ heading_j. */
    int headingAt() { return headingAt; }

    /** @return the sums of the last {@link #run}, {@link #stride()} per slot. */
    double[] sums() { return sums; }

    /**
     * The pair sums of every boid at once for the common case (synchronous, metric
     * neighbourhood, rules that read only these sums), visiting each pair once: a cell pairs its
     * boids among themselves and with the forward half of its block
     * ({@link NeighbourGrid#forwardRuns}), and each pair within the cut-off adds to both boids
     * (antisymmetric terms with opposite signs). Periodic images come per cell run; 2D does no z
     * arithmetic. The sums equal the one-boid-at-a-time pass up to the order of additions. Each
     * boid's sums sit side by side in {@link #sums}, so adding to a neighbour touches one or
     * two cache lines.
     */
    void run(int n, double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz, double[] ux, double[] uy,
             double[] uz, double[] headings, int maxRuns) {
        // grown geometrically, so a flock whose grid keeps growing allocates O(log) times, not every step
        if (forwardRuns.length < 3 * maxRuns) forwardRuns = new int[Math.max(3 * maxRuns, 2 * forwardRuns.length)];
        final double[] sums = this.sums;
        final double sepR2 = this.sepR2, nbR2 = this.nbR2, size = this.size;
        final boolean threeD = this.threeD, unit = this.unit, heading = this.heading;
        final int stride = this.stride, unitAt = this.unitAt, headingAt = this.headingAt;
        java.util.Arrays.fill(sums, 0, stride * n, 0);
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
}
