package io.flocktune.tuner.report;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Objective;
import io.flocktune.tuner.search.Race;
import io.flocktune.tuner.space.Parameter;


import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The self-contained {@code report.html}: no external file, script or font. Charts are
 * embedded as PNG data URIs; the moving preview ({@link Pages#preview}) runs the base and the
 * best preset live on the web player's engine and renderer ({@code web/flock.mjs} and
 * {@code web/player.mjs}, inlined). The page's script
 * marks {@code <body data-rendered="...">} once it has drawn the first frames and
 * {@code data-error} on any script error, so a headless browser can check it.
 */
final class Html {
    private Html() {}

    /**
     * @param data         the run
     * @param figures      the charts with their PNG bytes
     * @param previews     base preset first, then the best preset (empty: no preview)
     */
    static String page(RunData data, List<Rendered> figures, List<Pages.Recording> previews) {
        Experiment e = data.experiment();
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>flocktune report: ").append(esc(e.name())).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n")
                .append("<body data-rendered=\"no\">\n<header><h1>flocktune · ").append(esc(e.name())).append("</h1>\n<p>")
                .append(esc(e.description())).append("</p>\n<p class=\"meta\">base preset <b>").append(esc(e.baseName()))
                .append("</b> · seed ").append(e.seed()).append(" · ").append(data.generations().size() - 1).append(" generations · ")
                .append(data.candidates().size()).append(" candidates");
        if (data.failed() > 0) h.append(" (").append(data.failed()).append(" failed)");
        h.append("</p></header>\n");

        // best presets
        h.append("<section><h2>Best presets: selected on held-out seeds, measured on fresh ones</h2>\n");
        if (data.validation().isEmpty()) {
            h.append("<p>No validation yet: the run has not finished.</p>\n");
        } else {
            h.append("<table><thead><tr><th>rank</th><th>preset</th><th>fitness<br><small>search · selection · test</small></th>");
            for (Objective o : e.objectives()) h.append("<th>").append(esc(o.spec().name())).append("<br><small>")
                    .append(esc(o.spec().direction().text())).append(" · ").append(esc(o.spec().interval().text()))
                    .append("</small></th>");
            h.append("</tr></thead><tbody>\n");
            for (RunData.Validated v : data.validation()) {
                h.append(v.rank() == 1 ? "<tr class=\"best\">" : "<tr>").append("<td>").append(v.rank() == 0 ? "base" : v.rank()).append("</td><td>");
                if (v.rank() == 0) h.append(esc(e.baseName()));
                else {
                    String file = v.rank() == 1 ? "best/best.json" : String.format(Locale.ROOT, "best/rank-%02d.json", v.rank());
                    h.append("<a href=\"").append(file).append("\">").append(file).append("</a>");
                }
                h.append("</td><td>");
                if (v.rank() > 0) h.append("<small>").append(num(v.searchFitness())).append(" · ").append(num(v.selectionFitness())).append(" · </small>");
                h.append(num(v.fitness())).append("</td>");
                for (int k = 0; k < e.objectives().size(); k++) {
                    h.append("<td>").append(num(v.mean()[k]));
                    if (Double.isFinite(v.high()[k])) h.append(" <small>[").append(num(v.low()[k])).append(", ").append(num(v.high()[k])).append("]</small>");
                    if (v.rank() > 0 && Double.isFinite(v.diff()[k])) {
                        h.append("<br><small>vs base ").append(v.diff()[k] >= 0 ? "+" : "").append(num(v.diff()[k]));
                        if (Double.isFinite(v.diffHigh()[k])) h.append(" [").append(num(v.diffLow()[k])).append(", ").append(num(v.diffHigh()[k])).append("]");
                        h.append("</small>");
                    }
                    h.append("</td>");
                }
                h.append("</tr>\n");
            }
            Race race = e.replication().race();
            h.append("</tbody></table>\n<p class=\"note\">").append(race == null
                            ? "The finalists are ranked by their means on " + e.replication().validationSeeds() + " held-out selection seeds"
                            : "The finalists are the best survivors of a race of " + race.pool() + " candidates on common held-out "
                                    + "selection seeds, " + race.round() + " more per round, those significantly worse than the best "
                                    + "dropped after each round (race.csv lists every candidate, the seeds it ran and the round that "
                                    + "dropped it), ranked by their means on the seeds they ran")
                    .append("; every number shown comes from ").append(e.replication().testSeeds())
                    .append(" further fresh test seeds, used neither by the search nor by the selection, so the best is not ")
                    .append("flattered by the luck that picked it. Fitness is lower-is-better (").append(esc(e.combination().json()))
                    .append("): the search's own estimate (training replicates), on the selection seeds, and on the test seeds; ")
                    .append("the gap between the first and the last is how optimistic the search was. Objectives: test mean with its ")
                    .append("95 % confidence interval (Student t for order parameters; a seeded percentile bootstrap of 10 000 ")
                    .append("resamples for counts and rates of events, never below 0), and below it the difference to the base preset, ")
                    .append("paired on the same test seeds, with its 95 % interval.</p>\n");
        }
        h.append("</section>\n");

        // moving preview: the presets run live on the web player's engine
        if (!previews.isEmpty()) {
            h.append("<section><h2>Preview</h2>\n").append(Pages.preview(previews, "The base and the best preset on one test seed"))
                    .append("</section>\n");
        }

        // charts
        h.append("<section><h2>Charts</h2>\n");
        for (Rendered r : figures) {
            h.append("<figure class=\"chart\"><img alt=\"").append(esc(r.figure().title())).append("\" src=\"data:image/png;base64,")
                    .append(Base64.getEncoder().encodeToString(r.png())).append("\"><figcaption>").append(esc(r.figure().title()))
                    .append(" (<a href=\"charts/").append(r.figure().name()).append(".svg\">SVG</a>)</figcaption></figure>\n");
        }
        h.append("</section>\n");

        // experiment
        h.append("<section><h2>Experiment</h2>\n<table><thead><tr><th>parameter</th><th>values</th></tr></thead><tbody>\n");
        for (Parameter p : e.parameters()) {
            h.append("<tr><td><code>").append(esc(p.path())).append("</code></td><td>").append(esc(describe(p))).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<table><thead><tr><th>objective</th><th>weight</th><th>scale</th></tr></thead><tbody>\n");
        for (Objective o : e.objectives()) {
            h.append("<tr><td><code>").append(esc(o.spec().text())).append("</code></td><td>").append(num(o.weight()))
                    .append("</td><td>").append(num(o.scale())).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<details><summary>experiment.json</summary><pre>").append(esc(ExperimentJson.write(e)))
                .append("</pre></details>\n</section>\n");

        h.append("</body></html>\n");
        return h.toString();
    }

    /** A figure with its PNG bytes. */
    record Rendered(Charts.Figure figure, byte[] png) {}

    private static String describe(Parameter p) {
        return switch (p) {
            case Parameter.Range r -> String.format(Locale.ROOT, "[%s, %s], %s scale", num(r.min()), num(r.max()),
                    r.scale() == Parameter.Scale.LOG ? "log" : "linear");
            case Parameter.Grid g -> String.format(Locale.ROOT, "[%s, %s] in steps of %s", num(g.min()), num(g.max()), num(g.step()));
            case Parameter.Integers i -> "integers " + i.min() + " … " + i.max();
            case Parameter.Choice c -> "one of " + String.join(", ", c.labels());
        };
    }

    static String num(double v) {
        if (Double.isNaN(v)) return "–";
        if (Double.isInfinite(v)) return v > 0 ? "∞" : "−∞";
        return String.format(Locale.ROOT, "%.4g", v);
    }

    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static final String CSS = """
            body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1100px; padding: 0 1em 3em; color: #222; }
            h1 { margin-bottom: .2em; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 1.6em; }
            .meta, .note { color: #666; font-size: 90%; }
            table { border-collapse: collapse; margin: .6em 0; font-size: 90%; }
            th, td { border: 1px solid #ddd; padding: .3em .6em; text-align: left; vertical-align: top; }
            th { background: #f5f5f5; } tr.best { background: #eef6ff; font-weight: 600; }
            small { color: #666; font-weight: normal; }
            .preview { display: flex; flex-wrap: wrap; gap: 1.2em; }
            .preview figure { margin: 0; } canvas { background: #fafafa; border: 1px solid #ddd; width: 360px; height: 360px; }
            figure.chart { margin: 1em 0; } figure.chart img { max-width: 100%; border: 1px solid #eee; }
            figcaption { color: #555; font-size: 90%; }
            pre { background: #f7f7f7; padding: .8em; overflow: auto; font-size: 80%; }
            """;

    /** A classic script, so it listens before any later script runs (modules run last). */
    static final String SCRIPT_START = """
            window.addEventListener("error", (e) => { document.body.setAttribute("data-error", String(e.message)); });
            """;

    /** The preview: mounts the web player's {@code mountPreview} on the presets (the inlined player module precedes it). */
    static final String SCRIPT = """

            window.flocktunePreview = mountPreview(document, JSON.parse(document.getElementById("preview").textContent));
            """;

}
