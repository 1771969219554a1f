package io.flocktune.sim.peer;

import io.flocktune.sim.Scene;
import io.flocktune.sim.rule.Boundary;

/**
 * A peer's whole flocking model (NetLogo's Flocking, MASON's Flockers, Reynolds' EvoFlock, as
 * specified in {@code shared/peers.md}): its own rules, update order and initial state, run by its
 * own {@link PeerKernel} instead of the engine's rule families. A preset either composes the
 * engine's rule variants ({@code Preset.RuleSet}: every seed, {@code reynolds}, {@code vicsek},
 * {@code couzin}) or runs one peer model ({@code Preset.Peer}), whose {@code world} and
 * {@code boids} ({@link Scene}) say where and how many.
 *
 * <p>Each model is a record in this package, its formulas in its kernel class beside it.
 */
public sealed interface PeerModel permits EvoFlock, MasonFlockers, NetLogoFlocking {

    /**
     * Checks that {@code world} and {@code boids} are what this model runs in.
     *
     * @throws IllegalArgumentException naming the field and what the model needs
     */
    void check(Scene.World world, Scene.Boids boids);

    /**
     * @param scene    the world and boids of the run, as {@link #check} accepted them
     * @param capacity the most boids the run holds
     * @return a new kernel for one run of this model
     */
    PeerKernel kernel(Scene scene, int capacity);

    /**
     * The check of a model that runs on a 2D torus (NetLogo's and MASON's worlds).
     *
     * @param kind the model's kind, named in the message
     * @throws IllegalArgumentException naming {@code world.dimension} or {@code world.boundary}
     */
    static void requireTorus2D(String kind, Scene.World world) {
        if (world.dimension() != 2) {
            throw new IllegalArgumentException("world.dimension = " + world.dimension() + ": " + kind + " is 2D");
        }
        if (!(world.boundary() instanceof Boundary.Wrap)) {
            throw new IllegalArgumentException("world.boundary: " + kind + " runs on a torus, needs kind = wrap");
        }
    }
}
