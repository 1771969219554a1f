package io.flocktune.sim;

/**
 * Counter-based random numbers for the per-step draws (steering noise, Vicsek's η, Couzin's
 * heading error): the stream of boid {@code id} at step {@code t} is a pure function of
 * (run key, t, id), a SplitMix64 sequence started from a hash of the three. A boid's noise thus
 * does not depend on the order the engine visits boids in (cell order), on the grid, or on the
 * other boids, and a later engine may visit boids in any order or in parallel. Peer models
 * ({@link io.flocktune.sim.peer.PeerKernel}) draw from the same streams, with ids they document.
 */
public final class BoidRandom {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private final long runKey;
    private long state;

    /** @param runKey drawn once per run from the run's seed */
    public BoidRandom(long runKey) {
        this.runKey = runKey;
    }

    /** @return a generator with the same run key (for another thread; streams depend on the key alone) */
    BoidRandom copy() {
        return new BoidRandom(runKey);
    }

    /** Starts the stream of boid {@code id} at step {@code step}. */
    public void start(long step, int id) {
        state = mix64(mix64(runKey + step * GOLDEN_GAMMA) + id);
    }

    /** @return a uniform double in [0, 1) */
    public double nextDouble() {
        state += GOLDEN_GAMMA;
        return (mix64(state) >>> 11) * 0x1.0p-53;
    }

    /** @return a standard normal deviate (Box–Muller from two uniforms) */
    public double nextGaussian() {
        double u = 1.0 - nextDouble();           // (0, 1]: the logarithm stays finite
        double v = nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /** Stafford's variant 13 of the MurmurHash3 finaliser, as in {@link java.util.SplittableRandom}. */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
