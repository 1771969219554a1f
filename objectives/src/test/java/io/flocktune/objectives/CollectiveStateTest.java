package io.flocktune.objectives;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CollectiveStateTest {

    /** Inside each region, on its edges (thresholds belong to the upper side) and between regions. */
    @ParameterizedTest(name = "phi {0}, m {1} -> {2}")
    @CsvSource({
            "0.15, 0.20, SWARM", "0, 0, SWARM", "0.3499, 0.3499, SWARM",
            "0.10, 0.90, TORUS", "0.3499, 0.65, TORUS", "0, 1, TORUS",
            "0.905, 0.03, DYNAMIC_PARALLEL", "0.65, 0.3499, DYNAMIC_PARALLEL", "0.9699, 0, DYNAMIC_PARALLEL",
            "0.999, 0.01, HIGHLY_PARALLEL", "0.97, 0.5, HIGHLY_PARALLEL", "1, 0, HIGHLY_PARALLEL",
            "0.5, 0.5, TRANSITIONAL", "0.35, 0.1, TRANSITIONAL", "0.2, 0.5, TRANSITIONAL", "0.8, 0.35, TRANSITIONAL",
            "0.64, 0.1, TRANSITIONAL"})
    void classifiesByTheThresholds(double polarization, double milling, CollectiveState expected) {
        assertEquals(expected, CollectiveState.of(polarization, milling));
    }

    @Test
    void roundingAboveOneIsAcceptedButNotRealOverflow() {
        assertEquals(CollectiveState.HIGHLY_PARALLEL, CollectiveState.of(1.0000000000000002, 0));
        assertEquals("polarization = 1.1: must be in [0, 1]",
                assertThrows(IllegalArgumentException.class, () -> CollectiveState.of(1.1, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CollectiveState.of(0.5, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> CollectiveState.of(-0.01, 0));
    }

    @Test
    void labelsAreReadable() {
        assertEquals("dynamic parallel", CollectiveState.DYNAMIC_PARALLEL.label());
    }
}
