package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The 2D fast pair pass (metric neighbourhood) must give the general pass's sums bit for bit:
 * a 360° field of view is the same neighbourhood but always takes the general pass.
 */
class FastPairPassTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void fastAndGeneralPassesAgreeBitForBit(long seed) {
        for (String name : new String[] {"reynolds", "seed001", "vicsek"}) {
            for (boolean periodic : new boolean[] {true, false}) {
                Preset base = Presets.get(name);
                Preset.Builder builder = base.toBuilder()
                        .update(Preset.UpdateOrder.SYNCHRONOUS)
                        .world(new Preset.World(2, base.world().size(), periodic ? new Boundary.Wrap() : new Boundary.None()));
                Preset metric = builder.build();
                double radius = ((Neighbourhood.Metric) metric.neighbourhood()).radius();
                Preset general = builder.neighbourhood(new Neighbourhood.FieldOfView(radius, 360)).build();
                Simulation fast = Simulation.of(metric, seed);
                Simulation slow = Simulation.of(general, seed);
                for (int step = 0; step < 100; step++) {
                    fast.step();
                    slow.step();
                }
                assertTrue(fast.flock().sameState(slow.flock()), name + " periodic " + periodic + " seed " + seed);
            }
        }
    }
}
