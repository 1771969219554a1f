package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;

import java.util.SplittableRandom;

/**
 * A simulation's initial state: the random draw of {@link Simulation#of(Preset, long)} (boids in
 * the centred spawn box with random directions, predators uniform in the world box at rest) and
 * the checks on a given state. The draws come from the run's seeded {@link SplittableRandom} in a
 * fixed order, so the same seed gives the same state, bit for bit.
 */
final class InitialState {
    private InitialState() {}

    static void validate(Preset preset, Flock f) {
        int d = preset.world().dimension();
        if (f.dimension() != d) {
            throw new IllegalArgumentException("initial state is " + f.dimension() + "D but world.dimension = " + d);
        }
        if (!f.allFinite()) throw new IllegalArgumentException("initial state has a non-finite value");
        if (d == 2) {
            for (int i = 0; i < f.count(); i++) {
                if (f.z()[i] != 0 || f.vz()[i] != 0) {
                    throw new IllegalArgumentException("boid " + f.id()[i] + " has z or vz != 0 in a 2D world");
                }
            }
            for (int i = 0; i < f.predatorCount(); i++) {
                if (f.pz()[i] != 0 || f.pvz()[i] != 0) {
                    throw new IllegalArgumentException("predator " + i + " has z or vz != 0 in a 2D world");
                }
            }
        }
        if (preset.world().boundary() instanceof Boundary.Wrap || preset.world().boundary() instanceof Boundary.WrapPositionsOnly) {
            double half = 0.5 * preset.world().size();
            for (int i = 0; i < f.count(); i++) {
                if (outside(f.x()[i], half) || outside(f.y()[i], half) || outside(f.z()[i], half)) {
                    throw new IllegalArgumentException("boid " + f.id()[i] + " lies outside the periodic world [-"
                            + half + ", " + half + ")");
                }
            }
        }
    }

    private static boolean outside(double v, double half) {
        return v < -half || v >= half;
    }

    static void randomize(Preset preset, Flock flock, SplittableRandom random) {
        boolean threeD = preset.world().dimension() == 3;
        double spawn = Math.min(preset.boids().spawnSize(), preset.world().size());
        double speed = preset.boids().initialSpeed();
        double[] u = new double[3];
        for (int i = 0; i < flock.count(); i++) {
            flock.x()[i] = spawn * (random.nextDouble() - 0.5);
            flock.y()[i] = spawn * (random.nextDouble() - 0.5);
            if (threeD) flock.z()[i] = spawn * (random.nextDouble() - 0.5);
            randomUnit(random, threeD, u);
            flock.vx()[i] = speed * u[0];
            flock.vy()[i] = speed * u[1];
            flock.vz()[i] = speed * u[2];
        }
        drawPredators(preset, flock, random);
    }

    /** Predators uniform in the world box, at rest. */
    static void drawPredators(Preset preset, Flock flock, SplittableRandom random) {
        boolean threeD = preset.world().dimension() == 3;
        double world = preset.world().size();
        for (int k = 0; k < flock.predatorCount(); k++) {
            flock.px()[k] = world * (random.nextDouble() - 0.5);
            flock.py()[k] = world * (random.nextDouble() - 0.5);
            if (threeD) flock.pz()[k] = world * (random.nextDouble() - 0.5);
        }
    }

    /** Writes a uniformly random unit vector (z = 0 in 2D) into {@code out}. */
    private static void randomUnit(SplittableRandom random, boolean threeD, double[] out) {
        if (threeD) {
            double cz = 2 * random.nextDouble() - 1;
            double phi = 2 * Math.PI * random.nextDouble();
            double r = Math.sqrt(Math.max(0, 1 - cz * cz));
            out[0] = r * Math.cos(phi);
            out[1] = r * Math.sin(phi);
            out[2] = cz;
        } else {
            double phi = 2 * Math.PI * random.nextDouble();
            out[0] = Math.cos(phi);
            out[1] = Math.sin(phi);
            out[2] = 0;
        }
    }
}
