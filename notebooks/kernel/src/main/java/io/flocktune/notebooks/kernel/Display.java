package io.flocktune.notebooks.kernel;

import io.flocktune.api.Figure;
import io.flocktune.api.Measure;
import io.flocktune.objectives.Measurement;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

import javax.imageio.ImageIO;
import java.awt.image.RenderedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a notebook cell can show, and how. Every session starts with
 * {@code import static io.flocktune.notebooks.kernel.Display.*}, so a cell calls
 * {@code display(chart)} to show a chart at that point, or ends with an expression whose value is
 * shown the same way:
 *
 * <ul>
 *   <li>an XChart chart ({@code XYChart}, {@code CategoryChart}, ...) or a {@code RenderedImage}
 *       (e.g. {@code BufferedImage}): a PNG ({@code image/png});
 *   <li>a {@code Path} to a {@code .png} or {@code .svg} file (e.g. a run's {@code charts/}):
 *       that image;
 *   <li>an API {@link Figure} (e.g. {@code Plots.tuning(dir, "pareto")}): its PNG;
 *   <li>a {@link Measurement}, or an API {@link Measure.Result}: an HTML table, one row per
 *       objective: mean, sd, 95 % CI, replicates;
 *   <li>a list (or array) of records: an HTML table, one column per record component; a single
 *       record: a one-row table; a {@code Map}: a two-column table;
 *   <li>{@link #html(String)}, {@link #markdown(String)}: that HTML or Markdown;
 *   <li>anything else: its {@code toString()} as plain text.
 * </ul>
 */
public final class Display {
    private Display() {}

    /** HTML to show as is. */
    public record Html(String html) {}

    /** Markdown to show as is. */
    public record Markdown(String markdown) {}

    private static volatile Consumer<DisplayData> sink = d -> {
        throw new IllegalStateException("display(...) works inside the flocktune Jupyter kernel only");
    };

    static void sink(Consumer<DisplayData> s) {
        sink = s;
    }

    /** Shows {@code value} below the cell now (see the class comment for how each type looks). */
    public static void display(Object value) {
        DisplayData data = render(value);
        if (data != null) {
            sink.accept(data);
        }
    }

    /** @return HTML that the notebook shows as is. */
    public static Html html(String html) {
        return new Html(html);
    }

    /** @return Markdown that the notebook shows as is. */
    public static Markdown markdown(String markdown) {
        return new Markdown(markdown);
    }

    /** @return rows (records, maps, or any objects) as an HTML table (see the class comment). */
    public static Html table(Collection<?> rows) {
        return new Html(rowsHtml(new ArrayList<>(rows)));
    }

    /**
     * @return how a value is shown: its Jupyter display data (MIME type → content), or null
     *         for {@code null} (nothing is shown)
     */
    public static DisplayData render(Object value) {
        return switch (value) {
            case null -> null;
            case DisplayData d -> d;
            case Chart<?, ?> chart -> png(encode(chart), chart.getClass().getSimpleName() + ": " + chart.getTitle());
            case RenderedImage image -> png(encode(image), "image " + image.getWidth() + "×" + image.getHeight());
            case Path file when name(file).endsWith(".png") -> png(read(file), file.toString());
            case Path file when name(file).endsWith(".svg") -> {
                DisplayData d = new DisplayData(file.toString());
                d.putSVG(new String(read(file), StandardCharsets.UTF_8));
                yield d;
            }
            case Html h -> withHtml(h.html(), h.html());
            case Markdown m -> {
                DisplayData d = new DisplayData(m.markdown());
                d.putMarkdown(m.markdown());
                yield d;
            }
            case Figure f -> png(f.png(), "figure " + f.name() + ": " + f.title());
            case Measurement m -> withHtml(m.toString(), measurementHtml(m));
            case Measure.Result r -> withHtml(r.toString(), measurementHtml(r.measurement()));
            case Collection<?> c when !c.isEmpty() && allRecords(c) -> withHtml(String.valueOf(c), rowsHtml(new ArrayList<>(c)));
            case Object[] a when a.length > 0 && allRecords(List.of(a)) -> withHtml(String.valueOf(List.of(a)), rowsHtml(List.of(a)));
            case Record r -> withHtml(r.toString(), rowsHtml(List.of(r)));
            case Map<?, ?> map when !map.isEmpty() -> withHtml(map.toString(), mapHtml(map));
            default -> new DisplayData(value.getClass().isArray() ? arrayText(value) : String.valueOf(value));
        };
    }

    private static String name(Path file) {
        return file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    }

    private static boolean allRecords(Collection<?> c) {
        return c.stream().allMatch(o -> o instanceof Record) && c.stream().map(Object::getClass).distinct().count() == 1;
    }

    private static DisplayData png(byte[] bytes, String text) {
        DisplayData d = new DisplayData(text);
        d.putData("image/png", Base64.getEncoder().encodeToString(bytes));
        return d;
    }

    private static DisplayData withHtml(String text, String html) {
        DisplayData d = new DisplayData(text);
        d.putHTML(html);
        return d;
    }

    private static byte[] encode(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] encode(RenderedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static String arrayText(Object array) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < Array.getLength(array); i++) {
            s.append(i == 0 ? "" : ", ").append(Array.get(array, i));
        }
        return s.append(']').toString();
    }

    static String measurementHtml(Measurement m) {
        StringBuilder s = new StringBuilder("<table><thead><tr><th>objective</th><th>mean</th><th>sd</th>"
                + "<th>95 % CI</th><th>replicates</th></tr></thead><tbody>");
        for (int k = 0; k < m.specs().size(); k++) {
            double[] ci = m.ci95(k);
            s.append("<tr><td>").append(escape(m.specs().get(k).name())).append("</td><td>").append(number(m.mean(k)))
                    .append("</td><td>").append(number(m.sd(k))).append("</td><td>[").append(number(ci[0])).append(", ")
                    .append(number(ci[1])).append("]</td><td>").append(m.replicates()).append("</td></tr>");
        }
        return s.append("</tbody></table>").toString();
    }

    static String rowsHtml(List<?> rows) {
        StringBuilder s = new StringBuilder("<table>");
        RecordComponent[] components = rows.isEmpty() || !(rows.getFirst() instanceof Record r)
                ? null : r.getClass().getRecordComponents();
        if (components != null && allRecords(rows)) {
            s.append("<thead><tr>");
            for (RecordComponent c : components) {
                s.append("<th>").append(escape(c.getName())).append("</th>");
            }
            s.append("</tr></thead><tbody>");
            for (Object row : rows) {
                s.append("<tr>");
                for (RecordComponent c : components) {
                    s.append("<td>").append(cell(component(row, c))).append("</td>");
                }
                s.append("</tr>");
            }
        } else {
            s.append("<tbody>");
            for (Object row : rows) {
                s.append("<tr><td>").append(cell(row)).append("</td></tr>");
            }
        }
        return s.append("</tbody></table>").toString();
    }

    private static Object component(Object record, RecordComponent c) {
        try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "(" + e.getClass().getSimpleName() + ")";
        }
    }

    private static String mapHtml(Map<?, ?> map) {
        StringBuilder s = new StringBuilder("<table><tbody>");
        map.forEach((k, v) -> s.append("<tr><th>").append(cell(k)).append("</th><td>").append(cell(v)).append("</td></tr>"));
        return s.append("</tbody></table>").toString();
    }

    private static String cell(Object value) {
        return switch (value) {
            case null -> "";
            case Double d -> number(d);
            case Float f -> number(f);
            case double[] a -> escape(arrayText(a));
            default -> escape(value.getClass().isArray() ? arrayText(value) : String.valueOf(value));
        };
    }

    /** Four significant digits, as the command line prints numbers. */
    static String number(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return String.valueOf(x);
        }
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return String.valueOf((long) x);
        }
        java.math.BigDecimal d = new java.math.BigDecimal(x).round(new java.math.MathContext(4)).stripTrailingZeros();
        return Math.abs(x) >= 1e-4 && Math.abs(x) < 1e7 ? d.toPlainString() : d.toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
