package io.flocktune.sim.rule;

/** The vector steps the rule formulas share, on {@code double[3]} outputs (no allocation). */
final class Vec {
    private Vec() {}

    /**
     * {@code out = weight · (x, y, z) / |(x, y, z)|}, or zero when the vector is zero.
     *
     * @return {@code out}
     */
    static double[] scaledUnit(double weight, double x, double y, double z, double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        double len = Math.sqrt(x * x + y * y + z * z);
        if (len > 0) {
            double f = weight / len;
            out[0] = f * x; out[1] = f * y; out[2] = f * z;
        }
        return out;
    }

    /** @return {@code out}, set to zero */
    static double[] zero(double[] out) {
        out[0] = 0; out[1] = 0; out[2] = 0;
        return out;
    }
}
