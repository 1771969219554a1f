package io.flocktune.tuner.compare;

import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.stats.PairedTests;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** Reading and writing the comparison format: strict binding, one-line errors, a lossless resolved form. */
class ComparisonJsonTest {

    /** A small valid comparison; {@code %s} takes extra top-level fields (with a leading comma). */
    static String json(String extra) {
        return """
                {
                  "format": "flocktune-comparison/1",
                  "name": "tiny",
                  "arms": [
                    {"name": "a", "preset": "reynolds"},
                    {"name": "b", "preset": "reynolds", "set": {"alignment.weight": 0}},
                    {"name": "c", "preset": "reynolds", "separation": {"kind": "linear", "radius": 2, "weight": 0.05}}
                  ],
                  "objectives": ["polarization", "collisionRate(distance=1):mean:min:name=collisions"],
                  "scenario": {"boids": 20, "steps": 40, "warmup": 10},
                  "replicates": 5%s
                }
                """.formatted(extra);
    }

    @Test
    void readsArmsOverridesAndDefaults() throws InputException {
        Comparison c = ComparisonJson.parse(json(""), "tiny.json", null);
        assertEquals(3, c.arms().size());
        assertEquals(Comparison.Replicates.fixed(5), c.replicates());
        assertEquals(0.05, c.alpha());
        assertEquals(2000, c.bootstrap());
        assertEquals(1, c.seed());
        Comparison.Arm.Fixed b = (Comparison.Arm.Fixed) c.arms().get(1);
        assertEquals(0.0, ((io.flocktune.sim.Preset.RuleSet) b.preset()).alignment().weight());
        Comparison.Arm.Fixed arm = (Comparison.Arm.Fixed) c.arms().get(2);
        assertEquals(new io.flocktune.sim.rule.Separation.Linear(2, 0.05), ((io.flocktune.sim.Preset.RuleSet) arm.preset()).separation());
        assertEquals(java.util.List.of(io.flocktune.tuner.io.Edit.of("separation", new io.flocktune.sim.rule.Separation.Linear(2, 0.05))),
                arm.changes(), "the arm's own override, typed");
        assertEquals(10, c.objectives().getFirst().warmup(), "the scenario's warm-up is the default");
    }

    @Test
    void eachArmSaysWhatItChangesAgainstItsBaseAndTheResolvedFormKeepsIt() throws InputException {
        Comparison c = ComparisonJson.parse(json(", \"set\": {\"world.size\": 40}"), "tiny.json", null);
        assertEquals("preset reynolds as it is", Comparison.describe(c.arms().get(0)));
        assertEquals("preset reynolds with alignment.weight: 0", Comparison.describe(c.arms().get(1)));
        assertEquals("preset reynolds with separation: linear(radius 2, weight 0.05)", Comparison.describe(c.arms().get(2)));
        assertEquals("world.size: 40", Overrides.text(c.set()));
        Comparison back = ComparisonJson.parse(ComparisonJson.writeResolved(c), "comparison.json", null);
        for (int a = 0; a < 3; a++) assertEquals(Comparison.describe(c.arms().get(a)), Comparison.describe(back.arms().get(a)));
        assertEquals(c.set(), back.set());
        assertEquals(ComparisonJson.toTree(c), ComparisonJson.toTree(back), "applying the overrides again changes nothing");
    }

    /** The common overrides keep their own values when the first arm overrides one of them again. */
    @Test
    void theCommonOverridesAreTheirOwnWhereAnArmOverridesThemAgain() throws InputException {
        Comparison c = ComparisonJson.parse(json(", \"set\": {\"world.size\": 40}").replace("{\"name\": \"a\", \"preset\": \"reynolds\"}",
                "{\"name\": \"a\", \"preset\": \"reynolds\", \"set\": {\"world.size\": 50}}"), "tiny.json", null);
        assertEquals(java.util.List.of(io.flocktune.tuner.io.Edit.of("world.size", 40.0)), c.set());
        assertEquals(java.util.List.of(io.flocktune.tuner.io.Edit.of("world.size", 50.0)), c.arms().getFirst().changes());
        assertEquals(50.0, ((Comparison.Arm.Fixed) c.arms().getFirst()).preset().world().size());
        assertEquals(40.0, ((Comparison.Arm.Fixed) c.arms().get(1)).preset().world().size());
    }

