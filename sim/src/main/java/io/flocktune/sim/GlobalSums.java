package io.flocktune.sim;

/**
 * The global neighbourhood's flock-wide sums (positions, velocities, unit velocities, heading
 * angles): computed once per step in O(N), and in a sequential update kept current by taking a
 * boid out before its update and putting it back after. The kernel reads the fields.
 */
final class GlobalSums {
    private final boolean needUnit, needHeading;
    double px, py, pz, vx, vy, vz, ux, uy, uz, heading;

    GlobalSums(boolean needUnit, boolean needHeading) {
        this.needUnit = needUnit;
        this.needHeading = needHeading;
    }

    /** Sums over slots 0 … n−1. */
    void compute(int n, double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz,
                 double[] unitX, double[] unitY, double[] unitZ, double[] headings) {
        px = py = pz = this.vx = this.vy = this.vz = ux = uy = uz = heading = 0;
        for (int s = 0; s < n; s++) add(s, +1, x, y, z, vx, vy, vz, unitX, unitY, unitZ, headings);
    }

    /** Adds ({@code sign} +1) or removes (−1) slot s. */
    void add(int s, int sign, double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz,
             double[] unitX, double[] unitY, double[] unitZ, double[] headings) {
        px += sign * x[s]; py += sign * y[s]; pz += sign * z[s];
        this.vx += sign * vx[s]; this.vy += sign * vy[s]; this.vz += sign * vz[s];
        if (needUnit) { ux += sign * unitX[s]; uy += sign * unitY[s]; uz += sign * unitZ[s]; }
        if (needHeading) heading += sign * headings[s];
    }
}
