package io.flocktune.sim.fidelity;

import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The engine runs each built-in seed preset {@code seedNNN} exactly as the seed's code does, as
 * transcribed from the seed document alone ({@code Seed00KTranscription}, which never calls the
 * engine): 50 steps, every boid and predator coordinate and velocity after every step equal
 * within {@code |engine − transcription| <= 1e-9 · max(1, |transcription|)} (absolute below
 * magnitude 1, relative above). The slack covers rounding only: the engine sums neighbours in
 * cell order and rearranges some formulas ({@code x / 50} against {@code x · (1/50)}); each test
 * prints the worst absolute difference it saw.
 *
 * <p>Initial states: the committed {@code seed00K-initial.csv} (see {@link InitialStateGenerator},
 * clusters placed to exercise every rule) for every seed, and the seed's own start where it
 * prints one: 001 puts all 101 boids at one point with velocities {@code Math.random()*2-1} (a
 * fixed draw here), 004 spawns agents facing +z ({@code Quaternion.identity}) at random points (a
 * fixed draw). 000, 002 and 003 print no initialisation.
 *
 * <p>The comparison is sharp: each deliberate deviation of a {@code seedNNN-fixed} preset, the
 * wrong update order, the speed limit before the move, and counting coincident boids as
 * neighbours each leave the transcription within 50 steps.
 */
class SeedFidelityTest {
    static final int STEPS = 50;
    static final double TOLERANCE = 1e-9;

    @Test
    void seed000() {
        report("seed000 file", assertFidelity("seed000", file("seed000"), Seed000Transcription::step));
    }

    @Test
    void seed001() {
        report("seed001 file", assertFidelity("seed001", file("seed001"), Seed001Transcription::step));
    }

    @Test
    void seed001FromItsOwnStartAllAtOnePoint() {
        report("seed001 own start", assertFidelity("seed001", seed001Start(), Seed001Transcription::step));
    }

    @Test
    void seed002() {
        List<Capture> expected = new ArrayList<>();
        long[] step = {0};
        Fidelity run = assertFidelity("seed002", file("seed002"), s -> Seed002Transcription.step(s, ++step[0], expected));
        report("seed002 file", run);
        assertFalse(expected.isEmpty(), "the initial state leads to a capture");
        assertEquals(expected, run.engine.captures(), "capture events");
    }

    @Test
    void seed003() {
        report("seed003 file", assertFidelity("seed003", file("seed003"), Seed003Transcription::step));
    }

    /**
     * 002 and 003 move a boid with its velocity before any limit, so a boid flying faster than
     * the maximum speed moves farther than the cells of the step's start allow for: every later
     * boid of that step must still see it where it is. From the committed start with every
     * velocity 20 times larger, most boids do so in the first step.
     */
    @Test
    void seed002And003FromAFlockFasterThanItsMaximumSpeed() {
        for (String name : List.of("seed002", "seed003")) {
            SeedState start = file(name);
            for (int i = 0; i < start.count(); i++) {
                start.vx[i] *= 20;
                start.vy[i] *= 20;
                start.vz[i] *= 20;
            }
            Preset.RuleSet preset = Presets.rules(name);
            double slack = preset.boids().maxSpeed() * preset.motion().dt();
            Simulation once = Simulation.of(preset, 0, start.toFlock());
            once.step();
            int far = 0;
            Flock before = start.toFlock().inIdOrder(), after = once.flock().inIdOrder();
            for (int i = 0; i < before.count(); i++) {
                double dx = after.x()[i] - before.x()[i], dy = after.y()[i] - before.y()[i], dz = after.z()[i] - before.z()[i];
                if (dx * dx + dy * dy + dz * dz > slack * slack) far++;
            }
            assertTrue(far > start.count() / 2, name + ": " + far + " of " + start.count() + " boids moved farther than the slack");
            long[] step = {0};
            Consumer<SeedState> transcription = name.equals("seed002")
                    ? s -> Seed002Transcription.step(s, ++step[0], new ArrayList<>()) : Seed003Transcription::step;
            report(name + " 20x velocities (" + far + " boids far in the first step)", assertFidelity(name, start, transcription));
        }
    }

    @Test
    void seed004() {
        report("seed004 file", assertFidelity("seed004", file("seed004"), Seed004Transcription::step));
    }

