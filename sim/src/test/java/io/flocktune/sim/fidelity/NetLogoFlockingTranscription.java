package io.flocktune.sim.fidelity;

/**
 * NetLogo's Flocking (Wilensky 1998), transcribed from {@code shared/peers.md} section 1 alone
 * (the model's {@code go}, {@code flock}, {@code find-flockmates}, {@code find-nearest-neighbor},
 * {@code separate}, {@code align}, {@code cohere}, {@code turn-towards}, {@code turn-away},
 * {@code turn-at-most}, and NetLogo's {@code subtract-headings}, {@code atan}, {@code towards},
 * {@code in-radius}, torus wrap). Plain code over all pairs; never calls the engine.
 *
 * <p>A turtle is its index ({@code who}): {@code xcor[who]}, {@code ycor[who]},
 * {@code heading[who]} (compass degrees, 0 = north, clockwise). Ambiguities, "source line →
 * choice": {@code min-one-of} with a tie → the lowest who (flockmates are scanned in who order,
 * strict {@code <}); {@code towards myself} from the same point (a NetLogo runtime error) → that
 * flockmate is left out of the cohesion mean; the order of {@code ask turtles [ flock ]} → given
 * by the caller (who order for trajectories, a shuffle for distributions).
 */
final class NetLogoFlockingTranscription {
    final double minPxcor, maxPxcor;     // the world runs [min, max) in x and y (pxcor ± 0.5)
    final double vision, minimumSeparation, maxAlignTurn, maxCohereTurn, maxSeparateTurn;
    final double[] xcor, ycor, heading;
    /** How often each branch ran, to show a test exercises them all. */
    long separations, alignments, coheres, lonely;

    NetLogoFlockingTranscription(double worldWidth, double vision, double minimumSeparation, double maxAlignTurn,
                                 double maxCohereTurn, double maxSeparateTurn, double[] xcor, double[] ycor,
                                 double[] heading) {
        this.minPxcor = -worldWidth / 2;
        this.maxPxcor = worldWidth / 2;
        this.vision = vision;
        this.minimumSeparation = minimumSeparation;
        this.maxAlignTurn = maxAlignTurn;
        this.maxCohereTurn = maxCohereTurn;
        this.maxSeparateTurn = maxSeparateTurn;
        this.xcor = xcor.clone();
        this.ycor = ycor.clone();
        this.heading = heading.clone();
    }

    int count() {
        return xcor.length;
    }

    /** {@code go}: {@code ask turtles [ flock ]} in {@code order}, then {@code repeat 5 [ ask turtles [ fd 0.2 ] ]}. */
    void go(int[] order) {
        for (int who : order) flock(who);
        for (int r = 0; r < 5; r++) {
            for (int who = 0; who < count(); who++) fd(who, 0.2);
        }
    }

