package io.flocktune.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Plots} and {@link Figure}, through the API (and XChart) only. */
class ApiPlotsTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @Test
    void standardFiguresOfATuningRunAndAComparisonAsXChartPngAndSvg(@TempDir Path tmp) throws Exception {
        PrintWriter quiet = new PrintWriter(new StringWriter());
        io.flocktune.tuner.run.Tuning.Result run = Tune.fromJson(ApiFixtures.tinyExperiment(2)).withThreads(2).withReport(false).withLog(quiet)
                .run(tmp.resolve("run"));
        List<Figure> figures = Plots.tuning(run.directory());
        assertEquals(List.of("convergence", "pareto", "parameters", "sensitivity", "validation"),
                figures.stream().map(Figure::name).toList());
        Figure convergence = Plots.tuning(run.directory(), "convergence");
        XYChart fitness = (XYChart) convergence.charts().getFirst();
        assertEquals(java.nio.file.Files.readAllLines(run.directory().resolve("generations.csv")).size() - 1,
                fitness.getSeries("best").getXData().length, "one point per row of generations.csv");
        for (Figure f : figures) {
            byte[] png = f.png();
            byte[] head = new byte[4];
            System.arraycopy(png, 0, head, 0, 4);
            assertArrayEquals(PNG, head, f.name());
            assertTrue(f.svg().contains("<svg"), f.name());
        }
        Exception unknown = assertThrows(Exception.class, () -> Plots.tuning(run.directory(), "nope"));
        assertEquals(run.directory() + ": no figure \"nope\"; there are: convergence, pareto, parameters, sensitivity, validation",
                unknown.getMessage());

        io.flocktune.tuner.compare.Comparing.Result c = Compare.fromJson(ApiFixtures.SMALL_COMPARISON).withThreads(2).withReport(false).withLog(quiet)
                .run(tmp.resolve("compare"));
        List<Figure> compared = Plots.comparison(c.directory());
        assertEquals(List.of("replicates", "a12"), compared.stream().map(Figure::name).toList());
        assertTrue(new String(compared.getLast().png(), 1, 3, StandardCharsets.US_ASCII).equals("PNG"));
    }
}
