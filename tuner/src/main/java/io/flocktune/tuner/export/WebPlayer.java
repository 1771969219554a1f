package io.flocktune.tuner.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.PresetJson;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The web player: one self-contained HTML page (no network, no build step) that flies a preset
 * in a canvas with the JavaScript engine {@code web/flock.mjs}, drawn by {@code web/player.mjs}
 * (the report's preview runs the same engine with the same renderer). The modules, the stylesheet and the page
 * template are resources in {@code io/flocktune/tuner/web/}; the page inlines them.
 */
public final class WebPlayer {
    private WebPlayer() {}

    /** The seed the page starts with: {@code simulate}'s default. */
    public static final long DEFAULT_SEED = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The rule variants the JavaScript engine runs, by preset field path: each is compared with
     * the Java engine for 50 steps within 1e-9 by {@code WebEngineTest}, which also checks that
     * {@code flock.mjs} claims exactly this list.
     */
    public static final Map<String, List<String>> SUPPORTED = supported();

    private static Map<String, List<String>> supported() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("world.boundary", List.of("wrap", "wrapPositionsOnly", "softMargin", "hard", "none"));
        m.put("neighbourhood", List.of("metric", "metricExcludingCoincident", "fieldOfView", "topological", "global"));
        m.put("separation", List.of("linear", "inverseDistance", "inverseSquareClamped", "normalized", "zonal"));
        m.put("alignment", List.of("velocityMatch", "summedVelocityMatch", "meanVelocityLimited", "headingBlend", "circularHeadingBlend",
                "meanForward", "vicsek", "zonal"));
        m.put("cohesion", List.of("centroid", "steerTo", "unitToCentroid", "zonal"));
        m.put("motion", List.of("additive", "moveThenClamp", "unclamped", "steering", "constantSpeed", "turningRate"));
        m.put("predators.behaviour", List.of("chaseCentroid", "chaseNearest", "chaseVisibleCentroid"));
        m.put("obstacles.avoidance", List.of("forceField", "steerToAvoid"));
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The update orders the JavaScript engine runs (their JSON names), compared like the variants. */
    public static final Set<String> SUPPORTED_UPDATES = Set.of("synchronous", "sequential", "sequential_in_place");

    /**
     * @return the preset field paths (e.g. {@code "separation"}, {@code "motion"}) whose rule
     *         variant the JavaScript engine does not run live; empty when the page runs it live
     */
    public static Set<String> unsupported(Preset preset) {
        return switch (preset) {
            case Preset.Peer peer -> new TreeSet<>(Set.of("peer"));     // a peer's whole model: replayed
            case Preset.RuleSet rules -> unsupportedRules(rules);
        };
    }

    private static Set<String> unsupportedRules(Preset.RuleSet preset) {
        Map<String, Object> variants = new LinkedHashMap<>();
        variants.put("world.boundary", preset.world().boundary());
        variants.put("neighbourhood", preset.neighbourhood());
        variants.put("separation", preset.separation());
        variants.put("alignment", preset.alignment());
        variants.put("cohesion", preset.cohesion());
        variants.put("motion", preset.motion());
        variants.put("predators.behaviour", preset.predators().behaviour());
        variants.put("obstacles.avoidance", preset.obstacles().avoidance());
        Set<String> out = new TreeSet<>();
        if (!SUPPORTED_UPDATES.contains(preset.update().name().toLowerCase(java.util.Locale.ROOT))) out.add("update");
        variants.forEach((path, variant) -> {
            if (!SUPPORTED.getOrDefault(path, List.of()).contains(Kinds.of(variant))) out.add(path);
        });
        return out;
    }

    /**
     * The complete self-contained page: the live engine when {@link #unsupported} is empty,
     * otherwise a replay of {@code replayOrNull} with a notice naming what is not run live.
     *
     * @param tunedPaths   preset field paths that were tuned: their sliders come first, marked
     * @param replayOrNull a recorded run of the preset, required when the engine cannot run it
     * @throws IllegalArgumentException if the preset needs a replay and none is given
     */
    public static String page(Preset preset, List<String> tunedPaths, Trajectory replayOrNull) {
        Set<String> missing = unsupported(preset);
        if (missing.isEmpty()) return page(preset, tunedPaths, null, null);
        if (replayOrNull == null) {
            throw new IllegalArgumentException("the web player does not run " + describe(preset, missing)
                    + " live and no trajectory was given");
        }
        return page(preset, tunedPaths, replayOrNull, describe(preset, missing));
    }

    /**
     * The page; with a {@code replay}, it replays it and names {@code reason} as what is not run
     * live (also a way to show a recorded run of any preset).
     */
    static String page(Preset preset, List<String> tunedPaths, Trajectory replay, String reason) {
        StringBuilder config = new StringBuilder("{\"preset\":").append(PresetJson.toTree(preset).toString())
                .append(",\"tuned\":").append(json(tunedPaths)).append(",\"seed\":\"").append(DEFAULT_SEED).append('"')
                .append(",\"replay\":");
        if (replay == null) config.append("null");
        else config.append("{\"reason\":").append(json(reason)).append(",\"trajectory\":").append(replay.json()).append('}');
        config.append('}');
        String dimensionNote = preset.world().dimension() == 3 ? "3D, seen in perspective: drag the view to turn it. " : "";
        return fill(resource("player.html"), Map.of(
                "NAME", esc(preset.name()),
                "DESCRIPTION", esc(preset.description()),
                "DIMENSION_NOTE", dimensionNote,
                "CSS", resource("player.css"),
                "CONFIG", scriptSafe(config.toString()),
                "PLAYER", playerModule()));
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Z_]+)}}");

    /** Replaces every {{NAME}} of the template in one pass (inserted text is never scanned again). */
    static String fill(String template, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + 64 * 1024);
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) throw new IllegalStateException("no value for " + m.group());
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * @return the source of {@code player.mjs} with its import of {@code ./flock.mjs} turned
     *         into a {@code data:} URL, ready to inline in a {@code <script type="module">}
     */
    public static String playerModule() {
        String flock = "data:text/javascript;base64," + Base64.getEncoder().encodeToString(resource("flock.mjs").getBytes(StandardCharsets.UTF_8));
        String player = resource("player.mjs");
        if (!player.contains("\"./flock.mjs\"")) throw new IllegalStateException("player.mjs does not import ./flock.mjs");
        return scriptSafe(player.replace("\"./flock.mjs\"", "\"" + flock + "\""));
    }

    private static String describe(Preset preset, Set<String> missing) {
        ObjectNode tree = PresetJson.toTree(preset);
        StringBuilder b = new StringBuilder();
        for (String path : missing) {
            if (!b.isEmpty()) b.append(", ");
            com.fasterxml.jackson.databind.JsonNode node = tree;
            for (String key : path.split("\\.")) node = node.path(key);
            b.append(path).append(" = ").append(node.path("kind").asText("?"));
        }
        return b.toString();
    }

    /** @return {@code text} as a JSON string literal */
    public static String jsonString(String text) {
        return json(text);
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Keeps "&lt;/script" (and comment openers) out of an inline script. */
    public static String scriptSafe(String text) {
        return text.replace("</", "<\\/").replace("<!--", "\\u003c!--");
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** @return the web player's resource {@code io/flocktune/tuner/web/NAME} */
    static String resource(String name) {
        return Code.text("web/" + name);
    }
}
