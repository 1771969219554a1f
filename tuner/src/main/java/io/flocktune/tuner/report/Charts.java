package io.flocktune.tuner.report;

import de.erichseifert.vectorgraphics2d.Document;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import io.flocktune.objectives.Direction;
import io.flocktune.tuner.experiment.Combination;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.space.Parameter;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The report's charts, drawn with XChart and saved as PNG and SVG (VectorGraphics2D). A figure
 * is a grid of charts, so that e.g. every parameter-objective pair fits on one image.
 */
public final class Charts {
    private Charts() {}

    public static final Color ALL = new Color(150, 150, 150, 140);
    public static final Color TOP = new Color(31, 119, 180, 220);
    public static final Color FRONT = new Color(214, 39, 40, 230);
    public static final Color BAND = new Color(31, 119, 180, 60);
    public static final Color BASE = new Color(120, 120, 120);

    /**
     * A grid of charts saved as one image.
     *
     * @param name    file name without extension
     * @param title   caption in the report
     * @param charts  the charts, row by row
     * @param columns charts per row, &ge; 1
     */
    public record Figure(String name, String title, List<Chart<?, ?>> charts, int columns) {
        public Figure {
            charts = List.copyOf(charts);
            columns = Math.max(1, Math.min(columns, charts.size()));
        }

        int rows() {
            return (charts.size() + columns - 1) / columns;
        }

        int width() {
            return columns * charts.getFirst().getWidth();
        }

        int height() {
            return rows() * charts.getFirst().getHeight();
        }
    }

    /**
     * @return every figure of the tuning run in {@code directory}, in report order, read back from
     *         its files as {@code flocktune report} reads them (new chart objects on every call)
     * @throws InputException not a run directory, or tables that cannot be read
     */
    public static List<Figure> figures(Path directory) throws io.flocktune.tuner.io.InputException {
        return all(RunData.read(new io.flocktune.tuner.run.RunFiles(directory)));
    }

    /** The figures' names in report order. */
    private static final List<String> ORDER = List.of("convergence", "pareto", "parameters", "sensitivity", "validation");

    /** @return every figure of the run, in report order. */
    static List<Figure> all(RunData data) {
        List<Figure> figures = new ArrayList<>(ofSearch(data));
        figures.addAll(ofResults(data));
        figures.sort(inReportOrder(Figure::name));
        return figures;
    }

    /**
     * @return the figures that read only the search's tables ({@code generations.csv} and the
     *         candidates of {@code history.csv}), which are final once the search ends
     */
    static List<Figure> ofSearch(RunData data) {
        return List.of(convergence(data), parameters(data), sensitivity(data));
    }

    /** @return the figures that read what is written after the search: {@code pareto.csv}, {@code validation.csv}. */
    static List<Figure> ofResults(RunData data) {
        List<Figure> figures = new ArrayList<>();
        if (data.experiment().objectives().size() >= 2) figures.add(pareto(data));
        if (!data.validation().isEmpty()) figures.add(validation(data));
        return figures;
    }

    /** @return the report order of things named like figures. */
    static <T> Comparator<T> inReportOrder(Function<T, String> name) {
        return Comparator.comparingInt(t -> ORDER.indexOf(name.apply(t)));
    }

