package io.flocktune.tuner.sensitivity;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.report.Figures;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.flocktune.tuner.report.Figures.esc;
import static io.flocktune.tuner.report.Figures.num;

/**
 * The charts and {@code report.html} of a sensitivity analysis: Morris' μ*–σ plane per objective
 * (with the line σ = μ* above which a parameter acts mostly through non-linearity or
 * interactions), or Sobol' first-order and total indices per objective with their bootstrap
 * intervals; a table of every index.
 */
final class SensitivityReport {
    private SensitivityReport() {}

    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
            new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
            new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207)};

    static void write(Sensitivity.Result r) throws InputException {
        Path charts = r.directory().resolve("charts");
        Figures.Saved figure = r.plan().method() == Plan.Method.MORRIS ? morris(r, charts) : sobol(r, charts);
        AtomicFile.write(r.directory().resolve("report.html"), page(r, figure));
    }

    private static Figures.Saved morris(Sensitivity.Result r, Path directory) throws InputException {
        Experiment e = r.experiment();
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int o = 0; o < e.objectives().size(); o++) {
            XYChart c = Figures.xy(e.objectives().get(o).spec().name(), "μ* (mean |elementary effect|)", "σ of the elementary effects", 600, 360);
            c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
            c.getStyler().setMarkerSize(9);
            double max = 0;
            for (int p = 0; p < e.parameters().size(); p++) {
                double mu = value(r, o, p, "muStar"), sigma = value(r, o, p, "sigma");
                if (!Double.isFinite(mu) || !Double.isFinite(sigma)) continue;
                max = Math.max(max, Math.max(mu, sigma));
                Index muStar = index(r, o, p, "muStar");
                if (Double.isFinite(muStar.low())) {   // the bootstrap interval of μ*, horizontally
                    XYSeries whisker = c.addSeries("μ* CI " + p, new double[] {muStar.low(), muStar.high()}, new double[] {sigma, sigma});
                    whisker.setMarker(SeriesMarkers.NONE);
                    whisker.setLineColor(PALETTE[p % PALETTE.length]);
                    whisker.setLineStyle(SeriesLines.SOLID);
                    whisker.setShowInLegend(false);
                    max = Math.max(max, muStar.high());
                }
                XYSeries s = c.addSeries(e.parameters().get(p).path(), new double[] {mu}, new double[] {sigma});
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                s.setMarker(SeriesMarkers.CIRCLE);
                s.setMarkerColor(PALETTE[p % PALETTE.length]);
            }
            if (max > 0) {
                XYSeries line = c.addSeries("σ = μ*", new double[] {0, max * 1.05}, new double[] {0, max * 1.05});
                line.setMarker(SeriesMarkers.NONE);
                line.setLineColor(Figures.GREY);
                line.setLineStyle(SeriesLines.DASH_DASH);
            }
            charts.add(c);
        }
        return Figures.save("morris", "Morris: μ* (importance, with its 95 % bootstrap interval) against σ (non-linearity and interactions) per objective, "
                + r.plan().trajectories() + " trajectories", charts, Math.min(2, charts.size()), directory);
    }

    private static Figures.Saved sobol(Sensitivity.Result r, Path directory) throws InputException {
        Experiment e = r.experiment();
        int k = e.parameters().size();
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (int o = 0; o < e.objectives().size(); o++) {
            XYChart c = Figures.xy(e.objectives().get(o).spec().name(), "left: first-order S1   ·   right: total ST",
                    "Sobol' index (95 % bootstrap CI)", 600, 360);
            c.getStyler().setXAxisTicksVisible(false);
            c.getStyler().setMarkerSize(9);
            c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
            for (int p = 0; p < k; p++) {
                Color color = PALETTE[p % PALETTE.length];
                double offset = k == 1 ? 0 : 0.36 * (p / (k - 1.0) - 0.5);   // side by side around S1 (0) and ST (1)
                double[] x = {offset, 1 + offset}, y = new double[2];
                for (int m = 0; m < 2; m++) {
                    Index index = index(r, o, p, Sobol.MEASURES.get(m));
                    y[m] = Double.isFinite(index.value()) ? index.value() : 0;
                    if (Double.isFinite(index.low())) {
                        XYSeries whisker = c.addSeries(Sobol.MEASURES.get(m) + " CI " + p, new double[] {x[m], x[m]},
                                new double[] {index.low(), index.high()});
                        whisker.setMarker(SeriesMarkers.NONE);
                        whisker.setLineColor(color);
                        whisker.setLineStyle(SeriesLines.SOLID);
                        whisker.setShowInLegend(false);
                    }
                }
                XYSeries s = c.addSeries(e.parameters().get(p).path(), x, y);
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                s.setMarker(SeriesMarkers.CIRCLE);
                s.setMarkerColor(color);
            }
            charts.add(c);
        }
        return Figures.save("sobol", "Sobol': first-order (S1) and total (ST) indices per objective with 95 % bootstrap intervals, N = "
                + r.plan().samples(), charts, Math.min(2, charts.size()), directory);
    }

    private static double[] finite(double[] y) {
        double[] out = y.clone();
        for (int i = 0; i < out.length; i++) if (!Double.isFinite(out[i])) out[i] = 0;
        return out;
    }

    private static Index index(Sensitivity.Result r, int objective, int parameter, String measure) {
        return r.indices().stream().filter(x -> x.objective() == objective && x.parameter() == parameter && x.measure().equals(measure))
                .findFirst().orElseThrow();
    }

    private static double value(Sensitivity.Result r, int objective, int parameter, String measure) {
        return index(r, objective, parameter, measure).value();
    }

    private static String page(Sensitivity.Result r, Figures.Saved figure) {
        Experiment e = r.experiment();
        boolean morris = r.plan().method() == Plan.Method.MORRIS;
        List<String> measures = morris ? Morris.MEASURES : Sobol.MEASURES;
        StringBuilder h = new StringBuilder();
        h.append("<p>").append(esc(e.description())).append("</p>\n<p class=\"meta\">")
                .append(morris ? String.format(Locale.ROOT, "Morris elementary effects: %d trajectories on a %d-level grid (chosen for spread from %d)",
                        r.plan().trajectories(), r.plan().levels(), r.plan().candidates())
                        : String.format(Locale.ROOT, "Sobol' indices: Saltelli design, N = %d", r.plan().samples()))
                .append(" · ").append(r.plan().replicates()).append(" replicates per point on common seeds · seed ").append(r.plan().seed())
                .append(" · ").append(r.simulations()).append(" simulations");
        if (r.failed() > 0) h.append(" (").append(r.failed()).append(" failed)");
        h.append(" · base preset <b>").append(esc(e.baseName())).append("</b>, ").append(e.scenario().steps()).append(" steps</p>\n");
        h.append("<section><h2>Chart</h2>\n").append(Figures.figure(figure)).append("</section>\n");
        h.append("<section><h2>Indices</h2>\n");
        for (int o = 0; o < e.objectives().size(); o++) {
            h.append("<h3>").append(esc(e.objectives().get(o).spec().name())).append(" <small><code>")
                    .append(esc(e.objectives().get(o).spec().text())).append("</code></small></h3>\n<table><thead><tr><th>parameter</th>");
            for (String m : measures) h.append("<th>").append(esc(m)).append("</th>");
            h.append("<th>samples</th></tr></thead><tbody>\n");
            for (int p = 0; p < e.parameters().size(); p++) {
                h.append("<tr><td><code>").append(esc(e.parameters().get(p).path())).append("</code></td>");
                int samples = 0;
                for (String m : measures) {
                    Index x = index(r, o, p, m);
                    samples = x.samples();
                    h.append("<td>").append(num(x.value()));
                    if (Double.isFinite(x.low())) h.append(" <small>[").append(num(x.low())).append(", ").append(num(x.high())).append("]</small>");
                    h.append("</td>");
                }
                h.append("<td>").append(samples).append("</td></tr>\n");
            }
            h.append("</tbody></table>\n");
        }
        h.append("<p class=\"note\">").append(morris
                ? "μ: mean elementary effect, μ*: mean absolute effect (importance), σ: their standard deviation (non-linearity or interactions), "
                  + "in objective units per unit gene (each parameter's range mapped onto [0, 1]); samples = complete trajectories."
                : "S1: the share of the objective's variance a parameter explains alone (Saltelli 2010); ST: its share including every interaction "
                  + "(Jansen); samples = complete rows of the design. Replicate noise inflates the variance: ST of inert parameters is then above 0.")
                .append(" Intervals: 95 % percentile bootstrap over ").append(Design.BOOTSTRAP).append(" resamples.</p>\n</section>\n");
        h.append("<section><h2>Experiment</h2>\n<details><summary>experiment.json</summary><pre>").append(esc(ExperimentJson.write(e)))
                .append("</pre></details>\n<details><summary>sensitivity.json</summary><pre>").append(esc(Sensitivity.json(r.plan())))
                .append("</pre></details>\n</section>\n");
        return Figures.page("flocktune sensitivity · " + e.name(), h.toString());
    }
}
