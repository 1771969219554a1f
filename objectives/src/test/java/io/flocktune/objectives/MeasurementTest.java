package io.flocktune.objectives;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MeasurementTest {
    private static final List<ObjectiveSpec> TWO = List.of(ObjectiveSpec.parse("nearestNeighbourDistance"), ObjectiveSpec.parse("radiusOfGyration"));

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
        assertEquals(1, m.indexOf("radiusOfGyration"));
        assertEquals(-1, m.indexOf("nothing"));
    }

    @Test
    void intervalsAreCutToTheRangeTheValuesCanTake() {
        ObjectiveSpec polarization = ObjectiveSpec.parse("polarization"), distance = ObjectiveSpec.parse("nearestNeighbourDistance");
        ObjectiveSpec share = ObjectiveSpec.parse("radiusOfGyration:above=2");
        double[] high = {0.98, 1, 0.96, 1}, low = {0.1, 0.1, 0.1, 3}, fraction = {0, 1, 1, 1};
        Measurement m = new Measurement(List.of(polarization, distance, share), new double[][] {high, low, fraction});
        Interval t = Interval.of(high, Interval.Kind.STUDENT_T);
        assertTrue(t.high() > 1, t::toString);
        assertEquals(new Interval(t.estimate(), t.low(), 1, Interval.Kind.STUDENT_T), m.interval(0));
        Interval d = Interval.of(low, Interval.Kind.STUDENT_T);
        assertTrue(d.low() < 0, d::toString);
        assertEquals(new Interval(d.estimate(), 0, d.high(), Interval.Kind.STUDENT_T), m.interval(1));
        Interval f = Interval.of(fraction, Interval.Kind.STUDENT_T);
        assertTrue(f.low() < 0 && f.high() > 1, f::toString);
        assertEquals(new Interval(0.75, 0, 1, Interval.Kind.STUDENT_T), m.interval(2));
        // a paired difference of values in [0, 1] lies in [−1, 1]; of distances, anywhere
        Measurement a = new Measurement(List.of(polarization, distance), new double[][] {{1, 0, 1, 0}, {1, 0, 1, 0}});
        Measurement b = new Measurement(List.of(polarization, distance), new double[][] {{0, 1, 0, 1}, {0, 1, 0, 1}});
        Interval raw = Interval.of(new double[] {1, -1, 1, -1}, Interval.Kind.STUDENT_T);
        assertTrue(raw.low() < -1 && raw.high() > 1, raw::toString);
        assertEquals(new Interval(0, -1, 1, Interval.Kind.STUDENT_T), a.difference(b, 0));
        assertEquals(raw, a.difference(b, 1));
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
