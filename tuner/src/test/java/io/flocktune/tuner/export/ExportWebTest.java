package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** {@link WebPlayer}'s seam for the export command, without a browser. */
class ExportWebTest {

    @Test
    void everyBuiltInPresetRunsLive() {
        for (Preset p : Presets.all().values()) {
            // a peer's whole model (NetLogo, MASON, EvoFlock) has no JS engine: the player replays a recorded run
            assertEquals(p instanceof Preset.Peer ? Set.of("peer") : Set.of(), WebPlayer.unsupported(p), p.name());
        }
    }

    /** Every variant of every rule family (the sealed interfaces' records) is claimed, so none is replayed today. */
    @Test
    void theClaimsCoverEverySealedVariant() {
        Map<String, Class<?>> families = Map.of(
                "world.boundary", io.flocktune.sim.rule.Boundary.class,
                "neighbourhood", io.flocktune.sim.rule.Neighbourhood.class,
                "separation", io.flocktune.sim.rule.Separation.class,
                "alignment", io.flocktune.sim.rule.Alignment.class,
                "cohesion", io.flocktune.sim.rule.Cohesion.class,
                "motion", io.flocktune.sim.rule.Motion.class,
                "predators.behaviour", io.flocktune.sim.rule.PredatorBehaviour.class,
                "obstacles.avoidance", io.flocktune.sim.rule.ObstacleAvoidance.class);
        assertEquals(families.keySet(), WebPlayer.SUPPORTED.keySet());
        families.forEach((path, family) -> {
            Set<String> all = new java.util.TreeSet<>();
            for (Class<?> c : family.getPermittedSubclasses()) all.add(io.flocktune.sim.Kinds.of(c));
            assertEquals(all, new java.util.TreeSet<>(WebPlayer.SUPPORTED.get(path)), path);
        });
    }

    @Test
    void thePageIsSelfContained() throws Exception {
        Preset preset = PresetJson.resolve("reynolds", List.of("predators.count=1"));
        String html = WebPlayer.page(preset, List.of("alignment.weight"), null);
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertFalse(Pattern.compile("(src|href)\\s*=\\s*\"(https?:)?//").matcher(html).find(), "no network resource");
        assertFalse(html.contains("from \"./"), "no relative module import left");
        assertFalse(html.contains("{{"), "every placeholder filled");
        assertTrue(html.contains("data:text/javascript;base64,"), "the engine module is inlined");
        assertTrue(html.contains("\"tuned\":[\"alignment.weight\"]"));
        assertTrue(html.contains("\"replay\":null"));
        // the only </script> closings are the two script elements' own
        assertEquals(2, html.split("</script>", -1).length - 1);
    }

    @Test
    void textFromThePresetCannotBreakThePage() {
        Preset.RuleSet preset = Presets.rules("reynolds").toBuilder().name("x</script><b>{{CSS}}").description("<!-- & \"").build();
        String html = WebPlayer.page(preset, List.of(), null);
        assertEquals(2, html.split("</script>", -1).length - 1);
        assertTrue(html.contains("x&lt;/script&gt;&lt;b&gt;{{CSS}}"), "escaped in the heading, placeholders not expanded");
        assertFalse(html.contains("<!-- &"));
    }

    @Test
    void aReplayNeedsATrajectoryOnlyWhenTheEngineCannotRunThePreset() {
        Preset.RuleSet seed002 = Presets.rules("seed002");
        Trajectory t = Trajectory.record("seed002", seed002, 1, 40, 10);
        String replay = WebPlayer.page(seed002, List.of(), t, "motion = test");
        assertTrue(replay.contains("\"reason\":\"motion = test\""));
        assertTrue(replay.contains("\"frames\":10"));
        assertTrue(WebPlayer.page(seed002, List.of(), t).contains("\"replay\":null"), "a preset the engine runs is run live");
    }
}
