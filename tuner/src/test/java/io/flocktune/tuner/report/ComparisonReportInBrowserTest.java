package io.flocktune.tuner.report;

import io.flocktune.tuner.compare.Comparing;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.compare.ComparisonJson;
import io.flocktune.tuner.export.Chromium;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Opens a comparison's {@code report.html} in headless Chromium: its script runs without error
 * and plays the preview of every arm, each run live on the web player's engine from the
 * comparison's replicate-0 seed, where the Java engine puts it after K steps within 1e-9
 * ({@link ReportInBrowserTest#checkLivePreview}; the arms include the sequential update and a
 * topological neighbourhood). Skipped like {@link ReportInBrowserTest} when Chromium is
 * absent outside CI.
 */
class ComparisonReportInBrowserTest {

    @Test
    void theComparisonReportRendersEveryArmsPreviewWithoutScriptErrors(@TempDir Path tmp) throws Exception {
        ReportInBrowserTest.chromium = ReportInBrowserTest.findChromium();
        if (ReportInBrowserTest.chromium == null) {
            if (System.getenv("CI") != null) fail("Chromium is not on PATH: in CI, .ci/run must install the Debian package 'chromium'");
            Assumptions.abort("Chromium is not on PATH; skipping the browser check of the comparison report (CI runs it)");
        }
        var c = ComparisonJson.parse("""
                {"format": "flocktune-comparison/1", "name": "browser",
                 "arms": [{"name": "metric", "preset": "reynolds"},
                          {"name": "topological", "preset": "reynolds", "neighbourhood": {"kind": "topological", "count": 7}},
                          {"name": "sequential", "preset": "reynolds", "set": {"update": "sequential"}}],
                 "objectives": ["polarization", "collisionRate(distance=1):mean:min:name=collisions"],
                 "scenario": {"boids": 30, "steps": 60, "warmup": 20}, "replicates": 4, "bootstrap": 100}
                """, "browser.json", null);
        Path run = tmp.resolve("run");
        Comparing.start(c, run, new Comparing.Options(2, new PrintWriter(new StringWriter()), true));
        String html = Files.readString(run.resolve("report.html"));
        for (String id : new String[] {"flock0", "flock1", "flock2"}) assertTrue(html.contains("id=\"" + id + "\""), id);
        assertFalse(html.contains("src=\"http"), "self-contained");
        String body = ReportInBrowserTest.renderedBody(run.resolve("report.html"), tmp.resolve("profile"));
        assertFalse(body.contains("data-error"), body);
        assertTrue(body.matches(".*data-rendered=\"frames:\\d+\".*"), "the preview drew frames: " + body);

        assertFalse(html.contains("\"trajectory\":"), "no recorded frames: every arm runs live");
        Matcher seed = Pattern.compile("replicate 0, seed (-?\\d+)").matcher(html);
        assertTrue(seed.find(), "the page names its seed");
        List<Preset> arms = new ArrayList<>();
        for (String arm : new String[] {"metric", "topological", "sequential"}) arms.add(PresetJson.read(run.resolve("arms/" + arm + ".json")));
        try (Chromium browser = Chromium.start(tmp.resolve("devtools-profile"))) {
            ReportInBrowserTest.checkLivePreview(browser, run.resolve("report.html"), arms, Long.parseLong(seed.group(1)), -77);
        }
    }
}
