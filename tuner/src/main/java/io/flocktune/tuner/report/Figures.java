package io.flocktune.tuner.report;

import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * The report's chart style, file output and page frame for other result directories
 * (sensitivity, robustness): XChart charts styled like the tuning report's, saved as PNG and
 * SVG atomically, and embedded into a self-contained HTML page with the report's CSS.
 */
public final class Figures {
    private Figures() {}

    /** Grey for the bulk of the points. */
    public static final Color GREY = Charts.ALL;
    /** Blue for the main series. */
    public static final Color BLUE = Charts.TOP;
    /** Red for what should stand out. */
    public static final Color RED = Charts.FRONT;
    /** Translucent blue for bands. */
    public static final Color BAND = Charts.BAND;

    /**
     * A chart file pair and its PNG bytes.
     *
     * @param name  file name without extension under the charts directory
     * @param title caption
     * @param png   the PNG image
     */
    public record Saved(String name, String title, byte[] png) {}

    /** @return an XY chart in the report style; a null title hides the title. */
    public static XYChart xy(String title, String xAxis, String yAxis, int width, int height) {
        System.setProperty("java.awt.headless", "true");
        return Charts.xy(title, xAxis, yAxis, width, height);
    }

    /** @return a category (bar) chart in the report style. */
    public static CategoryChart category(String title, String xAxis, String yAxis, int width, int height) {
        System.setProperty("java.awt.headless", "true");
        CategoryChart c = new CategoryChartBuilder().width(width).height(height).title(title).xAxisTitle(xAxis).yAxisTitle(yAxis).build();
        Charts.style(c);
        return c;
    }

    /**
     * Draws the charts as a grid ({@code columns} per row, all of the first chart's size) into
     * {@code directory/name.png} and {@code name.svg}, each written whole or not at all.
     *
     * @throws InputException naming the file that cannot be written
     */
    public static Saved save(String name, String title, List<Chart<?, ?>> charts, int columns, Path directory) throws InputException {
        Charts.Figure figure = new Charts.Figure(name, title, charts, columns);
        try {
            Files.createDirectories(directory);
            byte[] png = Charts.png(figure);
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            Charts.svg(figure, svg);
            AtomicFile.write(directory.resolve(name + ".png"), png);
            AtomicFile.write(directory.resolve(name + ".svg"), svg.toByteArray());
            return new Saved(name, title, png);
        } catch (IOException e) {
            throw new InputException(directory.resolve(name + ".png") + ": cannot write: " + e.getMessage(), e);
        }
    }

    /** @return an HTML figure embedding the PNG, with its caption and a link to {@code charts/name.svg}. */
    public static String figure(Saved s) {
        return "<figure class=\"chart\"><img alt=\"" + esc(s.title()) + "\" src=\"data:image/png;base64,"
                + Base64.getEncoder().encodeToString(s.png()) + "\"><figcaption>" + esc(s.title())
                + " (<a href=\"charts/" + s.name() + ".svg\">SVG</a>)</figcaption></figure>\n";
    }

    /** @return a complete self-contained page: the report's CSS, {@code title} as heading, then {@code body} (HTML). */
    public static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + esc(title)
                + "</title>\n<style>\n" + Html.CSS + "</style>\n</head>\n<body>\n<header><h1>" + esc(title) + "</h1></header>\n"
                + body + "</body></html>\n";
    }

    /** @return {@code s} with HTML's special characters escaped. */
    public static String esc(String s) {
        return Html.esc(s);
    }

    /** @return a number with 4 significant digits, "–" for NaN. */
    public static String num(double v) {
        return Html.num(v);
    }
}
