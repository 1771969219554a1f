package io.flocktune.sim;

import io.flocktune.sim.Scene.Boids;
import io.flocktune.sim.Scene.World;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny periodic world crossed many times in one step: the state the engine writes (what
 * {@code simulate --trace} saves) is accepted back as an initial state ({@code --init}), i.e. every
 * coordinate of boids and predators lies in [−size/2, size/2), also where reducing the step by
 * whole periods rounds to just below −size/2.
 */
class TinyWorldTest {

    @Test
    void aStepThatRoundsBelowTheLowerEdgeStillGivesAValidInitialState() {
        // wrapping x = 290023.4574756918 into this period rounds to 7.6e-13 below −size/2 unless corrected
        double size = 0.001620574503551895, step = 290023.4574756918;
        Preset.RuleSet preset = Presets.rules("vicsek").toBuilder()
                .world(new World(2, size, new Boundary.Wrap()))
                .boids(new Boids(1, 0, step, step, size))
                .neighbourhood(new Neighbourhood.Metric(1e-4))
                .separation(new Separation.Linear(1e-4, 0))
                .alignment(new Alignment.Vicsek(1, 0))
                .motion(new Motion.ConstantSpeed(1, step, 1))
                .predators(new Preset.Predators(1, new PredatorBehaviour.ChaseNearest(1e-12, 360, 180), step, 1e-4, 0, 0, false))
                .build();
        Flock initial = new Flock(2, 1, 1);
        initial.vx()[0] = step;      // boid 0 at the origin flies +x; a lone Vicsek boid without noise keeps its heading
        initial.pvx()[0] = step;     // the predator, also at the origin, sees nobody and keeps its course at max speed
        Simulation simulation = Simulation.of(preset, 1, initial);
        simulation.step();
        Flock state = simulation.flock().copy();
        double half = 0.5 * size;
        assertTrue(state.x()[0] >= -half && state.x()[0] < half, "boid x = " + state.x()[0]);
        assertTrue(state.px()[0] >= -half && state.px()[0] < half, "predator x = " + state.px()[0]);
        assertDoesNotThrow(() -> Simulation.of(preset, 1, state));
    }
}
