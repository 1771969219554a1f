package io.flocktune.sim;

import java.util.Objects;

/**
 * A rule written in Java, for trying an idea without forking the engine: a force computed from
 * the boid and a read-only view of its neighbours, added to the boid's summed rule output. A
 * preset names its custom rules from Java code,
 * {@code preset.toBuilder().customRules(List.of(new MyRule(0.3))).build()}; they run on the
 * engine's general path (one boid at a time, the symmetric pair pass is never taken), so a preset
 * with a custom rule is slower than one with built-in variants only. Custom rules have no JSON
 * form: writing or exporting such a preset is an error.
 *
 * <p>Per step and boid, after separation, alignment, cohesion, goal, flee and obstacles and
 * before the random steering, the boundary turn and {@link io.flocktune.sim.rule.Motion}, each
 * custom rule in list order gets {@code force} zeroed, writes its contribution into it, and the
 * engine adds it to the sum (in 2D it ignores {@code force[2]}). This holds for every update
 * order: with {@code SEQUENTIAL_IN_PLACE} too, a custom rule reads the boid's velocity at the start
 * of its update and adds after the built-in rules.
 *
 * <p>The neighbours are the preset's {@link io.flocktune.sim.rule.Neighbourhood} N, the boids
 * alignment and cohesion see: within the radius (and inside the view cone, off the own position
 * for {@code metricExcludingCoincident}), the k nearest, or, for {@code global}, every other boid
 * (O(N²) per step). With a sequential update they are read as already moved this step, as the
 * built-in rules read them.
 *
 * <p>A rule must be a deterministic function of its arguments (no clock, no unseeded randomness,
 * no state carried between calls), must not keep the views after the call (they are reused) and
 * should not allocate (it runs N times per step). Example, a pull toward the nearest neighbour:
 *
 * <pre>{@code
 * record NearestPull(double weight) implements CustomRule {
 *     public void force(CustomRule.Boid self, CustomRule.Neighbours n, double[] force) {
 *         int best = -1;
 *         for (int k = 0; k < n.count(); k++) if (best < 0 || n.distance(k) < n.distance(best)) best = k;
 *         if (best < 0) return;
 *         force[0] = weight * n.dx(best); force[1] = weight * n.dy(best); force[2] = weight * n.dz(best);
 *     }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface CustomRule {

    /**
     * Writes this rule's contribution for {@code self} into {@code force}.
     *
     * @param self       the boid, as at the start of its update
     * @param neighbours its neighbourhood N (itself excluded), valid during the call only
     * @param force      three entries, zero on entry; receives the contribution, a velocity
     *                   change (world units per time unit) added once per step, like the built-in
     *                   rules' output
     */
    void force(Boid self, Neighbours neighbours, double[] force);

    /** The boid a custom rule acts on (read-only; reused by the engine). */
    final class Boid {
        int id, dimension;
        long step;
        double x, y, z, vx, vy, vz;

        Boid() {}

        /** @return the boid's id (stable across steps) */
        public int id() { return id; }
        /** @return 2 or 3 (in 2D z and vz are 0) */
        public int dimension() { return dimension; }
        /** @return the number of steps completed before this one */
        public long step() { return step; }
        public double x() { return x; }
        public double y() { return y; }
        public double z() { return z; }
        public double vx() { return vx; }
        public double vy() { return vy; }
        public double vz() { return vz; }
    }

    /**
     * A boid's neighbours, indexed 0 … {@link #count()} − 1 (read-only; reused by the engine).
     * Offsets are minimum images in a periodic world, as the built-in rules see them.
     */
    final class Neighbours {
        int[] slot;
        int count;
        int[] ids;
        double[] x, y, z, vx, vy, vz;
        double xi, yi, zi, period;

        Neighbours() {}

        /** @return the number of neighbours */
        public int count() { return count; }
        /** @return neighbour k's id */
        public int id(int k) { return ids[slot[Objects.checkIndex(k, count)]]; }
        /** @return x of the offset p_k − p_self */
        public double dx(int k) { return delta(x[slot[Objects.checkIndex(k, count)]] - xi); }
        /** @return y of the offset p_k − p_self */
        public double dy(int k) { return delta(y[slot[Objects.checkIndex(k, count)]] - yi); }
        /** @return z of the offset p_k − p_self (0 in 2D) */
        public double dz(int k) { return delta(z[slot[Objects.checkIndex(k, count)]] - zi); }
        /** @return |p_k − p_self| */
        public double distance(int k) {
            double dx = dx(k), dy = dy(k), dz = dz(k);
            return Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        public double vx(int k) { return vx[slot[Objects.checkIndex(k, count)]]; }
        public double vy(int k) { return vy[slot[Objects.checkIndex(k, count)]]; }
        public double vz(int k) { return vz[slot[Objects.checkIndex(k, count)]]; }

        private double delta(double d) {
            return period > 0 ? io.flocktune.sim.space.Periodic.minimumImage(d, period) : d;
        }
    }
}