    @Test
    void seed004FromItsOwnStartFacingPlusZ() {
        report("seed004 own start", assertFidelity("seed004", seed004Start(), Seed004Transcription::step));
    }

    /** Each fixed preset differs from its seed's code, so the literal presets are not redundant. */
    @Test
    void fixedPresetsLeaveTheLiteralTranscription() {
        assertLeaves(Presets.rules("seed000-fixed"), file("seed000"), Seed000Transcription::step);
        assertLeaves(Presets.rules("seed001-fixed"), file("seed001"), Seed001Transcription::step);
        assertLeaves(Presets.rules("seed003-fixed"), file("seed003"), Seed003Transcription::step);
    }

    /** The wrong update order leaves the transcription, for every seed. */
    @Test
    void wrongUpdateOrderIsDetected() {
        List<Consumer<SeedState>> transcriptions = List.of(Seed000Transcription::step, Seed001Transcription::step,
                s -> Seed002Transcription.step(s, 0, new ArrayList<>()), Seed003Transcription::step,
                Seed004Transcription::step);
        // (seed, wrong order); 001's and 004's rules never read the own velocity a rule before
        // them changed, so there in-place and sequential coincide
        Object[][] cases = {{0, UpdateOrder.SEQUENTIAL}, {1, UpdateOrder.SYNCHRONOUS}, {2, UpdateOrder.SYNCHRONOUS},
                {2, UpdateOrder.SEQUENTIAL}, {3, UpdateOrder.SYNCHRONOUS}, {3, UpdateOrder.SEQUENTIAL_IN_PLACE},
                {4, UpdateOrder.SYNCHRONOUS}};
        for (Object[] c : cases) {
            int k = (Integer) c[0];
            Preset.RuleSet preset = Presets.rules("seed00" + k).toBuilder().update((UpdateOrder) c[1]).build();
            assertLeaves(preset, file("seed00" + k), transcriptions.get(k));
        }
    }

    /** Limiting the speed before the move (instead of after it) leaves 000's and 002's code. */
    @Test
    void limitBeforeTheMoveIsDetected() {
        assertLeaves(Presets.rules("seed000").toBuilder().motion(new Motion.Additive(1)).build(), file("seed000"),
                Seed000Transcription::step);
        assertLeaves(Presets.rules("seed002").toBuilder().motion(new Motion.Additive(1)).build(), file("seed002"),
                s -> Seed002Transcription.step(s, 0, new ArrayList<>()));
    }

    /** Counting coincident boids as neighbours leaves 001's code from its own start. */
    @Test
    void coincidentNeighboursAreDetected() {
        Preset.RuleSet counting = Presets.rules("seed001").toBuilder().neighbourhood(new Neighbourhood.Metric(50)).build();
        assertLeaves(counting, seed001Start(), Seed001Transcription::step);
    }

    // ------------------------------------------------------------------ literal vs fixed

    /**
     * 000: a boid starting inside the obstacle gets the push of 100 and, moving with the
     * unlimited velocity, travels 100 units in the literal preset; the fixed one limits first.
     */
    @Test
    void seed000ObstaclePushMovesAHundredUnitsLiterallyAndMaxSpeedFixed() {
        Flock start = TestFlocks.of(3, new double[] {20.5, 0, 0, 0, 0, 0}, new double[] {-40, 40, 0, 0, 0, 0});
        double literal = displacement(Presets.rules("seed000"), start);
        double fixed = displacement(Presets.rules("seed000-fixed"), start);
        System.out.printf("SeedFidelityTest seed000 obstacle start: moved %.6f (seed000) vs %.6f (seed000-fixed)%n", literal, fixed);
        assertEquals(100, literal, 1e-9);
        assertEquals(2, fixed, 1e-9);
    }

    /**
     * 000: {@code alignment_rule}'s outdented division gives a boid without neighbours (not the
     * last) {@code (0 − v)/600}, a drag; the fixed mean gives it nothing.
     */
    @Test
    void seed000AlignmentSlipDragsALoneBoid() {
        Flock start = TestFlocks.of(3, new double[] {0, 0, 0, 1, 0, 0}, new double[] {40, 40, 0, 0, 0, 0});
        double literal = speedOfBoid0(Presets.rules("seed000"), start);
        double fixed = speedOfBoid0(Presets.rules("seed000-fixed"), start);
        System.out.printf("SeedFidelityTest seed000 lone boid speed after one step: %.9f (seed000) vs %.9f (seed000-fixed)%n",
                literal, fixed);
        assertEquals(1 - 1.0 / 600, literal, 1e-12);
        assertEquals(1, fixed, 1e-12);
    }

