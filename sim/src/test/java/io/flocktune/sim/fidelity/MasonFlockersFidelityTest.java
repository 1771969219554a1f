package io.flocktune.sim.fidelity;

import io.flocktune.sim.BoidRandom;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.peer.MasonFlockers;
import io.flocktune.sim.peer.MasonFlockersKernel;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's {@code mason-flockers} matches {@link MasonFlockersTranscription} (peers.md
 * section 3 transcribed without the engine):
 * <ul>
 *   <li>in id order ({@code idOrder = true}), every flocker's position and velocity after each
 *       of 50 steps within {@code 1e-9 · max(1, |transcription|)}, from a given state (half the
 *       flockers in a dense cluster across the torus corner, all moving) and from the engine's
 *       own start, with MASON's default weights and with MASON's published best genes. The
 *       randomness uniforms come from the run's {@link BoidRandom} streams (step, id), whose key
 *       the test re-derives from the documented order of draws: randomize draws x, y, dead per
 *       flocker, adopt one dead draw per flocker, then the simulation draws the run key;</li>
 *   <li>in MASON's random order, the distribution over 30 seeds of MASON's objective (mean
 *       neighbour count) after 300 steps, the engine's runs against the transcription's own runs
 *       (own initial states, own Fisher–Yates shuffles and draws from {@link java.util.Random}).</li>
 * </ul>
 */
class MasonFlockersFidelityTest {
    static final int STEPS = 50;
    static final double TOLERANCE = 1e-9;
    static final double WIDTH = 150;
    static final MasonFlockers PUBLISHED_BEST =
            new MasonFlockers(0.01347, 0.90514, 0.10911, 0.67867, 0.17750, 0.1, 10, 0.7, false);

    static Preset preset(MasonFlockers model) {
        Preset.Peer base = Presets.peer("mason-flockers");
        return new Preset.Peer(base.name(), base.description(), base.world(), base.boids(), model);
    }

    @Test
    void idOrderFromAGivenStateWithDefaults() {
        report("defaults, given state", givenState(MasonFlockers.defaults().withIdOrder(true), 5));
    }

    @Test
    void idOrderFromAGivenStateWithPublishedBest() {
        report("published best, given state", givenState(PUBLISHED_BEST.withIdOrder(true), 6));
    }

    /**
     * neighborhood 40: three cells across (each neighbour cell once); 60: two, the kernel scans
     * every flocker. Randomness 0 here: with 40–60 neighbours per flocker the dynamics amplify the
     * one rounding difference of the randomness term ({@code 0.05·x/l} against the transcription's
     * {@code 0.05·(x/l)}) past 1e-9 by step 36–42; without it the two runs agree within rounding.
     */
    @Test
    void idOrderWithCoarseCellLists() {
        report("neighborhood 40, own start", ownStart(new MasonFlockers(1, 1, 1, 1, 0, 0.1, 40, 0.7, true), 12));
        report("neighborhood 60, own start", ownStart(new MasonFlockers(1, 1, 1, 1, 0, 0.1, 60, 0.7, true), 13));
    }

    @Test
    void idOrderFromTheEnginesOwnStart() {
        report("defaults, own start", ownStart(MasonFlockers.defaults().withIdOrder(true), 11));
    }

    private static double ownStart(MasonFlockers model, long seed) {
        Simulation sim = Simulation.of(preset(model), seed);
        int n = sim.flock().count();
        SplittableRandom draws = new SplittableRandom(seed);
        double[] x = new double[n], y = new double[n];
        boolean[] dead = new boolean[n];
        for (int i = 0; i < n; i++) {
            x[i] = draws.nextDouble() * WIDTH;
            y[i] = draws.nextDouble() * WIDTH;
            dead[i] = draws.nextDouble() < model.deadFlockerProbability();
        }
        long key = draws.nextLong();
        return compare(sim, model, x, y, new double[n], new double[n], dead, key);
    }