    @Test
    void aTuneFirstArmSaysWhatItTunesAndWhatItChanges() {
        Comparison kernels = Comparisons.builtIn("separation-kernels");
        assertEquals("tuned first: experiment kernel-linear on reynolds, tuning separation.weight, separation.radius, alignment.weight,"
                + " cohesion.weight with separation: linear(radius 2, weight 0.05)", Comparison.describe(kernels.arms().getFirst()));
    }

    @Test
    void warnsWhenTheReplicateCountsCannotReachSignificance() throws InputException {
        // 3 arms x 2 objectives = 6 hypotheses: Holm's first step needs 6 * 2 / 2^n <= 0.05, so n >= 8
        Comparison five = ComparisonJson.parse(json(""), "tiny.json", null);
        String warning = five.significanceWarning();
        assertNotNull(warning);
        assertEquals("warning: no difference can be significant at 5 paired replicates: the smallest Wilcoxon p at n = 5 is 0.0625"
                + " and Holm over 6 hypotheses at level 0.05 needs n ≥ 8 (a fixed count of replicates needs ≥ 8)", warning);
        Comparison eight = ComparisonJson.parse(json("").replace("\"replicates\": 5", "\"replicates\": 8"), "tiny.json", null);
        assertNull(eight.significanceWarning());
        // sequential 3 ... 30 in batches of 3: 10 looks test at 0.005 each, so the looks before n = 12 cannot reject
        Comparison sequential = ComparisonJson.parse(json("").replace("\"replicates\": 5",
                "\"replicates\": {\"min\": 3, \"max\": 30, \"batch\": 3}"), "tiny.json", null);
        assertTrue(sequential.significanceWarning().startsWith("note: the looks below 12 paired replicates"), sequential.significanceWarning());
        assertEquals(0.25, PairedTests.smallestP(3));
    }

    @Test
    void theBuiltInTemplatesAreTheShippedFiles() throws InputException {
        for (String name : Comparisons.NAMES) {
            assertEquals(ComparisonJson.toTree(Comparisons.builtIn(name)),
                    ComparisonJson.toTree(ComparisonJson.parse(Comparisons.template(name), name, null)), name);
        }
        InputException e = assertThrows(InputException.class, () -> Comparisons.template("nope"));
        assertEquals("nope: no built-in comparison of that name; built-in: seeds, separation-kernels, neighbourhoods", e.getMessage());
    }

    @Test
    void theResolvedFormReadsBackToTheSameComparison() throws InputException {
        Comparison c = ComparisonJson.parse(json(", \"seed\": 5, \"alpha\": 0.1, \"bootstrap\": 500"), "tiny.json", null);
        String written = ComparisonJson.writeResolved(c);
        Comparison back = ComparisonJson.parse(written, "comparison.json", null);
        assertEquals(ComparisonJson.toTree(c), ComparisonJson.toTree(back));
        assertEquals(5, back.seed());
        assertEquals(500, back.bootstrap());
    }

