package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The neighbourhood variants, observed through centroid cohesion alone: with every other rule
 * off and no speed clamp, one step changes a boid's velocity by exactly c_i − p_i, the offset
 * to the centroid of the boids it sees.
 */
class TopologicalAndFieldOfViewTest {

    private static Preset.RuleSet probe(int dimension, boolean periodic, double size, Neighbourhood neighbourhood) {
        return Presets.rules("reynolds").toBuilder()
                .world(new Preset.World(dimension, size, periodic ? new Boundary.Wrap() : new Boundary.None()))
                .neighbourhood(neighbourhood)
                .separation(new Separation.Linear(0.5, 0))
                .alignment(new Alignment.VelocityMatch(0))
                .cohesion(new Cohesion.Centroid(1))
                .motion(new Motion.Additive(1))
                .boids(new Preset.Boids(10, 0, 1e9, 1, size))
                .build();
    }

    /** Velocity change of each boid after one step, by boid index. */
    private static double[][] centroidOffsets(Preset.RuleSet preset, Flock initial) {
        Simulation sim = Simulation.of(preset, 1, initial);
        sim.step();
        Flock after = sim.flock().inIdOrder();
        int n = initial.count();
        double[][] offsets = new double[n][3];
        for (int i = 0; i < n; i++) {
            offsets[i][0] = after.vx()[i] - initial.vx()[i];
            offsets[i][1] = after.vy()[i] - initial.vy()[i];
            offsets[i][2] = after.vz()[i] - initial.vz()[i];
        }
        return offsets;
    }

    private static Flock randomFlock(int dimension, int n, double size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock f = new Flock(dimension, n, 0);
        for (int i = 0; i < n; i++) {
            f.x()[i] = size * (random.nextDouble() - 0.5);
            f.y()[i] = size * (random.nextDouble() - 0.5);
            if (dimension == 3) f.z()[i] = size * (random.nextDouble() - 0.5);
            f.vx()[i] = random.nextDouble() - 0.5;
            f.vy()[i] = random.nextDouble() - 0.5;
            if (dimension == 3) f.vz()[i] = random.nextDouble() - 0.5;
        }
        return f;
    }

    private static double[] offset(Flock f, int i, int j, boolean periodic, double size) {
        double dx = f.x()[j] - f.x()[i], dy = f.y()[j] - f.y()[i], dz = f.z()[j] - f.z()[i];
        if (periodic) {
            dx = Periodic.minimumImage(dx, size);
            dy = Periodic.minimumImage(dy, size);
            dz = Periodic.minimumImage(dz, size);
        }
        return new double[] {dx, dy, dz};
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void topologicalFindsExactlyTheKNearestInEveryWorld(long seed) {
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (boolean periodic : new boolean[] {true, false}) {
                for (int k : new int[] {1, 7, 30}) {
                    double size = 40;
                    int n = 300;
                    Flock flock = randomFlock(dimension, n, size, seed * 31 + k);
                    double[][] got = centroidOffsets(probe(dimension, periodic, size, new Neighbourhood.Topological(k)), flock);
                    for (int i = 0; i < n; i++) {
                        final int self = i;
                        int[] nearest = IntStream.range(0, n).filter(j -> j != self).boxed()
                                .sorted(Comparator.comparingDouble(j -> norm2(offset(flock, self, j, periodic, size))))
                                .limit(k).mapToInt(Integer::intValue).toArray();
                        double[] expected = new double[3];
                        for (int j : nearest) {
                            double[] d = offset(flock, i, j, periodic, size);
                            for (int c = 0; c < 3; c++) expected[c] += d[c] / k;
                        }
                        String where = "seed " + seed + " dim " + dimension + " periodic " + periodic + " k " + k + " boid " + i;
                        for (int c = 0; c < 3; c++) assertEquals(expected[c], got[i][c], 1e-9, where);
                    }
                }
            }
        }
    }

    @Test
    void topologicalWithFewerBoidsThanKUsesEveryOther() {
        Flock flock = randomFlock(2, 4, 10, 9);
        double[][] got = centroidOffsets(probe(2, false, 10, new Neighbourhood.Topological(7)), flock);
        for (int i = 0; i < 4; i++) {
            double[] expected = new double[3];
            for (int j = 0; j < 4; j++) {
                if (j == i) continue;
                double[] d = offset(flock, i, j, false, 10);
                for (int c = 0; c < 3; c++) expected[c] += d[c] / 3;
            }
            assertEquals(expected[0], got[i][0], 1e-12);
            assertEquals(expected[1], got[i][1], 1e-12);
        }
    }

    @Test
    void fieldOfViewHidesBoidsInTheBlindAngleBehind() {
        // boid 0 at the origin flying +x; boid 1 straight behind; boid 2 ahead and to the side;
        // boid 3 at 120° off the heading (inside a 270° field), boid 4 at 150° (in the blind 90°)
        Flock f = new Flock(2, 5, 0);
        double[][] p = {{0, 0}, {-2, 0}, {2, 1}, {2 * Math.cos(Math.toRadians(120)), 2 * Math.sin(Math.toRadians(120))},
                {2 * Math.cos(Math.toRadians(150)), 2 * Math.sin(Math.toRadians(150))}};
        for (int i = 0; i < 5; i++) {
            f.x()[i] = p[i][0];
            f.y()[i] = p[i][1];
            f.vx()[i] = i == 0 ? 1 : 0;   // the others at rest see all round; only boid 0 matters here
        }
        double[][] got = centroidOffsets(probe(2, false, 20, new Neighbourhood.FieldOfView(5, 270)), f);
        double ex = (p[2][0] + p[3][0]) / 2, ey = (p[2][1] + p[3][1]) / 2;
        assertEquals(ex, got[0][0], 1e-12);
        assertEquals(ey, got[0][1], 1e-12);

        double[][] all = centroidOffsets(probe(2, false, 20, new Neighbourhood.FieldOfView(5, 360)), f);
        double mx = Arrays.stream(p).skip(1).mapToDouble(q -> q[0]).sum() / 4;
        assertEquals(mx, all[0][0], 1e-12, "a full 360° field sees everyone within the radius");
    }

    private static double norm2(double[] d) {
        return d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    }
}
