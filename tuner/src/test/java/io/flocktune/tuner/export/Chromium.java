package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.tuner.report.ReportInBrowserTest;
import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Headless Chromium driven over the Chrome DevTools protocol with the JDK's own HTTP client and
 * WebSocket (no npm, no driver): started with {@code --remote-debugging-port=0}, it prints its
 * port; the page target's WebSocket takes JSON commands ({@code Runtime.evaluate},
 * {@code Page.navigate}, {@code Page.captureScreenshot}) and reports console errors and
 * uncaught exceptions as events, which are collected in {@link #errors()}.
 */
public final class Chromium implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^\\s]+)");

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> errors = java.util.Collections.synchronizedList(new ArrayList<>());

    /** Starts Chromium (skipping the test outside CI when it is absent) with a fresh profile. */
    public static Chromium start(Path profile) throws Exception {
        String binary = ReportInBrowserTest.findChromium();
        if (binary == null) {
            String message = "Chromium (chromium, chromium-browser or google-chrome) is not on PATH";
            if (System.getenv("CI") != null) fail(message + ": in CI, .ci/run must install the Debian package 'chromium'");
            Assumptions.abort(message + "; skipping the web player's browser tests (CI runs them)");
        }
        return new Chromium(binary, profile);
    }

    private Chromium(String binary, Path profile) throws Exception {
        process = new ProcessBuilder(binary, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "--window-size=1280,1000", "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        String browserUrl = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (String line; browserUrl == null && System.nanoTime() < deadline && (line = err.readLine()) != null; ) {
            Matcher m = LISTENING.matcher(line);
            if (m.find()) browserUrl = m.group(1);
        }
        if (browserUrl == null) {
            process.destroyForcibly();
            fail("chromium did not print its DevTools address");
        }
        Thread drain = new Thread(() -> { try { err.transferTo(java.io.Writer.nullWriter()); } catch (IOException ignored) { } });
        drain.setDaemon(true);
        drain.start();
        URI browser = URI.create(browserUrl);
        HttpClient http = HttpClient.newHttpClient();
        String list = http.send(HttpRequest.newBuilder(URI.create("http://" + browser.getHost() + ":" + browser.getPort() + "/json/list"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()).body();
        String pageUrl = null;
        for (JsonNode target : JSON.readTree(list)) {
            if ("page".equals(target.path("type").asText())) pageUrl = target.path("webSocketDebuggerUrl").asText();
        }
        if (pageUrl == null) fail("no page target in " + list);
        socket = http.newWebSocketBuilder().buildAsync(URI.create(pageUrl), new Listener()).get(30, TimeUnit.SECONDS);
        call("Runtime.enable", null);
        call("Log.enable", null);
        call("Page.enable", null);
    }

    /** Sends a command and waits for its result. */
    public JsonNode call(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        if (params != null) message.set("params", JSON.valueToTree(params));
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(JSON.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = answer.get(120, TimeUnit.SECONDS);
        if (reply.has("error")) fail(method + ": " + reply.get("error"));
        return reply.path("result");
    }

    /** Opens a file and waits until the document has loaded. */
    public void open(Path file) throws Exception {
        call("Page.navigate", Map.of("url", file.toUri().toString()));
        for (int k = 0; k < 600 && !"complete".equals(eval("document.readyState").asText()); k++) Thread.sleep(50);
    }

    /** Evaluates an expression in the page (promises awaited) and returns its value as JSON. */
    public JsonNode eval(String expression) throws Exception {
        JsonNode result = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (result.has("exceptionDetails")) fail("page threw on " + expression + ": " + result.get("exceptionDetails"));
        return result.path("result").path("value");
    }

    /** Waits until {@code condition} (a JS expression) is true. */
    public void await(String condition, long millis) throws Exception {
        long deadline = System.currentTimeMillis() + millis;
        while (!eval("Boolean(" + condition + ")").asBoolean()) {
            if (System.currentTimeMillis() > deadline) fail("timed out waiting for " + condition + "; errors " + errors);
            Thread.sleep(50);
        }
    }

    /** @return a PNG of the top 1280 × 820 CSS pixels of the page, scaled by {@code scale} */
    public byte[] screenshot(double scale) throws Exception {
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", 1280, "height", 820, "scale", scale);
        return Base64.getDecoder().decode(call("Page.captureScreenshot", Map.of("format", "png", "clip", clip)).path("data").asText());
    }

    /** Console errors, uncaught exceptions and error log entries seen so far. */
    public List<String> errors() {
        synchronized (errors) { return List.copyOf(errors); }
    }

    @Override
    public void close() throws Exception {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // the browser goes anyway
        }
        // Chromium's helpers (renderer, GPU, crashpad) can outlive the main process and go on writing
        // into the profile, so a caller deleting the profile right after close() would race them.
        java.util.List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        for (ProcessHandle helper : helpers) {
            helper.destroy();
            try {
                helper.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                helper.destroyForcibly();
            }
        }
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    handle(JSON.readTree(text.toString()));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        private void handle(JsonNode message) {
            if (message.has("id")) {
                CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
                if (answer != null) answer.complete(message);
                return;
            }
            JsonNode params = message.path("params");
            switch (message.path("method").asText()) {
                case "Runtime.exceptionThrown" -> errors.add("exception: " + params.path("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    if ("error".equals(params.path("type").asText())) errors.add("console.error: " + params.path("args"));
                }
                case "Log.entryAdded" -> {
                    if ("error".equals(params.path("entry").path("level").asText())) errors.add("log: " + params.path("entry"));
                }
                default -> { }
            }
        }
    }
}
