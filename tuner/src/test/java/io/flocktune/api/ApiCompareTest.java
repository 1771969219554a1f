package io.flocktune.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Compare}, through the API only, on a small comparison. */
class ApiCompareTest {

    @Test
    void compareReturnsArmsMeasurementsAndVerdicts(@TempDir Path tmp) throws Exception {
        Compare.Result r = Compare.fromJson(ApiFixtures.SMALL_COMPARISON).withThreads(2).withReport(false)
                .withLog(new PrintWriter(new StringWriter())).run(tmp.resolve("c"));

        assertEquals("small", r.name());
        assertEquals(List.of("reynolds", "strong"), r.arms());
        assertNotEquals(r.presets().get(0), r.presets().get(1));
        assertEquals(2, r.measurements().size());
        assertEquals(r.replicates() + r.failed(), 6);
        assertEquals(r.replicates(), r.measurements().getFirst().replicates());
        assertEquals(2, r.pairs().size(), "one pair of arms x two objectives");
        for (Compare.PairResult p : r.pairs()) {
            assertEquals("reynolds", p.armA());
            assertEquals("strong", p.armB());
            assertTrue(p.verdict().startsWith(p.objective() + ": "), p.verdict());
            assertTrue(p.pHolm() >= p.p() && p.pHolm() <= 1, p.toString());
            assertTrue(p.a12Low() <= p.a12() && p.a12() <= p.a12High(), p.toString());
        }
        assertThrows(UnsupportedOperationException.class, () -> r.pairs().clear());
        Exception unknown = assertThrows(Exception.class, () -> Compare.of("no-such-comparison"));
        assertTrue(unknown.getMessage().startsWith("no-such-comparison: "), unknown.getMessage());
    }
}
