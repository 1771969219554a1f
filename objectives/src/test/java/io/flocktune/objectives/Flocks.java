package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Boundary;

import java.util.SplittableRandom;

/** Hand-made states and worlds for the tests. */
final class Flocks {
    private Flocks() {}

    static Preset.World open(int dimension) {
        return new Preset.World(dimension, 100, new Boundary.None());
    }

    static Preset.World periodic(int dimension, double size) {
        return new Preset.World(dimension, size, new Boundary.Wrap());
    }

    /** A 2D flock at the given (x, y) points, all at rest. */
    static Flock at2D(double... xy) {
        Flock flock = new Flock(2, xy.length / 2, 0);
        for (int i = 0; i < flock.count(); i++) {
            flock.x()[i] = xy[2 * i];
            flock.y()[i] = xy[2 * i + 1];
        }
        return flock;
    }

    /** {@code n} boids uniform in the centred cube of side {@code side}, random unit velocities. */
    static Flock random(int dimension, int n, double side, SplittableRandom random) {
        Flock flock = new Flock(dimension, n, 0);
        for (int i = 0; i < n; i++) {
            flock.x()[i] = side * (random.nextDouble() - 0.5);
            flock.y()[i] = side * (random.nextDouble() - 0.5);
            if (dimension == 3) flock.z()[i] = side * (random.nextDouble() - 0.5);
            randomHeading(flock, i, random);
        }
        return flock;
    }

    /** Gives boid i a uniformly random unit velocity. */
    static void randomHeading(Flock flock, int i, SplittableRandom random) {
        if (flock.dimension() == 3) {
            double cz = 2 * random.nextDouble() - 1, phi = 2 * Math.PI * random.nextDouble();
            double r = Math.sqrt(1 - cz * cz);
            flock.vx()[i] = r * Math.cos(phi);
            flock.vy()[i] = r * Math.sin(phi);
            flock.vz()[i] = cz;
        } else {
            double phi = 2 * Math.PI * random.nextDouble();
            flock.vx()[i] = Math.cos(phi);
            flock.vy()[i] = Math.sin(phi);
        }
    }

    /** Wraps every boid into the periodic box of side {@code size}. */
    static void wrap(Flock flock, double size) {
        for (int i = 0; i < flock.count(); i++) {
            flock.x()[i] = io.flocktune.sim.space.Periodic.wrap(flock.x()[i], size);
            flock.y()[i] = io.flocktune.sim.space.Periodic.wrap(flock.y()[i], size);
            flock.z()[i] = flock.dimension() == 3 ? io.flocktune.sim.space.Periodic.wrap(flock.z()[i], size) : 0;
        }
    }
}
