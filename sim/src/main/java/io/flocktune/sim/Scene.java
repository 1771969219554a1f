package io.flocktune.sim;

import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;
import io.flocktune.sim.rule.Boundary;

/**
 * Where a flock lives and how many boids it has: the part every {@link Preset} has, whatever
 * moves the boids, and all a peer's model ({@link io.flocktune.sim.peer.PeerModel}) is checked
 * against. Presets inherit the two records, so they also read {@code Preset.World} and
 * {@code Preset.Boids}.
 */
public interface Scene {

    /** @return dimension, size and boundary */
    World world();

    /** @return count, speeds, initial state */
    Boids boids();

    /**
     * @param dimension 2 or 3 (2D keeps z = 0)
     * @param size      side of the world box [−size/2, size/2]^d in world units, &gt; 0; also the
     *                  period of a {@link Boundary.Wrap} world
     * @param boundary  behaviour at the box's edge
     */
    record World(@Range(min = 2, max = 3) int dimension, @Positive double size, Boundary boundary) {
        public World {
            Check.components(World.class, dimension, size, boundary);
        }
    }

    /**
     * @param count        number of boids, in [1, 10 000 000]
     * @param minSpeed     lower speed clamp, &ge; 0 (002's {@code minVel}; 0 = none)
     * @param maxSpeed     upper speed clamp, &ge; minSpeed, &gt; 0
     * @param initialSpeed speed of the random initial velocities, &ge; 0
     * @param spawnSize    side of the centred box the initial positions are drawn from, in
     *                     [0, world.size]; 0 puts every boid at the centre (as seed 001 does)
     */
    record Boids(@Range(min = 1, max = 10_000_000) int count, @NonNegative double minSpeed,
                 @Positive double maxSpeed, @NonNegative double initialSpeed, @NonNegative double spawnSize) {
        public Boids {
            Check.components(Boids.class, count, minSpeed, maxSpeed, initialSpeed, spawnSize);
            if (maxSpeed < minSpeed) {
                throw new IllegalArgumentException("maxSpeed = " + maxSpeed + ": must be >= minSpeed = " + minSpeed);
            }
        }
    }
}