    private static double givenState(MasonFlockers model, long seed) {
        int n = 200;
        SplittableRandom r = new SplittableRandom(seed);
        Flock initial = new Flock(2, n, 0);
        for (int i = 0; i < n; i++) {
            boolean clustered = i % 2 == 0;           // a dense cluster across the corner (wraps both edges)
            double px = clustered ? -75 + (r.nextDouble() - 0.5) * 16 : (r.nextDouble() - 0.5) * WIDTH;
            double py = clustered ? -75 + (r.nextDouble() - 0.5) * 16 : (r.nextDouble() - 0.5) * WIDTH;
            if (px < -75) px += WIDTH;
            if (py < -75) py += WIDTH;
            double heading = r.nextDouble() * 2 * Math.PI;
            initial.x()[i] = px;
            initial.y()[i] = py;
            initial.vx()[i] = 0.7 * Math.cos(heading);
            initial.vy()[i] = 0.7 * Math.sin(heading);
        }
        long simSeed = 100 + seed;
        Simulation sim = Simulation.of(preset(model), simSeed, initial);
        SplittableRandom draws = new SplittableRandom(simSeed);
        double[] x = new double[n], y = new double[n], vx = new double[n], vy = new double[n];
        boolean[] dead = new boolean[n];
        for (int i = 0; i < n; i++) {
            x[i] = initial.x()[i] + WIDTH / 2;
            y[i] = initial.y()[i] + WIDTH / 2;
            dead[i] = draws.nextDouble() < model.deadFlockerProbability();
            vx[i] = dead[i] ? 0 : initial.vx()[i];
            vy[i] = dead[i] ? 0 : initial.vy()[i];
        }
        return compare(sim, model, x, y, vx, vy, dead, draws.nextLong());
    }

