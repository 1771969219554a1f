package io.flocktune.sim.rule;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.api.Test;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.position;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocity;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every {@link Boundary} on hand-made configurations in a world of size 100 (box [−50, 50]). */
class BoundaryTest {

    @Test
    void wrapMapsPositionsBackIntoTheBox() {
        Preset.RuleSet preset = world(2, new Boundary.Wrap());
        Flock before = TestFlocks.of(2, new double[] {49.5, -49.8, 0, 1, -0.5, 0}, new double[] {49, 0, 0, 1, 0, 0},
                new double[] {-49, 10, 0, -1, 0, 0});
        Flock after = TestFlocks.stepOnce(preset, before).flock();
        assertVector("across both edges", vector(-49.5, 49.7, 0), position(after, 0));
        assertVector("exactly onto +L/2", vector(-50, 0, 0), position(after, 1));
        assertVector("exactly onto −L/2 stays", vector(-50, 10, 0), position(after, 2));
        assertVector("velocity unchanged", vector(1, -0.5, 0), velocity(after, 0));
    }

    @Test
    void wrapKeepsEveryPositionInTheHalfOpenBox() {
        for (String name : new String[] {"reynolds", "seed001"}) {
            Preset.RuleSet preset = Presets.rules(name);
            double half = 0.5 * preset.world().size();
            Simulation sim = Simulation.of(preset, 11);
            sim.run(300, (step, f) -> {
                for (int i = 0; i < f.count(); i++) {
                    for (double c : position(f, i)) {
                        assertTrue(c >= -half && c < half, name + " step " + step + " boid " + i + " at " + c);
                    }
                }
            });
        }
    }

    @Test
    void hardBoundPutsBoidsOnTheWallAndTurnsThem() {
        Flock before = TestFlocks.of(3, new double[] {49.5, 0, -49.5, 2, 1, -1}, new double[] {0, 30, 0, 0, 1, 0});
        Flock after = TestFlocks.stepOnce(world(3, new Boundary.Hard()), before).flock();
        assertVector("on the walls", vector(50, 1, -50), position(after, 0));
        assertVector("turned toward the centre", vector(-2, 1, 1), velocity(after, 0));
        assertVector("inside: untouched", vector(0, 1, 0), velocity(after, 1));
    }

    @Test
    void softMarginTurnsOnlyBeyondTheMargin() {
        Flock before = TestFlocks.of(3, new double[] {56, -57, 10, 1, 0, 0}, new double[] {54, 0, 0, 1, 0, 0},
                new double[] {0, 200, -60, 0, 0, 0});
        Flock after = TestFlocks.stepOnce(world(3, new Boundary.SoftMargin(5, 0.5)), before).flock();
        assertVector("beyond +x and −y", vector(0.5, 0.5, 0), velocity(after, 0));
        assertVector("inside the margin", vector(1, 0, 0), velocity(after, 1));
        assertVector("beyond +y and −z", vector(0, -0.5, 0.5), velocity(after, 2));
    }

    private static Preset.RuleSet world(int dimension, Boundary boundary) {
        return TestPresets.quiet(dimension).toBuilder().world(new Preset.World(dimension, 100, boundary)).build();
    }
}
