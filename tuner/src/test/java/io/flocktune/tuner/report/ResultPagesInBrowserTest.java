package io.flocktune.tuner.report;

import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.robustness.Robustness;
import io.flocktune.tuner.robustness.RobustnessFiles;
import io.flocktune.tuner.robustness.ScenarioGrid;
import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.sensitivity.Plan;
import io.flocktune.tuner.sensitivity.Sensitivity;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Opens the {@code report.html} of a sensitivity and of a robustness run in headless Chromium and
 * checks that every embedded chart decodes (the page itself has no script: the test adds one that
 * counts the decoded images). Skipped without Chromium outside CI, like {@link ReportInBrowserTest}.
 */
class ResultPagesInBrowserTest {

    @Test
    void sensitivityAndRobustnessPagesShowEveryChart(@TempDir Path tmp) throws Exception {
        ReportInBrowserTest.chromium = ReportInBrowserTest.findChromium();
        if (ReportInBrowserTest.chromium == null) {
            if (System.getenv("CI") != null) fail("Chromium is not on PATH: in CI, .ci/run must install the Debian package 'chromium'");
            Assumptions.abort("Chromium is not on PATH; skipping the browser check of the result pages (CI runs it)");
        }
        PrintWriter quiet = new PrintWriter(new StringWriter(), true);
        Sensitivity.start(TinyExperiment.of("", 1), new Plan(Plan.FORMAT, Plan.Method.SOBOL, 2, 4, 2, 4, 1, 1), tmp.resolve("s"),
                new Sensitivity.Options(2, quiet));
        Preset preset = PresetJson.resolve("reynolds", List.of("boids.count=20"));
        Robustness.Result r = Robustness.run(preset, ScenarioGrid.defaults(preset), "default scenarios",
                List.of(Objectives.defaults(preset, 10).getFirst()), new Robustness.Settings(20, 2, 1, Duration.ofMinutes(1)), 2, quiet);
        RobustnessFiles.write(r, tmp.resolve("r"));
        for (Path page : List.of(tmp.resolve("s/report.html"), tmp.resolve("r/report.html"))) {
            String html = Files.readString(page);
            int images = html.split("<img ", -1).length - 1;
            assertTrue(images >= 1, page.toString());
            Path probe = page.resolveSibling("probe.html");
            Files.writeString(probe, html.replace("</body>", "<script>window.addEventListener('load', function () {"
                    + " var ok = Array.prototype.filter.call(document.images, function (i) { return i.complete && i.naturalWidth > 0; }).length;"
                    + " document.body.setAttribute('data-images', ok + '/' + document.images.length); });</script></body>"));
            String body = ReportInBrowserTest.renderedBody(probe, tmp.resolve("profile-" + page.getParent().getFileName()));
            Matcher m = Pattern.compile("data-images=\"(\\d+)/(\\d+)\"").matcher(body);
            assertTrue(m.find(), body);
            assertEquals(images + "/" + images, m.group(1) + "/" + m.group(2), page + ": every chart decodes");
        }
    }
}
