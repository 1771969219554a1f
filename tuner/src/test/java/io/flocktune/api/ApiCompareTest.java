package io.flocktune.api;

import io.flocktune.tuner.compare.Analysis;
import io.flocktune.tuner.compare.Comparing;
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
        Comparing.Result r = Compare.fromJson(ApiFixtures.SMALL_COMPARISON).withThreads(2).withReport(false)
                .withLog(new PrintWriter(new StringWriter())).run(tmp.resolve("c"));
        Analysis a = r.analysis();

        assertEquals("small", r.comparison().name());
        assertEquals(List.of("reynolds", "strong"), a.arms());
        assertNotEquals(r.presets().get(0), r.presets().get(1));
        assertEquals(2, a.measurements().size());
        assertEquals(a.replicates() + r.failed(), 6);
        assertEquals(a.replicates(), a.measurements().getFirst().replicates());
        assertEquals(2, a.pairs().size(), "one pair of arms x two objectives");
        for (Analysis.Pair p : a.pairs()) {
            assertEquals("reynolds", a.arms().get(p.a()));
            assertEquals("strong", a.arms().get(p.b()));
            assertTrue(a.verdict(p).startsWith(a.specs().get(p.objective()).name() + ": "), a.verdict(p));
            assertTrue(p.pHolm() >= p.wilcoxon().p() && p.pHolm() <= 1, p.toString());
            assertTrue(p.a12Low() <= p.a12() && p.a12() <= p.a12High(), p.toString());
        }
        assertThrows(UnsupportedOperationException.class, () -> a.pairs().clear());
        Exception unknown = assertThrows(Exception.class, () -> Compare.of("no-such-comparison"));
        assertTrue(unknown.getMessage().startsWith("no-such-comparison: "), unknown.getMessage());
    }
}
