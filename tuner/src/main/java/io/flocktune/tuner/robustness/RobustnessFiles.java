package io.flocktune.tuner.robustness;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.Interval;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.report.Figures;
import io.flocktune.tuner.run.Versions;
import io.flocktune.tuner.store.Study;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVPrinter;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import static io.flocktune.tuner.report.Figures.esc;
import static io.flocktune.tuner.report.Figures.num;

/**
 * The files of a robustness run: {@code robustness.json} (the resolved input: preset, factors,
 * objectives, steps, replicates, seed, versions), {@code samples.csv} (every simulation),
 * {@code robustness.csv} (per factor, level and objective: mean, sd, 95 % CI, and the paired
 * difference to the preset with its 95 % CI), {@code charts/<factor>.png|svg} (one panel per
 * objective: mean and CI per level in blue, the preset's value and CI band in red) and
 * {@code report.html}. The directory appears whole, with every file, after every simulation ran, or not at all.
 */
public final class RobustnessFiles {
    private RobustnessFiles() {}

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(PresetJson.untypedValues()).build();

    /** @return whether the paired difference's 95 % interval excludes 0: this level measurably differs from the preset. */
    public static boolean differs(Robustness.Cell c) {
        return c.difference() != null && (c.difference().low() > 0 || c.difference().high() < 0);
    }

    /**
     * Writes every file into {@code directory} (created if missing).
     *
     * @throws InputException naming a file that cannot be written
     */
    public static void write(Robustness.Result r, Path directory) throws InputException {
        Study.writeWhole(directory, KIND, staging -> {
            AtomicFile.write(staging.resolve("robustness.json"), resolved(r));
            AtomicFile.write(staging.resolve("samples.csv"), samples(r));
            AtomicFile.write(staging.resolve("robustness.csv"), summary(r));
            List<Figures.Saved> charts = new ArrayList<>();
            for (int f = 0; f < r.grid().factors().size(); f++) charts.add(chart(r, f, staging.resolve("charts")));
            AtomicFile.write(staging.resolve("report.html"), page(r, charts));
        });
    }

    /** A robustness screen's directory, written whole at its end ({@link Study#writeWhole}). */
    public static final Study.Kind KIND = new Study.Kind("robustness", "robustness", "robustness.json", "PRESET");

    /**
     * Checks, before the first simulation, that a robustness screen can be written into
     * {@code directory} ({@link Study#checkNew}).
     *
     * @throws InputException one line naming the directory and what to do
     */
    public static void check(Path directory) throws InputException {
        Study.checkNew(directory, KIND, false);
    }

    private static String resolved(Robustness.Result r) {
        ObjectNode t = JSON.createObjectNode();
        t.put("format", "flocktune-robustness/1");
        t.set("preset", PresetJson.toTree(r.preset()));
        t.set("scenarios", JSON.valueToTree(r.grid()));
        ArrayNode objectives = t.putArray("objectives");
        r.specs().forEach(s -> objectives.add(s.text()));
        t.put("steps", r.settings().steps());
        t.put("replicates", r.settings().replicates());
        t.put("seed", r.settings().seed());
        t.set("versions", Versions.json());
        return t.toPrettyString() + "\n";
    }

