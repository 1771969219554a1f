package io.flocktune.tuner.report;

import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.run.Tuning;
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
 * and drew the moving preview. Skipped with a message when Chromium is absent, except in CI
 * ({@code CI} set), where {@code .ci/run} installs it and its absence is a failure.
 */
public class ReportInBrowserTest {
    static Path report;
    static String chromium;

    @BeforeAll
    static void run(@TempDir Path tmp) throws Exception {
        chromium = findChromium();
        if (chromium == null) {
            String message = "Chromium (chromium, chromium-browser or google-chrome) is not on PATH";
            if (System.getenv("CI") != null) fail(message + ": in CI, .ci/run must install the Debian package 'chromium'");
            Assumptions.abort(message + "; skipping the browser check of report.html (CI runs it)");
        }
        Path run = tmp.resolve("run");
        Tuning.start(TinyExperiment.of("", 2), run, new Tuning.Options(2, false, new PrintWriter(new StringWriter()), true));
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
}