    /** 001: two boids 10 apart across the wrapped edge see each other only in the fixed preset. */
    @Test
    void seed001EdgeNeighboursOnlyInTheFixedTorus() {
        Flock start = TestFlocks.of(2, new double[] {270, 0, 0, 0, 1, 0}, new double[] {-270, 0, 0, 0, 1, 0});
        double literal = speedOfBoid0(Presets.rules("seed001"), start);
        double fixed = speedOfBoid0(Presets.rules("seed001-fixed"), start);
        System.out.printf("SeedFidelityTest seed001 edge pair, speed of boid 0 after one step: %.9f (seed001) vs %.9f (seed001-fixed)%n",
                literal, fixed);
        assertEquals(1, literal, 1e-12, "plain distance 540: nobody in range, nothing changes");
        assertTrue(Math.abs(fixed - 1) > 1e-3, "minimum image 10: separation and alignment act");
    }

    /**
     * 003: with headings 170° and −170° the arithmetic mean is 0°, so the literal blend turns a
     * bird heading 175° away from them (to 166.25°); the circular mean 180° turns it toward them.
     */
    @Test
    void seed003HeadingsAcrossPlusMinusPi() {
        double[] angles = {170, -170, 175};
        double[][] boids = new double[3][];
        for (int i = 0; i < 3; i++) {
            double a = Math.toRadians(angles[i]);
            boids[i] = new double[] {0, 100 * i, 0, 2 * Math.cos(a), 2 * Math.sin(a), 0};   // 100 apart: no separation
        }
        Flock start = TestFlocks.of(2, boids);
        double literal = headingOfBoid2(Presets.rules("seed003"), start);
        double fixed = headingOfBoid2(Presets.rules("seed003-fixed"), start);
        System.out.printf("SeedFidelityTest seed003 heading of the 175 deg bird after one step: %.4f (seed003) vs %.4f (seed003-fixed)%n",
                literal, fixed);
        assertTrue(literal < 170, "literal turns away from ±180: " + literal);
        assertTrue(fixed > 175, "fixed turns toward 180: " + fixed);
    }

    private static double displacement(Preset.RuleSet preset, Flock start) {
        Simulation sim = Simulation.of(preset, 1, start);
        sim.step();
        double[] p = TestFlocks.position(sim.flock(), 0);
        return TestFlocks.length(new double[] {p[0] - 20.5, p[1], p[2]});
    }

    private static double speedOfBoid0(Preset.RuleSet preset, Flock start) {
        Simulation sim = Simulation.of(preset, 1, start);
        sim.step();
        return TestFlocks.length(TestFlocks.velocity(sim.flock(), 0));
    }

    private static double headingOfBoid2(Preset.RuleSet preset, Flock start) {
        Simulation sim = Simulation.of(preset, 1, start);
        sim.step();
        double[] v = TestFlocks.velocity(sim.flock(), 2);
        double degrees = Math.toDegrees(Math.atan2(v[1], v[0]));
        return degrees < 0 ? degrees + 360 : degrees;
    }

    // ------------------------------------------------------------------ initial states

    private static SeedState file(String name) {
        return SeedState.read(name + "-initial.csv", Presets.get(name).world().dimension());
    }

