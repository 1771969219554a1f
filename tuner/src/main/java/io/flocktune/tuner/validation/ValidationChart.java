package io.flocktune.tuner.validation;

import io.flocktune.objectives.CollectiveState;
import io.flocktune.objectives.Measurement;
import io.flocktune.sim.Preset;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Locale;

/**
 * The chart of a validation: the measured objectives against the swept value, each point the
 * mean over the seeds with its 95 % confidence interval as an error bar (none for one seed).
 * Vicsek adds the random-heading level √(π/4N); Couzin labels each point's
 * {@link CollectiveState} region.
 */
public final class ValidationChart {
    private ValidationChart() {}

    /** Chart size in pixels (the PNG's; the SVG has the same proportions). */
    public static final int WIDTH = 900, HEIGHT = 560;

    private static final Color BLUE = new Color(0x1f77b4), ORANGE = new Color(0xd62728), GREY = new Color(0x555555);

    /** @return the chart of {@code points}, measured for {@code validation} */
    public static XYChart of(Validation validation, List<SweepPoint> points) {
        return switch (validation) {
            case Validation.Vicsek vicsek -> vicsek(vicsek, points);
            case Validation.Couzin couzin -> couzin(couzin, points);
        };
    }

    private static XYChart vicsek(Validation.Vicsek vicsek, List<SweepPoint> points) {
        Preset preset = vicsek.base();
        XYChart chart = base(format("Vicsek et al. 1995: N = %d, L = %s, v = %s; %s", preset.boids().count(),
                        number(preset.world().size()), number(preset.boids().maxSpeed()), window(vicsek)),
                "noise amplitude η (radians)", "polarization φ (dimensionless, 0 to 1)");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(2 * Math.PI);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.05);
        addMeasured(chart, "polarization φ, mean and 95% CI", points, 0, BLUE);
        double level = vicsek.randomLevel();
        XYSeries random = chart.addSeries(format("random headings √(π/4N) = %.4f", level), new double[] {0, 2 * Math.PI}, new double[] {level, level});
        random.setMarker(SeriesMarkers.NONE);
        random.setLineColor(GREY);
        random.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
        return chart;
    }

    private static XYChart couzin(Validation.Couzin couzin, List<SweepPoint> points) {
        Preset.RuleSet preset = couzin.base();
        XYChart chart = base(format("Couzin et al. 2002: N = %d, %dD, Δr_a = %s; %s", preset.boids().count(),
                        preset.world().dimension(), number(couzin.attractionWidth()), window(couzin)),
                format("orientation zone width Δr_o (world units; repulsion radius r_r = %s)", number(preset.separation().radius())),
                "order parameter (dimensionless, 0 to 1)");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.2);
        addMeasured(chart, "polarization φ, mean and 95% CI", points, 0, BLUE);
        addMeasured(chart, "milling m, mean and 95% CI", points, 1, ORANGE);
        labelStates(chart, couzin, points);
        return chart;
    }

    /**
     * Names each run of consecutive points in the same state above it, with a dashed line midway
     * between neighbouring points in different states.
     */
    private static void labelStates(XYChart chart, Validation.Couzin couzin, List<SweepPoint> points) {
        int start = 0, run = 0;
        for (int p = 1; p <= points.size(); p++) {
            if (p < points.size() && couzin.state(points.get(p)) == couzin.state(points.get(start))) continue;
            double first = points.get(start).value(), last = points.get(p - 1).value();
            double y = run++ % 2 == 0 ? 1.14 : 1.07;   // alternate heights so neighbouring labels never collide
            chart.addAnnotation(new AnnotationText(couzin.state(points.get(start)).label(), (first + last) / 2, y, false));
            if (p < points.size()) chart.addAnnotation(new AnnotationLine((last + points.get(p).value()) / 2, true, false));
            start = p;
        }
    }

    private static XYChart base(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        Styler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setLegendBackgroundColor(Color.WHITE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setAnnotationTextFontColor(GREY);
        styler.setAnnotationLineColor(Color.LIGHT_GRAY);
        styler.setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.getStyler().setPlotGridLinesColor(new Color(0xe6e6e6));
        chart.getStyler().setYAxisDecimalPattern("0.0");
        return chart;
    }

    /**
     * Objective {@code k}'s means, each with its 95 % interval ({@link Measurement#interval}: cut to
     * the range the objective's values can take, so not always symmetric) as a vertical bar of its
     * own (none for one seed).
     */
    private static void addMeasured(XYChart chart, String name, List<SweepPoint> points, int k, Color color) {
        double[] x = new double[points.size()], y = new double[points.size()];
        for (int p = 0; p < points.size(); p++) {
            Measurement measurement = points.get(p).measurement();
            x[p] = points.get(p).value();
            y[p] = measurement.mean(k);
            double[] ci = measurement.ci95(k);
            if (!Double.isFinite(ci[0])) continue;
            XYSeries bar = chart.addSeries(name + " interval " + p, new double[] {x[p], x[p]}, new double[] {ci[0], ci[1]});
            bar.setMarker(SeriesMarkers.NONE);
            bar.setLineColor(color);
            bar.setLineWidth(1.5f);
            bar.setLineStyle(SeriesLines.SOLID);
            bar.setShowInLegend(false);
        }
        XYSeries series = chart.addSeries(name, x, y);
        series.setMarker(SeriesMarkers.CIRCLE);
        series.setMarkerColor(color);
        series.setLineColor(color);
        series.setLineWidth(1.5f);
        series.setLineStyle(SeriesLines.SOLID);    // not the theme's style for the series' index, which the bars shift
    }

    /** "mean over steps 1501–3000, 3 seeds" */
    private static String window(Validation validation) {
        Validation.Schedule schedule = validation.schedule();
        return format("mean over steps %d–%d, %d seed%s", validation.warmup() + 1, schedule.steps(), schedule.seeds(),
                schedule.seeds() == 1 ? "" : "s");
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
