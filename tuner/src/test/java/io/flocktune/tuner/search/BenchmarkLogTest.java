package io.flocktune.tuner.search;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark harness's log lines read back into runs, and its share of the gap closed. */
class BenchmarkLogTest {

    @Test
    void aLogLineReadsBackAsTheRunItWasWrittenFrom() {
        Benchmark.Run run = new Benchmark.Run("default", "ga:both+race", 7, -14.25, -13.8125, -13.5, 592, 12_300_000_000L,
                new double[] {0.25, 0.125, 1.0 / 3});
        Benchmark.Run back = Benchmark.parse(Benchmark.logLine(run), "@4x");
        assertEquals("default", back.problem());
        assertEquals("ga:both+race@4x", back.method());
        assertEquals(7, back.seed());
        assertEquals(-14.25, back.searchEstimate(), 0);
        assertEquals(-13.8125, back.validated(), 0);
        assertEquals(-13.5, back.test(), 0);
        assertEquals(592, back.simulations());
        assertEquals(12_300_000_000L, back.nanos());
        assertArrayEquals(run.genes(), back.genes(), 0);
        assertNull(Benchmark.parse("[INFO] Tests run: 1, Failures: 0", ""));
    }

    @Test
    void anOlderLogLineWithThreeDecimalsIsRead() {
        Benchmark.Run r = Benchmark.parse("seed001 random:both seed 3: search -18.017 validated -17.890 test -17.856 sims 1795 33.7s "
                + "genes [0.7145799543818595, 0.5917872519345482]", "");
        assertEquals(-17.856, r.test(), 0);
        assertEquals(2, r.genes().length);
    }

    @Test
    void theGapShareIsOneAtTheBestPickAndZeroAtTheBase() {
        assertEquals(1, Benchmark.gapClosed(-5, -13.75, -13.75), 1e-12);
        assertEquals(0, Benchmark.gapClosed(-5, -13.75, -5), 1e-12);
        assertEquals(0.5, Benchmark.gapClosed(-5, -13, -9), 1e-12);
    }

    @Test
    void theTableGivesEachMethodItsGapShareAndPairsTheFirstMethodWithTheOthers() {
        List<Benchmark.Run> runs = List.of(
                new Benchmark.Run("p", "a", 1, 0, 0, -10, 1, 1, new double[0]),
                new Benchmark.Run("p", "a", 2, 0, 0, -12, 1, 1, new double[0]),
                new Benchmark.Run("p", "b", 1, 0, 0, -6, 1, 1, new double[0]),
                new Benchmark.Run("p", "b", 2, 0, 0, -8, 1, 1, new double[0]));
        String table = Benchmark.table(runs, List.of("a", "b"), Map.of("p", -2.0));
        // best pick −12, base −2: a's mean −11 closes 0.90 of the gap, b's mean −7 closes 0.50
        assertTrue(table.contains("| p | a | 2 | -11.000 ± "), table);
        assertTrue(table.contains(" | 0.90 | "), table);
        assertTrue(table.contains(" | 0.50 | "), table);
        assertTrue(table.contains("| p | -2.000 | -12.000 |"), table);
        assertTrue(table.contains("| p | a − b | 2 | -4.000 ± "), table);
    }
}
