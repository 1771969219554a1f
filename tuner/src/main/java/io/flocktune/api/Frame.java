package io.flocktune.api;

import io.flocktune.sim.Flock;

import java.util.Arrays;

/**
 * The state of a flock at one step, copied out of the engine: boids in ascending id order (ids
 * stay with their boid across steps; a captured boid is absent). Coordinates are indexed
 * {@code [boid][axis]}, with {@code dimension} axes (x, y and, in 3D, z). The arrays are copies,
 * kept and returned as copies, so a frame never changes.
 *
 * @param step               the step (0 is the initial state)
 * @param dimension          2 or 3
 * @param ids                boid ids, ascending
 * @param positions          {@code positions[i]} of boid {@code ids[i]}
 * @param velocities         {@code velocities[i]} of boid {@code ids[i]}
 * @param predatorPositions  one row per predator
 * @param predatorVelocities one row per predator
 */
public record Frame(long step, int dimension, int[] ids, double[][] positions, double[][] velocities,
                    double[][] predatorPositions, double[][] predatorVelocities) {
    public Frame {
        ids = ids.clone();
        positions = copy(positions);
        velocities = copy(velocities);
        predatorPositions = copy(predatorPositions);
        predatorVelocities = copy(predatorVelocities);
    }

    /** @return a frame of the engine's live {@code flock} at {@code step} (copied). */
    static Frame of(long step, Flock flock) {
        Flock f = flock.inIdOrder();
        int n = f.count(), p = f.predatorCount(), d = f.dimension();
        double[][] pos = new double[n][], vel = new double[n][], ppos = new double[p][], pvel = new double[p][];
        for (int i = 0; i < n; i++) {
            pos[i] = vector(d, f.x()[i], f.y()[i], f.z()[i]);
            vel[i] = vector(d, f.vx()[i], f.vy()[i], f.vz()[i]);
        }
        for (int i = 0; i < p; i++) {
            ppos[i] = vector(d, f.px()[i], f.py()[i], f.pz()[i]);
            pvel[i] = vector(d, f.pvx()[i], f.pvy()[i], f.pvz()[i]);
        }
        return new Frame(step, d, Arrays.copyOf(f.id(), n), pos, vel, ppos, pvel);
    }

    private static double[] vector(int d, double x, double y, double z) {
        return d == 3 ? new double[] {x, y, z} : new double[] {x, y};
    }

    /** @return the number of boids. */
    public int boids() {
        return ids.length;
    }

    @Override
    public int[] ids() {
        return ids.clone();
    }

    @Override
    public double[][] positions() {
        return copy(positions);
    }

    @Override
    public double[][] velocities() {
        return copy(velocities);
    }

    @Override
    public double[][] predatorPositions() {
        return copy(predatorPositions);
    }

    @Override
    public double[][] predatorVelocities() {
        return copy(predatorVelocities);
    }

    /** @return coordinate {@code axis} (0 = x, 1 = y, 2 = z) of every boid, e.g. to plot the flock. */
    public double[] axis(int axis) {
        double[] out = new double[positions.length];
        for (int i = 0; i < out.length; i++) out[i] = positions[i][axis];
        return out;
    }

    private static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) c[i] = a[i].clone();
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Frame f && step == f.step && dimension == f.dimension && Arrays.equals(ids, f.ids)
                && Arrays.deepEquals(positions, f.positions) && Arrays.deepEquals(velocities, f.velocities)
                && Arrays.deepEquals(predatorPositions, f.predatorPositions) && Arrays.deepEquals(predatorVelocities, f.predatorVelocities);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(step) * 31 + Arrays.deepHashCode(positions);
    }

    @Override
    public String toString() {
        return "Frame[step " + step + ", " + ids.length + " boids, " + predatorPositions.length + " predators, " + dimension + "D]";
    }
}
