package io.flocktune.sim.rule;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;

/**
 * How a predator chooses where to go. Predators move after the boids in each step, on the boids'
 * clock: velocities in world units per time unit, a step of dt ({@code motion.dt}) moves a
 * predator by {@code u·dt}.
 */
public sealed interface PredatorBehaviour {

    /**
     * Seed 002 ({@code update_pred}): {@code u ← u + (c − q)·power·dt}, speed truncated to the
     * predators' max speed, {@code q ← q + u·dt}, with c the centroid of the whole flock (002
     * itself steps with {@code u ← u + (c − q)·PredPower}, {@code q ← q + u}: the same for dt = 1).
     *
     * @param power gain toward the centroid per time unit, in 1/time², &ge; 0 (002's
     *              {@code PredPower})
     */
    record ChaseCentroid(@NonNegative double power) implements PredatorBehaviour {
        public ChaseCentroid {
            Check.components(ChaseCentroid.class, power);
        }
    }

    /**
     * A smarter predator (seed 002 asks for one): flies at the predators' max speed toward the
     * nearest boid it can see, turning by at most {@code maxTurn·dt} degrees per step; keeps its
     * course, at the predators' max speed, when it sees none. A predator at rest turns freely on its first step.
     *
     * @param visualRange distance it sees, &gt; 0
     * @param fieldOfView full opening of its view cone in degrees, in (0, 360]
     * @param maxTurn     largest heading change per time unit in degrees, in (0, 180] (per step:
     *                    {@code maxTurn·dt})
     */
    record ChaseNearest(@Positive double visualRange, @Range(min = Double.MIN_VALUE, max = 360) double fieldOfView,
                        @Range(min = Double.MIN_VALUE, max = 180) double maxTurn) implements PredatorBehaviour {
        public ChaseNearest {
            Check.components(ChaseNearest.class, visualRange, fieldOfView, maxTurn);
        }
    }

    /**
     * Seed 002's "following mass center of visible boids": as {@link ChaseNearest} but toward
     * the centroid of every boid it can see, so it does not fly into the gap between two flocks.
     */
    record ChaseVisibleCentroid(@Positive double visualRange, @Range(min = Double.MIN_VALUE,
                                max = 360) double fieldOfView, @Range(min = Double.MIN_VALUE,
                                max = 180) double maxTurn) implements PredatorBehaviour {
        public ChaseVisibleCentroid {
            Check.components(ChaseVisibleCentroid.class, visualRange, fieldOfView, maxTurn);
        }
    }
}
