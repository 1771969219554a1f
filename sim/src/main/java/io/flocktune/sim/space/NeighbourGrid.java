package io.flocktune.sim.space;

/**
 * A uniform cell list rebuilt every step by a counting sort, so a neighbour query touches only
 * the 3^d cells around a point: O(N) per step for a bounded density. Cells are at least
 * {@code cellSize} wide; a query for radius &le; cellSize is exact.
 *
 * <p>In a periodic world the cells tile the box [−size/2, size/2)^d and neighbour cells wrap; in
 * an open world they tile the bounding box of the current positions. The number of cells is
 * capped near 8·N, widening cells when a sparse flock spans a large volume.
 *
 * <p>After {@link #build}, {@link #order()} lists boid indices sorted by cell (stable, so
 * deterministic) and {@link #ranges} yields the runs of that order to scan. No allocation after
 * construction except when the cell count grows.
 */
public final class NeighbourGrid {
    private final int dimension;
    private final boolean periodic;
    private final double worldSize;
    private final int[] order;
    private final int[] slotOf;
    private final int[] cellOf;
    private int[] cellStart = new int[2];
    private int nx, ny, nz;
    private double minX, minY, minZ, width;
    private boolean inside;                       // periodic: every point lay inside the box at the last build

    /**
     * @param dimension 2 or 3
     * @param periodic  whether the world wraps
     * @param worldSize side of the periodic box (ignored when open)
     * @param capacity  largest number of boids
     */
    public NeighbourGrid(int dimension, boolean periodic, double worldSize, int capacity) {
        this.dimension = dimension;
        this.periodic = periodic;
        this.worldSize = worldSize;
        order = new int[capacity];
        slotOf = new int[capacity];
        cellOf = new int[capacity];
    }

