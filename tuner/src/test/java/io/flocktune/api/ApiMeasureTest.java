package io.flocktune.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Measure}, through the API only; {@code io.flocktune.cli.ApiCliParityTest} checks it against the command. */
class ApiMeasureTest {

    @Test
    void measuresOverReplicatesIndependentlyOfThreads() throws Exception {
        Measure m = Measure.of(FlockPreset.load("reynolds")).withSeed(11).withSteps(40).withReplicates(3)
                .withObjectives("polarization", "collisionRate(distance=1):mean:min:warmup=5");
        Measure.Result one = m.withThreads(1).run();
        Measure.Result two = m.withThreads(2).run();
        assertEquals(one, two);
        assertEquals(20, one.warmup(), "half the steps by default");
        assertEquals(3, one.replicateSeeds().length);
        assertEquals(3, one.measurement().replicates());
        assertEquals("polarization:mean:maximize:warmup=20,every=1", one.objectives().getFirst().text());
        double[] values = one.values("polarization");
        assertEquals((values[0] + values[1] + values[2]) / 3, one.mean("polarization"), 1e-15);
        double[] ci = one.ci95("polarization");
        assertTrue(ci[0] <= one.mean("polarization") && one.mean("polarization") <= ci[1]);
        long[] seeds = one.replicateSeeds();
        seeds[0]++;
        assertArrayEquals(two.replicateSeeds(), one.replicateSeeds(), "replicateSeeds() is a copy");
    }

    @Test
    void badSettingsGiveTheCommandsMessages() throws Exception {
        Measure m = Measure.of(FlockPreset.load("reynolds")).withSteps(40);
        assertEquals("--replicates = 0: must be >= 1", assertThrows(Exception.class, () -> m.withReplicates(0).run()).getMessage());
        assertEquals("--warmup = 40: must be in [0, 40) (--steps = 40)", assertThrows(Exception.class, () -> m.withWarmup(40).run()).getMessage());
        assertTrue(assertThrows(Exception.class, () -> m.withObjectives("nosuchmetric").run()).getMessage().startsWith("--objective: "));
    }
}
