package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The exported web page in headless Chromium (DevTools protocol, {@link Chromium}): it runs
 * without a console error, its boids move, a slider changes the flock, its engine follows the
 * Java engine in the browser too, a 3D preset turns when dragged, and a replay says so. Also
 * measures the frame rate with 2 000 boids (printed and written to
 * {@code target/web-player-fps.txt}, never asserted: timing on a shared machine is no test).
 */
class WebPlayerBrowserTest {
    static final List<String> TUNED = List.of("separation.weight", "separation.radius", "alignment.weight",
            "cohesion.weight", "neighbourhood.radius", "predators.fleeWeight");
    static Chromium browser;
    static Preset base;
    static Path page;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        browser = Chromium.start(dir.resolve("profile"));
        base = PresetJson.resolve("reynolds", List.of("predators.count=1"));
        page = dir.resolve("reynolds.html");
        Files.writeString(page, WebPlayer.page(base, TUNED, null));
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) browser.close();
    }

    static void open(Path file) throws Exception {
        browser.open(file);
        browser.await("window.flocktunePlayer && Number(document.body.dataset.rendered) > 3", 30_000);
    }

    @Test
    void runsWithoutErrorsAndTheBoidsMove() throws Exception {
        open(page);
        JsonNode before = browser.eval("Array.from(flocktunePlayer.sim.x.slice(0, 20))");
        int stepBefore = browser.eval("flocktunePlayer.sim.stepCount").asInt();
        browser.await("flocktunePlayer.sim.stepCount > " + (stepBefore + 5), 20_000);
        JsonNode after = browser.eval("Array.from(flocktunePlayer.sim.x.slice(0, 20))");
        assertNotEquals(before, after, "positions change between frames");
        assertEquals(List.of(), browser.errors(), "no console error or exception");
        assertNull(browser.eval("document.body.dataset.error ?? null").textValue());
        assertTrue(browser.eval("document.getElementById('mode').textContent").asText().startsWith("Live"));
        // tuned parameters come first among the sliders, in the given order
        JsonNode paths = browser.eval("Array.from(document.querySelectorAll('#sliders input')).map(i => i.dataset.path)");
        for (int k = 0; k < TUNED.size(); k++) assertEquals(TUNED.get(k), paths.get(k).asText());
        browser.await("/^\\d+ fps$/.test(document.getElementById('fps').textContent)", 10_000);
    }

    /**
     * The alignment slider moved (through the DOM, as a user would) to its top (2) and to 0: the
     * same seed reaches an ordered flock with the one and not with the other (in Node: 0.66
     * against 0.11 after 300 steps).
     */
    @Test
    void aSliderChangesTheFlock() throws Exception {
        open(page);
        browser.eval("flocktunePlayer.pause()");
        double aligned = polarizationAfter(300, "2");
        assertEquals(2.0, browser.eval("flocktunePlayer.sim.aliWeight").asDouble(), "the engine reads the slider's value");
        double unaligned = polarizationAfter(300, "0");
        assertEquals(0.0, browser.eval("flocktunePlayer.sim.aliWeight").asDouble());
        assertEquals(0.0, browser.eval("flocktunePlayer.preset.alignment.weight").asDouble());
        assertEquals("0", browser.eval("document.querySelector('#sliders input[data-path=\"alignment.weight\"] + output').textContent").asText());
        assertTrue(aligned > 0.5 && unaligned < 0.25, "alignment 2: " + aligned + ", alignment 0: " + unaligned);
        browser.eval("document.getElementById('restore').click()");
        assertEquals(0.5, browser.eval("flocktunePlayer.sim.aliWeight").asDouble(), "restore goes back to the file's preset");
        assertEquals(List.of(), browser.errors());
    }

    private double polarizationAfter(int steps, String alignment) throws Exception {
        if (alignment != null) {
            browser.eval("(() => { const i = document.querySelector('#sliders input[data-path=\"alignment.weight\"]');"
                    + " i.value = '" + alignment + "'; i.dispatchEvent(new Event('input')); })()");
        }
        browser.eval("flocktunePlayer.reset(4n, 200)");
        browser.eval("(() => { for (let k = 0; k < " + steps + "; k++) flocktunePlayer.sim.step(); })()");
        return browser.eval("flocktunePlayer.sim.polarization()").asDouble();
    }

    /** "reset with seed" in the browser starts the Java engine's run of that seed, and both stay within 1e-9. */
    @Test
    void theBrowsersEngineFollowsTheJavaEngine() throws Exception {
        open(page);
        browser.eval("flocktunePlayer.pause()");
        browser.eval("(() => { const c = document.getElementById('count'), s = document.getElementById('seed');"
                + " c.value = '150'; s.value = '-77'; document.getElementById('reset').click(); })()");
        browser.eval("(() => { for (let k = 0; k < 50; k++) flocktunePlayer.sim.step(); })()");
        JsonNode js = browser.eval("flocktunePlayer.sim.state()");
        assertEquals("", browser.eval("document.getElementById('problem').textContent").asText());
        Preset preset = PresetJson.resolve("reynolds", List.of("predators.count=1", "boids.count=150"));
        Simulation sim = Simulation.of(preset, -77);
        sim.run(50, (step, f) -> {});
        Flock java = sim.flock().inIdOrder();
        assertEquals(java.count(), js.path("boids").size());
        double worst = 0, size = preset.world().size();
        for (int i = 0; i < java.count(); i++) {
            JsonNode b = js.path("boids").get(i);
            assertEquals(java.id()[i], b.path("id").asInt());
            double[] a = {java.x()[i], java.y()[i], java.vx()[i], java.vy()[i]};
            double[] c = {b.path("x").asDouble(), b.path("y").asDouble(), b.path("vx").asDouble(), b.path("vy").asDouble()};
            for (int k = 0; k < 4; k++) {
                double d = c[k] - a[k];
                if (k < 2) d -= size * Math.rint(d / size);
                worst = Math.max(worst, Math.abs(d));
            }
        }
        JsonNode predator = js.path("predators").get(0);
        worst = Math.max(worst, Math.abs(predator.path("x").asDouble() - java.px()[0]));
        assertTrue(worst <= 1e-9, "browser vs Java after 50 steps: " + worst);
        assertEquals(List.of(), browser.errors());
    }

    /** Every slider, at either end, leaves a preset the Java loader accepts. */
    @Test
    void slidersNeverMakeAnInvalidPreset(@TempDir Path dir) throws Exception {
        for (String name : List.of("couzin", "vicsek", "seed003", "seed004", "seed002")) {
            Path file = dir.resolve(name + ".html");
            Files.writeString(file, WebPlayer.page(Presets.get(name), List.of(), null));
            open(file);
            browser.eval("flocktunePlayer.pause()");
            JsonNode paths = browser.eval("Array.from(document.querySelectorAll('#sliders input')).map(i => i.dataset.path)");
            assertTrue(paths.size() >= 10, name + " has sliders: " + paths);
            for (JsonNode path : paths) {
                for (String end : List.of("min", "max")) {
                    String json = browser.eval("(() => { const i = document.querySelector('#sliders input[data-path=\"" + path.asText()
                            + "\"]'); i.value = i." + end + "; i.dispatchEvent(new Event('input'));"
                            + " return JSON.stringify(flocktunePlayer.preset); })()").asText();
                    try {
                        PresetJson.parse(json, name + " with " + path.asText() + " at its " + end);
                    } catch (io.flocktune.tuner.io.InputException e) {
                        fail(e.getMessage());
                    }
                }
                browser.eval("document.getElementById('restore').click()");
            }
            browser.eval("flocktunePlayer.step()");
        }
        assertEquals(List.of(), browser.errors());
    }

    /** A seed or boid count out of range is refused with a message, never clamped, and the flock stays. */
    @Test
    void badResetInputIsRefusedWithAMessage() throws Exception {
        open(page);
        browser.eval("flocktunePlayer.pause()");
        int step = browser.eval("flocktunePlayer.sim.stepCount").asInt();
        browser.eval("(() => { document.getElementById('count').value = '50000'; document.getElementById('seed').value = '1';"
                + " document.getElementById('reset').click(); })()");
        assertEquals("boids must be an integer in [1, 20000]", browser.eval("document.getElementById('problem').textContent").asText());
        browser.eval("(() => { document.getElementById('count').value = '10'; document.getElementById('seed').value = '9223372036854775808';"
                + " document.getElementById('reset').click(); })()");
        assertEquals("seed must be an integer in [-2^63, 2^63 - 1]", browser.eval("document.getElementById('problem').textContent").asText());
        assertEquals(step, browser.eval("flocktunePlayer.sim.stepCount").asInt(), "no reset happened");
        browser.eval("(() => { document.getElementById('seed').value = '-9223372036854775808'; document.getElementById('reset').click(); })()");
        assertEquals("", browser.eval("document.getElementById('problem').textContent").asText());
        assertEquals(10, browser.eval("flocktunePlayer.sim.count").asInt());
        assertEquals(List.of(), browser.errors());
    }

    /** A 3D preset is projected and turns when the canvas is dragged. */
    @Test
    void aThreeDimensionalViewTurnsWhenDragged(@TempDir Path dir) throws Exception {
        Path couzin = dir.resolve("couzin.html");
        Files.writeString(couzin, WebPlayer.page(Presets.rules("couzin"), List.of(), null));
        open(couzin);
        double yaw = browser.eval("flocktunePlayer.renderer.yaw").asDouble();
        browser.call("Input.dispatchMouseEvent", java.util.Map.of("type", "mousePressed", "x", 200, "y", 300, "button", "left", "clickCount", 1));
        browser.call("Input.dispatchMouseEvent", java.util.Map.of("type", "mouseMoved", "x", 300, "y", 320, "button", "left", "buttons", 1));
        browser.call("Input.dispatchMouseEvent", java.util.Map.of("type", "mouseReleased", "x", 300, "y", 320, "button", "left", "clickCount", 1));
        assertNotEquals(yaw, browser.eval("flocktunePlayer.renderer.yaw").asDouble(), 1e-9, "dragging turned the view");
        Files.write(Path.of("target/web-player-3d.png"), browser.screenshot(1.0));
        assertTrue(browser.eval("document.querySelector('.note').textContent").asText().contains("drag"));
        assertEquals(List.of(), browser.errors());
    }

    /**
     * The README's screenshot, {@code target/web-player.png}: the tuned showcase preset (else the
     * default experiment's base) with trails, after 2.5 s.
     */
    @Test
    void takesTheScreenshot(@TempDir Path dir) throws Exception {
        Path showcase = Path.of("../results/showcase/best/best.json");
        Preset preset = Files.isRegularFile(showcase) ? PresetJson.read(showcase) : base;
        Path file = dir.resolve("shot.html");
        Files.writeString(file, WebPlayer.page(preset, TUNED, null));
        open(file);
        browser.eval("document.getElementById('trails').click()");
        Thread.sleep(2500);
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target/web-player.png"), browser.screenshot(0.75));
        assertEquals(List.of(), browser.errors());
    }

    /** Predators (red), obstacles (grey discs) and the goal (green ring) are drawn where they are. */
    @Test
    void predatorsObstaclesAndTheGoalAreDrawn(@TempDir Path dir) throws Exception {
        Preset preset = PresetJson.resolve("seed000", List.of("predators.count=1", "goal.weight=0.01", "goal.radius=10",
                "goal.x=-25", "goal.y=-25", "goal.z=0"));
        Path file = dir.resolve("seed000.html");
        Files.writeString(file, WebPlayer.page(preset, List.of(), null));
        open(file);
        browser.eval("flocktunePlayer.pause()");
        browser.eval("flocktunePlayer.reset(1n, 30)");   // the same frame whatever the timing
        browser.eval("flocktunePlayer.step()");
        // the colour at a projected world point: [r, g, b]
        String at = "((x, y, z, dx = 0) => { const r = flocktunePlayer.renderer, [sx, sy] = r.project(x, y, z);"
                + " return Array.from(r.ctx.getImageData(Math.round(sx + dx), Math.round(sy), 1, 1).data.slice(0, 3)); })";
        JsonNode predator = browser.eval(at + "(flocktunePlayer.sim.px[0], flocktunePlayer.sim.py[0], flocktunePlayer.sim.pz[0])");
        assertTrue(predator.get(0).asInt() > 150 && predator.get(1).asInt() < 100, "red predator: " + predator);
        JsonNode obstacle = browser.eval(at + "(20, 0, 0)");   // seed000's sphere at (20, 0, 0), radius 5
        assertTrue(obstacle.get(0).asInt() < 230 && Math.abs(obstacle.get(0).asInt() - obstacle.get(2).asInt()) < 10,
                "grey obstacle: " + obstacle);
        double ringOffset = browser.eval("(() => { const r = flocktunePlayer.renderer, [cx] = r.project(-25, -25, 0);"
                + " let best = null; for (let dx = 1; dx < 200; dx++) { const [x] = [cx + dx];"
                + " const d = r.ctx.getImageData(Math.round(x), Math.round(r.project(-25, -25, 0)[1]), 1, 1).data;"
                + " if (d[1] > d[0] + 40 && d[1] > d[2] + 40) { best = dx; break; } } return best; })()").asDouble();
        assertTrue(ringOffset > 5, "a green ring round the goal, " + ringOffset + " px from its centre");
        assertEquals(List.of(), browser.errors());
    }

    /** A page that replays a recorded run says so, and draws it. */
    @Test
    void aReplaySaysSo(@TempDir Path dir) throws Exception {
        Path replay = dir.resolve("replay.html");
        Preset.RuleSet seed002 = Presets.rules("seed002");
        Files.writeString(replay, WebPlayer.page(seed002, List.of(), Trajectory.record("seed002", seed002, 1, 200, 50),
                "motion = test"));
        open(replay);
        assertTrue(browser.eval("flocktunePlayer.replaying").asBoolean());
        assertTrue(browser.eval("document.getElementById('mode').textContent").asText()
                .matches("Replaying a recorded trajectory \\(50 frames.*does not run motion = test live\\."));
        assertTrue(browser.eval("document.getElementById('reset-controls').hidden").asBoolean());
        assertEquals(List.of(), browser.errors());
    }

    /**
     * A peer model's preset (its JSON has no rule sections) is replayed without a console error,
     * through the same export a user runs, and the page names the peer model as what is replayed.
     */
    @Test
    void aPeerModelsPresetIsReplayed(@TempDir Path dir) throws Exception {
        for (String name : List.of("netlogo-flocking", "mason-flockers", "evoflock")) {
            Preset.Peer peer = Presets.peer(name);
            Path page = dir.resolve(name + ".html");
            Files.writeString(page, WebPlayer.page(peer, List.of(), Trajectory.record(name, peer, 1, 60, 20),
                    "peer = " + io.flocktune.sim.Kinds.of(peer.peer())));
            open(page);
            assertTrue(browser.eval("flocktunePlayer.replaying").asBoolean(), name);
            assertTrue(browser.eval("document.getElementById('mode').textContent").asText()
                    .contains("does not run peer = " + io.flocktune.sim.Kinds.of(peer.peer()) + " live"), name);
            assertEquals(List.of(), browser.errors(), name);
        }
    }

    /**
     * Frames per second with 2 000 boids (the reynolds preset at its density: world side scaled
     * by √10), measured over 4 s after a 1.5 s warm-up; also the mean time of one engine step.
     * Writes target/web-player-fps.txt.
     */
    @Test
    void measuresTheFrameRateWith2000Boids(@TempDir Path dir) throws Exception {
        Preset big = PresetJson.resolve("reynolds", List.of("predators.count=1", "boids.count=2000", "world.size=316",
                "boids.spawnSize=316"));
        Path file = dir.resolve("big.html");
        Files.writeString(file, WebPlayer.page(big, TUNED, null));
        open(file);
        Thread.sleep(1500);
        int frames0 = browser.eval("Number(document.body.dataset.rendered)").asInt();
        long t0 = System.nanoTime();
        Thread.sleep(4000);
        int frames1 = browser.eval("Number(document.body.dataset.rendered)").asInt();
        double seconds = (System.nanoTime() - t0) / 1e9;
        double fps = (frames1 - frames0) / seconds;
        double stepMs = browser.eval("flocktunePlayer.stepMs").asDouble(), drawMs = browser.eval("flocktunePlayer.drawMs").asDouble();
        double idleFps = browser.eval("new Promise((done) => { flocktunePlayer.pause(); let n = 0; const t0 = performance.now();"
                + " const f = (t) => { if (++n < 120) requestAnimationFrame(f); else done(n * 1000 / (t - t0)); }; requestAnimationFrame(f); })").asDouble();
        String line = String.format(java.util.Locale.ROOT, "web player, 2000 boids (reynolds + 1 predator, world 316): %.1f fps over %.1f s"
                + " (headless Chromium, software rendering); per frame: engine step %.2f ms, drawing %.2f ms; the same browser's"
                + " requestAnimationFrame rate with the player paused: %.1f fps%n", fps, seconds, stepMs, drawMs, idleFps);
        Files.writeString(Path.of("target/web-player-fps.txt"), line);
        System.out.print(line);
        assertTrue(frames1 > frames0, "frames were drawn");
        assertEquals(List.of(), browser.errors());
    }
}
