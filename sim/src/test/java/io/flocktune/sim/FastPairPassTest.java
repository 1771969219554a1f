package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The symmetric pair pass (metric neighbourhood, synchronous; 2D and 3D) must compute what the general
 * one-boid-at-a-time pass computes on the same preset ({@link Simulation#ofGeneralPass} never
 * takes the pair pass). The two add the same terms in a different order, so they agree to
 * rounding: 1e-12 after one step, 1e-9 after ten (relative to magnitudes above 1).
 */
class FastPairPassTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void symmetricAndGeneralPassesAgree(long seed) {
        // seed001's neighbourhood excludes coincident boids, and its boids all start at one point
        for (String name : new String[] {"reynolds", "seed000", "seed000-fixed", "seed001", "seed001-fixed", "seed002"}) {
          for (int dimension = 2; dimension <= 3; dimension++) {
            if (dimension == 3 && name.equals("reynolds")) continue;
            for (Boundary boundary : new Boundary[] {new Boundary.Wrap(), new Boundary.WrapPositionsOnly(), new Boundary.None()}) {
                boolean periodic = !(boundary instanceof Boundary.None);   // positions wrap
                Preset base = Presets.get(name);
                double size = base.world().size();
                double goalZ = dimension == 3 ? base.goal().z() : 0;
                Preset.Builder builder = base.toBuilder()
                        .update(Preset.UpdateOrder.SYNCHRONOUS)
                        .goal(new Preset.Goal(base.goal().x(), base.goal().y(), goalZ, base.goal().radius(), base.goal().weight()))
                        .world(new Preset.World(dimension, size, boundary));
                Preset metric = builder.build();
                Simulation fast = Simulation.of(metric, seed);
                Simulation slow = Simulation.ofGeneralPass(metric, seed);
                for (int step = 1; step <= 10; step++) {
                    fast.step();
                    slow.step();
                    double tolerance = step == 1 ? 1e-12 : 1e-9;
                    String where = name + " " + dimension + "D " + boundary + " seed " + seed + " step " + step;
                    assertClose(fast.flock().inIdOrder(), slow.flock().inIdOrder(), periodic ? size : 0, tolerance, where);
                }
            }
          }
        }
    }

    private static void assertClose(Flock a, Flock b, double period, double tolerance, String where) {
        assertEquals(b.count(), a.count(), where);
        for (int i = 0; i < a.count(); i++) {
            assertEquals(b.id()[i], a.id()[i], where);
            close(a.x()[i], b.x()[i], period, tolerance, where + " x of boid " + a.id()[i]);
            close(a.y()[i], b.y()[i], period, tolerance, where + " y of boid " + a.id()[i]);
            close(a.vx()[i], b.vx()[i], 0, tolerance, where + " vx of boid " + a.id()[i]);
            close(a.vy()[i], b.vy()[i], 0, tolerance, where + " vy of boid " + a.id()[i]);
            close(a.z()[i], b.z()[i], period, tolerance, where + " z of boid " + a.id()[i]);
            close(a.vz()[i], b.vz()[i], 0, tolerance, where + " vz of boid " + a.id()[i]);
        }
    }

    private static void close(double actual, double expected, double period, double tolerance, String where) {
        double difference = period > 0 ? Periodic.minimumImage(actual - expected, period) : actual - expected;
        assertEquals(0, difference, tolerance * Math.max(1, Math.abs(expected)), where);
    }
}
