package io.flocktune.sim.fidelity;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.peer.NetLogoFlocking;
import io.flocktune.sim.peer.NetLogoFlocking.Order;
import io.flocktune.sim.peer.NetLogoFlockingKernel;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The engine's {@code netlogo-flocking} ({@link NetLogoFlocking}) runs NetLogo's Flocking as
 * transcribed from {@code shared/peers.md} alone ({@link NetLogoFlockingTranscription}, which
 * never calls the engine).
 *
 * <p>Trajectories, in id order: from one initial state, 50 ticks, every position and velocity
 * after every tick equal within {@code 1e-9 · max(1, |transcription|)} (positions compared by
 * minimum image, so a turtle on the wrap seam is not a false alarm). The engine sums flockmates
 * in cell order and moves with a different wrap formula; the slack covers that rounding only.
 * Initial states: the engine's own setup (integer headings, read back from its kernel, so both
 * sides start from the same bits) at NetLogo's defaults and in a crowded setting (vision 8,
 * minimum separation 2.5, turns 15 / 10 / 12, where separate and align + cohere both run
 * thousands of times), and a given state with continuous headings drawn here (the
 * {@code --init} path).
 *
 * <p>Random order (NetLogo's {@code ask}): the two sides cannot share NetLogo's generator, so the
 * test compares distributions: over 30 seeds each, the BehaviorSearch measure (mean over ticks
 * 75–100 of sample sd(dx) + sd(dy)) for 100 turtles at the defaults. The means must agree within
 * 3 standard errors of their difference (a 0.3 % false-alarm rate were the seeds random; they are
 * fixed, so the test is deterministic) and the standard deviations within a factor 2 (for two
 * samples of 30 the sd ratio leaves [0.6, 1.7] with probability below 1 %).
 */
class NetLogoFlockingFidelityTest {
    static final int STEPS = 50;
    static final double TOLERANCE = 1e-9;
    static final double WIDTH = 71;

    @Test
    void idOrderMatchesTheTranscriptionAtTheDefaults() {
        NetLogoFlocking defaults = NetLogoFlocking.defaults();
        NetLogoFlocking model = new NetLogoFlocking(Order.ID_ORDER, defaults.vision(), defaults.minimumSeparation(),
                defaults.maxAlignTurn(), defaults.maxCohereTurn(), defaults.maxSeparateTurn());
        Simulation engine = Simulation.of(preset(model, 300), 20261124L);
        NetLogoFlockingTranscription t = assertFidelity(model, engine, startOf(engine));
        assertTrue(t.separations > 0 && t.alignments > 0 && t.lonely > 0,
                "every branch ran: " + t.separations + " " + t.alignments + " " + t.lonely);
    }

    /**
     * Crowded, from the engine's own setup: integer headings make exactly opposite headings
     * common, so {@code subtract-headings} at exactly −180 (mapped to +180: turn right) is
     * exercised; one rounding of a heading there would turn the other way.
     */
    @Test
    void idOrderMatchesTheTranscriptionCrowded() {
        NetLogoFlocking model = new NetLogoFlocking(Order.ID_ORDER, 8, 2.5, 15, 10, 12);
        Simulation engine = Simulation.of(preset(model, 400), 7L);
        NetLogoFlockingTranscription t = assertFidelity(model, engine, startOf(engine));
        assertTrue(t.separations > 1000 && t.alignments > 1000,
                "both branches ran often: " + t.separations + " " + t.alignments);
    }

    /** A given state ({@code --init}): headings taken from the velocities' directions (continuous headings here). */
    @Test
    void idOrderMatchesTheTranscriptionFromAGivenState() {
        NetLogoFlocking model = new NetLogoFlocking(Order.ID_ORDER, 8, 2.5, 15, 10, 12);
        Start start = start(400, 11L, false);
        Simulation engine = Simulation.of(preset(model, 400), 1, start.flock());
        assertFidelity(model, engine, start);
    }

    /** The engine's setup is NetLogo's: integer headings 0..359, positions anywhere in [−35.5, 35.5). */
    @Test
    void setupDrawsIntegerHeadingsAnywhereInTheWorld() {
        Simulation engine = Simulation.of(Presets.get("netlogo-flocking"), 3L);
        Start s = startOf(engine);
        double minX = 99, maxX = -99;
        for (int i = 0; i < 300; i++) {
            assertEquals(Math.rint(s.heading()[i]), s.heading()[i], 0, "integer heading");
            assertTrue(s.heading()[i] >= 0 && s.heading()[i] < 360);
            assertTrue(s.x()[i] >= -35.5 && s.x()[i] < 35.5 && s.y()[i] >= -35.5 && s.y()[i] < 35.5);
            minX = Math.min(minX, s.x()[i]);
            maxX = Math.max(maxX, s.x()[i]);
        }
        assertTrue(minX < -33 && maxX > 33, "spread over the whole world: " + minX + " " + maxX);
        assertTrue(startOf(Simulation.of(Presets.get("netlogo-flocking"), 3L)).equals(s), "same seed, same setup");
    }

    /** The comparison is sharp: cohering on the heading before align (not the turned one) leaves it within 50 ticks. */
    @Test
    void turningOrderMattersSoTheComparisonIsSharp() {
        NetLogoFlocking model = new NetLogoFlocking(Order.ID_ORDER, 8, 2.5, 15, 10, 12);
        Simulation engine = Simulation.of(preset(model, 400), 7L);
        Start start = startOf(engine);
        // the transcription in reverse who order: the same rules, a different sequential order
        NetLogoFlockingTranscription t = transcription(model, start);
        int[] reverse = IntStream.range(0, 400).map(k -> 399 - k).toArray();
        double worst = 0;
        for (int s = 0; s < STEPS; s++) {
            engine.step();
            t.go(reverse);
            worst = Math.max(worst, worstDifference(engine.flock().inIdOrder(), t));
        }
        System.out.printf("NetLogoFlockingFidelityTest reverse order: worst difference %.3g%n", worst);
        assertTrue(worst > 1e-3, "the update order is visible: " + worst);
    }

    @Test
    void randomOrderDistributionMatchesTheTranscription() {
        int seeds = 30, n = 100, steps = 100;
        Preset preset = preset(NetLogoFlocking.defaults(), n);
        double[] engine = new double[seeds], transcribed = new double[seeds];
        for (int k = 0; k < seeds; k++) {
            Simulation sim = Simulation.of(preset, 1000 + k);
            double sum = 0;
            for (int s = 1; s <= steps; s++) {
                sim.step();
                if (s >= 75) sum += spread(sim.flock().vx(), sim.flock().vy(), n);
            }
            engine[k] = sum / 26;

            Start start = start(n, 5000 + k, true);
            NetLogoFlockingTranscription t = transcription(NetLogoFlocking.defaults(), start);
            SplittableRandom shuffle = new SplittableRandom(9000 + k);
            sum = 0;
            for (int s = 1; s <= steps; s++) {
                int[] order = IntStream.range(0, n).toArray();
                for (int i = n - 1; i > 0; i--) {
                    int j = shuffle.nextInt(i + 1);
                    int tmp = order[i]; order[i] = order[j]; order[j] = tmp;
                }
                t.go(order);
                if (s >= 75) {
                    double[] dx = new double[n], dy = new double[n];
                    for (int i = 0; i < n; i++) {
                        dx[i] = Math.sin(Math.toRadians(t.heading[i]));
                        dy[i] = Math.cos(Math.toRadians(t.heading[i]));
                    }
                    sum += spread(dx, dy, n);
                }
            }
            transcribed[k] = sum / 26;
        }
        double me = mean(engine), mt = mean(transcribed), se = sd(engine), st = sd(transcribed);
        double standardError = Math.sqrt((se * se + st * st) / seeds);
        System.out.printf("NetLogoFlockingFidelityTest random order, 30 seeds: engine %.4f ± %.4f, transcription %.4f ± %.4f"
                + " (difference %.4f, 3 SE = %.4f)%n", me, se, mt, st, me - mt, 3 * standardError);
        assertTrue(Math.abs(me - mt) <= 3 * standardError, "means differ by more than 3 standard errors");
        assertTrue(se / st < 2 && st / se < 2, "standard deviations differ by more than a factor 2");
    }

    // ------------------------------------------------------------------ helpers

    record Start(double[] x, double[] y, double[] heading) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Start s && java.util.Arrays.equals(x, s.x) && java.util.Arrays.equals(y, s.y)
                    && java.util.Arrays.equals(heading, s.heading);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(x);
        }

        Flock flock() {
            double[][] rows = new double[x.length][];
            for (int i = 0; i < x.length; i++) {
                double h = Math.toRadians(heading[i]);
                rows[i] = new double[] {x[i], y[i], 0, Math.sin(h), Math.cos(h), 0};
            }
            return TestFlocks.of(2, rows);
        }
    }

    /** The engine's state in id order, headings read from its kernel. */
    static Start startOf(Simulation engine) {
        Flock f = engine.flock();
        NetLogoFlockingKernel kernel = (NetLogoFlockingKernel) engine.peer();
        int n = f.count();
        double[] x = new double[n], y = new double[n], h = new double[n];
        for (int s = 0; s < n; s++) {
            int id = f.id()[s];
            x[id] = f.x()[s];
            y[id] = f.y()[s];
            h[id] = kernel.heading(s);
        }
        return new Start(x, y, h);
    }

    /** NetLogo's setup drawn here: random headings (integer or continuous), then uniform positions in [−35.5, 35.5). */
    static Start start(int n, long seed, boolean integerHeadings) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n], y = new double[n], h = new double[n];
        for (int i = 0; i < n; i++) h[i] = integerHeadings ? r.nextInt(360) : 360 * r.nextDouble();
        for (int i = 0; i < n; i++) {
            x[i] = -WIDTH / 2 + WIDTH * r.nextDouble();
            y[i] = -WIDTH / 2 + WIDTH * r.nextDouble();
        }
        return new Start(x, y, h);
    }

    static Preset preset(NetLogoFlocking model, int n) {
        Preset.Peer base = Presets.peer("netlogo-flocking");
        Preset.Boids b = base.boids();
        return new Preset.Peer(base.name(), base.description(), base.world(),
                new Preset.Boids(n, b.minSpeed(), b.maxSpeed(), b.initialSpeed(), b.spawnSize()), model);
    }

    static NetLogoFlockingTranscription transcription(NetLogoFlocking m, Start start) {
        return new NetLogoFlockingTranscription(WIDTH, m.vision(), m.minimumSeparation(), m.maxAlignTurn(),
                m.maxCohereTurn(), m.maxSeparateTurn(), start.x(), start.y(), start.heading());
    }

    private static NetLogoFlockingTranscription assertFidelity(NetLogoFlocking model, Simulation engine, Start start) {
        int n = start.x().length;
        NetLogoFlockingTranscription t = transcription(model, start);
        int[] whoOrder = IntStream.range(0, n).toArray();
        double worst = 0;
        for (int s = 1; s <= STEPS; s++) {
            engine.step();
            t.go(whoOrder);
            Flock f = engine.flock().inIdOrder();
            for (int i = 0; i < n; i++) {
                double h = Math.toRadians(t.heading[i]);
                double[][] pairs = {
                        {minimumImage(f.x()[i] - t.xcor[i]), t.xcor[i]}, {minimumImage(f.y()[i] - t.ycor[i]), t.ycor[i]},
                        {f.vx()[i] - Math.sin(h), Math.sin(h)}, {f.vy()[i] - Math.cos(h), Math.cos(h)}};
                for (double[] p : pairs) {
                    if (!(Math.abs(p[0]) <= TOLERANCE * Math.max(1, Math.abs(p[1])))) {
                        fail("tick " + s + ", turtle " + i + ": engine differs from the transcription by " + p[0]);
                    }
                    worst = Math.max(worst, Math.abs(p[0]));
                }
            }
        }
        System.out.printf("NetLogoFlockingFidelityTest %s, %d turtles: worst |engine - transcription| over %d ticks %.3g"
                + " (separate %d, align+cohere %d, alone %d)%n", model, n, STEPS, worst, t.separations, t.alignments, t.lonely);
        return t;
    }

    private static double worstDifference(Flock f, NetLogoFlockingTranscription t) {
        double worst = 0;
        for (int i = 0; i < t.count(); i++) {
            worst = Math.max(worst, Math.abs(minimumImage(f.x()[i] - t.xcor[i])));
            worst = Math.max(worst, Math.abs(minimumImage(f.y()[i] - t.ycor[i])));
        }
        return worst;
    }

    private static double minimumImage(double d) {
        return d - WIDTH * Math.rint(d / WIDTH);
    }

    /** BehaviorSearch's measure: sample sd of dx plus sample sd of dy over the turtles. */
    static double spread(double[] dx, double[] dy, int n) {
        return sd(java.util.Arrays.copyOf(dx, n)) + sd(java.util.Arrays.copyOf(dy, n));
    }

    static double mean(double[] a) {
        double s = 0;
        for (double v : a) s += v;
        return s / a.length;
    }

    static double sd(double[] a) {
        double m = mean(a), s = 0;
        for (double v : a) s += (v - m) * (v - m);
        return Math.sqrt(s / (a.length - 1));
    }
}