    /**
     * Writes {@code name.png} and {@code name.svg} into {@code directory}, each whole or not at
     * all ({@link io.flocktune.tuner.io.AtomicFile}).
     *
     * @return the PNG bytes
     * @throws java.io.UncheckedIOException naming the file if it cannot be written
     */
    static byte[] save(Figure f, Path directory) {
        try {
            byte[] png = png(f);
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            svg(f, svg);
            java.util.Map<Path, byte[]> files = new java.util.LinkedHashMap<>();
            files.put(directory.resolve(f.name() + ".png"), png);
            files.put(directory.resolve(f.name() + ".svg"), svg.toByteArray());
            io.flocktune.tuner.io.AtomicFile.writeAll(files);
            return png;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (io.flocktune.tuner.io.InputException e) {
            throw new java.io.UncheckedIOException(e.getMessage(), new IOException(e.getMessage(), e));
        }
    }

    /** Draws a small chart as PNG and SVG and throws both away: loads the libraries and fonts. */
    static void warmUp() throws IOException {
        XYChart c = xy("warm-up", "x", "y", 200, 150);
        c.addSeries("s", new double[] {0, 1}, new double[] {0, 1});
        Figure f = new Figure("warm-up", "", List.of(c), 1);
        png(f);
        svg(f, OutputStream.nullOutputStream());
    }

    public static byte[] png(Figure f) throws IOException {
        BufferedImage image = new BufferedImage(f.width(), f.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, f.width(), f.height());
        paint(f, g);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        javax.imageio.ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** Numbers with more than two decimals: VectorGraphics2D writes full doubles, a tenth of a pixel is plenty. */
    private static final java.util.regex.Pattern LONG_DECIMALS = java.util.regex.Pattern.compile("(\\d\\.\\d{2})\\d+");

    public static void svg(Figure f, OutputStream out) throws IOException {
        VectorGraphics2D g = new VectorGraphics2D();
        paint(f, g);
        Document doc = new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, f.width(), f.height()));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        doc.writeTo(text);
        String svg = LONG_DECIMALS.matcher(text.toString(java.nio.charset.StandardCharsets.UTF_8)).replaceAll("$1");
        out.write(svg.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void paint(Figure f, Graphics2D g) {
        for (int i = 0; i < f.charts().size(); i++) {
            Chart<?, ?> c = f.charts().get(i);
            int x = (i % f.columns()) * c.getWidth(), y = (i / f.columns()) * c.getHeight();
            Graphics2D cell = (Graphics2D) g.create(x, y, c.getWidth(), c.getHeight());
            c.paint(cell, c.getWidth(), c.getHeight());
            cell.dispose();
        }
    }

    // ------------------------------------------------------------------ figures

    static Figure convergence(RunData data) {
        List<RunData.Generation> gens = data.generations();
        double[] x = gens.stream().mapToDouble(RunData.Generation::generation).toArray();
        boolean pareto = data.experiment().combination() == Combination.PARETO;
        XYChart fitness = xy(pareto ? "Weighted cost of the best member" : "Fitness per generation (lower is better)",
                "generation", pareto ? "weighted cost" : "fitness", 640, 380);
        // below the plot: inside it, the legend hid the band wherever the population's worst reached the top right
        fitness.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        fitness.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        double[] p10 = gens.stream().mapToDouble(RunData.Generation::p10).toArray();
        double[] p90 = gens.stream().mapToDouble(RunData.Generation::p90).toArray();
        double[] bandX = new double[2 * x.length], bandY = new double[2 * x.length];
        for (int i = 0; i < x.length; i++) {
            bandX[i] = x[i];
            bandY[i] = p90[i];
            bandX[2 * x.length - 1 - i] = x[i];
            bandY[2 * x.length - 1 - i] = p10[i];
        }
        if (finite(bandY)) {
            XYSeries band = fitness.addSeries("population 10-90 %", bandX, bandY);
            band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
            band.setFillColor(BAND);
            band.setLineColor(BAND);
            band.setMarker(SeriesMarkers.NONE);
        }
        XYSeries mean = fitness.addSeries("population mean", x, gens.stream().mapToDouble(RunData.Generation::mean).toArray());
        mean.setLineColor(TOP);
        mean.setMarker(SeriesMarkers.NONE);
        XYSeries best = fitness.addSeries("best", x, gens.stream().mapToDouble(RunData.Generation::best).toArray());
        best.setLineColor(FRONT);
        best.setMarkerColor(FRONT);
        best.setMarker(SeriesMarkers.CIRCLE);
        List<Chart<?, ?>> charts = new ArrayList<>(List.of(fitness));
        if (pareto) {
            XYChart hv = xy("Hypervolume of the first front (higher is better)", "generation", "hypervolume", 640, 380);
            XYSeries s = hv.addSeries("hypervolume", x, gens.stream().mapToDouble(RunData.Generation::hypervolume).toArray());
            s.setLineColor(FRONT);
            s.setMarkerColor(FRONT);
            s.setMarker(SeriesMarkers.CIRCLE);
            hv.getStyler().setLegendVisible(false);
            charts.addFirst(hv);
        }
        return new Figure("convergence", "Convergence: best and population mean per generation, band = 10th to 90th percentile",
                charts, 2);
    }

    static Figure pareto(RunData data) {
        Experiment e = data.experiment();
        int k = e.objectives().size();
        Set<Long> front = new HashSet<>(data.front());
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                XYChart c = xy(objectiveTitle(e, i) + " vs " + objectiveTitle(e, j), objectiveTitle(e, i), objectiveTitle(e, j), 460, 380);
                scatter(c, "candidates", ALL, data.candidates().stream().filter(cd -> !front.contains(cd.id())).toList(), i, j);
                scatter(c, "first Pareto front", FRONT, data.candidates().stream().filter(cd -> front.contains(cd.id())).toList(), i, j);
                charts.add(c);
            }
        }
        return new Figure("pareto", "Pareto front of the final population (red) among every candidate (grey), objective means",
                charts, Math.min(3, charts.size()));
    }

