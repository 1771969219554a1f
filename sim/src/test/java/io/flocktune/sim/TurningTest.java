package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Turning.Limit#admits} decides as {@code acos(cos) <= angle} does, near its bracket and everywhere else. */
class TurningTest {

    @Test
    void theLimitAdmitsExactlyTheCosinesWhoseAcosIsWithinIt() {
        SplittableRandom random = new SplittableRandom(3);
        double[] angles = {0, 1e-9, 1e-3, 0.0698, 0.5, 1, Math.PI / 2, 3, Math.PI - 1e-3, Math.PI - 1e-9, Math.PI};
        for (int k = 0; k < 200; k++) {
            double angle = k < angles.length ? angles[k] : random.nextDouble(Math.PI);
            Turning.Limit limit = new Turning.Limit(angle);
            double at = Math.cos(angle);
            for (int m = 0; m < 2_000; m++) {
                double cos = switch (m % 4) {
                    case 0 -> random.nextDouble(-1, 1);
                    case 1 -> Math.clamp(at + (random.nextDouble() - 0.5) * 1e-5, -1, 1);     // around the bracket
                    case 2 -> Math.clamp(at + (m / 4 - 250) * Math.ulp(at), -1, 1);            // ulps around cos(angle)
                    default -> Math.clamp(Math.cos(angle + (random.nextDouble() - 0.5) * 4e-6), -1, 1);
                };
                assertEquals(Math.acos(cos) <= angle, limit.admits(cos), "angle " + angle + ", cos " + cos);
            }
        }
    }
}
