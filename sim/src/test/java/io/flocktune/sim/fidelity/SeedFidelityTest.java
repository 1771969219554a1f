package io.flocktune.sim.fidelity;

import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The engine runs each built-in seed preset exactly as an independent all-pairs transcription
 * of that seed's code does: from the same initial state (test resource
 * {@code seed00K-initial.csv}, see {@link InitialStateGenerator}), 50 steps, every boid and
 * predator coordinate and velocity after every step equal within
 * {@code |engine − transcription| <= 1e-9 · max(1, |transcription|)} (absolute below magnitude
 * 1, relative above). The slack covers rounding only: the engine sums neighbours in cell
 * order, the transcriptions in id order, and some formulas are rearranged ({@code x / 50}
 * against {@code x · (1/50)}); the largest difference seen is about 2e-12 (seed 003).
 *
 * <p>Each transcription follows its seed's text and, where the seed is silent, the engine's
 * documented choice (named in the transcription's Javadoc); it never calls the engine.
 */
class SeedFidelityTest {
    static final int STEPS = 50;
    static final double TOLERANCE = 1e-9;

    @Test
    void seed000() {
        assertFidelity("seed000", Seed000Transcription::step);
    }

    @Test
    void seed001() {
        assertFidelity("seed001", Seed001Transcription::step);
    }

    @Test
    void seed002() {
        List<Capture> expected = new ArrayList<>();
        long[] step = {0};
        Simulation engine = assertFidelity("seed002", s -> Seed002Transcription.step(s, ++step[0], expected));
        assertFalse(expected.isEmpty(), "the initial state leads to a capture");
        assertEquals(expected, engine.captures(), "capture events");
    }

    @Test
    void seed003() {
        assertFidelity("seed003", Seed003Transcription::step);
    }

    @Test
    void seed004() {
        assertFidelity("seed004", Seed004Transcription::step);
    }

    /**
     * The comparison is sharp enough to see the update order: with synchronous and sequential
     * swapped, every seed's engine run leaves its transcription within a few steps.
     */
    @Test
    void swappedUpdateOrderIsDetected() {
        List<Consumer<SeedState>> transcriptions = List.of(Seed000Transcription::step, Seed001Transcription::step,
                s -> Seed002Transcription.step(s, 0, new ArrayList<>()), Seed003Transcription::step,
                Seed004Transcription::step);
        for (int k = 0; k < transcriptions.size(); k++) {
            Preset preset = Presets.get("seed00" + k);
            Preset swapped = preset.toBuilder().update(preset.update() == UpdateOrder.SEQUENTIAL
                    ? UpdateOrder.SYNCHRONOUS : UpdateOrder.SEQUENTIAL).build();
            Consumer<SeedState> transcription = transcriptions.get(k);
            assertThrows(AssertionFailedError.class, () -> assertFidelity(preset.name(), swapped, transcription),
                    preset.name() + " with the other update order");
        }
    }

    private static Simulation assertFidelity(String presetName, Consumer<SeedState> transcription) {
        return assertFidelity(presetName, Presets.get(presetName), transcription);
    }

    /**
     * Runs the engine on {@code preset} and the transcription from {@code <name>-initial.csv}
     * for {@link #STEPS} steps, comparing after each; returns the engine's simulation.
     */
    private static Simulation assertFidelity(String name, Preset preset, Consumer<SeedState> transcription) {
        SeedState expected = SeedState.read(name + "-initial.csv", preset.world().dimension());
        Simulation engine = Simulation.of(preset, 0, expected.toFlock());
        for (int step = 1; step <= STEPS; step++) {
            engine.step();
            transcription.accept(expected);
            assertSame(name + " step " + step, expected, engine.flock());
        }
        return engine;
    }

    private static void assertSame(String where, SeedState expected, Flock actual) {
        assertEquals(expected.count(), actual.count(), where + ": boid count");
        int[] id = actual.id();
        for (int slot = 0; slot < actual.count(); slot++) {
            int i = id[slot];
            String boid = where + " boid " + i;
            check(boid + " x", expected.x[i], actual.x()[slot]);
            check(boid + " y", expected.y[i], actual.y()[slot]);
            check(boid + " z", expected.z[i], actual.z()[slot]);
            check(boid + " vx", expected.vx[i], actual.vx()[slot]);
            check(boid + " vy", expected.vy[i], actual.vy()[slot]);
            check(boid + " vz", expected.vz[i], actual.vz()[slot]);
        }
        for (int k = 0; k < expected.predatorCount(); k++) {
            String predator = where + " predator " + k;
            check(predator + " x", expected.px[k], actual.px()[k]);
            check(predator + " y", expected.py[k], actual.py()[k]);
            check(predator + " z", expected.pz[k], actual.pz()[k]);
            check(predator + " vx", expected.pvx[k], actual.pvx()[k]);
            check(predator + " vy", expected.pvy[k], actual.pvy()[k]);
            check(predator + " vz", expected.pvz[k], actual.pvz()[k]);
        }
    }

    private static void check(String what, double expected, double actual) {
        if (!(Math.abs(actual - expected) <= TOLERANCE * Math.max(1, Math.abs(expected)))) {
            fail(what + ": engine " + actual + ", transcription " + expected + " (difference " + (actual - expected) + ")");
        }
    }

    @Test
    void initialStatesExerciseTheRules() {
        // guards against a regenerated initial state that leaves rules idle
        SeedState s000 = SeedState.read("seed000-initial.csv", 3);
        assertTrue(anyBeyond(s000.x, 55) && anyBeyond(s000.y, 55), "seed000 has boids beyond the soft margin");
        SeedState s001 = SeedState.read("seed001-initial.csv", 2);
        assertTrue(anyBeyond(s001.x, 250) && anyBeyond(s001.y, 250), "seed001 has boids near the periodic edges");
        SeedState s002 = SeedState.read("seed002-initial.csv", 3);
        assertEquals(2, s002.predatorCount(), "seed002 has a chasing and a catching predator");
    }

    private static boolean anyBeyond(double[] a, double limit) {
        for (double v : a) if (Math.abs(v) > limit) return true;
        return false;
    }
}
