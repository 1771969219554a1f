package io.flocktune.sim;

/** Turning a heading toward a direction with a limited angle (Couzin's turning rate, smart predators). */
public final class Turning {
    private Turning() {}

    /** No limit: any turn, up to a half-turn. */
    public static final Limit HALF_TURN = new Limit(Math.PI);

    /**
     * A largest turn, with what {@link #toward} needs of it computed once: its cosine and sine,
     * and the cosines {@code cos(angle ∓ 1e-6)} between which the angle between the two
     * directions must be taken with {@code acos} to compare it with the limit. Outside that band
     * the comparison is decided by the cosine alone, with the same outcome: {@code acos} and
     * {@code cos} are within an ulp or two, far inside the 1e-6 rad margin, as long as the limit
     * is at least 1e-3 rad from 0 and π (elsewhere the band is the whole range).
     *
     * @param angle largest turn in radians, &ge; 0
     */
    public record Limit(double angle, double cos, double sin, double surelyWithin, double surelyBeyond) {
        private static final double MARGIN = 1e-6, EDGE = 1e-3;

        public Limit(double angle) {
            this(angle, Math.cos(angle), Math.sin(angle),
                    angle >= EDGE && angle <= Math.PI - EDGE ? Math.cos(angle - MARGIN) : Double.POSITIVE_INFINITY,
                    angle >= EDGE && angle <= Math.PI - EDGE ? Math.cos(angle + MARGIN) : Double.NEGATIVE_INFINITY);
        }

        /** @return whether the angle whose cosine is {@code cos} (in [−1, 1]) is at most {@link #angle}, as {@code acos(cos) <= angle}. */
        boolean admits(double cos) {
            if (cos > surelyWithin) return true;
            if (cos < surelyBeyond) return false;
            return Math.acos(cos) <= angle;
        }
    }

    /**
     * Writes into {@code out} the unit heading h turned toward the unit direction g by at most
     * {@code limit.angle()} radians, in the plane of the two; when they are opposite it turns
     * toward a fixed perpendicular (in the xy-plane in 2D).
     *
     * @param threeD whether z may be used
     * @param out    receives the new unit heading (3 entries)
     */
    public static void toward(double hx, double hy, double hz, double gx, double gy, double gz,
                              Limit limit, boolean threeD, double[] out) {
        double cos = Math.clamp(hx * gx + hy * gy + hz * gz, -1, 1);
        if (limit.admits(cos)) {
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
        double c = limit.cos(), sn = limit.sin() / len;
        out[0] = c * hx + sn * px; out[1] = c * hy + sn * py; out[2] = c * hz + sn * pz;
    }
}
