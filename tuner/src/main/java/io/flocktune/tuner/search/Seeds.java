package io.flocktune.tuner.search;

import java.util.SplittableRandom;

/**
 * Every seed of a search, derived from the experiment's seed so that no seed depends on thread
 * timing, and so that the three streams of simulation seeds are disjoint by construction.
 *
 * <ul>
 *   <li>{@link #training}: replicate {@code r} of generation {@code g}; every candidate of a
 *       generation sees the same ones (common random numbers), the next generation new ones.</li>
 *   <li>{@link #validation}: held-out replicate {@code r}, never used for training: the
 *       <em>selection</em> seeds that rank the finalists.</li>
 *   <li>{@link #test}: fresh replicate {@code r}, used neither by the search nor by the
 *       selection: the seeds the winner's reported numbers come from (no winner's curse).</li>
 *   <li>{@link #comparison}, {@link #tuningArm}: a comparison's replicate seeds and the seeds of
 *       its "tune first" arms' experiments (a comparison also skips every seed its tunings
 *       used, so its replicates are fresh whatever the experiment seeds).</li>
 *   <li>{@link #engine}: the Jenetics random generator of generation {@code g}, so a resumed run
 *       continues with exactly the random numbers an uninterrupted one would have used.</li>
 * </ul>
 *
 * <p><b>Why the streams never share a seed.</b> A simulation seed is {@code F_s(i)}, where
 * {@code i} packs the stream (2 bits), generation (31 bits) and replicate (31 bits) into one
 * 64-bit index, an injective packing, and {@code F_s(i) = mix(mix(i) ^ mix(s ^ SALT))} is a
 * bijection of the 64-bit words for every experiment seed {@code s} (SplitMix64's finaliser
 * {@code mix} is invertible, and so is xor with a constant). Distinct (stream, generation,
 * replicate) therefore give distinct seeds; {@link #origin} inverts {@code F_s}.
 */
public final class Seeds {
    private Seeds() {}

    /** Which stream a simulation seed belongs to. */
    public enum Stream {
        /** Seeds of the search itself. */
        TRAINING,
        /** Held-out seeds that select the best finalist. */
        VALIDATION,
        /** Fresh seeds that measure the finalists and the base preset for the report. */
        TEST
    }

    /**
     * Where a simulation seed came from.
     *
     * @param stream     its stream, or null if the seed is none of this experiment's
     * @param generation the generation (training; 0 otherwise)
     * @param replicate  the replicate index
     */
    public record Origin(Stream stream, long generation, int replicate) {}

    private static final long SALT = 0x7365_6564_7321_2121L;    // "seeds!!!"
    private static final long ENGINE = 0x656e_6769_6e65_2121L;  // "engine!!"
    private static final long LIMIT = 1L << 31;
    private static final long COMPARISON = 0x636f_6d70_6172_6521L; // "compare!"
    private static final long ARM = 0x7475_6e65_2061_726dL;        // "tune arm"

    /**
     * @param generation in [0, 2³¹)
     * @param replicate  &ge; 0
     * @return the simulation seed of training replicate {@code replicate} in {@code generation}
     */
    public static long training(long seed, long generation, int replicate) {
        return derive(seed, Stream.TRAINING, generation, replicate);
    }

    /** @return the simulation seed of held-out selection replicate {@code replicate} (&ge; 0). */
    public static long validation(long seed, int replicate) {
        return derive(seed, Stream.VALIDATION, 0, replicate);
    }

    /** @return the simulation seed of fresh test replicate {@code replicate} (&ge; 0). */
    public static long test(long seed, int replicate) {
        return derive(seed, Stream.TEST, 0, replicate);
    }

    /**
     * @return candidate {@code index} of a comparison's replicate seeds (a comparison skips any
     *         that a "tune first" arm's tuning used)
     */
    public static long comparison(long seed, long index) {
        return tagged(seed, COMPARISON, index);
    }

    /** @return the experiment seed of "tune first" arm {@code arm} of a comparison. */
    public static long tuningArm(long seed, int arm) {
        return tagged(seed, ARM, arm);
    }

    private static long tagged(long seed, long tag, long index) {
        return mix(mix(mix(seed ^ tag)) ^ index * 0xC2B2_AE3D_27D4_EB4FL);
    }

    /** @return a fresh generator for the engine's own random choices in {@code generation}. */
    public static SplittableRandom engine(long seed, long generation) {
        long h = mix(seed ^ ENGINE);
        h = mix(h ^ generation * 0x9E37_79B9_7F4A_7C15L);
        return new SplittableRandom(mix(h));
    }

    /**
     * Inverts the derivation: which stream, generation and replicate of experiment seed
     * {@code seed} gave {@code simulationSeed}.
     *
     * @return its origin; stream null if no (stream, generation, replicate) of this experiment
     *         gives that seed
     */
    public static Origin origin(long seed, long simulationSeed) {
        long index = unmix(unmix(simulationSeed) ^ mix(seed ^ SALT));
        int stream = (int) (index >>> 62);
        long generation = (index >>> 31) & (LIMIT - 1);
        int replicate = (int) (index & (LIMIT - 1));
        if (stream >= Stream.values().length) return new Origin(null, generation, replicate);
        return new Origin(Stream.values()[stream], generation, replicate);
    }

    private static long derive(long seed, Stream stream, long generation, int replicate) {
        if (generation < 0 || generation >= LIMIT) {
            throw new IllegalArgumentException("generation = " + generation + ": must be in [0, 2^31)");
        }
        if (replicate < 0) throw new IllegalArgumentException("replicate = " + replicate + ": must be >= 0");
        long index = (long) stream.ordinal() << 62 | generation << 31 | replicate;
        return mix(mix(index) ^ mix(seed ^ SALT));
    }

    /** SplitMix64's output function: a bijective 64-bit mixer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** The inverse of {@link #mix}: {@code unmix(mix(z)) == z} for every z. */
    static long unmix(long z) {
        z = z ^ (z >>> 31) ^ (z >>> 62);
        z *= inverse(0x94D0_49BB_1331_11EBL);
        z = z ^ (z >>> 27) ^ (z >>> 54);
        z *= inverse(0xBF58_476D_1CE4_E5B9L);
        return z ^ (z >>> 30) ^ (z >>> 60);
    }

    /** @return the inverse of the odd number a modulo 2⁶⁴ (Newton: each step doubles the correct bits). */
    static long inverse(long a) {
        long x = a;                                   // correct to 3 bits for odd a
        for (int k = 0; k < 5; k++) x *= 2 - a * x;   // 6, 12, 24, 48, 96 bits
        return x;
    }
}
