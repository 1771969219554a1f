package io.flocktune.sim.space;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Minimum image and wrapping in a box of side 100 centred on the origin. */
class PeriodicTest {

    @Test
    void minimumImageGoldens() {
        assertEquals(-10, Periodic.minimumImage(90, 100));
        assertEquals(10, Periodic.minimumImage(-90, 100));
        assertEquals(49, Periodic.minimumImage(49, 100));
        assertEquals(50, Periodic.minimumImage(50, 100));
        assertEquals(-50, Periodic.minimumImage(-50, 100));
    }

    @Test
    void wrapGoldens() {
        assertEquals(-49.5, Periodic.wrap(50.5, 100));
        assertEquals(-50, Periodic.wrap(50, 100));
        assertEquals(-50, Periodic.wrap(-50, 100));
        assertEquals(49, Periodic.wrap(-51, 100));
        assertEquals(-40, Periodic.wrap(360, 100), "several periods");
        // −50 − 1e-15 + 100 rounds to exactly +50, which is outside [−50, 50)
        assertEquals(-50, Periodic.wrap(-50 - 1e-15, 100));
    }

    @Test
    void wrapLandsInTheHalfOpenBoxAndKeepsTheImage() {
        SplittableRandom random = new SplittableRandom(17);
        for (int k = 0; k < 100_000; k++) {
            double size = 0.1 + 1000 * random.nextDouble();
            double c = (random.nextDouble() - 0.5) * size * (random.nextBoolean() ? 3 : 40);
            double w = Periodic.wrap(c, size);
            assertTrue(w >= -0.5 * size && w < 0.5 * size, () -> c + " in " + size + " -> " + w);
            double shift = (c - w) / size;
            assertEquals(Math.rint(shift), shift, 1e-9 * Math.max(1, Math.abs(shift)), () -> c + " in " + size);
        }
    }

    @Test
    void wrapOfAHugeStepInATinyWorldStaysInsideOnTheLowerSideToo() {
        // the reduction by 178 961 856 periods rounds to 7.6e-13 below −size/2 without the lower-side check
        double size = 0.001620574503551895, c = 290023.4574756918;
        double w = Periodic.wrap(c, size);
        assertTrue(w >= -0.5 * size && w < 0.5 * size, () -> c + " in " + size + " -> " + w);
        assertEquals(0.5 * size, Math.abs(w), 1e-10, "the image is within rounding of the edge");
    }

    @Test
    void wrapOfHugeStepsInTinyWorldsLandsInTheHalfOpenBox() {
        SplittableRandom random = new SplittableRandom(1);
        for (int k = 0; k < 2_000_000; k++) {
            double size = 1e-3 * (1 + random.nextDouble());
            double c = (random.nextDouble() - 0.5) * 1e6;
            double w = Periodic.wrap(c, size);
            assertTrue(w >= -0.5 * size && w < 0.5 * size, () -> c + " in " + size + " -> " + w);
        }
    }
}
