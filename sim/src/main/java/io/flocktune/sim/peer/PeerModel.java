package io.flocktune.sim.peer;

import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Boundary;

/**
 * A peer's whole flocking model (NetLogo's Flocking, MASON's Flockers, Reynolds' EvoFlock, as
 * specified in {@code shared/peers.md}): its own rules, update order and initial state, run by its
 * own {@link PeerKernel} instead of the engine's rule families. A preset either composes the
 * engine's rule variants ({@link None}, every seed, {@code reynolds}, {@code vicsek},
 * {@code couzin}) or names one peer model; then its {@code world} and {@code boids} still say
 * where and how many, and the sections the peer's rules replace hold {@link Preset#forPeer}'s
 * placeholders (the preset JSON leaves them out).
 *
 * <p>Each model is a record in this package, its formulas in its kernel class beside it.
 */
public sealed interface PeerModel permits PeerModel.None, EvoFlock, MasonFlockers, NetLogoFlocking {

    /** No peer model: the preset's rule sections are the model. */
    record None() implements PeerModel {
        @Override
        public void check(Preset.World world, Preset.Boids boids) { }

        @Override
        public PeerKernel kernel(Preset preset, int capacity) {
            throw new IllegalStateException("PeerModel.None has no kernel: the engine runs the preset's rules");
        }
    }

    /**
     * Checks that {@code world} and {@code boids} are what this model runs in.
     *
     * @throws IllegalArgumentException naming the field and what the model needs
     */
    void check(Preset.World world, Preset.Boids boids);

    /** @return a new kernel for one run of {@code preset} (whose peer is this), for up to {@code capacity} boids */
    PeerKernel kernel(Preset preset, int capacity);

    /**
     * The check of a model that runs on a 2D torus (NetLogo's and MASON's worlds).
     *
     * @param kind the model's kind, named in the message
     * @throws IllegalArgumentException naming {@code world.dimension} or {@code world.boundary}
     */
    static void requireTorus2D(String kind, Preset.World world) {
        if (world.dimension() != 2) {
            throw new IllegalArgumentException("world.dimension = " + world.dimension() + ": " + kind + " is 2D");
        }
        if (!(world.boundary() instanceof Boundary.Wrap)) {
            throw new IllegalArgumentException("world.boundary: " + kind + " runs on a torus, needs kind = wrap");
        }
    }
}
