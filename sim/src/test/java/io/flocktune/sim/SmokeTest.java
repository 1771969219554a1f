package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

class SmokeTest {
    @Test
    void everyPresetRunsFinite() {
        for (Preset p : Presets.all().values()) {
            Simulation sim = Simulation.of(p, 7);
            sim.run(200, (s, f) -> {});
            assertTrue(sim.flock().allFinite(), p.name());
        }
    }
}
