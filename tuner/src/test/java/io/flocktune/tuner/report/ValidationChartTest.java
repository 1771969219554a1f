package io.flocktune.tuner.report;

import io.flocktune.tuner.run.RunFiles;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;

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
}
