package io.flocktune.api;

import io.flocktune.tuner.report.Charts;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One of the standard figures: a grid of XChart charts, as the reports draw it. The charts are
 * new XChart objects made for this figure (changing one changes nothing else); {@link #png()}
 * and {@link #svg()} render the grid as the reports' {@code charts/NAME.png} and {@code .svg}.
 *
 * @param name    file name without extension, e.g. {@code convergence}
 * @param title   caption in the report
 * @param charts  the charts, row by row (read-only list)
 * @param columns charts per row
 */
public record Figure(String name, String title, List<Chart<?, ?>> charts, int columns) {
    public Figure {
        charts = List.copyOf(charts);
    }

    static Figure of(Charts.Figure f) {
        return new Figure(f.name(), f.title(), f.charts(), f.columns());
    }

    private Charts.Figure grid() {
        return new Charts.Figure(name, title, charts, columns);
    }

    /** @return the figure as PNG bytes. */
    public byte[] png() {
        System.setProperty("java.awt.headless", "true");
        try {
            return Charts.png(grid());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the figure as an SVG document. */
    public String svg() {
        System.setProperty("java.awt.headless", "true");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            Charts.svg(grid(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
