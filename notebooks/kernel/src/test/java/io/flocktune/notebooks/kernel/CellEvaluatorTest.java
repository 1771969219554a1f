package io.flocktune.notebooks.kernel;

import io.flocktune.sim.Preset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One JShell session for all tests (starting one costs about a second). */
class CellEvaluatorTest {
    private static CellEvaluator cells;

    @BeforeAll
    static void start() {
        cells = new CellEvaluator(System.getProperty("java.class.path"));
    }

    @AfterAll
    static void stop() {
        cells.close();
    }

    @Test
    void keepsStateAcrossCellsAndReturnsTheLastExpressionAsAnObject() {
        assertNull(cells.eval("int base = 40;\nint twice(int x) { return 2 * x; }"));
        assertEquals(42, cells.eval("base += 1;\ntwice(base) - 40"));
        assertEquals(41, cells.eval("base"));
        assertNull(cells.eval("System.out.println(base);"), "a statement has no value");
    }

    @Test
    void laterImportsKeepEarlierVariables() {
        cells.eval("Preset kept = Presets.get(\"reynolds\");\ndouble keptSize = kept.world().size();");
        cells.eval("import java.awt.Color;\nint g(int x) { return x; }");
        assertEquals("reynolds", cells.eval("kept.name()"), "after a single-type import");
        cells.eval("import org.knowm.xchart.*;");
        assertEquals("reynolds", cells.eval("kept.name()"), "after xchart.*");
        cells.eval("import java.util.concurrent.*;");
        assertEquals("reynolds", cells.eval("kept.name()"), "after concurrent.*");
    }

    @Test
    void seesTheProjectClassesWithTheStartupImports() {
        Object preset = cells.eval("Presets.get(\"reynolds\")");
        assertInstanceOf(Preset.class, preset, "the same class as the kernel's, not a copy");
        assertEquals(List.of(1, 2), cells.eval("record P(int a) {}\nStream.of(new P(1), new P(2)).map(P::a).toList()"));
    }

    @Test
    void anExceptionStopsTheCellWithItsClassAndMessage() {
        CellException e = assertThrows(CellException.class,
                () -> cells.eval("int ran = 0;\nif (true) throw new IllegalArgumentException(\"bad weight\");\nran = 1;"));
        assertEquals("java.lang.IllegalArgumentException", e.name());
        assertEquals("java.lang.IllegalArgumentException: bad weight", e.getMessage());
        assertEquals(0, cells.eval("ran"), "the snippets after the failing one did not run");
    }

    @Test
    void aCompileErrorStopsTheCellWithTheCompilersMessage() {
        CellException e = assertThrows(CellException.class, () -> cells.eval("int y = \"text\";\nint z = 1;"));
        assertEquals("CompilationError", e.name());
        assertTrue(e.getMessage().contains("incompatible types"), e.getMessage());
        assertThrows(CellException.class, () -> cells.eval("z"), "z was never declared");
    }

    @Test
    void anIncompleteCellIsAnError() {
        assertEquals("incomplete", cells.completeness("for (int i = 0; i < 3; i++) {"));
        CellException e = assertThrows(CellException.class, () -> cells.eval("int w = 1;\nfor (int i = 0; i < 3; i++) {"));
        assertEquals("IncompleteSource", e.name());
    }
}
