package io.flocktune.api;

import java.util.List;

/**
 * A recorded run: the flock every {@code every} steps, from step 0 (the initial state) up to the
 * last multiple of {@code every} not after the final step. Immutable: the list is read-only and
 * each {@link Frame} holds copies.
 *
 * @param preset the preset's name
 * @param seed   the run's seed
 * @param every  steps between frames, &ge; 1
 * @param frames the frames, in step order (read-only)
 */
public record Trajectory(String preset, long seed, long every, List<Frame> frames) {
    public Trajectory {
        frames = List.copyOf(frames);
    }

    /** @return the step of each frame. */
    public long[] steps() {
        return frames.stream().mapToLong(Frame::step).toArray();
    }

    /** @return the first frame (step 0). */
    public Frame first() {
        return frames.getFirst();
    }

    /** @return the last frame. */
    public Frame last() {
        return frames.getLast();
    }
}
