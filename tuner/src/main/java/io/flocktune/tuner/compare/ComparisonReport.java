package io.flocktune.tuner.compare;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.report.Charts;
import io.flocktune.tuner.report.Pages;
import io.flocktune.tuner.stats.PairedTests;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * Draws a comparison directory's charts ({@code charts/replicates.png|svg}: box plots with every
 * replicate per objective; {@code charts/a12.png|svg}: a forest plot of A12 with its intervals
 * per pair and objective) and its self-contained {@code report.html}, from the directory's files
 * alone ({@code flocktune report DIR} draws it again). Every file appears whole or not at all.
 */
public final class ComparisonReport {
    private ComparisonReport() {}

    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
            new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
            new Color(127, 127, 127)};

    /** What the report shows, read back from the directory. */
    record Data(Comparison comparison, List<Preset> presets, double[][][] values, List<long[]> seeds,
                List<CSVRecord> summary, List<CSVRecord> pairs, List<CSVRecord> looks) {}

    /**
     * @throws InputException not a finished comparison directory, or it cannot be written
     */
    public static void write(Path directory, PrintWriter log) throws InputException {
        System.setProperty("java.awt.headless", "true");
        ComparisonFiles files = new ComparisonFiles(directory);
        Data data = read(files);
        try {
            Files.createDirectories(files.charts());
            List<Charts.Figure> figures = List.of(replicates(data), forest(data));
            List<byte[]> pngs = new ArrayList<>();
            for (Charts.Figure f : figures) {
                byte[] png = Charts.png(f);
                ByteArrayOutputStream svg = new ByteArrayOutputStream();
                Charts.svg(f, svg);
                AtomicFile.write(files.charts().resolve(f.name() + ".png"), png);
                AtomicFile.write(files.charts().resolve(f.name() + ".svg"), svg.toByteArray());
                pngs.add(png);
            }
            long seed = data.seeds().getFirst()[1];
            List<Pages.Recording> recordings = new ArrayList<>();
            for (int a = 0; a < data.presets().size(); a++) {
                recordings.add(Pages.record(data.comparison().arms().get(a).name(), data.presets().get(a), seed,
                        data.comparison().scenario().steps(), Pages.FRAMES));
            }
            try (AtomicFile out = AtomicFile.create(files.report())) {
                out.writer().write(page(data, figures, pngs, recordings, seed));
                out.commit();
            }
        } catch (IOException e) {
            throw new InputException(directory + ": cannot write the report: " + e.getMessage(), e);
        }
    }

    /**
     * @return the report's figures of the finished comparison in {@code directory} (replicates,
     *         forest), read back from its files (new chart objects on every call)
     * @throws InputException not a finished comparison directory
     */
    public static List<Charts.Figure> figures(Path directory) throws InputException {
        Data data = read(new ComparisonFiles(directory));
        return List.of(replicates(data), forest(data));
    }

    // ------------------------------------------------------------------ reading

    static Data read(ComparisonFiles files) throws InputException {
        if (!Files.isRegularFile(files.comparison())) throw new InputException(files.root() + ": not a comparison directory (no comparison.json)");
        for (Path p : List.of(files.replicates(), files.summary(), files.pairs(), files.looks())) {
            if (!Files.isRegularFile(p)) throw new InputException(p + ": missing; the comparison has not finished (continue it with --resume)");
        }
        Comparison c = ComparisonJson.read(files.comparison());
        List<Preset> presets = new ArrayList<>();
        for (Comparison.Arm arm : c.arms()) presets.add(PresetJson.read(files.arms().resolve(arm.name() + ".json")));
        List<CSVRecord> pairs = csv(files.pairs());
        int n = pairs.isEmpty() ? 0 : Integer.parseInt(pairs.getFirst().get("replicates"));
        List<CSVRecord> rows = csv(files.replicates());
        int arms = c.arms().size(), k = c.objectives().size();
        // the replicates the analysis used: the first ones complete and ok on every arm, as many as it counted
        int max = c.replicates().max();
        double[][][] byReplicate = new double[max][arms][];
        long[] seedOf = new long[max];
        for (CSVRecord r : rows) {
            int a = indexOf(c, r.get("arm")), rep = Integer.parseInt(r.get("replicate"));
            seedOf[rep] = Long.parseLong(r.get("seed"));
            if (!r.get("status").equals("ok")) continue;
            double[] v = new double[k];
            for (int j = 0; j < k; j++) v[j] = Double.parseDouble(r.get(3 + j));
            byReplicate[rep][a] = v;
        }
        List<Integer> usable = new ArrayList<>();
        for (int rep = 0; rep < max && usable.size() < n; rep++) {
            boolean ok = true;
            for (int a = 0; a < arms; a++) ok &= byReplicate[rep][a] != null;
            if (ok) usable.add(rep);
        }
        double[][][] values = new double[arms][k][usable.size()];
        for (int u = 0; u < usable.size(); u++) {
            for (int a = 0; a < arms; a++) for (int j = 0; j < k; j++) values[a][j][u] = byReplicate[usable.get(u)][a][j];
        }
        List<long[]> seeds = new ArrayList<>();
        for (int u : usable) seeds.add(new long[] {u, seedOf[u]});
        return new Data(c, presets, values, seeds, csv(files.summary()), pairs, csv(files.looks()));
    }

    private static int indexOf(Comparison c, String arm) throws InputException {
        for (int a = 0; a < c.arms().size(); a++) if (c.arms().get(a).name().equals(arm)) return a;
        throw new InputException("replicates.csv: unknown arm " + arm);
    }

    private static List<CSVRecord> csv(Path file) throws InputException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.parse(in, CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return parser.getRecords();
        } catch (IOException | IllegalArgumentException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ charts

    /** Per objective: a box (quartiles, median, whiskers to the extremes within 1.5 IQR) and every replicate as a point. */
    static Charts.Figure replicates(Data d) {
        Comparison c = d.comparison();
        List<Chart<?, ?>> charts = new ArrayList<>();
        int arms = c.arms().size();
        for (int k = 0; k < c.objectives().size(); k++) {
            ObjectiveSpec spec = c.objectives().get(k);
            XYChart chart = new XYChartBuilder().width(Math.max(360, 90 * arms + 80)).height(320)
                    .title(spec.name() + " (" + Goodness.better(spec.direction()) + " is better)").xAxisTitle("").yAxisTitle(spec.name()).build();
            Charts.style(chart);
            chart.getStyler().setAnnotationTextFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 11));
            chart.getStyler().setLegendVisible(false);
            chart.getStyler().setXAxisMin(0.4).setXAxisMax(arms + 0.6);
            chart.getStyler().setXAxisTicksVisible(false);
            double lowest = Double.POSITIVE_INFINITY, highest = Double.NEGATIVE_INFINITY;
            for (int a = 0; a < arms; a++) {
                for (double v : d.values()[a][k]) {
                    lowest = Math.min(lowest, v);
                    highest = Math.max(highest, v);
                }
            }
            double span = highest > lowest ? highest - lowest : Math.max(1e-9, Math.abs(highest));
            chart.getStyler().setYAxisMin(lowest - 0.14 * span).setYAxisMax(highest + 0.05 * span);
            for (int a = 0; a < arms; a++) chart.addAnnotation(new AnnotationText(c.arms().get(a).name(), a + 1, lowest - 0.08 * span, false));
            for (int a = 0; a < arms; a++) {
                Color color = PALETTE[a % PALETTE.length];
                double[] v = d.values()[a][k].clone();
                Arrays.sort(v);
                double q1 = PairedTests.quantile(v, 0.25), median = PairedTests.quantile(v, 0.5), q3 = PairedTests.quantile(v, 0.75);
                double iqr = q3 - q1, low = v[0], high = v[v.length - 1];
                for (double x : v) if (x >= q1 - 1.5 * iqr) { low = x; break; }
                for (int i = v.length - 1; i >= 0; i--) if (v[i] <= q3 + 1.5 * iqr) { high = v[i]; break; }
                double x = a + 1, w = 0.3;
                line(chart, "box" + a, color, new double[] {x - w, x + w, x + w, x - w, x - w}, new double[] {q1, q1, q3, q3, q1}, 1.2f);
                line(chart, "median" + a, color, new double[] {x - w, x + w}, new double[] {median, median}, 2.5f);
                line(chart, "whisker-low" + a, color, new double[] {x, x, x - w / 2, x + w / 2}, new double[] {q1, low, low, low}, 1f);
                line(chart, "whisker-high" + a, color, new double[] {x, x, x - w / 2, x + w / 2}, new double[] {q3, high, high, high}, 1f);
                double[] raw = d.values()[a][k];
                double[] px = new double[raw.length];
                for (int r = 0; r < raw.length; r++) px[r] = x + 0.5 * w * (((r * 0.6180339887) % 1.0) - 0.5);   // fixed jitter
                XYSeries points = chart.addSeries("points" + a, px, raw);
                points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                points.setMarker(SeriesMarkers.CIRCLE);
                points.setMarkerColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 120));
            }
            charts.add(chart);
        }
        return new Charts.Figure("replicates", "Every replicate per arm and objective (points, same seeds across arms), with box plots:"
                + " median, quartiles, whiskers to the extremes within 1.5 IQR", charts, Math.min(2, charts.size()));
    }

    /**
     * Per objective: A12(A, B) of each pair with its 95 % paired bootstrap interval, one row per
     * pair labelled "A vs B" on the row itself, in a gutter left of A12 = 0 (XChart drops
     * y-axis labels wider than their spacing); 0.5 = no tendency, right of it A does better.
     */
    static Charts.Figure forest(Data d) {
        Comparison c = d.comparison();
        List<Chart<?, ?>> charts = new ArrayList<>();
        int pairs = c.arms().size() * (c.arms().size() - 1) / 2;
        java.awt.Font font = new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 11);
        java.awt.FontMetrics metrics = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB)
                .createGraphics().getFontMetrics(font);
        int labelWidth = 0;
        for (CSVRecord p : d.pairs()) labelWidth = Math.max(labelWidth, metrics.stringWidth(p.get("arm_a") + " vs " + p.get("arm_b")));
        int gutter = labelWidth + 40, plot = 400, width = gutter + plot + 50;
        double left = -(double) gutter / plot;   // the gutter in A12 units, at the plot's scale of 1 per `plot` pixels
        for (int k = 0; k < c.objectives().size(); k++) {
            ObjectiveSpec spec = c.objectives().get(k);
            XYChart chart = new XYChartBuilder().width(width).height(36 * pairs + 130)
                    .title(spec.name() + " (" + Goodness.better(spec.direction()) + " is better)")
                    .xAxisTitle("A12(A, B) = P(A better than B), 95 % interval").yAxisTitle("").build();
            Charts.style(chart);
            chart.getStyler().setAnnotationTextFont(font);
            chart.getStyler().setLegendVisible(false);
            chart.getStyler().setXAxisMin(left).setXAxisMax(1.0);
            chart.getStyler().setXAxisTickLabelsFormattingFunction(x -> x < -1e-9 ? "" : String.format(Locale.ROOT, "%.1f", x));
            chart.getStyler().setYAxisMin(0.5).setYAxisMax(pairs + 0.5);
            chart.getStyler().setYAxisTicksVisible(false);
            line(chart, "half", Color.GRAY, new double[] {0.5, 0.5}, new double[] {0.5, pairs + 0.5}, 1f);
            line(chart, "zero", Color.LIGHT_GRAY, new double[] {0, 0}, new double[] {0.5, pairs + 0.5}, 1f);
            int row = 0;
            for (CSVRecord p : d.pairs()) {
                if (!p.get("objective").equals(spec.name())) continue;
                row++;
                double y = pairs + 1 - row;
                chart.addAnnotation(new AnnotationText(p.get("arm_a") + " vs " + p.get("arm_b"), 0.55 * left, y, false));
                boolean significant = Boolean.parseBoolean(p.get("significant"));
                Color color = significant ? Charts.FRONT : Charts.BASE;
                double lo = Double.parseDouble(p.get("a12_low")), hi = Double.parseDouble(p.get("a12_high"));
                double a12 = Double.parseDouble(p.get("a12"));
                line(chart, "ci" + row, color, new double[] {lo, hi}, new double[] {y, y}, 2f);
                XYSeries point = chart.addSeries("a12-" + row, new double[] {a12}, new double[] {y});
                point.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                point.setMarker(SeriesMarkers.DIAMOND);
                point.setMarkerColor(color);
            }
            charts.add(chart);
        }
        return new Charts.Figure("a12", "A12(A, B), the probability that arm A does better than arm B on the objective, per pair"
                + " with its 95 % paired bootstrap interval (uncorrected); right of 0.5 favours A; red: significant after Holm's"
                + " correction", charts, Math.min(2, charts.size()));
    }

    private static void line(XYChart chart, String name, Color color, double[] x, double[] y, float width) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(color);
        s.setLineStyle(new BasicStroke(width));
    }

    // ------------------------------------------------------------------ page

    private static String page(Data d, List<Charts.Figure> figures, List<byte[]> pngs, List<Pages.Recording> recordings, long seed) {
        Comparison c = d.comparison();
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>flocktune comparison: ").append(Pages.esc(c.name())).append("</title>\n<style>\n").append(Pages.css())
                .append("td.sig { background: #fdecea; } td.neg { color: #888; } p.warning { color: #a12; font-weight: bold; }\n</style>\n</head>\n")
                .append("<body data-rendered=\"no\">\n<header><h1>flocktune comparison · ").append(Pages.esc(c.name())).append("</h1>\n<p>")
                .append(Pages.esc(c.description())).append("</p>\n<p class=\"meta\">").append(c.arms().size()).append(" arms · ")
                .append(c.objectives().size()).append(" objectives · ");
        CSVRecord last = d.looks().getLast();
        h.append(last.get("replicates")).append(" paired replicates (look ").append(last.get("look")).append(" of at most ")
                .append(c.replicates().looks()).append(") · seed ").append(c.seed()).append(" · scenario ")
                .append(c.scenario().boids() == 0 ? "each arm's boids" : c.scenario().boids() + " boids").append(", ")
                .append(c.scenario().steps()).append(" steps</p>\n");
        if (c.significanceWarning() != null) h.append("<p class=\"warning\">").append(Pages.esc(c.significanceWarning())).append("</p>\n");
        if (!c.set().isEmpty()) h.append("<p class=\"meta\">Every arm: ").append(Pages.esc(Overrides.text(c.set()))).append("</p>\n");
        h.append("</header>\n");

        h.append("<section><h2>Summary</h2>\n<ul class=\"ranking\">\n");
        for (int k = 0; k < c.objectives().size(); k++) h.append("<li>").append(Pages.esc(ranking(d, k))).append("</li>\n");
        h.append("</ul>\n<p class=\"note\">").append(Pages.esc(READING)).append("</p>\n</section>\n");

        h.append("<section><h2>Arms</h2>\n<table><thead><tr><th>arm</th><th>what it is</th>");
        for (ObjectiveSpec o : c.objectives()) {
            h.append("<th>").append(Pages.esc(o.name())).append("<br><small>").append(Pages.esc(o.direction().text())).append("</small></th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (int a = 0; a < c.arms().size(); a++) {
            Comparison.Arm arm = c.arms().get(a);
            h.append("<tr><td><a href=\"arms/").append(Pages.esc(arm.name())).append(".json\">").append(Pages.esc(arm.name()))
                    .append("</a></td><td>");
            h.append(Pages.esc(Comparison.describe(arm)));
            if (arm instanceof Comparison.Arm.Tuned) {
                h.append(" (<a href=\"tuning/").append(Pages.esc(arm.name())).append("/report.html\">tuning report</a>)");
            }
            h.append("</td>");
            for (int k = 0; k < c.objectives().size(); k++) {
                CSVRecord s = d.summary().get(a * c.objectives().size() + k);
                h.append("<td>").append(Pages.num(Double.parseDouble(s.get("mean")))).append(" <small>[")
                        .append(Pages.num(Double.parseDouble(s.get("ci_low")))).append(", ")
                        .append(Pages.num(Double.parseDouble(s.get("ci_high")))).append("]</small></td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n<p class=\"note\">Means over the paired replicates with 95 % confidence intervals (Student t for"
                + " order parameters, a percentile bootstrap for counts and rates; summary.csv).</p>\n</section>\n");

        h.append("<section><h2>Verdicts</h2>\n<ul class=\"verdicts\">\n");
        for (CSVRecord p : d.pairs()) {
            h.append(Boolean.parseBoolean(p.get("significant")) ? "<li><b>" : "<li>").append(Pages.esc(p.get("verdict")))
                    .append(Boolean.parseBoolean(p.get("significant")) ? "</b></li>\n" : "</li>\n");
        }
        h.append("</ul>\n<p class=\"note\">").append(Pages.esc(method(c))).append("</p>\n</section>\n");

        h.append("<section><h2>Pairs</h2>\n<table><thead><tr><th>A</th><th>B</th><th>objective</th><th>mean A − B</th>"
                + "<th>Wilcoxon p</th><th>p_Holm</th><th>A12(A, B) [95 %]</th><th>effect</th></tr></thead><tbody>\n");
        for (CSVRecord p : d.pairs()) {
            boolean significant = Boolean.parseBoolean(p.get("significant"));
            h.append("<tr><td>").append(Pages.esc(p.get("arm_a"))).append("</td><td>").append(Pages.esc(p.get("arm_b")))
                    .append("</td><td>").append(Pages.esc(p.get("objective"))).append("</td><td>")
                    .append(Pages.num(Double.parseDouble(p.get("mean_difference")))).append("</td><td>")
                    .append(Pages.num(Double.parseDouble(p.get("p")))).append(" <small>").append(Pages.esc(p.get("p_method")))
                    .append(", n = ").append(p.get("nonzero_differences")).append("</small></td><td")
                    .append(significant ? " class=\"sig\">" : ">").append(Pages.num(Double.parseDouble(p.get("p_holm"))))
                    .append("</td><td>").append(String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", Double.parseDouble(p.get("a12")),
                            Double.parseDouble(p.get("a12_low")), Double.parseDouble(p.get("a12_high")))).append("</td><td>")
                    .append(Analysis.magnitude(Double.parseDouble(p.get("a12")))).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<p class=\"note\">A12(A, B) = P(A better than B) on the objective (higher or lower as its"
                + " column says); above 0.5 favours A, below favours B. Highlighted p_Holm: significant.</p>\n</section>\n");

        h.append("<section><h2>Preview: every arm on the same seed</h2>\n")
                .append(Pages.preview(recordings, "replicate 0, seed " + seed + ", for every arm; predators in red"))
                .append("</section>\n");

        h.append("<section><h2>Charts</h2>\n");
        for (int f = 0; f < figures.size(); f++) {
            Charts.Figure figure = figures.get(f);
            h.append("<figure class=\"chart\"><img alt=\"").append(Pages.esc(figure.title())).append("\" src=\"data:image/png;base64,")
                    .append(Base64.getEncoder().encodeToString(pngs.get(f))).append("\"><figcaption>").append(Pages.esc(figure.title()))
                    .append(" (<a href=\"charts/").append(figure.name()).append(".svg\">SVG</a>)</figcaption></figure>\n");
        }
        h.append("</section>\n");

        h.append("<section><h2>Looks</h2>\n<table><thead><tr><th>look</th><th>replicates</th><th>level α/K</th><th>significant</th>"
                + "<th>negligible</th><th>open</th></tr></thead><tbody>\n");
        for (CSVRecord l : d.looks()) {
            h.append("<tr><td>").append(l.get("look")).append("</td><td>").append(l.get("replicates")).append("</td><td>")
                    .append(Pages.num(Double.parseDouble(l.get("alpha_look")))).append("</td><td>").append(l.get("significant"))
                    .append("</td><td>").append(l.get("negligible")).append("</td><td>").append(l.get("open")).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<details><summary>comparison.json</summary><pre>")
                .append(Pages.esc(ComparisonJson.write(ComparisonJson.toTree(c)))).append("</pre></details>\n</section>\n");
        h.append("</body></html>\n");
        return h.toString();
    }

    /** How to read A12, its intervals and the summary: the same words as the documentation's. */
    static final String READING = String.format(Locale.ROOT, "How to read: A12(A, B) is the probability that arm A does better"
            + " than arm B on the objective, in the objective's direction, ties counted half; A is always the pair's first arm"
            + " in the comparison's order, so above 0.5 favours A and below 0.5 favours B, in the verdicts, the tables and the"
            + " forest plot alike. Effect sizes (Vargha and Delaney), read on the better arm's side max(A12, 1 − A12):"
            + " below %.2f negligible, below %.2f small, below %.2f medium, else large. The A12 interval is a 95 %% interval for that pair"
            + " alone, not corrected for the other pairs and objectives; the verdicts come from the Wilcoxon test corrected"
            + " by Holm over all of them, so an interval that excludes 0.5 beside \"no detectable difference\" is a"
            + " difference that does not survive the correction. Summary: the arms ranked per objective by their mean A12"
            + " against the others, best first; \">\" joins neighbours that differ significantly, \"≈\" neighbours with no"
            + " detectable difference.", Analysis.SMALL, Analysis.MEDIUM, Analysis.LARGE);

    /** @return the ranking line of objective k ({@link Analysis#ranking}), from pairs.csv. */
    static String ranking(Data d, int k) {
        Comparison c = d.comparison();
        List<String> arms = c.arms().stream().map(Comparison.Arm::name).toList();
        int n = arms.size();
        double[][] a12 = new double[n][n];
        boolean[][] significant = new boolean[n][n];
        String objective = c.objectives().get(k).name();
        for (CSVRecord p : d.pairs()) {
            if (!p.get("objective").equals(objective)) continue;
            int a = arms.indexOf(p.get("arm_a")), b = arms.indexOf(p.get("arm_b"));
            double v = Double.parseDouble(p.get("a12"));
            a12[a][b] = v;
            a12[b][a] = 1 - v;
            significant[a][b] = significant[b][a] = Boolean.parseBoolean(p.get("significant"));
        }
        return Analysis.ranking(c.objectives().get(k), arms, a12, significant);
    }

    /** @return how the statistics were computed, one paragraph. */
    static String method(Comparison c) {
        int looks = c.replicates().looks();
        return String.format(Locale.ROOT, "Every arm ran on the same replicate seeds (paired design). Per pair and objective: the"
                        + " Wilcoxon signed-rank test on the paired differences (zero differences dropped, average ranks for ties;"
                        + " exact p up to %d non-zero differences, else the normal approximation with tie and continuity"
                        + " corrections), Holm's correction over all %d pairs × objectives, and Vargha–Delaney A12 (the"
                        + " probability that A beats B, ties counted half) with a %d-resample paired percentile bootstrap"
                        + " interval. %s A verdict is significant when p_Holm ≤ %s; the family-wise error rate is at most α = %s.",
                PairedTests.EXACT_LIMIT, c.hypotheses(), c.bootstrap(),
                looks == 1 ? "One look at a fixed number of replicates." : "Sequential: up to " + looks + " looks (" + c.replicates().min()
                        + " replicates, then batches of " + c.replicates().batch() + " up to " + c.replicates().max() + "), each testing at"
                        + " α/K (Bonferroni over the K = " + looks + " planned looks), stopping early once every hypothesis is significant"
                        + " or negligible (A12 interval inside (0.44, 0.56)).",
                String.format(Locale.ROOT, "%.3g", c.alpha() / looks), String.format(Locale.ROOT, "%.3g", c.alpha()));
    }
}
