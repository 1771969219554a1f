package io.flocktune.sim.rule;

import io.flocktune.sim.Check;

/** How a predator chooses where to go. Predators move after the boids in each step. */
public sealed interface PredatorBehaviour {

    /**
     * Seed 002 ({@code update_pred}): {@code u ← u + (c − q)·power}, speed truncated to the
     * predators' max speed, {@code q ← q + u}, with c the centroid of the whole flock.
     *
     * @param power gain toward the centroid per step, &ge; 0 (002's {@code PredPower})
     */
    record ChaseCentroid(double power) implements PredatorBehaviour {
        public ChaseCentroid {
            Check.nonNegative("power", power);
        }
    }
}