    void flock(int me) {
        // find-flockmates: set flockmates other turtles in-radius vision
        int[] flockmates = new int[count()];
        int n = 0;
        for (int other = 0; other < count(); other++) {
            if (other != me && distance(me, other) <= vision) flockmates[n++] = other;
        }
        if (n == 0) { lonely++; return; }
        // find-nearest-neighbor: set nearest-neighbor min-one-of flockmates [distance myself]
        int nearest = flockmates[0];
        for (int k = 1; k < n; k++) {
            if (distance(flockmates[k], me) < distance(nearest, me)) nearest = flockmates[k];
        }
        if (distance(me, nearest) < minimumSeparation) {
            separations++;
            // separate: turn-away ([heading] of nearest-neighbor) max-separate-turn
            turnAtMost(me, subtractHeadings(heading[me], heading[nearest]), maxSeparateTurn);
        } else {
            alignments++;
            // align: turn-towards average-flockmate-heading max-align-turn
            double xComponent = 0, yComponent = 0;
            for (int k = 0; k < n; k++) {
                xComponent += Math.sin(Math.toRadians(heading[flockmates[k]]));     // sum [dx] of flockmates
                yComponent += Math.cos(Math.toRadians(heading[flockmates[k]]));     // sum [dy] of flockmates
            }
            double averageHeading = xComponent == 0 && yComponent == 0 ? heading[me] : atan(xComponent, yComponent);
            turnAtMost(me, subtractHeadings(averageHeading, heading[me]), maxAlignTurn);
            coheres++;
            // cohere: turn-towards average-heading-towards-flockmates max-cohere-turn
            // x = mean [sin (towards myself + 180)] of flockmates, y = mean [cos (towards myself + 180)]
            double sumSin = 0, sumCos = 0;
            int counted = 0;
            for (int k = 0; k < n; k++) {
                int f = flockmates[k];
                if (xcor[f] == xcor[me] && ycor[f] == ycor[me]) continue;   // towards: no heading to the same point
                double towardsMyself = towards(f, me);
                sumSin += Math.sin(Math.toRadians(towardsMyself + 180));
                sumCos += Math.cos(Math.toRadians(towardsMyself + 180));
                counted++;
            }
            if (counted > 0) {
                double meanX = sumSin / counted, meanY = sumCos / counted;
                double towardsFlockmates = meanX == 0 && meanY == 0 ? heading[me] : atan(meanX, meanY);
                turnAtMost(me, subtractHeadings(towardsFlockmates, heading[me]), maxCohereTurn);
            }
        }
    }

    /** turn-at-most: {@code ifelse abs turn > max-turn [ ifelse turn > 0 [ rt max-turn ] [ lt max-turn ] ] [ rt turn ]} */
    void turnAtMost(int me, double turn, double maxTurn) {
        if (Math.abs(turn) > maxTurn) {
            if (turn > 0) rt(me, maxTurn);
            else rt(me, -maxTurn);
        } else {
            rt(me, turn);
        }
    }

    void rt(int me, double degrees) {
        heading[me] = normalize(heading[me] + degrees);
    }

    static double normalize(double h) {
        if (h < 0 || h >= 360) h = ((h % 360) + 360) % 360;
        return h == 360 ? 0 : h;
    }

    /** NetLogo's subtract-headings: both headings in [0, 360), the difference mapped into (−180, 180]. */
    static double subtractHeadings(double h1, double h2) {
        h1 = normalize(h1);
        h2 = normalize(h2);
        double diff = h1 - h2;
        if (diff > -180 && diff <= 180) return diff;
        if (diff > 0) return diff - 360;
        return diff + 360;
    }

    /** NetLogo's {@code atan x y}: the heading of the vector (x, y), in [0, 360). */
    static double atan(double x, double y) {
        double h = Math.toDegrees(Math.atan2(x, y));
        return h < 0 ? h + 360 : h;
    }

    /** {@code [towards target] of from} on the torus: the heading of the shortest wrapped vector. */
    double towards(int from, int target) {
        return atan(wrappedDelta(xcor[target] - xcor[from]), wrappedDelta(ycor[target] - ycor[from]));
    }

    double distance(int a, int b) {
        double dx = wrappedDelta(xcor[b] - xcor[a]), dy = wrappedDelta(ycor[b] - ycor[a]);
        return Math.sqrt(dx * dx + dy * dy);
    }

    private double wrappedDelta(double d) {
        double width = maxPxcor - minPxcor;
        if (Math.abs(d) > width / 2) d = d > 0 ? d - width : d + width;
        return d;
    }

    /** fd distance: moves along the heading and wraps into [min, max) (NetLogo's Topology.wrap). */
    void fd(int me, double distance) {
        xcor[me] = wrap(xcor[me] + distance * Math.sin(Math.toRadians(heading[me])));
        ycor[me] = wrap(ycor[me] + distance * Math.cos(Math.toRadians(heading[me])));
    }

    private double wrap(double pos) {
        double width = maxPxcor - minPxcor;
        if (pos >= maxPxcor) return minPxcor + ((pos - maxPxcor) % width);
        if (pos < minPxcor) {
            double result = maxPxcor - ((minPxcor - pos) % width);
            return result < maxPxcor ? result : minPxcor;
        }
        return pos;
    }
}