    /** 001: {@code boids = for i in [0..100]: new Boid(start, …)}, velocities {@code Math.random()*2-1}. */
    static SeedState seed001Start() {
        SeedState s = new SeedState(2, 101, 0);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < s.count(); i++) {
            s.vx[i] = random.nextDouble() * 2 - 1;
            s.vy[i] = random.nextDouble() * 2 - 1;
        }
        return s;
    }

    /** 004: 100 agents at random points of a 40-cube, {@code Quaternion.identity}: forward +z at speed 5. */
    static SeedState seed004Start() {
        SeedState s = new SeedState(3, 100, 0);
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < s.count(); i++) {
            s.x[i] = random.nextDouble(-20, 20);
            s.y[i] = random.nextDouble(-20, 20);
            s.z[i] = random.nextDouble(-20, 20);
            s.vz[i] = 5;
        }
        return s;
    }

    // ------------------------------------------------------------------ comparison

    private record Fidelity(Simulation engine, double worst) {}

    private static void report(String what, Fidelity run) {
        System.out.printf("SeedFidelityTest %s: worst |engine - transcription| over %d steps = %.3g%n", what, STEPS, run.worst);
    }

    private static Fidelity assertFidelity(String presetName, SeedState start, Consumer<SeedState> transcription) {
        return assertFidelity(Presets.rules(presetName), start, transcription);
    }

    /**
     * Runs the engine on {@code preset} and the transcription from {@code start} (not changed)
     * for {@link #STEPS} steps, comparing after each.
     */
    private static Fidelity assertFidelity(Preset.RuleSet preset, SeedState start, Consumer<SeedState> transcription) {
        SeedState expected = start.copy();
        Simulation engine = Simulation.of(preset, 0, expected.toFlock());
        double[] worst = {0};
        for (int step = 1; step <= STEPS; step++) {
            engine.step();
            transcription.accept(expected);
            assertSame(preset.name() + " step " + step, expected, engine.flock(), worst);
        }
        return new Fidelity(engine, worst[0]);
    }

    private static void assertLeaves(Preset.RuleSet preset, SeedState start, Consumer<SeedState> transcription) {
        assertThrows(AssertionFailedError.class, () -> assertFidelity(preset, start, transcription),
                preset.name() + " " + preset.update() + " " + preset.motion() + " must differ from the transcription");
    }

    private static void assertSame(String where, SeedState expected, Flock actual, double[] worst) {
        assertEquals(expected.count(), actual.count(), where + ": boid count");
        int[] id = actual.id();
        for (int slot = 0; slot < actual.count(); slot++) {
            int i = id[slot];
            String boid = where + " boid " + i;
            check(boid + " x", expected.x[i], actual.x()[slot], worst);
            check(boid + " y", expected.y[i], actual.y()[slot], worst);
            check(boid + " z", expected.z[i], actual.z()[slot], worst);
            check(boid + " vx", expected.vx[i], actual.vx()[slot], worst);
            check(boid + " vy", expected.vy[i], actual.vy()[slot], worst);
            check(boid + " vz", expected.vz[i], actual.vz()[slot], worst);
        }
        for (int k = 0; k < expected.predatorCount(); k++) {
            String predator = where + " predator " + k;
            check(predator + " x", expected.px[k], actual.px()[k], worst);
            check(predator + " y", expected.py[k], actual.py()[k], worst);
            check(predator + " z", expected.pz[k], actual.pz()[k], worst);
            check(predator + " vx", expected.pvx[k], actual.pvx()[k], worst);
            check(predator + " vy", expected.pvy[k], actual.pvy()[k], worst);
            check(predator + " vz", expected.pvz[k], actual.pvz()[k], worst);
        }
    }

    private static void check(String what, double expected, double actual, double[] worst) {
        double difference = Math.abs(actual - expected);
        if (!(difference <= TOLERANCE * Math.max(1, Math.abs(expected)))) {
            fail(what + ": engine " + actual + ", transcription " + expected + " (difference " + (actual - expected) + ")");
        }
        worst[0] = Math.max(worst[0], difference);
    }

    @Test
    void initialStatesExerciseTheRules() {
        // guards against a regenerated initial state that leaves rules idle
        SeedState s000 = file("seed000");
        assertTrue(anyBeyond(s000.x, 55) && anyBeyond(s000.y, 55), "seed000 has boids beyond the soft margin");
        SeedState s001 = file("seed001");
        assertTrue(anyBeyond(s001.x, 250) && anyBeyond(s001.y, 250), "seed001 has boids near the wrapped edges");
        SeedState s002 = file("seed002");
        assertEquals(2, s002.predatorCount(), "seed002 has a chasing and a catching predator");
    }

    private static boolean anyBeyond(double[] a, double limit) {
        for (double v : a) if (Math.abs(v) > limit) return true;
        return false;
    }
}
