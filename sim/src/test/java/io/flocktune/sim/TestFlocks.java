package io.flocktune.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Hand-made flocks for rule tests, and assertions on one boid's vectors. */
public final class TestFlocks {
    private TestFlocks() {}

    /** Golden-value tolerance of the rule tests (hand formulas vs the engine's operation order). */
    public static final double EPSILON = 1e-12;

    /** A flock of the given boids, each {x, y, z, vx, vy, vz}; boid ids are the row indices. */
    public static Flock of(int dimension, double[]... boids) {
        return of(dimension, boids, new double[0][]);
    }

    /** A flock of boids and predators, each row {x, y, z, vx, vy, vz}. */
    public static Flock of(int dimension, double[][] boids, double[][] predators) {
        Flock f = new Flock(dimension, boids.length, predators.length);
        for (int i = 0; i < boids.length; i++) {
            double[] b = boids[i];
            f.x()[i] = b[0]; f.y()[i] = b[1]; f.z()[i] = b[2];
            f.vx()[i] = b[3]; f.vy()[i] = b[4]; f.vz()[i] = b[5];
        }
        for (int k = 0; k < predators.length; k++) {
            double[] q = predators[k];
            f.px()[k] = q[0]; f.py()[k] = q[1]; f.pz()[k] = q[2];
            f.pvx()[k] = q[3]; f.pvy()[k] = q[4]; f.pvz()[k] = q[5];
        }
        return f;
    }

    /** Runs {@code preset} for one step from {@code initial} (noise seed 1). */
    public static Simulation stepOnce(Preset.RuleSet preset, Flock initial) {
        Simulation sim = Simulation.of(preset, 1, initial);
        sim.step();
        return sim;
    }

    /**
     * @return the slot of boid {@code id} (slots are not ids: the engine keeps boids in cell order)
     * @throws AssertionError if no live boid has that id
     */
    public static int slot(Flock f, int id) {
        for (int s = 0; s < f.count(); s++) if (f.id()[s] == id) return s;
        throw new AssertionError("no live boid with id " + id);
    }

    /** @return the velocity of boid {@code id}. */
    public static double[] velocity(Flock f, int id) {
        int s = slot(f, id);
        return new double[] {f.vx()[s], f.vy()[s], f.vz()[s]};
    }

    /** @return the position of boid {@code id}. */
    public static double[] position(Flock f, int id) {
        int s = slot(f, id);
        return new double[] {f.x()[s], f.y()[s], f.z()[s]};
    }

    /** @return {@code velocity(after, id) − velocity(before, id)}. */
    public static double[] velocityChange(Flock before, Flock after, int id) {
        double[] a = velocity(after, id), b = velocity(before, id);
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    /** Asserts each component within {@link #EPSILON}·max(1, |expected|). */
    public static void assertVector(String what, double[] expected, double[] actual) {
        for (int c = 0; c < 3; c++) {
            assertEquals(expected[c], actual[c], EPSILON * Math.max(1, Math.abs(expected[c])),
                    what + " component " + "xyz".charAt(c));
        }
    }

    /** @return {@code (x, y, z)} as an array. */
    public static double[] vector(double x, double y, double z) {
        return new double[] {x, y, z};
    }

    /** @return the Euclidean length of {@code a}. */
    public static double length(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }
}