    /**
     * Sorts {@code n} points into cells at least {@code cellSize} wide.
     *
     * @param cellSize the largest query radius, &gt; 0
     */
    public void build(double[] x, double[] y, double[] z, int n, double cellSize) {
        long maxCells = 8L * n + 64;
        if (periodic) {
            double size = worldSize;
            int per = cellsPerSide(size, cellSize);
            // a periodic side needs 1 or at least 3 cells: with 2, the left and right neighbour
            // cells are the same cell and its boids would be listed twice
            while (cells(per) > maxCells) per = per / 2 < 3 ? 1 : per / 2;
            nx = per; ny = per; nz = dimension == 3 ? per : 1;
            width = size / per;
            minX = minY = minZ = -0.5 * size;
            double half = 0.5 * size;
            boolean in = true;
            for (int i = 0; i < n; i++) {
                in &= x[i] >= -half && x[i] < half && y[i] >= -half && y[i] < half
                        && (dimension == 2 || z[i] >= -half && z[i] < half);
            }
            inside = in;
        } else {
            double loX = Double.POSITIVE_INFINITY, hiX = Double.NEGATIVE_INFINITY;
            double loY = Double.POSITIVE_INFINITY, hiY = Double.NEGATIVE_INFINITY;
            double loZ = Double.POSITIVE_INFINITY, hiZ = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                double a = x[i], b = y[i], c = z[i];
                if (a < loX) loX = a;
                if (a > hiX) hiX = a;
                if (b < loY) loY = b;
                if (b > hiY) hiY = b;
                if (c < loZ) loZ = c;
                if (c > hiZ) hiZ = c;
            }
            double w = cellSize;
            while (true) {
                nx = (int) Math.min(Integer.MAX_VALUE / 4, Math.floor((hiX - loX) / w) + 1);
                ny = (int) Math.min(Integer.MAX_VALUE / 4, Math.floor((hiY - loY) / w) + 1);
                nz = dimension == 3 ? (int) Math.min(Integer.MAX_VALUE / 4, Math.floor((hiZ - loZ) / w) + 1) : 1;
                if ((double) nx * ny * nz <= maxCells) break;   // double: a long product can overflow
                w *= 2;
            }
            width = w;
            minX = loX; minY = loY; minZ = loZ;
        }
        int cells = nx * ny * nz;
        if (cellStart.length < cells + 1) cellStart = new int[Math.max(cells + 1, cellStart.length * 2)];
        int[] start = cellStart;
        java.util.Arrays.fill(start, 0, cells + 1, 0);
        for (int i = 0; i < n; i++) {
            int c = cellIndex(x[i], y[i], z[i]);
            cellOf[i] = c;
            start[c + 1]++;
        }
        for (int c = 0; c < cells; c++) start[c + 1] += start[c];
        // stable placement in index order, using start[c] as cell c's running cursor
        for (int i = 0; i < n; i++) {
            int c = cellOf[i];
            int s = start[c]++;
            order[s] = i;
            slotOf[i] = s;
        }
        // restore starts: after placement start[c] == end of cell c == original start[c+1]
        for (int c = cells; c > 0; c--) start[c] = start[c - 1];
        start[0] = 0;
    }

    private int cellsPerSide(double size, double cellSize) {
        int per = (int) Math.max(1, Math.floor(size / cellSize));
        return per < 3 ? 1 : per;
    }

    private double cells(int per) {
        return dimension == 3 ? (double) per * per * per : (double) per * per;
    }

    private int coordinate(double v, double lo, int n) {
        int c = (int) Math.floor((v - lo) / width);
        return c < 0 ? 0 : (c >= n ? n - 1 : c);
    }

    private int cellIndex(double x, double y, double z) {
        int cx = coordinate(x, minX, nx), cy = coordinate(y, minY, ny);
        int cz = dimension == 3 ? coordinate(z, minZ, nz) : 0;
        return (cz * ny + cy) * nx + cx;
    }

    /**
     * Writes the slot runs {@code [out[2k], out[2k+1])} of {@link #order()} that cover every cell
     * within one cell of the point, and returns their number k (at most 18; {@code out.length}
     * &ge; 36). Each slot appears in at most one run.
     */
    public int ranges(double x, double y, double z, int[] out) {
        return ranges(x, y, z, 1, out);
    }

    /**
     * As {@link #ranges(double, double, double, int[])} for every cell within {@code reach}
     * cells of the point's cell (a block of (2·reach+1)^d cells, clipped or wrapped once).
     *
     * @param reach &ge; 1
     * @param out   room for {@link #maxRuns(int)} runs (2 ints each)
     */
    public int ranges(double x, double y, double z, int reach, int[] out) {
        return ranges(x, y, z, reach, Double.NaN, out);
    }

    /**
     * As {@link #ranges(double, double, double, int, int[])} without the cells of the block that
     * lie wholly farther than {@code radius} from the point: the rows of cells out of reach are
     * left out and each row is cut to the cells its chord through the ball (disc) of that radius
     * meets. In 3D with one-cell reach and cells as wide as the radius that is about 20.6 of the
     * 27 cells on average. The runs keep the block's order, so a scan that rejects the points
     * beyond the radius meets the same points in the same order as over the whole block.
     *
     * <p>Exact for every point within {@code radius} of the query (minimum image when periodic) as
     * it lay at the last {@link #build}; a point that moved by up to m since is found by asking
     * for radius + m. Needs radius &le; reach · {@link #cellWidth()}; a periodic axis whose block
     * covers it whole is not cut, and neither is a periodic grid whose points did not all lie
     * inside its box at the build.
     *
     * @param radius the query radius, &ge; 0 (NaN: the whole block)
     */
    public int ranges(double x, double y, double z, int reach, double radius, int[] out) {
        double fx = 0, fy = 0, fz = 0;
        boolean cut = radius >= 0 && radius <= reach * width && !(periodic && !inside);
        if (cut) {
            fx = (x - minX) / width; fy = (y - minY) / width; fz = dimension == 3 ? (z - minZ) / width : 0;
            cut = Double.isFinite(fx + fy + fz);
        }
        // the radius in cells, with a margin far above the rounding of fx, fy, fz (cell counts are capped)
        double rho = cut ? radius / width * (1 + 1e-9) + 1e-9 : Double.POSITIVE_INFINITY, rho2 = rho * rho;
        int cx = coordinate(x, minX, nx), cy = coordinate(y, minY, ny);
        int cz = dimension == 3 ? coordinate(z, minZ, nz) : 0;
        // a periodic axis the block covers whole holds cells whose nearest image is not the one
        // the offsets name; an open axis has no images
        int side = 2 * reach + 1;
        boolean cutX = cut && (!periodic || side < nx), cutY = cut && (!periodic || side < ny);
        boolean cutZ = cut && dimension == 3 && (!periodic || side < nz);
        int k = 0;
        int zFrom = from(cz, nz, reach), zTo = to(cz, nz, reach);
        int yFrom = from(cy, ny, reach), yTo = to(cy, ny, reach);
        int xFrom = from(cx, nx, reach), xTo = to(cx, nx, reach);
        for (int dz = zFrom; dz <= zTo; dz++) {
            double gz = cutZ ? gap(fz, cz + dz) : 0;
            if (gz > rho) continue;
            int zz = Math.floorMod(cz + dz, nz);
            for (int dy = yFrom; dy <= yTo; dy++) {
                double gy = cutY ? gap(fy, cy + dy) : 0;
                double g2 = gy * gy + gz * gz;
                if (g2 > rho2) continue;
                int lo = cx + xFrom, hi = cx + xTo;      // inclusive, may wrap when periodic
                if (cutX) {                              // the row's cells from each end until one is in reach
                    while (lo <= hi && square(gap(fx, lo)) + g2 > rho2) lo++;
                    while (hi > lo && square(gap(fx, hi)) + g2 > rho2) hi--;
                    if (lo > hi) continue;
                }
                int row = (zz * ny + Math.floorMod(cy + dy, ny)) * nx;
                k = rowRuns(row, lo, hi, out, k);
            }
        }
        return k >> 1;
    }

    private static double square(double v) {
        return v * v;
    }

    /** Distance in cells from coordinate f (in cells) to cell c's interval [c, c + 1]. */
    private static double gap(double f, int c) {
        return Math.max(0, Math.max(c - f, f - (c + 1)));
    }

    /**
     * The runs of the cells of the block of {@code reach} around the point (as
     * {@link #ranges(double, double, double, int, int[])}) that are not in the block of
     * {@code inner}: the shell a search that has scanned the inner block adds when it grows.
     * The block of some reach (inner −1), then the shell of each next reach, hold the block of
     * the last reach, each cell once. The rows come from the point's outward.
     *
     * @param inner −1 (the whole block) to {@code reach − 1}
     * @param out   room for {@link #maxRuns(int)} of {@code reach} runs
     */
    public int shellRanges(double x, double y, double z, int reach, int inner, int[] out) {
        int cx = coordinate(x, minX, nx), cy = coordinate(y, minY, ny);
        int cz = dimension == 3 ? coordinate(z, minZ, nz) : 0;
        // each axis's offsets as one interval [from, to] of at most n cells, the inner's inside the outer's
        int xInFrom = inner < 0 ? 1 : from(cx, nx, inner), xInTo = inner < 0 ? 0 : to(cx, nx, inner);
        int yInFrom = inner < 0 ? 1 : from(cy, ny, inner), yInTo = inner < 0 ? 0 : to(cy, ny, inner);
        int zInFrom = inner < 0 ? 1 : dimension == 3 ? from(cz, nz, inner) : 0, zInTo = inner < 0 ? 0 : dimension == 3 ? to(cz, nz, inner) : 0;
        int xFrom = outerFrom(cx, nx, reach, inner, xInFrom), xTo = outerTo(cx, nx, reach, inner, xInFrom);
        int yFrom = outerFrom(cy, ny, reach, inner, yInFrom), yTo = outerTo(cy, ny, reach, inner, yInFrom);
        int zFrom = dimension == 3 ? outerFrom(cz, nz, reach, inner, zInFrom) : 0;
        int zTo = dimension == 3 ? outerTo(cz, nz, reach, inner, zInFrom) : 0;
        // layers and rows from the point's outward (0, −1, 1, −2, 2, …; every interval holds 0), so
        // that a search meets the nearer points first
        int k = 0;
        for (int tz = 0, zSpan = 2 * Math.max(-zFrom, zTo); tz <= zSpan; tz++) {
            int dz = middleOut(tz);
            if (dz < zFrom || dz > zTo) continue;
            int zz = Math.floorMod(cz + dz, nz);
            boolean layerInner = dz >= zInFrom && dz <= zInTo;
            for (int ty = 0, ySpan = 2 * Math.max(-yFrom, yTo); ty <= ySpan; ty++) {
                int dy = middleOut(ty);
                if (dy < yFrom || dy > yTo) continue;
                int row = (zz * ny + Math.floorMod(cy + dy, ny)) * nx;
                if (layerInner && dy >= yInFrom && dy <= yInTo) {
                    k = rowRuns(row, cx + xFrom, cx + xInFrom - 1, out, k);
                    k = rowRuns(row, cx + xInTo + 1, cx + xTo, out, k);
                } else {
                    k = rowRuns(row, cx + xFrom, cx + xTo, out, k);
                }
            }
        }
        return k >> 1;
    }

    /** The t-th offset counted outward from 0: 0, −1, 1, −2, 2, … */
    private static int middleOut(int t) {
        return (t & 1) == 0 ? t >> 1 : -((t + 1) >> 1);
    }

    /**
     * The first offset of the outer block along an axis: as {@link #from}, except that a
     * periodic axis the outer block covers whole starts at the inner block's first offset, so
     * that its n offsets contain the inner block's.
     */
    private int outerFrom(int c, int n, int reach, int inner, int innerFrom) {
        return periodic && inner >= 0 && 2 * reach + 1 >= n ? innerFrom : from(c, n, reach);
    }

    /** The last offset (inclusive) of the outer block along an axis, as {@link #outerFrom}. */
    private int outerTo(int c, int n, int reach, int inner, int innerFrom) {
        return periodic && inner >= 0 && 2 * reach + 1 >= n ? innerFrom + n - 1 : to(c, n, reach);
    }

    /**
     * Appends the runs of cells lo..hi (inclusive, at most a row's length, within one row's
     * length of the row when periodic) of the row starting at cell {@code row}; none when
     * lo &gt; hi.
     */
    private int rowRuns(int row, int lo, int hi, int[] out, int k) {
        if (lo > hi) return k;
        int[] start = cellStart;
        if (lo >= nx) { lo -= nx; hi -= nx; }     // wholly past an end: the image inside the row
        else if (hi < 0) { lo += nx; hi += nx; }
        if (lo < 0) {
            out[k++] = start[row + nx + lo]; out[k++] = start[row + nx];
            lo = 0;
        }
        if (hi >= nx) {
            out[k++] = start[row]; out[k++] = start[row + hi - nx + 1];
            hi = nx - 1;
        }
        if (lo <= hi) { out[k++] = start[row + lo]; out[k++] = start[row + hi + 1]; }
        return k;
    }

    /**
     * The axes (bit 0: x, 1: y, 2: z) along which a scan of the block of this reach around the
     * point (as {@link #ranges}) may meet a displacement longer than half the period, so needs
     * the minimum image. An axis is exempt when it has at least 4·reach + 4 cells, the block
     * keeps a cell clear of the box's edges, and the points lay inside the box at the last
     * {@link #build} and moved by less than half a cell since ({@code moved}): every point of the
     * block was then built at least a cell inside the box, cannot have wrapped, and lies less
     * than 2·reach + 2 cells (at most half the period) from the point. Every axis of an open
     * world is returned (its distances have no images to choose from).
     *
     * @param moved how far points may have moved since the build, &ge; 0
     */
    public int imageAxes(double x, double y, double z, int reach, double moved) {
        int all = dimension == 3 ? 7 : 3;
        if (!periodic || !inside || !(moved < 0.5 * width)) return all;
        int axes = 0;
        if (nearEdge(coordinate(x, minX, nx), nx, reach)) axes |= 1;
        if (nearEdge(coordinate(y, minY, ny), ny, reach)) axes |= 2;
        if (dimension == 3 && nearEdge(coordinate(z, minZ, nz), nz, reach)) axes |= 4;
        return axes;
    }

    private static boolean nearEdge(int c, int n, int reach) {
        return n < 4 * reach + 4 || c - reach <= 0 || c + reach >= n - 1;
    }

    /**
     * Whether {@link #forwardRuns} of this reach is valid after the last {@link #build}: an open
     * world, or a periodic one with more than 2·reach+1 cells per side, where every cell of the
     * block is one periodic image.
     */
    public boolean shiftsExact(int reach) {
        int side = 2 * reach + 1;
        return !periodic || (nx > side && ny > side && (dimension == 2 || nz > side));
    }

    /** @return cells along x after the last {@link #build}. */
    public int cellsX() { return nx; }

    /** @return cells along y after the last {@link #build}. */
    public int cellsY() { return ny; }

    /** @return the first slot of cell {@code cell} ({@code cellStart(cell + 1)} ends it). */
    public int cellStart(int cell) { return cellStart[cell]; }

    /**
     * The runs of the forward half of the block of the given reach around cell (cx, cy, cz),
     * without the cell itself: the cells after it in its row, the rows after it in its layer
     * (2D: the one layer) and the layers after it. Every unordered pair of cells of a block is
     * then visited once when each cell takes its forward half (and the pairs inside a cell are
     * taken by the cell). 3 ints per run: start, end, and the periodic image of the run's cells
     * as a code {@code 13 + ix + 3·iy + 9·iz}, i ∈ {−1, 0, 1}: adding {@code i·size} to
     * {@code p_j − p_i} gives the minimum image for every pair closer than a cell width, with no
     * per-pair test. Requires {@link #shiftsExact} for this reach and positions unchanged since
     * {@link #build}.
     *
     * @param out room for 3·{@link #maxRuns(int)} ints
     */
    public int forwardRuns(int cx, int cy, int cz, int reach, int[] out) {
        int k = 0;
        int[] start = cellStart;
        int zTo = dimension == 2 ? 0 : (periodic ? reach : Math.min(reach, nz - 1 - cz));
        for (int dz = 0; dz <= zTo; dz++) {
            int zz = cz + dz, iz = zz >= nz ? 1 : 0;
            zz -= iz * nz;
            int yFrom = dz == 0 ? 0 : (periodic ? -reach : Math.max(-reach, -cy));
            int yTo = periodic ? reach : Math.min(reach, ny - 1 - cy);
            for (int dy = yFrom; dy <= yTo; dy++) {
                int yy = cy + dy, iy = yy < 0 ? -1 : (yy >= ny ? 1 : 0);
                yy -= iy * ny;
                int row = (zz * ny + yy) * nx;
                int image = 13 + 3 * iy + 9 * iz;
                int lo = dz == 0 && dy == 0 ? cx + 1 : cx - reach, hi = cx + reach;
                if (!periodic) {
                    lo = Math.max(lo, 0);
                    hi = Math.min(hi, nx - 1);
                    if (lo > hi) continue;
                }
                if (lo < 0) {
                    out[k++] = start[row + nx + lo]; out[k++] = start[row + nx]; out[k++] = image - 1;
                    lo = 0;
                }
                if (hi >= nx) {
                    out[k++] = start[row]; out[k++] = start[row + hi - nx + 1]; out[k++] = image + 1;
                    hi = nx - 1;
                }
                if (lo <= hi) {
                    out[k++] = start[row + lo]; out[k++] = start[row + hi + 1]; out[k++] = image;
                }
            }
        }
        return k / 3;
    }

    /** @return cells along z after the last {@link #build} (1 in 2D). */
    public int cellsZ() { return nz; }

    /** First offset of a block of the given reach along an axis of {@code n} cells. */
    private int from(int c, int n, int reach) {
        if (2 * reach + 1 >= n) return -c;            // the whole axis, once
        return periodic ? -reach : Math.max(-reach, -c);
    }

    /** Last offset (inclusive) of a block of the given reach along an axis of {@code n} cells. */
    private int to(int c, int n, int reach) {
        if (2 * reach + 1 >= n) return n - 1 - c;
        return periodic ? reach : Math.min(reach, n - 1 - c);
    }

    /** @return the most runs a query of the given reach can write (ints needed: twice that). */
    public int maxRuns(int reach) {
        long side = 2L * reach + 1;
        long rows = Math.min(side, ny) * (dimension == 3 ? Math.min(side, nz) : 1);
        return (int) Math.min(Integer.MAX_VALUE / 4, rows * 3);
    }

    /** @return the cell width of the last {@link #build}, &ge; the requested cell size. */
    public double cellWidth() { return width; }

    /** @return whether a block of this reach covers every cell. */
    public boolean coversAll(int reach) {
        long side = 2L * reach + 1;
        return side >= nx && side >= ny && (dimension == 2 || side >= nz);
    }

    /** @return boid indices in cell order; entries [0, n) are valid after {@link #build}. */
    public int[] order() { return order; }

    /** @return for each boid index, its position in {@link #order()}. */
    public int[] slotOf() { return slotOf; }
}
