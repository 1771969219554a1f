package io.flocktune.tuner.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.export.Chromium;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.Seeds;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Opens {@code report.html} in headless Chromium and checks that its script ran without error
 * and drew the moving preview, and (over the DevTools protocol, {@link Chromium}) that the
 * preview runs the web player's engine live from the Java run's seed: no recorded frames, the
 * boids move, the controls work, and after K steps both presets are where the Java engine puts
 * them, within 1e-9. Skipped with a message when Chromium is absent, except in CI
 * ({@code CI} set), where {@code .ci/run} installs it and its absence is a failure.
 */
public class ReportInBrowserTest {
    static Path report;
    static Path run;
    static Experiment experiment;
    static String chromium;

    @BeforeAll
    static void run(@TempDir Path tmp) throws Exception {
        chromium = findChromium();
        if (chromium == null) {
            String message = "Chromium (chromium, chromium-browser or google-chrome) is not on PATH";
            if (System.getenv("CI") != null) fail(message + ": in CI, .ci/run must install the Debian package 'chromium'");
            Assumptions.abort(message + "; skipping the browser check of report.html (CI runs it)");
        }
        run = tmp.resolve("run");
        experiment = TinyExperiment.of("", 2);
        Tuning.start(experiment, run, new Tuning.Options(2, false, new PrintWriter(new StringWriter()), true).withReporter(Report.TUNING));
        report = run.resolve("report.html");
    }

