package io.flocktune.notebooks.kernel;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DisplayTest {
    record Row(String name, double value, int count) {}

    @Test
    void aChartIsAPngOfItsSize() throws IOException {
        XYChart chart = new XYChartBuilder().width(320).height(240).title("t").build();
        chart.addSeries("s", new double[] {0, 1}, new double[] {1, 2});
        BufferedImage image = png(Display.render(chart));
        assertEquals(320, image.getWidth());
        assertEquals(240, image.getHeight());
    }

    @Test
    void anApiFigureIsItsPng() throws IOException {
        XYChart chart = new XYChartBuilder().width(320).height(240).title("t").build();
        chart.addSeries("s", new double[] {0, 1}, new double[] {1, 2});
        io.flocktune.api.Figure figure = new io.flocktune.api.Figure("f", "a figure", List.of(chart), 1);
        DisplayData d = Display.render(figure);
        BufferedImage image = png(d);
        assertEquals(ImageIO.read(new ByteArrayInputStream(figure.png())).getWidth(), image.getWidth());
        assertNull(d.getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML), "an image, not a table of its fields");
    }

    @Test
    void anImageIsAPng() throws IOException {
        BufferedImage image = png(Display.render(new BufferedImage(7, 5, BufferedImage.TYPE_INT_RGB)));
        assertEquals(7, image.getWidth());
    }

    @Test
    void recordsAreAnEscapedHtmlTableWithFourSignificantDigits() {
        String html = (String) Display.render(List.of(new Row("a<b", 0.123456, 3), new Row("c", 2.0, 4)))
                .getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML);
        assertEquals("<table><thead><tr><th>name</th><th>value</th><th>count</th></tr></thead><tbody>"
                + "<tr><td>a&lt;b</td><td>0.1235</td><td>3</td></tr><tr><td>c</td><td>2</td><td>4</td></tr></tbody></table>", html);
    }

    @Test
    void aMeasurementIsATableOfMeansSdsAndIntervals() {
        Measurement m = new Measurement(List.of(ObjectiveSpec.of(new Metric.Polarization())), new double[][] {{0.5, 0.7, 0.9}});
        String html = (String) Display.render(m).getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML);
        // mean 0.7, sd 0.2, half-width t(0.975, 2) * 0.2 / sqrt(3) = 4.303 * 0.1155 = 0.4968: [0.2032, 1.197],
        // cut to polarization's range [0, 1]
        assertTrue(html.contains("<td>polarization</td><td>0.7</td><td>0.2</td><td>[0.2032, 1]</td><td>3</td>"), html);
    }

    @Test
    void nullShowsNothingAndOtherValuesTheirText() {
        assertNull(Display.render(null));
        assertEquals("[1, 2]", Display.render(new int[] {1, 2}).getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_PLAIN));
        assertNotNull(Display.render(Map.of("k", 1)).getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML));
    }

    private static BufferedImage png(DisplayData d) throws IOException {
        String base64 = (String) d.getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.parse("image/png"));
        return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(base64)));
    }
}
