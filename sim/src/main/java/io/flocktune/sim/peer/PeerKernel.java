package io.flocktune.sim.peer;

import io.flocktune.sim.BoidRandom;
import io.flocktune.sim.Flock;

import java.util.SplittableRandom;

/**
 * One run of a {@link PeerModel}: its initial state and its step, on the simulation's
 * {@link Flock} (positions and velocities in world units per step, which the objectives read)
 * plus whatever state of its own the model keeps (headings, dead flockers, steering memory).
 * A kernel never reorders the flock: slot order stays as it was given.
 */
public interface PeerKernel {

    /**
     * Draws the model's own initial state into {@code flock} (and the kernel's state) from the
     * run's generator, in a fixed order of draws: the same seed gives the same state.
     */
    void randomize(Flock flock, SplittableRandom random);

    /**
     * Takes over a given state (e.g. {@code --init STATE.csv}): derives the kernel's own state
     * from the flock's positions and velocities, drawing what they cannot say from
     * {@code random}, as the model's Javadoc says.
     *
     * @throws IllegalArgumentException if the state cannot be a state of this model
     */
    void adopt(Flock flock, SplittableRandom random);

    /**
     * Advances the flock one step. Every random draw comes from {@code random}'s stream keyed by
     * (step, an id the model documents), so runs are reproducible whatever the thread count.
     *
     * @param step the number of steps completed before this one (0 for the first)
     */
    void step(Flock flock, long step, BoidRandom random);
}
