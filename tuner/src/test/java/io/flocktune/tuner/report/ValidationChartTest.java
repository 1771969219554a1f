package io.flocktune.tuner.report;

import io.flocktune.tuner.run.RunFiles;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The validation chart draws each interval's own ends, as {@code validation.csv} gives them: a
 * bootstrap interval of a count is skewed and never below 0, so a symmetric error bar around the
 * mean would misstate it (the committed showcase has such intervals for captures).
 */
class ValidationChartTest {

    @Test
    void intervalEndsAreTheTablesNotASymmetricBar() throws Exception {
        Path showcase = Path.of("../results/showcase");
        RunData data = RunData.read(new RunFiles(showcase));
        Charts.Figure figure = Charts.validation(data);
        int objectives = data.experiment().objectives().size();
        assertEquals(objectives, figure.charts().size());
        boolean skewed = false;
        for (int k = 0; k < objectives; k++) {
            CategoryChart chart = (CategoryChart) figure.charts().get(k);
            double[] lows = chart.getSeries("95 % CI low").getYData();
            double[] highs = chart.getSeries("95 % CI high").getYData();
            double[] mean = chart.getSeries("validated").getYData();
            for (int i = 0; i < data.validation().size(); i++) {
                RunData.Validated v = data.validation().get(i);
                assertEquals(v.low()[k], lows[i], 0.0);
                assertEquals(v.high()[k], highs[i], 0.0);
                assertTrue(lows[i] >= 0 || data.experiment().objectives().get(k).spec().name().equals("polarization"));
                double below = mean[i] - lows[i];
                double above = highs[i] - mean[i];
                skewed |= Math.abs(below - above) > 0.1 * (below + above);
            }
        }
        assertTrue(skewed, "the showcase has at least one skewed (bootstrap) interval, which a symmetric bar would misdraw");
        assertTrue(Files.isRegularFile(showcase.resolve("validation.csv")));
    }

    /**
     * Every bar has its label: the chart is drawn, and below each bar (found by its colour in the
     * row just above the x axis) there are dark pixels in the band where tick labels are drawn.
     * With XChart's default tick spacing every other label of six categories was left out.
     */
    @Test
    void everyFinalistIsLabelled() throws Exception {
        RunData data = RunData.read(new RunFiles(Path.of("../results/showcase")));
        Charts.Figure figure = Charts.validation(data);
        CategoryChart chart = (CategoryChart) figure.charts().getFirst();   // polarization: every bar is tall
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        Color fill = chart.getSeries("validated").getFillColor();   // translucent: drawn blended with white
        double a = fill.getAlpha() / 255.0;
        Color bar = new Color((int) Math.round(255 - (255 - fill.getRed()) * a), (int) Math.round(255 - (255 - fill.getGreen()) * a),
                (int) Math.round(255 - (255 - fill.getBlue()) * a));
        java.util.function.IntPredicate isBar = rgb -> {
            Color c = new Color(rgb);
            return Math.abs(c.getRed() - bar.getRed()) + Math.abs(c.getGreen() - bar.getGreen()) + Math.abs(c.getBlue() - bar.getBlue()) < 12;
        };
        // the lowest row that still holds bar colour is the row above the x axis
        int axisRow = -1;
        for (int y = image.getHeight() - 1; y >= 0 && axisRow < 0; y--) {
            for (int x = 0; x < image.getWidth(); x++) if (isBar.test(image.getRGB(x, y))) axisRow = y;
        }
        assertTrue(axisRow > 0, "no bar drawn");
        java.util.List<Integer> centres = new java.util.ArrayList<>();
        for (int x = 0, start = -1; x <= image.getWidth(); x++) {
            boolean in = x < image.getWidth() && isBar.test(image.getRGB(x, axisRow));
            if (in && start < 0) start = x;
            if (!in && start >= 0) {
                centres.add((start + x - 1) / 2);
                start = -1;
            }
        }
        assertEquals(data.validation().size(), centres.size(), "one bar per finalist and the base preset");
        for (int centre : centres) {
            boolean ink = false;
            for (int y = axisRow + 4; y < Math.min(image.getHeight(), axisRow + 30) && !ink; y++) {
                for (int x = centre - 4; x <= centre + 4; x++) {
                    Color c = new Color(image.getRGB(x, y));
                    ink |= c.getRed() + c.getGreen() + c.getBlue() < 3 * 128;
                }
            }
            assertTrue(ink, "no label under the bar at x = " + centre + " of " + centres);
        }
    }
}
