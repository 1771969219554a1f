package io.flocktune.sim;

/** Sees the flock after every step of {@link Simulation#run}. Must not change the flock. */
@FunctionalInterface
public interface StepObserver {
    /**
     * @param step  0 for the state before the first update, then 1, 2, …
     * @param flock the live state (see {@link Flock} on array views)
     */
    void observe(long step, Flock flock);
}
