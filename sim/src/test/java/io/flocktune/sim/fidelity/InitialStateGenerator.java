package io.flocktune.sim.fidelity;

import io.flocktune.sim.space.Periodic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes the initial states of the seed fidelity tests, {@code seed00K-initial.csv}, once;
 * the files are committed test resources, so the tests never depend on this generator's
 * randomness. File K is drawn from {@code new SplittableRandom(SEED + K)}.
 *
 * <p>Each state is a few clusters of boids (uniform in a cube or square, velocities of a fixed
 * speed in uniformly random directions) placed so that 50 steps exercise every rule of the
 * seed: dense groups for separation, boids beyond 000's soft margin and near its obstacle, a
 * group straddling 001's wrapped corner (whose parts see each other only in
 * {@code seed001-fixed}: {@code seed001}'s distances are plain), boids near 002's goal and wall
 * with its predator inside the flock and a second one in boid 0's path.
 *
 * <pre>{@code
 * java -cp sim/target/test-classes:sim/target/classes \
 *     io.flocktune.sim.fidelity.InitialStateGenerator sim/src/test/resources/io/flocktune/sim/fidelity
 * }</pre>
 */
final class InitialStateGenerator {
    /** Base seed of the committed files. */
    static final long SEED = 20_250_601L;

    private InitialStateGenerator() {}

    /** {@code count} boids uniform in the cube of side {@code side} around (cx, cy, cz), at {@code speed}. */
    record Cluster(int count, double cx, double cy, double cz, double side, double speed) {}

    /**
     * @param periodSize side of a periodic world to wrap positions into, or 0 for none
     * @param predators  rows {x, y, z}, at rest
     */
    static SeedState generate(long seed, int dimension, double periodSize, List<Cluster> clusters, double[][] predators) {
        int count = clusters.stream().mapToInt(Cluster::count).sum();
        SeedState s = new SeedState(dimension, count, predators.length);
        SplittableRandom random = new SplittableRandom(seed);
        int i = 0;
        for (Cluster c : clusters) {
            for (int k = 0; k < c.count(); k++, i++) {
                s.x[i] = c.cx() + c.side() * (random.nextDouble() - 0.5);
                s.y[i] = c.cy() + c.side() * (random.nextDouble() - 0.5);
                if (dimension == 3) s.z[i] = c.cz() + c.side() * (random.nextDouble() - 0.5);
                if (periodSize > 0) {
                    s.x[i] = Periodic.wrap(s.x[i], periodSize);
                    s.y[i] = Periodic.wrap(s.y[i], periodSize);
                    if (dimension == 3) s.z[i] = Periodic.wrap(s.z[i], periodSize);
                }
                double phi = 2 * Math.PI * random.nextDouble();
                if (dimension == 3) {
                    double cosTheta = 2 * random.nextDouble() - 1, sinTheta = Math.sqrt(1 - cosTheta * cosTheta);
                    s.vx[i] = c.speed() * sinTheta * Math.cos(phi);
                    s.vy[i] = c.speed() * sinTheta * Math.sin(phi);
                    s.vz[i] = c.speed() * cosTheta;
                } else {
                    s.vx[i] = c.speed() * Math.cos(phi);
                    s.vy[i] = c.speed() * Math.sin(phi);
                }
            }
        }
        for (int k = 0; k < predators.length; k++) {
            s.px[k] = predators[k][0]; s.py[k] = predators[k][1]; s.pz[k] = predators[k][2];
        }
        return s;
    }

    static SeedState seed000() {
        return generate(SEED, 3, 0, List.of(
                new Cluster(20, 0, 0, 0, 30, 1),          // flock next to the obstacle at (20, 0, 0), r 5
                new Cluster(10, 56, -56, 0, 8, 1)),       // around the soft margin |x|, |y| > 55
                new double[0][]);
    }

    static SeedState seed001() {
        return generate(SEED + 1, 2, 550, List.of(
                new Cluster(71, 0, 0, 0, 200, 1),
                new Cluster(30, 265, -265, 0, 60, 1.5)),  // straddles the periodic corner (±275)
                new double[0][]);
    }

    static SeedState seed002() {
        SeedState s = generate(SEED + 2, 3, 0, List.of(
                new Cluster(36, 0, 0, 0, 36, 1),
                new Cluster(8, 28, 28, 28, 12, 1),        // near the goal (30, 30, 30), range 10
                new Cluster(6, -46, 0, 0, 8, 1.5)),       // near the hard wall x = −50
                new double[][] {{10, 0, 0}, {0, 0, 0}});  // the first inside the flock's flee range
        // the second where boid 0 would be after one step, so boid 0 is caught at once
        s.px[1] = s.x[0] + s.vx[0];
        s.py[1] = s.y[0] + s.vy[0];
        s.pz[1] = s.z[0] + s.vz[0];
        return s;
    }

    static SeedState seed003() {
        return generate(SEED + 3, 2, 0, List.of(new Cluster(150, 0, 0, 0, 300, 2)), new double[0][]);
    }

    static SeedState seed004() {
        return generate(SEED + 4, 3, 0, List.of(new Cluster(100, 0, 0, 0, 40, 5)), new double[0][]);
    }

    /** @param args the output directory */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        List<SeedState> states = List.of(seed000(), seed001(), seed002(), seed003(), seed004());
        for (int k = 0; k < states.size(); k++) {
            Files.write(dir.resolve("seed00" + k + "-initial.csv"), states.get(k).toCsv());
        }
    }
}
