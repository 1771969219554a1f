package io.flocktune.objectives;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MeasurementTest {
    private static final List<ObjectiveSpec> TWO = List.of(ObjectiveSpec.parse("polarization"), ObjectiveSpec.parse("milling"));

    @Test
    void statisticsGolden() {
        Measurement m = new Measurement(TWO, new double[][] {{1, 2, 3, 4}, {5, 5, 5, 5}});
        assertEquals(4, m.replicates());
        assertEquals(2.5, m.mean(0), 1e-15);
        assertEquals(Math.sqrt(5.0 / 3), m.sd(0), 1e-15);
        // t(0.975, 3) = 3.182446305284263
        double half = 3.182446305284263 * Math.sqrt(5.0 / 3) / 2;
        assertEquals(half, m.halfWidth95(0), 1e-12);
        assertArrayEquals(new double[] {2.5 - half, 2.5 + half}, m.ci95(0), 1e-12);
        assertEquals(0, m.sd(1));
        assertArrayEquals(new double[] {5, 5}, m.ci95(1), 0);
        assertEquals(1, m.indexOf("milling"));
        assertEquals(-1, m.indexOf("nothing"));
    }

    @Test
    void oneReplicateHasNoInterval() {
        Measurement m = new Measurement(TWO.subList(0, 1), new double[][] {{0.7}});
        assertEquals(0, m.sd(0));
        assertArrayEquals(new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}, m.ci95(0));
    }

    @Test
    void copiesDefensivelyAndComparesContents() {
        double[][] values = {{1, 2}, {3, 4}};
        Measurement m = new Measurement(TWO, values);
        values[0][0] = 99;
        assertEquals(1, m.value(0, 0));
        m.values()[0][0] = 99;
        m.values(0)[0] = 99;
        assertEquals(1, m.value(0, 0));
        assertEquals(m, new Measurement(TWO, new double[][] {{1, 2}, {3, 4}}));
        assertEquals(m.hashCode(), new Measurement(TWO, new double[][] {{1, 2}, {3, 4}}).hashCode());
        assertNotEquals(m, new Measurement(TWO, new double[][] {{1, 2}, {3, 5}}));
    }

    @Test
    void rejectsBadShapes() {
        assertThrows(IllegalArgumentException.class, () -> new Measurement(TWO, new double[][] {{1}}));
        assertThrows(IllegalArgumentException.class, () -> new Measurement(TWO, new double[][] {{1, 2}, {3}}));
        assertThrows(IllegalArgumentException.class, () -> new Measurement(TWO, new double[][] {{}, {}}));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Measurement(TWO, new double[][] {{1, Double.NaN}, {3, 4}}));
        assertTrue(e.getMessage().contains("values[0][1]"), e.getMessage());
    }
}
