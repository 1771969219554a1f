package io.flocktune.sim.space;

/** Minimum-image helpers for a periodic box of side {@code size} centred on the origin. */
public final class Periodic {
    private Periodic() {}

    /**
     * @param delta a coordinate difference with |delta| &lt; 1.5·size
     * @param size  period, &gt; 0
     * @return the equivalent difference in [−size/2, size/2]
     */
    public static double minimumImage(double delta, double size) {
        double half = 0.5 * size;
        if (delta > half) return delta - size;
        if (delta < -half) return delta + size;
        return delta;
    }

    /**
     * @param coordinate any finite coordinate; one period outside the box costs two comparisons
     *                   and one addition, farther costs a division
     * @param size       period, &gt; 0
     * @return the same point wrapped into [−size/2, size/2), always inside (an image within
     *         rounding of −size/2 or +size/2 becomes exactly −size/2)
     */
    public static double wrap(double coordinate, double size) {
        double half = 0.5 * size;
        if (coordinate >= half) coordinate -= size;
        else if (coordinate < -half) coordinate += size;
        // a step longer than a period, or rounding at the edge: the reduction by whole periods
        // is exact only to the rounding of the product, which can land on either side of the box
        if (coordinate >= half || coordinate < -half) {
            coordinate -= size * Math.floor((coordinate + half) / size);
            if (coordinate < -half) coordinate += size;
            if (coordinate >= half) coordinate = -half;
        }
        return coordinate;
    }
}