    public static String findChromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) return p.toString();
            }
        }
        return null;
    }

    /** @return the {@code <body ...>} tag of the page after its scripts ran. */
    static String renderedBody(Path page, Path profile) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--virtual-time-budget=3000", "--dump-dom", page.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] dom = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium finished");
        Matcher body = Pattern.compile("<body[^>]*>").matcher(new String(dom, StandardCharsets.UTF_8));
        assertTrue(body.find(), "chromium printed the DOM (exit " + p.exitValue() + ")");
        return body.group();
    }

    @Test
    void reportRendersWithoutScriptErrors(@TempDir Path profile) throws Exception {
        String body = renderedBody(report, profile);
        assertFalse(body.contains("data-error"), body);
        assertTrue(body.matches(".*data-rendered=\"frames:\\d+\".*"), "the preview drew frames: " + body);
        assertTrue(Files.readString(report).contains("export class Renderer"), "the preview draws with the web player's renderer");
    }

    @Test
    void aScriptErrorIsDetected(@TempDir Path tmp) throws Exception {
        Path broken = tmp.resolve("broken.html");
        Files.writeString(broken, Files.readString(report).replace("</body>", "<script>null.boom();</script></body>"));
        String body = renderedBody(broken, tmp.resolve("profile"));
        assertTrue(body.contains("data-error"), "the check sees a failing script: " + body);
    }

    /**
     * The preview runs both presets live on {@code flock.mjs} (the page holds no recorded frame),
     * starting from the seed the Java report ran them with; the boids move, the fps counter counts,
     * trails switch on, and "reset with seed" typed into the page restarts both runs so that after
     * {@value #STEPS} steps every boid and predator is where Java's {@code Simulation.of(preset,
     * seed)} puts it, within 1e-9 (also for another seed).
     */
    @Test
    void thePreviewRunsTheWebPlayersEngineLikeTheJavaRun(@TempDir Path profile) throws Exception {
        String html = Files.readString(report);
        assertFalse(html.contains("\"trajectory\":"), "no recorded frames in the page: the engine runs every preset");
        assertTrue(html.contains(io.flocktune.tuner.export.WebPlayer.playerModule()),
                "the web player's module is inlined, with flock.mjs in it as a data: URL");
        assertFalse(html.contains("src=\"http") || html.contains("import(\"http"), "self-contained");
        long seed = Seeds.test(experiment.seed(), 0);
        Preset base = experiment.effectiveBase();
        Preset best = PresetJson.read(run.resolve("best/best.json"));
        try (Chromium browser = Chromium.start(profile)) {
            checkLivePreview(browser, report, List.of(base, best), seed, 12345);
        }
    }

    /**
     * A preset the engine does not run is replayed from its recording, next to a live one, and
     * its caption says so ({@link Pages#replayed} stands in for such a preset: the engine runs
     * every variant today).
     */
    @Test
    void aPresetTheEngineDoesNotRunIsReplayedAndSaysSo(@TempDir Path tmp) throws Exception {
        Preset p = PresetJson.resolve("reynolds", List.of("boids.count=30"));
        Path page = tmp.resolve("preview.html");
        Files.writeString(page, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body data-rendered=\"no\">\n"
                + Pages.preview(List.of(Pages.record("live", p, 3, 100, 20), Pages.replayed("replayed", p, 3, 100, 20, "motion = test")),
                "test") + "</body></html>\n");
        try (Chromium browser = Chromium.start(tmp.resolve("profile"))) {
            browser.open(page);
            browser.await("window.flocktunePreview && flocktunePreview.stepCount > 3", 30_000);
            assertTrue(browser.eval("flocktunePreview.views[0].live && !flocktunePreview.views[1].live").asBoolean());
            assertEquals(20, browser.eval("flocktunePreview.views[1].frames.length").asInt());
            assertTrue(browser.eval("document.getElementById('mode1').textContent").asText()
                    .matches("replaying a recorded run .*does not run motion = test live"));
            assertTrue(browser.eval("document.getElementById('mode0').textContent").asText().startsWith("live"));
            assertEquals(List.of(), browser.errors());
        }
    }

    static final int STEPS = 50;

    /**
     * Opens a page with a preview of {@code presets} (in order) run live from {@code seed}, and
     * checks it as {@link #thePreviewRunsTheWebPlayersEngineLikeTheJavaRun} describes; then
     * types {@code otherSeed} into "reset with seed" and checks the last preset again.
     */
    public static void checkLivePreview(Chromium browser, Path page, List<Preset> presets, long seed, long otherSeed) throws Exception {
        browser.open(page);
        browser.await("window.flocktunePreview && /^frames:\\d+$/.test(document.body.dataset.rendered)"
                + " && flocktunePreview.stepCount > 3", 30_000);
        assertEquals(presets.size(), browser.eval("flocktunePreview.views.length").asInt());
        assertTrue(browser.eval("flocktunePreview.views.every((v) => v.live && v.sim !== null && !v.frames)").asBoolean(),
                "every view runs the engine");
        for (int v = 0; v < presets.size(); v++) {
            assertTrue(browser.eval("document.getElementById('mode" + v + "').textContent").asText().startsWith("live"));
        }
        assertEquals(String.valueOf(seed), browser.eval("String(flocktunePreview.seed)").asText(), "the page starts from the Java run's seed");
        // the boids move
        int last = presets.size() - 1;
        JsonNode before = browser.eval("Array.from(flocktunePreview.views[" + last + "].sim.x.slice(0, 20))");
        int stepBefore = browser.eval("flocktunePreview.stepCount").asInt();
        browser.await("flocktunePreview.stepCount > " + (stepBefore + 5) + " || flocktunePreview.stepCount < " + stepBefore, 20_000);
        assertNotEquals(before, browser.eval("Array.from(flocktunePreview.views[" + last + "].sim.x.slice(0, 20))"), "positions change");
        browser.await("/^\\d+ fps$/.test(document.getElementById('fps').textContent)", 10_000);
        browser.eval("document.getElementById('trails').click()");
        assertTrue(browser.eval("flocktunePreview.views.every((v) => v.renderer.trails)").asBoolean(), "trails on");
        // reset with seed, through the page's controls, then K steps
        browser.eval("flocktunePreview.pause()");
        for (long s : new long[] {seed, otherSeed}) {
            browser.eval("(() => { document.getElementById('seed').value = '" + s + "'; document.getElementById('reset').click(); })()");
            assertEquals("", browser.eval("document.getElementById('problem').textContent").asText());
            assertEquals(0, browser.eval("flocktunePreview.stepCount").asInt(), "reset");
            browser.eval("(() => { for (let k = 0; k < " + STEPS + "; k++) document.getElementById('stepOnce').click(); })()");
            assertEquals(STEPS, browser.eval("flocktunePreview.stepCount").asInt());
            for (int v = s == seed ? 0 : last; v < presets.size(); v++) {
                double worst = worstDifference(browser.eval("flocktunePreview.views[" + v + "].sim.state()"), presets.get(v), s, STEPS);
                assertTrue(worst <= 1e-9, "preview " + v + " vs Java after " + STEPS + " steps from seed " + s + ": " + worst);
            }
        }
        browser.eval("(() => { document.getElementById('seed').value = 'x'; document.getElementById('reset').click(); })()");
        assertEquals("seed must be an integer in [-2^63, 2^63 - 1]", browser.eval("document.getElementById('problem').textContent").asText());
        assertEquals(List.of(), browser.errors(), "no console error or exception");
        assertTrue(browser.eval("document.body.dataset.error === undefined").asBoolean());
    }

    /** @return the largest difference of a position or velocity (periodic positions by minimum image) between a JS state and Java's run */
    public static double worstDifference(JsonNode js, Preset preset, long seed, int steps) {
        Simulation sim = Simulation.of(preset, seed);
        sim.run(steps, (step, f) -> {});
        Flock java = sim.flock().inIdOrder();
        assertEquals(java.count(), js.path("boids").size(), "boids alive");
        double worst = 0, size = preset.world().size();
        for (int i = 0; i < java.count(); i++) {
            JsonNode b = js.path("boids").get(i);
            assertEquals(java.id()[i], b.path("id").asInt());
            worst = Math.max(worst, worst(new double[] {java.x()[i], java.y()[i], java.z()[i], java.vx()[i], java.vy()[i], java.vz()[i]}, b, size));
        }
        assertEquals(java.predatorCount(), js.path("predators").size(), "predators");
        for (int p = 0; p < java.predatorCount(); p++) {
            worst = Math.max(worst, worst(new double[] {java.px()[p], java.py()[p], java.pz()[p], java.pvx()[p], java.pvy()[p], java.pvz()[p]},
                    js.path("predators").get(p), size));
        }
        return worst;
    }

    private static double worst(double[] java, JsonNode js, double size) {
        String[] keys = {"x", "y", "z", "vx", "vy", "vz"};
        double worst = 0;
        for (int k = 0; k < 6; k++) {
            double d = js.path(keys[k]).asDouble() - java[k];
            if (k < 3) d -= size * Math.rint(d / size);
            worst = Math.max(worst, Math.abs(d));
        }
        return worst;
    }
}
