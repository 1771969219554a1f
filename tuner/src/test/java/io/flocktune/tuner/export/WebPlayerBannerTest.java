package io.flocktune.tuner.export;

import io.flocktune.sim.Presets;
import io.flocktune.tuner.report.Pages;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The live player's banner claims only what {@link WebEngineTest} checks: agreement with the
 * Java engine within its tolerance over its number of steps, not the same trajectory for ever
 * (a flock is chaotic: rounding differences grow, and the two drift apart later).
 */
class WebPlayerBannerTest {
    @Test
    void theLiveBannerClaimsTheCheckedAgreementAndTheDrift() throws Exception {
        String script;
        try (InputStream in = WebPlayer.class.getResourceAsStream("/io/flocktune/tuner/web/player.mjs")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int start = script.indexOf("\"Live: the JS engine");
        String banner = script.substring(start, script.indexOf(".\";", start));
        assertFalse(banner.contains("same trajectory as"), banner);
        assertTrue(banner.contains("within\"\n      + \" 1e-9") || banner.contains("within 1e-9"), banner);
        assertEquals(1e-9, WebEngineTest.TOLERANCE);
        assertTrue(banner.contains("over the first " + WebEngineTest.STEPS + " steps"), banner);
        assertTrue(banner.contains("drift apart"), banner);
    }

    /** The reports' live previews say the same: the checked agreement, then the drift. */
    @Test
    void theReportsPreviewClaimsTheCheckedAgreementAndTheDrift() {
        String html = Pages.preview(List.of(Pages.record("reynolds", Presets.get("reynolds"), 1, 100, 10)), "A note");
        assertFalse(html.contains("same trajectory as"), html);
        assertTrue(html.contains("within 1e-9 over the first " + WebEngineTest.STEPS + " steps"), html);
        assertTrue(html.contains("drift apart"), html);
    }
}
