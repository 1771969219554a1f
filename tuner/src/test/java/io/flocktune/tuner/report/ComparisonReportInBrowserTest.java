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
 * topological neighbourhood), and reads as the documentation says: what each arm changes, one
 * direction of A12, the summary and the warnings. Skipped like {@link ReportInBrowserTest} when
 * Chromium is absent outside CI.
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
            readsWhatWasComparedAndOneA12Direction(browser);
        }
    }

    /**
     * As the browser shows it: each arm's row says what it changes against its base, a summary
     * line ranks the arms per objective, A12 is named A12(A, B) in the verdicts and the table and
     * its reading is explained, and the too-few-replicates warning is on the page.
     */
    private static void readsWhatWasComparedAndOneA12Direction(Chromium browser) throws Exception {
        String section = "[...document.querySelectorAll('section')].find(s => s.querySelector('h2').textContent === '%s')";
        assertEquals("[\"preset reynolds as it is\",\"preset reynolds with neighbourhood: topological(count 7)\","
                        + "\"preset reynolds with update: sequential\"]",
                browser.eval("JSON.stringify([..." + section.formatted("Arms") + ".querySelectorAll('tbody tr')]"
                        + ".map(r => r.cells[1].textContent))").asText());
        String summary = browser.eval(section.formatted("Summary") + ".innerText").asText();
        assertTrue(summary.contains("polarization (higher is better): "), summary);
        assertTrue(summary.contains("collisions (lower is better): "), summary);
        assertTrue(summary.contains("A is always the pair's first arm in the comparison's order"), summary);
        assertTrue(summary.contains("below 0.56 negligible, below 0.64 small, below 0.71 medium, else large"), summary);
        assertTrue(summary.contains("an interval that excludes 0.5 beside \"no detectable difference\""), summary);
        String pairs = browser.eval(section.formatted("Pairs") + ".querySelector('thead').innerText").asText();
        assertTrue(pairs.contains("A12(A, B) [95 %]") && pairs.contains("effect"), pairs);
        for (var verdict : browser.eval("JSON.stringify([...document.querySelectorAll('ul.verdicts li')].map(l => l.textContent))")
                .asText().split("\",\"")) {
            assertTrue(verdict.matches(".*A12\\((metric|topological|sequential), (metric|topological|sequential)\\) = .*"), verdict);
        }
        // 3 arms x 2 objectives at 4 replicates: Holm's first step needs 6 * 2 / 2^n <= 0.05, which 4 cannot reach
        assertTrue(browser.eval("document.querySelector('p.warning').textContent").asText()
                .startsWith("warning: no difference can be significant at 4 paired replicates"));
    }
}
