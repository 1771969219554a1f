package io.flocktune.objectives.validation;

import io.flocktune.objectives.Measurement;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's {@code vicsek} preset against {@link VicsekPaper}, an all-pairs transcription of
 * the paper's equations that does not use the engine: the same trajectory from the same state
 * with the same noise draws, and the same φ(η) from independent random states.
 */
class VicsekIndependentTest {

    /**
     * From the engine's random initial state (N = 400, L = 10, v = 0.03, r = 1, η = 2), with the
     * engine's reading of Eq. (1) and the engine's noise draws, every position and heading agrees
     * to 1e-9 for 300 steps. The two sum the neighbours in a different order (cells vs ids) and
     * the engine keeps velocities, the transcription angles, so they differ by rounding only.
     */
    @Test
    void sameStateAndSameDrawsGiveTheSameTrajectory() {
        long seed = 31;
        Preset.RuleSet preset = VicsekValidationTest.withNoise(2);
        Flock initial = Simulation.of(preset, 77).flock().inIdOrder();
        Simulation engine = Simulation.of(preset, seed, initial);
        int n = initial.count();
        double[] theta = new double[n];
        for (int i = 0; i < n; i++) theta[i] = Math.atan2(initial.vy()[i], initial.vx()[i]);
        VicsekPaper paper = new VicsekPaper(10, 0.03, 1, 2, java.util.Arrays.copyOf(initial.x(), n),
                java.util.Arrays.copyOf(initial.y(), n), theta, VicsekPaper.Reading.NEW_VELOCITY,
                VicsekPaper.counterNoise(new SplittableRandom(seed).nextLong()));
        double worst = 0;
        for (int step = 1; step <= 300; step++) {
            engine.step();
            paper.step();
            Flock f = engine.flock().inIdOrder();
            for (int i = 0; i < n; i++) {
                assertEquals(i, f.id()[i]);
                double dx = image(f.x()[i] - paper.x[i]), dy = image(f.y()[i] - paper.y[i]);
                double dtheta = Math.IEEEremainder(Math.atan2(f.vy()[i], f.vx()[i]) - paper.theta[i], 2 * Math.PI);
                worst = Math.max(worst, Math.max(Math.abs(dtheta), Math.hypot(dx, dy)));
                int boid = i, at = step;
                assertTrue(Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9 && Math.abs(dtheta) < 1e-9,
                        () -> "boid " + boid + " at step " + at + ": dx " + dx + ", dy " + dy + ", dtheta " + dtheta);
            }
        }
        System.out.printf("vicsek engine vs paper transcription, 300 steps: largest difference %.3g%n", worst);
    }

    /**
     * φ(η) of the transcription read literally (Eq. (1) moves with the old velocity) from its own
     * random states and noise, 3 seeds × 2000 steps, mean over the second half, against the
     * engine's: the means agree within 3 combined standard errors plus 0.03, the difference the
     * two readings of Eq. (1) and the O(1/√N) finite-size scatter allow.
     */
    @Tag("slow")
    @Test
    void theLiteralTranscriptionGivesTheEnginesCurve() {
        for (double eta : new double[] {0.5, 1, 2, 3, 4, 5, 2 * Math.PI}) {
            int seeds = 3;
            long steps = 2000;
            double[] phi = new double[seeds];
            for (int s = 0; s < seeds; s++) {
                VicsekPaper paper = VicsekPaper.random(400, 10, 0.03, 1, eta, 1000 + s, VicsekPaper.Reading.LITERAL);
                double sum = 0;
                for (long t = 1; t <= steps; t++) {
                    paper.step();
                    if (t > steps / 2) sum += paper.polarization();
                }
                phi[s] = sum / (steps - steps / 2);
            }
            Measurement engine = VicsekValidationTest.polarization(eta, steps, seeds);
            double paperMean = StatUtils.mean(phi), paperSe = Math.sqrt(StatUtils.variance(phi) / seeds);
            double engineSe = engine.sd(0) / Math.sqrt(seeds);
            double tolerance = 3 * Math.hypot(paperSe, engineSe) + 0.03;
            System.out.printf("eta %.3f: transcription phi %.4f (se %.4f), engine %.4f (se %.4f), tolerance %.4f%n",
                    eta, paperMean, paperSe, engine.mean(0), engineSe, tolerance);
            assertEquals(paperMean, engine.mean(0), tolerance, "eta = " + eta);
        }
    }

    private static double image(double d) {
        return d - 10 * Math.rint(d / 10);
    }
}