    /** Steps both 50 times in id order; returns the worst absolute difference. */
    private static double compare(Simulation sim, MasonFlockers m, double[] x, double[] y, double[] vx, double[] vy,
                                  boolean[] dead, long runKey) {
        MasonFlockersKernel kernel = (MasonFlockersKernel) sim.peer();
        int n = x.length;
        int deadCount = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(dead[i], kernel.dead(i), "dead flag of flocker " + i + " (documented draw order)");
            if (dead[i]) deadCount++;
        }
        assertTrue(deadCount > 5 && deadCount < 40, "about 10% dead: " + deadCount);
        MasonFlockersTranscription t = new MasonFlockersTranscription(WIDTH, m.avoidance(), m.cohesion(),
                m.consistency(), m.momentum(), m.randomness(), m.neighborhood(), m.jump(), x, y, vx, vy, dead);
        BoidRandom streams = new BoidRandom(runKey);
        MasonFlockersTranscription.Uniforms uniforms = (step, flocker) -> {
            streams.start(step, flocker);
            return new double[] {streams.nextDouble(), streams.nextDouble()};
        };
        int[] idOrder = new int[n];
        for (int i = 0; i < n; i++) idOrder[i] = i;
        double worst = 0;
        for (int step = 0; step < STEPS; step++) {
            sim.step();
            t.step(step, idOrder, uniforms);
            Flock f = sim.flock();
            for (int i = 0; i < n; i++) {
                assertEquals(i, f.id()[i], "the kernel keeps slot order");
                double ex = t.minimumImage(f.x()[i] + WIDTH / 2 - t.x[i]);
                double ey = t.minimumImage(f.y()[i] + WIDTH / 2 - t.y[i]);
                worst = Math.max(worst, check(step, i, "x", ex, t.x[i]));
                worst = Math.max(worst, check(step, i, "y", ey, t.y[i]));
                worst = Math.max(worst, check(step, i, "vx", f.vx()[i] - t.lastdx[i], t.lastdx[i]));
                worst = Math.max(worst, check(step, i, "vy", f.vy()[i] - t.lastdy[i], t.lastdy[i]));
                assertTrue(f.x()[i] >= -75 && f.x()[i] < 75 && f.y()[i] >= -75 && f.y()[i] < 75, "inside the box");
                if (dead[i]) assertEquals(0, Math.hypot(f.vx()[i], f.vy()[i]), "dead flockers stand still");
                else assertEquals(m.jump(), Math.hypot(f.vx()[i], f.vy()[i]), 1e-12, "every move has length jump");
            }
        }
        return worst;
    }

    private static double check(int step, int flocker, String what, double difference, double expected) {
        double limit = TOLERANCE * Math.max(1, Math.abs(expected));
        if (!(Math.abs(difference) <= limit)) {
            throw new AssertionError("step " + (step + 1) + ", flocker " + flocker + ", " + what + ": engine − "
                    + "transcription = " + difference + " (limit " + limit + ")");
        }
        return Math.abs(difference);
    }

    private static void report(String what, double worst) {
        System.out.printf("mason-flockers fidelity (%s): worst |engine - transcription| = %.3g over %d steps%n",
                what, worst, STEPS);
    }

    // ---- random order: distributions over seeds

    static final int SEEDS = 30;
    static final int LONG_STEPS = 300;

    /**
     * Mean neighbour count after 300 steps over 30 seeds: the engine's random order against the
     * transcription's. Means must agree within 3 standard errors of the difference (a two-sided
     * z-test at 0.27% for independent samples; the seeds are fixed, so the test is
     * deterministic), standard deviations within a factor 1.6 (for 30 normal samples the ratio
     * of two sds falls outside [1/1.6, 1.6] with probability about 1%).
     */
    @Test
    void randomOrderDistributionOfTheObjectiveMatches() {
        MasonFlockers model = MasonFlockers.defaults();
        Preset preset = preset(model);
        double[] engine = new double[SEEDS], transcription = new double[SEEDS];
        for (int k = 0; k < SEEDS; k++) {
            Simulation sim = Simulation.of(preset, 1000 + k);
            for (int s = 0; s < LONG_STEPS; s++) sim.step();
            engine[k] = meanNeighbourCount(sim.flock(), model.neighborhood());
            transcription[k] = transcriptionRun(model, 5000 + k);
        }
        double me = mean(engine), mt = mean(transcription), se = sd(engine), st = sd(transcription);
        System.out.printf("mason-flockers random order, mean neighbour count after %d steps over %d seeds: "
                + "engine %.3f ± %.3f (sd), transcription %.3f ± %.3f (sd)%n", LONG_STEPS, SEEDS, me, se, mt, st);
        double standardError = Math.sqrt((se * se + st * st) / SEEDS);
        assertTrue(Math.abs(me - mt) <= 3 * standardError,
                "means differ by " + Math.abs(me - mt) + " > 3 standard errors = " + 3 * standardError);
        assertTrue(se / st <= 1.6 && st / se <= 1.6, "sds " + se + " and " + st + " differ by more than 1.6x");
        assertTrue(me > 3, "flocks form (objective " + me + " well above the ~1.9 of uniform positions)");
    }

    /** One run of the transcription in MASON's random order, from its own seeded start. */
    private static double transcriptionRun(MasonFlockers m, long seed) {
        Random random = new Random(seed);
        int n = 200;
        double[] x = new double[n], y = new double[n];
        boolean[] dead = new boolean[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble() * WIDTH;
            y[i] = random.nextDouble() * WIDTH;
            dead[i] = random.nextDouble() < m.deadFlockerProbability();
        }
        MasonFlockersTranscription t = new MasonFlockersTranscription(WIDTH, m.avoidance(), m.cohesion(),
                m.consistency(), m.momentum(), m.randomness(), m.neighborhood(), m.jump(), x, y, new double[n],
                new double[n], dead);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        MasonFlockersTranscription.Uniforms uniforms = (step, flocker) ->
                new double[] {random.nextDouble(), random.nextDouble()};
        for (int step = 0; step < LONG_STEPS; step++) {
            for (int i = n - 1; i > 0; i--) {              // RandomSequence: Fisher–Yates every step
                int j = random.nextInt(i + 1);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            t.step(step, order, uniforms);
        }
        return t.meanNeighbourCount();
    }

    /** assess() on the engine's flock, all pairs, in our frame. */
    static double meanNeighbourCount(Flock f, double radius) {
        int n = f.count();
        long total = 0;
        for (int i = 0; i < n; i++) {
            for (int o = 0; o < n; o++) {
                double dx = image(f.x()[i] - f.x()[o]), dy = image(f.y()[i] - f.y()[o]);
                if (dx * dx + dy * dy <= radius * radius) total++;
            }
        }
        return (double) total / n;
    }

    private static double image(double d) {
        return d > WIDTH / 2 ? d - WIDTH : d < -WIDTH / 2 ? d + WIDTH : d;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double d : v) s += d;
        return s / v.length;
    }

    private static double sd(double[] v) {
        double m = mean(v), s = 0;
        for (double d : v) s += (d - m) * (d - m);
        return Math.sqrt(s / (v.length - 1));
    }
}