    /** {@code samples.csv}: point, factor, level, value, replicate, seed, one column per objective, status, reason. */
    private static String samples(Robustness.Result r) {
        StringBuilder csv = new StringBuilder();
        long[] seeds = r.seeds();
        try (CSVPrinter out = new CSVPrinter(csv, Table.FORMAT)) {
            List<String> header = new ArrayList<>(List.of("point", "factor", "level", "value", "replicate", "seed"));
            for (ObjectiveSpec s : r.specs()) header.add(s.name());
            header.addAll(List.of("status", "reason"));
            out.printRecord(header);
            for (int p = 0; p < r.points().size(); p++) {
                Robustness.Point point = r.points().get(p);
                for (int rep = 0; rep < seeds.length; rep++) {
                    List<String> row = new ArrayList<>(List.of(Integer.toString(p),
                            point.factor() < 0 ? "preset" : r.grid().factors().get(point.factor()).name(), point.label(), point.value(),
                            Integer.toString(rep), Long.toString(seeds[rep])));
                    switch (r.outcomes()[p][rep]) {
                        case Outcome.Success ok -> {
                            for (double v : ok.values()) row.add(Double.isNaN(v) ? "" : Table.number(v));
                            row.addAll(List.of("ok", ""));
                        }
                        case Outcome.Failure failure -> {
                            for (int k = 0; k < r.specs().size(); k++) row.add("");
                            row.addAll(List.of("failed", failure.reason()));
                        }
                    }
                    out.printRecord(row);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return csv.toString();
    }

    /**
     * {@code robustness.csv}: factor, path, level, value, is_preset, objective, mean, sd, ci_low,
     * ci_high, diff_mean, diff_ci_low, diff_ci_high (paired, level − preset), differs (the
     * difference's CI excludes 0), interval (how the CIs were computed: the objective's kind),
     * replicates, status.
     */
    private static String summary(Robustness.Result r) {
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(csv, Table.FORMAT)) {
            out.printRecord("factor", "path", "level", "value", "is_preset", "objective", "mean", "sd", "ci_low", "ci_high",
                    "diff_mean", "diff_ci_low", "diff_ci_high", "differs", "interval", "replicates", "status");
            for (Robustness.Cell c : r.cells()) {
                Factor f = r.grid().factors().get(c.factor());
                String value = r.values()[c.factor()][c.level()];
                List<String> row = new ArrayList<>(List.of(f.name(), f.path(), label(r, c.factor(), c.level()), value,
                        Boolean.toString(c.point() == 0), r.specs().get(c.objective()).name()));
                Measurement m = c.measurement();
                Interval d = c.difference();
                if (m == null) {
                    for (int i = 0; i < 9; i++) row.add("");
                } else {
                    row.addAll(List.of(Table.number(m.mean(0)), Table.number(m.sd(0)), Table.number(m.ci95(0)[0]), Table.number(m.ci95(0)[1])));
                    if (d == null) row.addAll(List.of("", "", "", ""));
                    else row.addAll(List.of(Table.number(d.estimate()), Table.number(d.low()), Table.number(d.high()),
                            Boolean.toString(differs(c))));
                    row.add(m.interval(0).kind().text());
                }
                row.add(Integer.toString(r.settings().replicates()));
                row.add(c.status());
                out.printRecord(row);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return csv.toString();
    }

    /** @return the label of a factor's level, e.g. "×0.25" or "2". */
    static String label(Robustness.Result r, int factor, int level) {
        Factor f = r.grid().factors().get(factor);
        if (f.scaled()) return "×" + Robustness.trim(f.multipliers().get(level));
        return f.values().get(level).label();
    }

    /** @return the tick label of a level: its value, and its multiplier for a scaled factor, e.g. "50 (×0.25)". */
    private static String tick(Robustness.Result r, int factor, int level) {
        Factor f = r.grid().factors().get(factor);
        if (!f.scaled()) return label(r, factor, level);
        String value = plain(Double.parseDouble(r.values()[factor][level]));
        return value + " (" + label(r, factor, level) + ")";
    }

    /** @return {@code v} with at most 4 significant digits and no trailing zeros, e.g. "50", "0.25". */
    static String plain(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", v)).stripTrailingZeros().toPlainString();
    }

    private static Figures.Saved chart(Robustness.Result r, int f, Path directory) throws InputException {
        Factor factor = r.grid().factors().get(f);
        int levels = factor.levels();
        double[] xs = new double[levels];
        double presetX = Double.NaN;
        for (int l = 0; l < levels; l++) {
            xs[l] = l;
            if (r.levels()[f][l] == 0) presetX = l;
        }
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int k = 0; k < r.specs().size(); k++) {
            XYChart c = Figures.xy(r.specs().get(k).name(), factor.name() + " (" + factor.path() + ")", r.specs().get(k).name(), 420, 300);
            c.getStyler().setLegendVisible(false);
            c.getStyler().setMarkerSize(7);
            Function<Double, String> ticks = v -> {
                int i = (int) Math.round(v);
                return Math.abs(v - i) < 1e-9 && i >= 0 && i < levels ? tick(r, f, i) : " ";
            };
            c.getStyler().setxAxisTickLabelsFormattingFunction(ticks);   // XChart then puts ticks at the series' x values: the levels
            // the preset: its 95 % CI as a band over the whole axis, its mean as a dashed line, its point in red
            Measurement own = r.outcomes().length > 0 ? presetMeasurement(r, k) : null;
            double left = 0, right = levels - 1;
            if (own != null) {
                double[] ci = own.ci95(0);
                XYSeries band = c.addSeries("preset 95 % CI", new double[] {left, right, right, left}, new double[] {ci[1], ci[1], ci[0], ci[0]});
                band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
                band.setFillColor(new java.awt.Color(214, 39, 40, 40));
                band.setLineColor(new java.awt.Color(214, 39, 40, 40));
                band.setMarker(SeriesMarkers.NONE);
                XYSeries line = c.addSeries("preset mean", new double[] {left, right}, new double[] {own.mean(0), own.mean(0)});
                line.setMarker(SeriesMarkers.NONE);
                line.setLineColor(Figures.RED);
                line.setLineStyle(SeriesLines.DASH_DASH);
            }
            List<Double> x = new ArrayList<>(), y = new ArrayList<>();
            for (int l = 0; l < levels; l++) {
                Robustness.Cell cell = r.cell(f, l, k);
                if (cell.measurement() == null) continue;
                double mean = cell.measurement().mean(0);
                double[] ci = cell.measurement().ci95(0);
                x.add(xs[l]);
                y.add(mean);
                XYSeries whisker = c.addSeries("ci " + l, new double[] {xs[l], xs[l]}, new double[] {ci[0], ci[1]});
                whisker.setMarker(SeriesMarkers.NONE);
                whisker.setLineColor(Figures.BLUE);
                whisker.setLineStyle(SeriesLines.SOLID);
            }
            if (!x.isEmpty()) {
                XYSeries means = c.addSeries("mean", x.stream().mapToDouble(Double::doubleValue).toArray(),
                        y.stream().mapToDouble(Double::doubleValue).toArray());
                means.setMarker(SeriesMarkers.CIRCLE);
                means.setMarkerColor(Figures.BLUE);
                means.setLineColor(Figures.BLUE);
            }
            if (own != null && Double.isFinite(presetX)) {
                XYSeries point = c.addSeries("preset", new double[] {presetX}, new double[] {own.mean(0)});
                point.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                point.setMarker(SeriesMarkers.DIAMOND);
                point.setMarkerColor(Figures.RED);
            }
            charts.add(c);
        }
        String name = "robustness-" + factor.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return Figures.save(name, factor.name() + " (" + factor.path() + "): each objective's mean and 95 % CI per level, evenly spaced (blue); "
                + "the preset's value (red diamond, dashed line) and its 95 % CI (red band)", charts, Math.min(3, charts.size()), directory);
    }

    private static Measurement presetMeasurement(Robustness.Result r, int k) {
        double[] v = new double[r.settings().replicates()];
        for (int rep = 0; rep < v.length; rep++) {
            if (!(r.outcomes()[0][rep] instanceof Outcome.Success ok) || !Double.isFinite(ok.value(k))) return null;
            v[rep] = ok.value(k);
        }
        return new Measurement(List.of(r.specs().get(k)), new double[][] {v});
    }

    /** @return the one-line-per-objective summary of a factor: each level's mean, a star where it differs from the preset. */
    public static List<String> lines(Robustness.Result r, int f) {
        List<String> lines = new ArrayList<>();
        int width = r.specs().stream().mapToInt(s -> s.name().length()).max().orElse(10);
        for (int k = 0; k < r.specs().size(); k++) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %-" + width + "s ", r.specs().get(k).name()));
            for (int l = 0; l < r.grid().factors().get(f).levels(); l++) {
                Robustness.Cell c = r.cell(f, l, k);
                b.append(' ').append(label(r, f, l)).append(' ');
                if (c.measurement() == null) b.append(c.status().startsWith("failed") ? "failed" : "n/a");
                else b.append(String.format(Locale.ROOT, "%.4g", c.measurement().mean(0))).append(c.point() == 0 ? " (preset)" : differs(c) ? "*" : "");
                b.append(';');
            }
            lines.add(b.substring(0, b.length() - 1));
        }
        return lines;
    }

    private static String page(Robustness.Result r, List<Figures.Saved> charts) {
        StringBuilder h = new StringBuilder();
        h.append("<p>").append(esc(r.preset().description())).append("</p>\n<p class=\"meta\">").append(r.settings().replicates())
                .append(" replicates per point on the same seeds (root seed ").append(r.settings().seed()).append(") · ")
                .append(r.settings().steps()).append(" steps · ").append(r.points().size()).append(" points, one factor at a time around the preset</p>\n");
        for (int f = 0; f < r.grid().factors().size(); f++) {
            Factor factor = r.grid().factors().get(f);
            h.append("<section><h2>").append(esc(factor.name())).append(" <small><code>").append(esc(factor.path())).append("</code>");
            if (!factor.alsoScale().isEmpty()) h.append(" with ").append(esc(String.join(", ", factor.alsoScale())));
            h.append("</small></h2>\n").append(Figures.figure(charts.get(f)));
            h.append("<table><thead><tr><th>level</th>");
            for (ObjectiveSpec s : r.specs()) h.append("<th>").append(esc(s.name())).append("</th>");
            h.append("</tr></thead><tbody>\n");
            for (int l = 0; l < factor.levels(); l++) {
                boolean own = r.levels()[f][l] == 0;
                h.append(own ? "<tr class=\"best\">" : "<tr>").append("<td>").append(esc(label(r, f, l))).append(own ? " (preset)" : "").append("</td>");
                for (int k = 0; k < r.specs().size(); k++) {
                    Robustness.Cell c = r.cell(f, l, k);
                    h.append("<td>");
                    if (c.measurement() == null) h.append(esc(c.status()));
                    else {
                        double[] ci = c.measurement().ci95(0);
                        h.append(num(c.measurement().mean(0))).append(" <small>[").append(num(ci[0])).append(", ").append(num(ci[1])).append("]");
                        if (c.difference() != null && !own) {
                            Interval d = c.difference();
                            h.append("<br>Δ ").append(num(d.estimate())).append(" [").append(num(d.low())).append(", ").append(num(d.high())).append("]");
                        }
                        h.append("</small>").append(differs(c) ? " <b>*</b>" : "");
                    }
                    h.append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody></table>\n</section>\n");
        }
        h.append("<p class=\"note\">Mean over the replicates with its 95 % confidence interval (Student t for order parameters, "
                + "percentile bootstrap for counts and rates of events); Δ: the paired difference to the "
                + "preset on the same seeds, with its 95 % interval; <b>*</b>: that interval excludes 0 (no correction for the number of "
                + "levels and objectives: a screening, not a test). Objectives are fixed from the preset (e.g. collision distances), "
                + "so they measure the same thing at every level.</p>\n");
        h.append("<details><summary>robustness.json</summary><pre>").append(esc(resolved(r))).append("</pre></details>\n");
        return Figures.page("flocktune robustness · " + r.preset().name(), h.toString());
    }
}
