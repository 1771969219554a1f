package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A parallel step is bit-identical to the serial one, for every synchronous built-in preset. */
class ParallelStepTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reynolds", "seed000", "seed000-fixed", "vicsek", "couzin"})
    void parallelStepsEqualSerialStepsBitForBit(String name) {
        for (Neighbourhood nb : new Neighbourhood[] {null, new Neighbourhood.Topological(7)}) {
            if (nb != null && name.equals("couzin")) continue;      // Couzin's zones need a radius
            Preset.RuleSet preset = large(Presets.rules(name), nb);
            assertTrue(preset.update() == Preset.UpdateOrder.SYNCHRONOUS, name);
            Simulation serial = Simulation.of(preset, 5);
            Simulation parallel = Simulation.of(preset, 5).parallel(3);
            for (int k = 0; k < 4; k++) {
                serial.step();
                parallel.step();
                assertTrue(serial.flock().sameState(parallel.flock()), name + " " + nb + " step " + (k + 1));
            }
        }
    }

    /** {@link Simulation#PARALLEL_MIN_BOIDS} boids at about 10 neighbours each, periodic. */
    private static Preset.RuleSet large(Preset.RuleSet base, Neighbourhood nb) {
        int n = Simulation.PARALLEL_MIN_BOIDS;
        double r = base.interactionRadius(), d = base.world().dimension();
        double ball = d == 2 ? Math.PI * r * r : 4.0 / 3 * Math.PI * r * r * r;
        double size = Math.pow(n * ball / 10, 1 / d);
        Preset.Boids b = base.boids();
        Preset.RuleSet.Builder builder = base.toBuilder()
                .world(new Preset.World(base.world().dimension(), size, new Boundary.Wrap()))
                .boids(new Preset.Boids(n, b.minSpeed(), b.maxSpeed(), b.initialSpeed(), size));
        if (nb != null) builder.neighbourhood(nb);
        return builder.build();
    }
}