    @Test
    void aRangeOfReplicatesIsSequential() throws InputException {
        Comparison c = ComparisonJson.parse(json("").replace("\"replicates\": 5", "\"replicates\": {\"min\": 10, \"max\": 35, \"batch\": 10}"),
                "tiny.json", null);
        assertEquals(4, c.replicates().looks());
        assertEquals(10, c.replicates().at(0));
        assertEquals(30, c.replicates().at(2));
        assertEquals(35, c.replicates().at(3));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"replicates\": 5, \"colour\": 1                     | tiny.json: colour: unknown key; allowed: format, name",
            "\"replicates\": 5, \"replicates\": 6                 | tiny.json: line",
            "\"replicates\": 5, \"seed\": null                    | tiny.json: seed is null",
            "\"replicates\": 5} {                                 | tiny.json: ",
            "\"replicates\": 1                                    | tiny.json: replicates.min = 1: must be in [3, 100000]",
            "\"replicates\": {\"min\": 10, \"max\": 5}            | tiny.json: replicates.max = 5: must be in [10, 100000]",
            "\"replicates\": 2.5                                  | tiny.json: replicates: expected an integer",
            "\"replicates\": \"5\"                                | tiny.json: replicates: expected an integer",
            "\"replicates\": 5, \"alpha\": 0.7                    | tiny.json: alpha = 0.7: must be in (0, 0.5]",
            "\"replicates\": 5, \"bootstrap\": 10                 | tiny.json: bootstrap = 10: must be in [100, 1000000]",
    })
    void badTopLevelFieldsAreOneLineErrors(String replacement, String expected) {
        String text = json("").replace("\"replicates\": 5", replacement);
        InputException e = assertThrows(InputException.class, () -> ComparisonJson.parse(text, "tiny.json", null));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"name\": \"a\", \"preset\": \"nosuch\"}                          | tiny.json: arm a: preset = \"nosuch\": no built-in preset",
            "{\"name\": \"a\", \"preset\": \"reynolds\", \"tune\": \"default\"} | tiny.json: arms[0] (a): give exactly one of",
            "{\"name\": \"a\"}                                                  | tiny.json: arms[0] (a): give exactly one of",
            "{\"name\": \"a\", \"preset\": \"reynolds\", \"set\": {\"boids.cont\": 5}} | tiny.json: arm a: set.boids.cont: no key \"cont\" in boids",
            "{\"name\": \"a\", \"preset\": \"reynolds\", \"set\": {\"boids.count\": -5}} | tiny.json: arm a with its overrides: boids.count = -5",
            "{\"name\": \"a\", \"preset\": \"reynolds\", \"separation\": {\"kind\": \"nope\"}} | tiny.json: arm a with its overrides: separation.kind = \"nope\"",
            "{\"name\": \"a\", \"preset\": \"reynolds\", \"speed\": 3}          | tiny.json: arms[0].speed: unknown key",
            "{\"name\": \"a\", \"tune\": \"nosuch\"}                            | tiny.json: arm a: tune = \"nosuch\": no built-in experiment",
            "{\"name\": \"a b\", \"preset\": \"reynolds\"}                      | tiny.json: arms[0]: name = \"a b\"",
            "{\"name\": \"b\", \"preset\": \"reynolds\"}                        | tiny.json: arms: the name \"b\" is used twice",
    })
    void badArmsAreOneLineErrors(String arm, String expected) {
        String text = json("").replace("{\"name\": \"a\", \"preset\": \"reynolds\"}", arm);
        InputException e = assertThrows(InputException.class, () -> ComparisonJson.parse(text, "tiny.json", null));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void otherBadFiles() {
        assertMessage(json("").replace("\"flocktune-comparison/1\"", "\"flocktune-comparison/2\""),
                "tiny.json: format = \"flocktune-comparison/2\": must be \"flocktune-comparison/1\"");
        assertMessage(json("").replace("\"polarization\",", "\"polarisation\","), "tiny.json: objectives[0]: objective \"polarisation\"");
        assertMessage(json("").replace("\"collisionRate(distance=1):mean:min:name=collisions\"", "\"polarization\""),
                "tiny.json: objectives: the name \"polarization\" is used twice");
        assertMessage(json("").replace("\"captureRate\"", "x").replace("\"polarization\",", "\"predatorDistance\","),
                "tiny.json: arm a: objective \"predatorDistance\": predatorDistance needs predators");
        assertMessage("[1, 2]", "tiny.json: (top level): expected an object");
        assertMessage("{\"format\": \"flocktune-comparison/1\",", "tiny.json: line");
        assertMessage(json("").replace("\"warmup\": 10", "\"warmup\": 40"), "tiny.json: scenario: warmup = 40: must be in [0, steps = 40)");
    }

    private static void assertMessage(String text, String expected) {
        InputException e = assertThrows(InputException.class, () -> ComparisonJson.parse(text, "tiny.json", null));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void theGuidesExampleIsValid() throws Exception {
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "guide", "compare.md"));
        int section = readme.indexOf("## The command");
        int start = readme.indexOf("```json\n", section) + "```json\n".length();
        String json = readme.substring(start, readme.indexOf("```", start));
        Comparison c = ComparisonJson.parse(json, "compare.md", null);
        assertEquals(4, c.arms().size());
        assertInstanceOf(Comparison.Arm.Tuned.class, c.arms().get(3));
        assertEquals(8, ((Comparison.Arm.Tuned) c.arms().get(3)).experiment().stop().generations(), "the budget replaces the experiment's");
        assertEquals(6, c.replicates().looks());
    }

    @Test
    void everyBuiltInIsValid() {
        for (String name : Comparisons.NAMES) assertEquals(name, Comparisons.builtIn(name).name());
    }
}
