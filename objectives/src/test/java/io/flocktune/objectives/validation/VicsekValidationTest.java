package io.flocktune.objectives.validation;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Alignment;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Vicsek et al. (1995), Phys. Rev. Lett. 75, 1226, Fig. 2a, re-measured on the {@code vicsek}
 * preset (N = 400, L = 10, v = 0.03, r = 1): polarization φ, the mean over the second half of
 * each run, against the noise amplitude η. The fast tests check the three regimes; the slow one
 * the whole curve ({@code flocktune validate vicsek} draws it).
 */
class VicsekValidationTest {
    private static final Preset VICSEK = Presets.get("vicsek");
    private static final long SEED = 1995;

    static Preset withNoise(double eta) {
        Alignment.Vicsek alignment = (Alignment.Vicsek) VICSEK.alignment();
        return VICSEK.toBuilder().alignment(new Alignment.Vicsek(alignment.weight(), eta)).build();
    }

    /** φ over {@code seeds} replicates of {@code steps} steps, sampled over the second half. */
    static Measurement polarization(double eta, long steps, int seeds) {
        List<ObjectiveSpec> specs = List.of(ObjectiveSpec.of(new Metric.Polarization()).withWindow(steps / 2, 1));
        Measurement measurement = Objectives.measure(withNoise(eta), SEED, steps, seeds, specs);
        System.out.printf("eta %.4f, seed %d, %d steps: phi per replicate %s%n", eta, SEED, steps,
                java.util.Arrays.toString(measurement.values(0)));
        return measurement;
    }

    @Test
    void lowNoiseOrdersTheFlock() {
        Measurement phi = polarization(0.5, 1000, 3);
        for (double value : phi.values(0)) assertTrue(value > 0.9, "phi = " + value + " at eta = 0.5");
    }

    @Test
    void intermediateNoiseGivesPartialOrder() {
        Measurement phi = polarization(3, 1000, 3);
        for (double value : phi.values(0)) assertTrue(value > 0.35 && value < 0.75, "phi = " + value + " at eta = 3");
    }

    /**
     * At η = 2π each new heading is uniform whatever the neighbours do, so φ is that of N random
     * headings, √(π/4N) = 0.0443 (to O(1/N)); the mean over seeds must lie within 3 standard
     * errors of it, and the standard error must be small enough for that to mean something.
     */
    @Test
    void maximalNoiseGivesTheRandomLevel() {
        Measurement phi = polarization(2 * Math.PI, 400, 6);
        double expected = Math.sqrt(Math.PI / (4.0 * VICSEK.boids().count()));
        double standardError = phi.sd(0) / Math.sqrt(phi.replicates());
        System.out.printf("eta 2pi: mean phi %.5f, expected %.5f, standard error %.5f%n", phi.mean(0), expected, standardError);
        assertTrue(standardError < 0.002, "standard error " + standardError);
        assertEquals(expected, phi.mean(0), 3 * standardError);
    }

    /** The whole curve against the engine's reference run (2 seeds, steps 1501–3000). */
    @Tag("slow")
    @Test
    void theWholeCurveFallsFromOrderToTheRandomLevel() {
        double[][] reference = {{0.1, 1.000}, {1, 0.943}, {2, 0.793}, {3, 0.537}, {4, 0.217}, {5, 0.064}, {2 * Math.PI, 0.042}};
        double previous = 1.01;
        for (double[] point : reference) {
            double mean = polarization(point[0], 3000, 2).mean(0);
            double tolerance = point[0] >= 3.5 && point[0] <= 4.5 ? 0.06 : 0.03;   // the transition fluctuates most
            assertEquals(point[1], mean, tolerance, "eta = " + point[0]);
            assertTrue(mean < previous, "phi must fall as eta grows: eta = " + point[0]);
            previous = mean;
        }
    }
}
