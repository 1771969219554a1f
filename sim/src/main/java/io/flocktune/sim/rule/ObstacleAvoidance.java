package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.space.Periodic;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;

/** How boids avoid the preset's spherical obstacles. */
public sealed interface ObstacleAvoidance {

    /**
     * Seed 000's force field ({@code avoid_obstacles_rule}): with {@code s = |p − o| − r} the
     * distance to the sphere's surface and {@code s < range}, the push is
     * {@code 100·unit(p − o)} when {@code s < 0.1}, else {@code 10/s²·unit(p − o)}, times
     * {@code weight}, summed over obstacles.
     *
     * @param range  detection distance from the surface, &gt; 0 (000: {@code recog_range})
     * @param weight factor on the push, &ge; 0 (000: 1)
     */
    record ForceField(@Positive double range, @NonNegative double weight) implements ObstacleAvoidance {
        public ForceField {
            Check.components(ForceField.class, range, weight);
        }
    }

    /**
     * Steer-to-avoid (Reynolds 1987, named by seed 000 as the better method): look ahead along
     * the heading f for {@code lookAhead} units; of the spheres (radius grown by
     * {@code clearance}) that the ray p + t·f, 0 &le; t &le; lookAhead, passes through, take the
     * nearest and steer perpendicular to f, away from its centre:
     * {@code weight · (1 − t/lookAhead) · unit(lateral)}. A boid whose path misses every sphere
     * feels nothing, so boids flying parallel to a surface keep flying parallel.
     *
     * @param lookAhead distance looked ahead, &gt; 0
     * @param clearance margin added to every radius, &ge; 0
     * @param weight    factor on the steer, &ge; 0
     */
    record SteerToAvoid(@Positive double lookAhead, @NonNegative double clearance,
                        @NonNegative double weight) implements ObstacleAvoidance {
        public SteerToAvoid {
            Check.components(SteerToAvoid.class, lookAhead, clearance, weight);
        }
    }

    // ---- the engine's side: one constant per variant, its formula

    /** The variants as the engine dispatches them (see {@link Separation.Kind}). */
    enum Kind { FORCE_FIELD, STEER_TO_AVOID }

    /** @return the engine constant of {@code avoidance}. */
    static Kind kind(ObstacleAvoidance avoidance) {
        return switch (avoidance) {
            case ForceField f -> Kind.FORCE_FIELD;
            case SteerToAvoid s -> Kind.STEER_TO_AVOID;
        };
    }

    /**
     * {@link ForceField}: adds every sphere's push to acc[0..2], in sphere order, and returns
     * acc. {@code period} &gt; 0: offsets are minimum images for that period.
     */
    static double[] forceField(double range, double weight, double xi, double yi, double zi, double[] ox, double[] oy,
                               double[] oz, double[] or, double period, double[] acc) {
        for (int o = 0; o < ox.length; o++) {
            double dx = delta(xi - ox[o], period), dy = delta(yi - oy[o], period), dz = delta(zi - oz[o], period);
            double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double surface = dist - or[o];
            if (surface < range && dist > 0) {
                double push = surface < 0.1 ? 100 : 10 / (surface * surface);
                double f = weight * push / dist;
                acc[0] += f * dx; acc[1] += f * dy; acc[2] += f * dz;
            }
        }
        return acc;
    }

    /**
     * {@link SteerToAvoid}: adds to acc[0..2] the lateral steer away from the nearest sphere that
     * the look-ahead segment along (vx, vy, vz) passes through (nothing when none), returns acc.
     */
    static double[] steerToAvoid(double lookAhead, double clearance, double weight, boolean threeD, double xi, double yi,
                                 double zi, double vx, double vy, double vz, double[] ox, double[] oy, double[] oz,
                                 double[] or, double period, double[] acc) {
        double speed = Math.sqrt(vx * vx + vy * vy + vz * vz);
        if (speed == 0) return acc;
        double fx = vx / speed, fy = vy / speed, fz = vz / speed;
        double bestT = Double.POSITIVE_INFINITY, lx = 0, ly = 0, lz = 0;
        for (int o = 0; o < ox.length; o++) {
            double cx = delta(ox[o] - xi, period), cy = delta(oy[o] - yi, period), cz = delta(oz[o] - zi, period);
            double t = Math.clamp(cx * fx + cy * fy + cz * fz, 0, lookAhead);
            double ex = t * fx - cx, ey = t * fy - cy, ez = t * fz - cz;      // closest point − centre
            double reach = or[o] + clearance;
            if (ex * ex + ey * ey + ez * ez < reach * reach && t < bestT) {
                bestT = t; lx = ex; ly = ey; lz = ez;
            }
        }
        if (bestT == Double.POSITIVE_INFINITY) return acc;
        double len = Math.sqrt(lx * lx + ly * ly + lz * lz);
        if (len < 1e-12) {
            // heading straight at the centre: turn to a fixed side, perpendicular to f
            if (threeD && Math.abs(fz) < 0.9) { lx = fy; ly = -fx; lz = 0; }
            else if (threeD) { lx = 0; ly = fz; lz = -fy; }
            else { lx = -fy; ly = fx; lz = 0; }
            len = Math.sqrt(lx * lx + ly * ly + lz * lz);
        }
        double f = weight * (1 - bestT / lookAhead) / len;
        acc[0] += f * lx; acc[1] += f * ly; acc[2] += f * lz;
        return acc;
    }

    private static double delta(double d, double period) {
        return period > 0 ? Periodic.minimumImage(d, period) : d;
    }
}
