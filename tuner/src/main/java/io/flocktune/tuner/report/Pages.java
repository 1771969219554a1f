package io.flocktune.tuner.report;

import io.flocktune.sim.Preset;
import io.flocktune.tuner.export.Trajectory;
import io.flocktune.tuner.export.WebPlayer;
import io.flocktune.tuner.io.PresetJson;

import java.util.List;
import java.util.Set;

/**
 * The pieces of the tuning report that other self-contained pages (the comparison report)
 * reuse: the style sheet, the moving preview (presets run live side by side on one seed by the
 * web player's engine, {@code web/flock.mjs}, and drawn by its renderer, {@code web/player.mjs},
 * both inlined; a recorded run only for a preset the engine does not run), and the text helpers.
 */
public final class Pages {
    private Pages() {}

    /** Frames of a moving preview's recorded run (only recorded when the JS engine cannot run the preset). */
    public static final int FRAMES = Report.FRAMES;

    /**
     * A preset for the preview, run from {@code seed} for {@code steps} steps: live in the page
     * when {@code replay} is null, else replayed from that recording because the JavaScript
     * engine does not run {@code reason}.
     */
    public record Recording(String label, Preset preset, long seed, long steps, Trajectory replay, String reason) {
        /** @return whether the page runs it live on the JS engine */
        public boolean live() {
            return replay == null;
        }
    }

    /** @return the report's style sheet. */
    public static String css() {
        return Html.CSS;
    }

    /**
     * The preview of {@code preset} from {@code seed}, {@code steps} steps: run live by the page's
     * engine when it runs every rule variant of the preset ({@link WebPlayer#unsupported} empty),
     * else recorded here ({@code frames} frames) and replayed, naming what is not run live.
     */
    public static Recording record(String label, Preset preset, long seed, long steps, int frames) {
        Set<String> missing = WebPlayer.unsupported(preset);
        if (missing.isEmpty()) return new Recording(label, preset, seed, steps, null, null);
        return replayed(label, preset, seed, steps, frames, String.join(", ", missing));
    }

    /** A recorded run of {@code preset} that the preview replays, saying it does not run {@code reason} live. */
    static Recording replayed(String label, Preset preset, long seed, long steps, int frames, String reason) {
        return new Recording(label, preset, seed, steps, Trajectory.record(label, preset, seed, steps, frames), reason);
    }

    /**
     * @return the preview's HTML: one canvas per recording, side by side, each captioned with
     *         how it is shown (live or replayed), the controls (pause, step, trails, fps,
     *         "reset with seed"), then the presets and the script that runs them with the web
     *         player's {@code mountPreview} (the page's {@code <body>} must start with
     *         {@code data-rendered="no"}; the script sets it to {@code frames:N} and exposes
     *         {@code window.flocktunePreview})
     * @throws IllegalArgumentException if the recordings do not share one seed and length
     */
    public static String preview(List<Recording> recordings, String note) {
        if (recordings.isEmpty()) throw new IllegalArgumentException("nothing to preview");
        long seed = recordings.getFirst().seed(), steps = recordings.getFirst().steps();
        for (Recording r : recordings) {
            if (r.seed() != seed || r.steps() != steps) throw new IllegalArgumentException("the preview runs every preset on one seed for one length");
        }
        StringBuilder h = new StringBuilder();
        h.append("<div class=\"preview\">\n");
        for (int t = 0; t < recordings.size(); t++) {
            h.append("<figure><canvas id=\"flock").append(t).append("\" width=\"360\" height=\"360\"></canvas><figcaption>")
                    .append(Html.esc(recordings.get(t).label())).append("<br><small id=\"mode").append(t).append("\"></small></figcaption></figure>\n");
        }
        h.append("</div>\n<p class=\"controls\"><button id=\"play\" type=\"button\">pause</button> ")
                .append("<button id=\"stepOnce\" type=\"button\">step</button> ")
                .append("<label><input id=\"trails\" type=\"checkbox\"> trails</label> <span id=\"fps\">– fps</span> ")
                .append("<label>seed <input id=\"seed\" type=\"text\" inputmode=\"numeric\" size=\"12\"></label> ")
                .append("<button id=\"reset\" type=\"button\">reset with seed</button> <span id=\"problem\" role=\"alert\"></span> ")
                .append("<span id=\"frame\"></span></p>\n<p class=\"note\">").append(Html.esc(note))
                .append(". Each preset runs live in this page on the web player's engine (the exported page's engine, ")
                .append("which follows the Java engine from the same seed within 1e-9 over the first 50 steps; after that ")
                .append("the flock's dynamics amplify rounding and the two drift apart while the flock behaves alike), ").append(steps)
                .append(" steps, then again from the seed; a periodic world is shown whole, an open one follows the flock.</p>\n");
        StringBuilder config = new StringBuilder("{\"seed\":\"").append(seed).append("\",\"steps\":").append(steps).append(",\"runs\":[");
        for (int t = 0; t < recordings.size(); t++) {
            Recording r = recordings.get(t);
            if (t > 0) config.append(',');
            config.append("{\"label\":").append(WebPlayer.jsonString(r.label())).append(",\"preset\":")
                    .append(PresetJson.toTree(r.preset()).toString()).append(",\"replay\":");
            if (r.live()) config.append("null");
            else config.append("{\"reason\":").append(WebPlayer.jsonString(r.reason())).append(",\"trajectory\":")
                    .append(r.replay().json()).append('}');
            config.append('}');
        }
        config.append("]}");
        h.append("<script type=\"application/json\" id=\"preview\">").append(WebPlayer.scriptSafe(config.toString()))
                .append("</script>\n<script>").append(Html.SCRIPT_START).append("</script>\n<script type=\"module\">\n")
                .append(WebPlayer.playerModule()).append(Html.SCRIPT).append("</script>\n");
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
