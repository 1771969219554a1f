package io.flocktune.sim;

/** Turning a heading toward a direction with a limited angle (Couzin's turning rate, smart predators). */
public final class Turning {
    private Turning() {}

    /**
     * Writes into {@code out} the unit heading h turned toward the unit direction g by at most
     * {@code maxAngle} radians, in the plane of the two; when they are opposite it turns toward a
     * fixed perpendicular (in the xy-plane in 2D).
     *
     * @param maxAngle largest turn in radians, &ge; 0
     * @param threeD   whether z may be used
     * @param out      receives the new unit heading (3 entries)
     */
    public static void toward(double hx, double hy, double hz, double gx, double gy, double gz,
                       double maxAngle, boolean threeD, double[] out) {
        double cos = Math.clamp(hx * gx + hy * gy + hz * gz, -1, 1);
        double angle = Math.acos(cos);
        if (angle <= maxAngle) {
            out[0] = gx; out[1] = gy; out[2] = gz;
            return;
        }
        double px = gx - cos * hx, py = gy - cos * hy, pz = gz - cos * hz;      // part of g ⟂ h
        double len = Math.sqrt(px * px + py * py + pz * pz);
        if (len < 1e-12) {
            if (threeD && Math.abs(hz) < 0.9) { px = -hy; py = hx; pz = 0; }
            else if (threeD) { px = 0; py = -hz; pz = hy; }
            else { px = -hy; py = hx; pz = 0; }
            len = Math.sqrt(px * px + py * py + pz * pz);
        }
        double c = Math.cos(maxAngle), sn = Math.sin(maxAngle) / len;
        out[0] = c * hx + sn * px; out[1] = c * hy + sn * py; out[2] = c * hz + sn * pz;
    }
}
