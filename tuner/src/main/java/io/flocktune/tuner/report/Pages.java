package io.flocktune.tuner.report;

import io.flocktune.sim.Preset;

import java.util.List;

/**
 * The pieces of the tuning report that other self-contained pages (the comparison report)
 * reuse: the style sheet, the moving preview (recorded runs, their canvases and the script
 * that plays them side by side), and the text helpers.
 */
public final class Pages {
    private Pages() {}

    /** Frames of a moving preview. */
    public static final int FRAMES = Report.FRAMES;

    /** A recorded run, ready for {@link #preview}. */
    public record Recording(Trajectory trajectory) {
        /** @return the caption */
        public String label() {
            return trajectory.label();
        }
    }

    /** @return the report's style sheet. */
    public static String css() {
        return Html.CSS;
    }

    /**
     * Runs {@code preset} with {@code seed} for {@code steps} steps and records {@code frames}
     * frames of it for the preview.
     */
    public static Recording record(String label, Preset preset, long seed, long steps, int frames) {
        return new Recording(Trajectory.record(label, preset, seed, steps, frames));
    }

    /**
     * @return the preview's HTML: one canvas per recording, side by side, with a play/pause
     *         button, then the recorded data and the script that plays them (the page's
     *         {@code <body>} must start with {@code data-rendered="no"})
     */
    public static String preview(List<Recording> recordings, String note) {
        StringBuilder h = new StringBuilder();
        h.append("<div class=\"preview\">\n");
        for (int t = 0; t < recordings.size(); t++) {
            h.append("<figure><canvas id=\"flock").append(t).append("\" width=\"360\" height=\"360\"></canvas><figcaption>")
                    .append(Html.esc(recordings.get(t).label())).append("</figcaption></figure>\n");
        }
        h.append("</div>\n<p><button id=\"play\" type=\"button\">pause</button> <span id=\"frame\"></span> · ")
                .append(Html.esc(note)).append("</p>\n");
        h.append("<script type=\"application/json\" id=\"trajectories\">[");
        for (int t = 0; t < recordings.size(); t++) {
            if (t > 0) h.append(',');
            h.append(recordings.get(t).trajectory().json());
        }
        h.append("]</script>\n<script>").append(Html.SCRIPT_START).append("</script>\n<script type=\"module\">\n")
                .append(io.flocktune.tuner.export.WebPlayer.playerModule()).append(Html.SCRIPT).append("</script>\n");
        return h.toString();
    }

    /** @return {@code s} escaped for HTML text and attributes. */
    public static String esc(String s) {
        return Html.esc(s);
    }

    /** @return four significant digits, "–" for NaN, "∞" for infinity. */
    public static String num(double v) {
        return Html.num(v);
    }
}
