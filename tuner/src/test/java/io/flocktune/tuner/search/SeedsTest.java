package io.flocktune.tuner.search;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The training, selection (validation) and test seeds of an experiment are disjoint. The proof:
 * {@link Seeds#origin} is a left inverse of the derivation — it recovers (stream, generation,
 * replicate) from the seed — and a function with a left inverse is injective, so two different
 * (stream, generation, replicate) can never give the same seed. The left inverse rests on
 * {@code unmix ∘ mix = id}, checked here on the edge values and on random words; the rest is
 * xor with a constant and bit packing.
 */
class SeedsTest {

    @Test
    void unmixInvertsMix() {
        SplittableRandom random = new SplittableRandom(7);
        for (long z : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x9E37_79B9_7F4A_7C15L}) {
            assertEquals(z, Seeds.unmix(Seeds.mix(z)));
            assertEquals(z, Seeds.mix(Seeds.unmix(z)));
        }
        for (int k = 0; k < 1_000_000; k++) {
            long z = random.nextLong();
            assertEquals(z, Seeds.unmix(Seeds.mix(z)), () -> Long.toHexString(z));
        }
        for (long a : new long[] {0xBF58_476D_1CE4_E5B9L, 0x94D0_49BB_1331_11EBL, 3}) assertEquals(1, a * Seeds.inverse(a));
    }

    @Test
    void everySeedNamesItsStreamGenerationAndReplicate() {
        SplittableRandom random = new SplittableRandom(11);
        for (int k = 0; k < 100_000; k++) {
            long seed = k < 3 ? new long[] {0, 1, -1}[k] : random.nextLong();
            long generation = k % 7 == 0 ? (1L << 31) - 1 : random.nextLong(1L << 31);
            int replicate = k % 5 == 0 ? Integer.MAX_VALUE : random.nextInt(100_000);
            assertEquals(new Seeds.Origin(Seeds.Stream.TRAINING, generation, replicate),
                    Seeds.origin(seed, Seeds.training(seed, generation, replicate)));
            assertEquals(new Seeds.Origin(Seeds.Stream.VALIDATION, 0, replicate), Seeds.origin(seed, Seeds.validation(seed, replicate)));
            assertEquals(new Seeds.Origin(Seeds.Stream.TEST, 0, replicate), Seeds.origin(seed, Seeds.test(seed, replicate)));
        }
    }

    /** The default experiment's seeds, as a direct check: 30 test, 30 selection, 12 generations × 16 training. */
    @Test
    void theDefaultExperimentsStreamsDoNotMeet() {
        Set<Long> training = new HashSet<>(), selection = new HashSet<>(), test = new HashSet<>();
        for (long g = 0; g < 1000; g++) for (int r = 0; r < 40; r++) training.add(Seeds.training(1, g, r));
        for (int r = 0; r < 100_000; r++) {
            selection.add(Seeds.validation(1, r));
            test.add(Seeds.test(1, r));
        }
        assertEquals(40_000, training.size());
        assertEquals(100_000, selection.size());
        Set<Long> all = new HashSet<>(training);
        all.addAll(selection);
        all.addAll(test);
        assertEquals(240_000, all.size());
    }

    @Test
    void aRandomWordHasNoOriginOneTimeInFour() {
        // the top two index bits of an unrelated word are 11 one time in four: no stream
        int none = 0;
        SplittableRandom random = new SplittableRandom(3);
        for (int k = 0; k < 4000; k++) if (Seeds.origin(1, random.nextLong()).stream() == null) none++;
        assertTrue(none > 800 && none < 1200, "none = " + none);
    }

    @Test
    void outOfRangeIndicesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Seeds.training(1, 1L << 31, 0));
        assertThrows(IllegalArgumentException.class, () -> Seeds.training(1, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> Seeds.test(1, -1));
    }
}
