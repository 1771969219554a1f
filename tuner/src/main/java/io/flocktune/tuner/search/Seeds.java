package io.flocktune.tuner.search;

import java.util.SplittableRandom;

/**
 * Every seed of a search, derived from the experiment's seed by hashing (the SplitMix64
 * finaliser) with a stream tag and indices, so that no seed depends on thread timing and the
 * training, validation and engine streams never share a value by construction of their tags.
 *
 * <ul>
 *   <li>{@link #training}: replicate {@code r} of generation {@code g}; every candidate of a
 *       generation sees the same ones (common random numbers), the next generation new ones.</li>
 *   <li>{@link #validation}: held-out replicate {@code r}, never used for training.</li>
 *   <li>{@link #comparison}, {@link #tuningArm}: a comparison's replicate seeds and the seeds of
 *       its "tune first" arms' experiments.</li>
 *   <li>{@link #engine}: the Jenetics random generator of generation {@code g}, so a resumed run
 *       continues with exactly the random numbers an uninterrupted one would have used.</li>
 * </ul>
 */
public final class Seeds {
    private Seeds() {}

    private static final long TRAINING = 0x7472_6169_6e69_6e67L;   // "training"
    private static final long VALIDATION = 0x7661_6c69_6461_7465L; // "validate"
    private static final long ENGINE = 0x656e_6769_6e65_2121L;     // "engine!!"
    private static final long COMPARISON = 0x636f_6d70_6172_6521L; // "compare!"
    private static final long ARM = 0x7475_6e65_2061_726dL;        // "tune arm"

    /** @return the simulation seed of training replicate {@code replicate} in {@code generation}. */
    public static long training(long seed, long generation, int replicate) {
        return derive(seed, TRAINING, generation, replicate);
    }

    /** @return the simulation seed of held-out validation replicate {@code replicate}. */
    public static long validation(long seed, int replicate) {
        return derive(seed, VALIDATION, 0, replicate);
    }

    /**
     * @return candidate {@code index} of a comparison's replicate seeds (a comparison skips any
     *         that a "tune first" arm's tuning used)
     */
    public static long comparison(long seed, long index) {
        return derive(seed, COMPARISON, 0, index);
    }

    /** @return the experiment seed of "tune first" arm {@code arm} of a comparison. */
    public static long tuningArm(long seed, int arm) {
        return derive(seed, ARM, 0, arm);
    }

    /** @return a fresh generator for the engine's own random choices in {@code generation}. */
    public static SplittableRandom engine(long seed, long generation) {
        return new SplittableRandom(derive(seed, ENGINE, generation, 0));
    }

    static long derive(long seed, long stream, long a, long b) {
        long h = mix(seed ^ stream);
        h = mix(h ^ a * 0x9E37_79B9_7F4A_7C15L);
        return mix(h ^ b * 0xC2B2_AE3D_27D4_EB4FL);
    }

    /** SplitMix64's output function: a bijective 64-bit mixer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
