package io.flocktune.tuner.eval;

import io.flocktune.sim.Check;

/**
 * One replicate to run: a subject and the seed of its simulation.
 *
 * @param subject what {@link Evaluator} receives
 * @param seed    simulation seed, any 64-bit value
 */
public record Trial<T>(T subject, long seed) {
    public Trial {
        Check.present("subject", subject);
    }
}
