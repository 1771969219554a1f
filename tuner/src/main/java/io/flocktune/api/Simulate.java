package io.flocktune.api;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.StepObserver;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.StateCsv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a preset headless, as {@code flocktune simulate} does: the run is a pure function of the
 * preset and the seed (the engine's {@code Simulation.of(preset, seed)}).
 *
 * {@snippet :
 * FlockPreset p = FlockPreset.load("reynolds");
 * Trajectory t = Simulate.trajectory(p, 7, 200, 10);      // 21 frames: steps 0, 10, ..., 200
 * double[] xs = t.last().axis(0);
 * Frame end = Simulate.run(p, 7, 200, (step, flock) -> {}); // equal to t.last()
 * }
 */
public final class Simulate {
    private Simulate() {}

    /**
     * Runs {@code steps} steps, calling {@code observer} after every step with the step number
     * and the engine's live flock (step 0 first, for the initial state). The flock is the
     * engine's working state: read it in the call, copy what you keep.
     *
     * @return the final state
     * @throws InputException {@code --steps = N: must be >= 0} for a negative {@code steps}
     */
    public static Frame run(FlockPreset preset, long seed, long steps, StepObserver observer) throws InputException {
        if (steps < 0) throw new InputException("--steps = " + steps + ": must be >= 0");
        Simulation simulation = start(preset, seed);
        simulation.run(steps, observer);
        return Frame.of(simulation.stepCount(), simulation.flock());
    }

    /** @return the engine's simulation of {@code preset} from the random initial state of {@code seed}, at step 0 */
    public static Simulation start(FlockPreset preset, long seed) {
        return Simulation.of(preset.preset(), seed);
    }

    /**
     * The engine's simulation of {@code preset} from the state in a state CSV
     * ({@code flocktune simulate --init FILE}): its boids, and its predators if it has any
     * (else the preset's predators start from {@code seed}); {@code seed} drives the noise.
     *
     * @throws InputException the file's one-line message, or the engine's for a state that does
     *                        not fit the preset (e.g. a boid outside a periodic world), naming the file
     */
    public static Simulation start(FlockPreset preset, long seed, Path stateCsv) throws InputException {
        Preset p = preset.preset();
        Flock initial = StateCsv.read(stateCsv, p.world().dimension());
        try {
            return initial.predatorCount() > 0 ? Simulation.of(p, seed, initial) : Simulation.ofBoids(p, seed, initial);
        } catch (IllegalArgumentException e) {
            throw new InputException(stateCsv + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code steps} steps and keeps the flock every {@code every} steps, step 0 included
     * (the frames of {@code flocktune simulate --trace --every K}).
     *
     * @throws InputException {@code --steps} below 0 or {@code --every} below 1, with the command's messages
     */
    public static Trajectory trajectory(FlockPreset preset, long seed, long steps, long every) throws InputException {
        if (every < 1) throw new InputException("--every = " + every + ": must be >= 1");
        List<Frame> frames = new ArrayList<>();
        run(preset, seed, steps, (step, flock) -> {
            if (step % every == 0) frames.add(Frame.of(step, flock));
        });
        return new Trajectory(preset.name(), seed, every, frames);
    }
}
