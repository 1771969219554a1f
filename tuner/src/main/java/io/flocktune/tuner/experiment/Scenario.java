package io.flocktune.tuner.experiment;

import io.flocktune.sim.Check;

/**
 * The run every candidate is measured on.
 *
 * @param boids  boid count written to {@code boids.count} of every candidate, in [1, 10 000 000];
 *               0 keeps the base preset's
 * @param steps  simulation steps per replicate, &ge; 1
 * @param warmup steps skipped before objectives are sampled, unless an objective sets its own,
 *               in [0, steps)
 */
public record Scenario(int boids, long steps, long warmup) {
    public Scenario {
        Check.inRange("boids", boids, 0, 10_000_000);
        if (steps < 1) throw new IllegalArgumentException("steps = " + steps + ": must be >= 1");
        if (warmup < 0 || warmup >= steps) {
            throw new IllegalArgumentException("warmup = " + warmup + ": must be in [0, steps = " + steps + ")");
        }
    }
}
