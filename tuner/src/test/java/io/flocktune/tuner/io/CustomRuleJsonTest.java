package io.flocktune.tuner.io;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.CustomRule;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.export.TunedPreset;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Custom rules have no JSON form: writing, exporting or reading one is a clear error, never a silent drop. */
class CustomRuleJsonTest {

    private static final CustomRule PUSH = (self, neighbours, force) -> force[0] = 0.01;

    @Test
    void aPresetWithoutCustomRulesWritesAsBeforeAndReadsBack() throws InputException {
        Preset.RuleSet reynolds = Presets.rules("reynolds");
        String json = PresetJson.write(reynolds);
        assertFalse(json.contains("customRules"), json);
        assertEquals(reynolds, PresetJson.parse(json, "test"));
    }

    @Test
    void writingOrExportingAPresetWithACustomRuleFailsNamingIt() {
        Preset custom = Presets.rules("reynolds").toBuilder().customRules(List.of(PUSH)).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PresetJson.write(custom));
        assertTrue(e.getMessage().contains("custom rule") && e.getMessage().contains("no JSON form"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PresetJson.toTree(custom));
        assertThrows(IllegalArgumentException.class, () -> new TunedPreset(custom, List.of(), "test"));
    }

    @Test
    void aJsonPresetNamingCustomRulesIsRefused() {
        ObjectNode tree = PresetJson.toTree(Presets.get("reynolds"));
        tree.putArray("customRules");
        InputException e = assertThrows(InputException.class, () -> PresetJson.fromTree(tree, "test"));
        assertTrue(e.getMessage().contains("customRules"), e.getMessage());
    }
}
