package io.flocktune.tuner.export;

import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The web player: one self-contained HTML page (no network, no build step) that flies a preset
 * in a canvas with the JavaScript engine {@code web/flock.mjs}, drawn by {@code web/player.mjs}
 * (the report's preview uses the same renderer).
 */
public final class WebPlayer {
    private WebPlayer() {}

    /**
     * The rule variants the JavaScript engine runs, by preset field path: each is compared with
     * the Java engine for 50 steps within 1e-9 by {@code WebEngineTest}, which also checks that
     * {@code flock.mjs} claims exactly this list.
     */
    public static final Map<String, List<String>> SUPPORTED = supported();

    private static Map<String, List<String>> supported() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("world.boundary", List.of("wrap", "softMargin", "hard", "none"));
        m.put("neighbourhood", List.of("metric", "fieldOfView", "topological", "global"));
        m.put("separation", List.of("linear", "inverseDistance", "inverseSquareClamped", "normalized", "zonal"));
        m.put("alignment", List.of("velocityMatch", "meanVelocityLimited", "headingBlend", "circularHeadingBlend",
                "meanForward", "vicsek", "zonal"));
        m.put("cohesion", List.of("centroid", "steerTo", "unitToCentroid", "zonal"));
        m.put("motion", List.of("additive", "steering", "constantSpeed", "turningRate"));
        m.put("predators.behaviour", List.of("chaseCentroid", "chaseNearest", "chaseVisibleCentroid"));
        m.put("obstacles.avoidance", List.of("forceField", "steerToAvoid"));
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * @return the preset field paths (e.g. {@code "separation"}, {@code "motion"}) whose rule
     *         variant the JavaScript engine does not run live; empty when the page runs it live
     */
    public static Set<String> unsupported(Preset preset) {
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
        variants.forEach((path, variant) -> {
            if (!SUPPORTED.getOrDefault(path, List.of()).contains(Kinds.of(variant))) out.add(path);
        });
        return out;
    }
}