    private static void scatter(XYChart c, String name, Color color, List<RunData.Candidate> points, int i, int j) {
        if (points.isEmpty()) return;
        XYSeries s = c.addSeries(name, points.stream().mapToDouble(p -> p.means()[i]).toArray(),
                points.stream().mapToDouble(p -> p.means()[j]).toArray());
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(color);
    }

    static Figure parameters(RunData data) {
        Experiment e = data.experiment();
        List<RunData.Candidate> top = data.top(0.1);
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int p = 0; p < e.parameters().size(); p++) {
            Parameter parameter = e.parameters().get(p);
            int index = p;
            double[] all = data.candidates().stream().mapToDouble(c -> c.genes()[index]).toArray();
            double[] best = top.stream().mapToDouble(c -> c.genes()[index]).toArray();
            charts.add(switch (parameter) {
                case Parameter.Choice choice -> {
                    CategoryChart c = new CategoryChartBuilder().width(420).height(300).title(parameter.path())
                            .xAxisTitle("option").yAxisTitle("share").build();
                    style(c);
                    c.getStyler().setOverlapped(true);
                    c.addSeries("all", choice.labels(), shares(all, choice.labels().size())).setFillColor(ALL);
                    c.addSeries("top 10 %", choice.labels(), shares(best, choice.labels().size())).setFillColor(TOP);
                    yield c;
                }
                case Parameter.Range r -> histogram(parameter.path(), all, best, r.min(), r.max(), r.scale() == Parameter.Scale.LOG);
                case Parameter.Grid g -> histogram(parameter.path(), all, best, g.min() - g.step() / 2, g.max() + g.step() / 2, false);
                case Parameter.Integers i -> histogram(parameter.path(), all, best, i.min() - 0.5, i.max() + 0.5, false);
            });
        }
        return new Figure("parameters", "Parameter distributions: the top 10 % of candidates by fitness (blue) against all (grey)",
                charts, 3);
    }

    private static List<Double> shares(double[] indices, int options) {
        double[] counts = new double[options];
        for (double i : indices) counts[(int) i]++;
        List<Double> out = new ArrayList<>();
        for (double c : counts) out.add(indices.length == 0 ? 0 : c / indices.length);
        return out;
    }

    private static XYChart histogram(String title, double[] all, double[] top, double min, double max, boolean log) {
        int bins = 12;
        XYChart c = xy(title, title, "share", 420, 300);
        c.getStyler().setXAxisLogarithmic(log);
        double lo = log ? Math.log(min) : min, hi = log ? Math.log(max) : max;
        for (Object[] series : new Object[][] {{"all", all, ALL}, {"top 10 %", top, TOP}}) {
            double[] values = (double[]) series[1];
            double[] counts = new double[bins];
            for (double v : values) {
                double u = ((log ? Math.log(v) : v) - lo) / (hi - lo);
                counts[Math.clamp((int) Math.floor(u * bins), 0, bins - 1)]++;
            }
            double[] x = new double[2 * bins + 2], y = new double[2 * bins + 2];
            for (int b = 0; b <= bins; b++) {
                double edge = lo + (hi - lo) * b / bins;
                double at = log ? Math.exp(edge) : edge;
                double before = b == 0 ? 0 : counts[b - 1] / Math.max(1, values.length);
                double after = b == bins ? 0 : counts[b] / Math.max(1, values.length);
                x[2 * b] = at;
                y[2 * b] = before;
                x[2 * b + 1] = at;
                y[2 * b + 1] = after;
            }
            XYSeries s = c.addSeries((String) series[0], x, y);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
            s.setFillColor((Color) series[2]);
            s.setLineColor(((Color) series[2]).darker());
            s.setMarker(SeriesMarkers.NONE);
        }
        return c;
    }

    static Figure sensitivity(RunData data) {
        Experiment e = data.experiment();
        Set<Long> top = new HashSet<>(data.top(0.1).stream().map(RunData.Candidate::id).toList());
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int p = 0; p < e.parameters().size(); p++) {
            Parameter parameter = e.parameters().get(p);
            for (int k = 0; k < e.objectives().size(); k++) {
                XYChart c = xy(null, parameter.path(), objectiveTitle(e, k), 300, 240);
                c.getStyler().setLegendVisible(false);
                c.getStyler().setMarkerSize(4);
                if (parameter instanceof Parameter.Range r && r.scale() == Parameter.Scale.LOG) c.getStyler().setXAxisLogarithmic(true);
                if (parameter instanceof Parameter.Choice choice) {
                    Function<Double, String> label = v -> {
                        int i = (int) Math.round(v);
                        return Math.abs(v - i) < 1e-9 && i >= 0 && i < choice.labels().size() ? choice.labels().get(i) : " ";
                    };
                    c.getStyler().setxAxisTickLabelsFormattingFunction(label);
                }
                int pi = p, ki = k;
                List<RunData.Candidate> rest = data.candidates().stream().filter(cd -> !top.contains(cd.id())).toList();
                List<RunData.Candidate> best = data.candidates().stream().filter(cd -> top.contains(cd.id())).toList();
                for (Object[] group : new Object[][] {{"all", rest, ALL}, {"top 10 %", best, TOP}}) {
                    @SuppressWarnings("unchecked")
                    List<RunData.Candidate> points = (List<RunData.Candidate>) group[1];
                    if (points.isEmpty()) continue;
                    XYSeries s = c.addSeries((String) group[0], points.stream().mapToDouble(cd -> cd.genes()[pi]).toArray(),
                            points.stream().mapToDouble(cd -> cd.means()[ki]).toArray());
                    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                    s.setMarker(SeriesMarkers.CIRCLE);
                    s.setMarkerColor((Color) group[2]);
                }
                charts.add(c);
            }
        }
        return new Figure("sensitivity", "Each parameter (rows) against each objective (columns): candidate means, top 10 % in blue",
                charts, e.objectives().size());
    }

    static Figure validation(RunData data) {
        Experiment e = data.experiment();
        List<String> labels = data.validation().stream().map(RunData.Validated::label).toList();
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int k = 0; k < e.objectives().size(); k++) {
            int ki = k;
            CategoryChart c = new CategoryChartBuilder().width(420).height(300).title(objectiveTitle(e, k))
                    .xAxisTitle("").yAxisTitle("test-seed mean, 95 % CI").build();
            style(c);
            c.getStyler().setLegendVisible(false);
            c.getStyler().setOverlapped(true);
            // a label under every bar: XChart skips category labels closer than this hint (74 px by default)
            c.getStyler().setXAxisTickMarkSpacingHint(20);
            List<Double> means = data.validation().stream().map(v -> v.mean()[ki]).map(v -> Double.isFinite(v) ? v : 0).toList();
            c.addSeries("validated", labels, means).setFillColor(TOP);
            // the interval's own ends, not a symmetric bar: a bootstrap interval of a count is skewed and never below 0
            for (boolean high : new boolean[] {false, true}) {
                List<Double> ends = data.validation().stream().map(v -> high ? v.high()[ki] : v.low()[ki])
                        .map(v -> Double.isFinite(v) ? v : Double.NaN).toList();
                var end = c.addSeries(high ? "95 % CI high" : "95 % CI low", labels, ends);
                end.setChartCategorySeriesRenderStyle(org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle.Scatter);
                end.setMarker(SeriesMarkers.DIAMOND);
                end.setMarkerColor(Color.BLACK);
            }
            charts.add(c);
        }
        return new Figure("validation", "The finalists and the base preset on fresh test seeds: means (bars) and the ends of their 95 % confidence intervals (black marks)",
                charts, Math.min(4, charts.size()));
    }

    // ------------------------------------------------------------------ helpers

    private static String objectiveTitle(Experiment e, int k) {
        var spec = e.objectives().get(k).spec();
        String arrow = switch (spec.direction()) {
            case Direction.Maximize m -> " (max)";
            case Direction.Minimize m -> " (min)";
            case Direction.Target t -> String.format(Locale.ROOT, " (target %.3g)", t.value());
        };
        return spec.name() + arrow;
    }

    static XYChart xy(String title, String x, String y, int width, int height) {
        XYChart c = new XYChartBuilder().width(width).height(height).title(title == null ? "" : title).xAxisTitle(x).yAxisTitle(y).build();
        style(c);
        c.getStyler().setChartTitleVisible(title != null);
        return c;
    }

    public static void style(Chart<?, ?> c) {
        Styler s = c.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setLegendPosition(Styler.LegendPosition.InsideNE);
        s.setBaseFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        if (s instanceof org.knowm.xchart.style.AxesChartStyler a) {
            a.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            a.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            a.setPlotGridLinesColor(new Color(230, 230, 230));
            a.setXAxisDecimalPattern("#.###");
            a.setYAxisDecimalPattern("#.####");
        }
    }

    private static boolean finite(double[] values) {
        for (double v : values) if (!Double.isFinite(v)) return false;
        return values.length > 0;
    }
}
