package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import io.flocktune.tuner.eval.Outcome;

/**
 * One simulation of a candidate: when it ran, with which seed, and what came out.
 *
 * @param generation the generation that ran it, &ge; 0
 * @param index      replicate index within that generation, &ge; 0 (training seed index)
 * @param seed       the simulation seed
 * @param outcome    objective values or failure
 */
public record Replicate(long generation, int index, long seed, Outcome outcome) {
    public Replicate {
        if (generation < 0) throw new IllegalArgumentException("generation = " + generation + ": must be >= 0");
        Check.inRange("index", index, 0, Integer.MAX_VALUE);
        Check.present("outcome", outcome);
    }
}
