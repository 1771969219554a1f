package io.flocktune.tuner.report;

import io.flocktune.tuner.run.RunFiles;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The convergence chart's legend covers none of the population band. In the committed showcase
 * the band's top reaches the plot's top right (generations 9 and 11), where a legend inside the
 * plot hid it.
 */
class ConvergenceChartTest {

    /**
     * The rows that hold the band's colour form two runs: the band itself, tall, and below it,
     * past rows without that colour, the legend's small swatch. A legend inside the plot puts its
     * swatch within the band's rows, leaving one run.
     */
    @Test
    void theLegendStandsBelowThePlot() throws Exception {
        RunData data = RunData.read(new RunFiles(Path.of("../results/showcase")));
        XYChart chart = (XYChart) Charts.convergence(data).charts().getFirst();
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        Color fill = Charts.BAND;   // translucent: drawn blended with white
        double a = fill.getAlpha() / 255.0;
        Color band = new Color((int) Math.round(255 - (255 - fill.getRed()) * a), (int) Math.round(255 - (255 - fill.getGreen()) * a),
                (int) Math.round(255 - (255 - fill.getBlue()) * a));
        List<int[]> runs = new ArrayList<>();   // {first row, last row} of rows holding band colour, gaps of <= 2 rows closed
        for (int y = 0; y < image.getHeight(); y++) {
            boolean has = false;
            for (int x = 0; x < image.getWidth() && !has; x++) {
                Color c = new Color(image.getRGB(x, y));
                has = Math.abs(c.getRed() - band.getRed()) + Math.abs(c.getGreen() - band.getGreen())
                        + Math.abs(c.getBlue() - band.getBlue()) < 12;
            }
            if (!has) continue;
            if (!runs.isEmpty() && runs.getLast()[1] >= y - 3) runs.getLast()[1] = y;   // a line's edge or a border between
            else runs.add(new int[] {y, y});
        }
        assertEquals(2, runs.size(), "rows with band colour: the band, then the legend's swatch below it: " + runs.stream().map(java.util.Arrays::toString).toList());
        int[] plot = runs.getFirst(), swatch = runs.getLast();
        assertTrue(plot[1] - plot[0] > 150, "the band spans most of the plot's height: " + plot[0] + "-" + plot[1]);
        assertTrue(swatch[1] - swatch[0] < 25, "the swatch is small: " + swatch[0] + "-" + swatch[1]);
        assertTrue(swatch[0] - plot[1] > 30, "the swatch is well below the band, past the axis and its labels");
    }
}
