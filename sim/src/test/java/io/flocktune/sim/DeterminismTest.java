package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run is a pure function of (preset, seed[, initial state]): bit-identical when repeated. */
class DeterminismTest {
    static final long SEED = Long.getLong("flocktune.test.seed", 0xD37E_2A11L);

    @Test
    void everyBuiltInPresetRepeatsBitForBitAndStaysFinite() {
        for (Preset preset : Presets.all().values()) {
            Simulation first = run(preset, 42, 200), second = run(preset, 42, 200);
            assertTrue(first.flock().allFinite(), preset.name());
            assertTrue(first.flock().sameState(second.flock()), preset.name() + ": same seed, different state");
            assertEquals(first.captures(), second.captures(), preset.name());
        }
    }

    @Test
    void differentSeedsGiveDifferentRuns() {
        for (Preset preset : Presets.all().values()) {
            assertFalse(run(preset, 42, 10).flock().sameState(run(preset, 43, 10).flock()), preset.name());
        }
    }

    @Test
    void seedDrivesOnlyTheNoiseFromAGivenInitialState() {
        Preset.RuleSet quiet = Presets.rules("reynolds");
        Flock initial = Simulation.of(quiet, 5).flock().copy();
        Simulation a = Simulation.of(quiet, 1, initial), b = Simulation.of(quiet, 2, initial);
        a.run(50, (s, f) -> {});
        b.run(50, (s, f) -> {});
        assertTrue(a.flock().sameState(b.flock()), "no noise: the seed must not matter");

        Preset.RuleSet noisy = quiet.toBuilder().noise(new Preset.Noise(0.05)).build();
        Simulation c = Simulation.of(noisy, 1, initial), d = Simulation.of(noisy, 2, initial), e = Simulation.of(noisy, 1, initial);
        c.run(50, (s, f) -> {});
        d.run(50, (s, f) -> {});
        e.run(50, (s, f) -> {});
        assertFalse(c.flock().sameState(d.flock()), "noise: seeds 1 and 2 must differ");
        assertTrue(c.flock().sameState(e.flock()), "noise: seed 1 twice must agree");
    }

    @Test
    void randomPresetsRepeatBitForBit() {
        System.out.println("DeterminismTest seed = " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int run = 0; run < 40; run++) {
            Preset.RuleSet preset = RandomPresets.next(random);
            long seed = random.nextLong();
            Simulation first = run(preset, seed, 30), second = run(preset, seed, 30);
            String where = "run " + run + " (seed " + SEED + ") " + preset;
            assertTrue(first.flock().sameState(second.flock()), where);
            assertEquals(first.captures(), second.captures(), where);
        }
    }

    @Test
    void initialStateIsCopied() {
        Preset.RuleSet preset = Presets.rules("seed001");
        Flock initial = Simulation.of(preset, 9).flock().copy();
        Flock untouched = initial.copy();
        run(preset, 9, initial, 5);
        assertTrue(initial.sameState(untouched), "the caller's flock must not change");
    }

    private static Simulation run(Preset preset, long seed, int steps) {
        Simulation sim = Simulation.of(preset, seed);
        sim.run(steps, (s, f) -> {});
        return sim;
    }

    private static Simulation run(Preset preset, long seed, Flock initial, int steps) {
        Simulation sim = Simulation.of(preset, seed, initial);
        sim.run(steps, (s, f) -> {});
        return sim;
    }
}
