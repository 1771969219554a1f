package io.flocktune.tuner.io;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PresetJsonTest {
    static Stream<String> builtIns() {
        return Presets.all().keySet().stream();
    }

    @ParameterizedTest
    @MethodSource("builtIns")
    void everyBuiltInRoundTripsThroughJson(String name) throws InputException {
        Preset preset = Presets.get(name);
        String json = PresetJson.write(preset);
        Preset back = PresetJson.parse(json, name + ".json");
        assertEquals(preset, back);                            // records: doubles compared bit for bit
        assertEquals(json, PresetJson.write(back));
        assertEquals(preset, PresetJson.fromTree(PresetJson.toTree(preset), name));
        assertTrue(json.endsWith("}\n"), "trailing newline");
    }

    @Test
    void writesKindsEnumsAndFieldsAsDocumented() {
        String json = PresetJson.write(Presets.rules("reynolds"));
        assertTrue(json.startsWith("{\n  \"format\": \"flocktune-preset/1\",\n  \"name\": \"reynolds\",\n"), json);
        assertTrue(json.contains("\"update\": \"synchronous\""), json);
        assertTrue(json.contains("\"boundary\": {\n      \"kind\": \"wrap\"\n    }"), json);
        assertTrue(json.contains("\"separation\": {\n    \"kind\": \"inverseDistance\",\n    \"radius\": 2.0,\n    \"weight\": 1.5\n  }"), json);
    }

    @Test
    void findsEveryRuleFamilyByReflection() {
        assertEquals(Set.of(Boundary.class, Neighbourhood.class, Separation.class, Alignment.class, Cohesion.class,
                        Motion.class, PredatorBehaviour.class, ObstacleAvoidance.class, io.flocktune.sim.peer.PeerModel.class),
                PresetJson.sealedInterfaces(Preset.class));
    }

    /** A peer preset is written with the peer and without rule sections, and read back as a peer preset. */
    @Test
    void aPeerPresetIsWrittenAndReadWithoutRuleSections() throws InputException {
        Preset.Peer netLogo = Presets.peer("netlogo-flocking");
        ObjectNode tree = PresetJson.toTree(netLogo);
        assertEquals(List.of("format", "name", "description", "world", "boids", "peer"), keys(tree));
        assertEquals(netLogo, assertInstanceOf(Preset.Peer.class, PresetJson.fromTree(tree, "x.json")));
        assertFalse(keys(PresetJson.toTree(Presets.get("reynolds"))).contains("peer"));
        assertEquals(List.of("update", "neighbourhood", "separation", "alignment", "cohesion", "motion", "predators",
                "obstacles", "goal", "noise"), PresetJson.RULE_SECTIONS);
    }

    /** Any rule section in a peer preset is refused with one line that names it; nothing is dropped silently. */
    @ParameterizedTest
    @MethodSource("ruleSections")
    void aRuleSectionInAPeerPresetIsRefusedInOneLine(String section) {
        ObjectNode tree = PresetJson.toTree(Presets.get("mason-flockers"));
        tree.set(section, PresetJson.toTree(Presets.get("reynolds")).get(section));
        InputException e = assertThrows(InputException.class, () -> PresetJson.fromTree(tree, "p.json"));
        assertEquals("p.json: " + section + ": not part of a preset with peer.kind = masonFlockers (the peer's own"
                + " rules replace it); remove it", e.getMessage());
    }

    static Stream<String> ruleSections() {
        return PresetJson.RULE_SECTIONS.stream();
    }

    /** There is no "no peer" model: a rule set leaves {@code peer} out. */
    @Test
    void aPeerOfKindNoneIsNotAPeer() throws InputException {
        ObjectNode tree = PresetJson.toTree(Presets.get("evoflock"));
        tree.set("peer", PresetJson.parseTree("{\"kind\": \"none\"}", "test"));
        InputException e = assertThrows(InputException.class, () -> PresetJson.fromTree(tree, "p.json"));
        assertTrue(e.getMessage().startsWith("p.json: peer"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    private static List<String> keys(ObjectNode tree) {
        List<String> keys = new java.util.ArrayList<>();
        tree.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void aVariantNoBuiltInUsesRoundTrips() throws InputException {
        Preset.RuleSet preset = assertInstanceOf(Preset.RuleSet.class, PresetJson.resolve("seed003", List.of("alignment.kind=circularHeadingBlend")));
        assertEquals(new Alignment.CircularHeadingBlend(0.05), preset.alignment());
        assertEquals(preset, PresetJson.parse(PresetJson.write(preset), "x"));
    }

    /** Each bad value names its field and the rule; all start with the source. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "boids.count=0                 | reynolds with --set boids.count=0: boids.count = 0: must be in [1, 10000000]",
            "boids.count=-5                | boids.count = -5: must be in [1, 10000000]",
            "boids.count=1.5               | boids.count = 1.5: expected an integer",
            "boids.count=\"5\"             | boids.count: expected an integer, found a string",
            "boids.count=null              | boids.count is null; expected an integer",
            "boids.count=1e3               | boids.count = 1000.0: expected an integer",
            "boids.count=10000000000       | boids.count = 10000000000: too large for an integer (at most 2147483647)",
            "neighbourhood.radius=-1       | neighbourhood.radius = -1.0: must be > 0 and finite",
            "separation.radius=0           | separation.radius = 0.0: must be > 0 and finite",
            "boids.maxSpeed=NaN            | boids.maxSpeed = NaN: must be > 0 and finite",
            "goal.x=Infinity               | goal.x = Infinity: must be a finite number",
            "boids.maxSpeed=0.25           | boids.maxSpeed = 0.25: must be >= minSpeed = 0.5",
            "update=sideways               | update = \"sideways\": expected one of synchronous, sequential",
            "update=SEQUENTIAL             | update = \"SEQUENTIAL\": expected one of synchronous, sequential",
            "separation.kind=repel         | separation.kind = \"repel\": must be one of linear, inverseDistance, inverseSquareClamped, normalized",
            "separation.kind=inverseSquareClamped | separation.strength is missing",
            "world.boundary={}             | world.boundary.kind is missing; must be one of wrap, wrapPositionsOnly, softMargin, hard, none",
            "world.boundary={\"kind\":\"wrap\",\"x\":1} | world.boundary.x: unknown key; allowed: none but \"kind\"",
            "boids={\"count\":3}           | boids.minSpeed is missing",
            "predators.removeOnCapture=1   | predators.removeOnCapture = 1: expected true or false",
            "name=42                       | name = 42: expected a string",
            "obstacles.spheres=[null]      | obstacles.spheres[0] is null; expected an object",
            "obstacles.spheres=[{\"x\":0,\"y\":0,\"z\":0,\"radius\":-2}] | obstacles.spheres[0].radius = -2.0: must be > 0 and finite",
            "goal.z=1                      | goal.z = 1.0: must be 0 in a 2D world",
            "alignment.kind=headingBlend   | OK",
            "format=flocktune-preset/2     | format = \"flocktune-preset/2\": must be \"flocktune-preset/1\"",
    })
    void badValuesNameTheFieldAndTheRange(String assignment, String expected) {
        if (expected.equals("OK")) {
            assertThrows(InputException.class, () -> PresetJson.resolve("seed000", List.of(assignment)),
                    "heading blends are 2D only");
            return;
        }
        InputException e = assertThrows(InputException.class, () -> PresetJson.resolve("reynolds", List.of(assignment)));
        assertTrue(e.getMessage().startsWith("reynolds with --set " + assignment + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void unknownKeysInAFileAreErrorsThatListTheAllowedKeys(@TempDir Path dir) throws Exception {
        String json = PresetJson.write(Presets.rules("reynolds")).replace("\"count\": 200,", "\"count\": 200, \"size\": 3,");
        Path file = Files.writeString(dir.resolve("p.json"), json);
        InputException e = assertThrows(InputException.class, () -> PresetJson.read(file));
        assertEquals(file + ": boids.size: unknown key; allowed: count, minSpeed, maxSpeed, initialSpeed, spawnSize",
                e.getMessage());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "{\"format\": \"flocktune-preset/1\",,}  | x.json: line 1, column 33: malformed JSON: Unexpected character",
            "{\"format\": 1 |                          x.json: line 1, column 13: malformed JSON: Unexpected end-of-input",
            "{\"a\": 1, \"a\": 2}                      | x.json: line 1, column 13: malformed JSON: a: duplicate key",
            "{} {}                                     | x.json: line 1, column 4: malformed JSON: unexpected content after the top-level object",
            "[1, 2]                                    | x.json: expected a JSON object at the top level, found an array",
            "{}                                        | x.json: format = (missing): must be \"flocktune-preset/1\"",
            "'   '                                     | x.json: empty; expected a JSON object",
    })
    void malformedJsonGivesLineAndColumn(String json, String expected) {
        InputException e = assertThrows(InputException.class, () -> PresetJson.parse(json, "x.json"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void aCutFileNamesWhereTheOpenObjectStartedWithoutParserInternals() {
        InputException e = assertThrows(InputException.class, () -> PresetJson.parse("{\"format\": \"flocktune-preset/1\",", "x.json"));
        assertFalse(e.getMessage().contains("Source"), e.getMessage());
        assertFalse(e.getMessage().contains("REDACTED"), e.getMessage());
        assertTrue(e.getMessage().startsWith("x.json: "), e.getMessage());
    }

    @Test
    void tooDeepJsonSaysSo() {
        String deep = "{\"format\": " + "[".repeat(200) + "]".repeat(200) + "}";
        InputException e = assertThrows(InputException.class, () -> PresetJson.parse(deep, "x.json"));
        assertTrue(e.getMessage().contains("malformed JSON: nested deeper than 64 levels"), e.getMessage());
    }

    /** Many Windows editors start UTF-8 files with a byte order mark. */
    @Test
    void aByteOrderMarkIsAccepted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bom.json");
        Files.writeString(file, "\uFEFF" + PresetJson.write(io.flocktune.sim.Presets.rules("reynolds")));
        assertEquals(io.flocktune.sim.Presets.rules("reynolds"), PresetJson.read(file));
    }

    @Test
    void aFileThatIsNotUtf8SaysSoWithTheOffset(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latin1.json");
        Files.write(file, "{\"format\": \"caf\u00e9\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        InputException e = assertThrows(InputException.class, () -> PresetJson.read(file));
        assertEquals(file + ": not UTF-8 text (invalid byte at offset 15); save it as UTF-8", e.getMessage());
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path file = dir.resolve("none.json");
        InputException e = assertThrows(InputException.class, () -> PresetJson.read(file));
        assertEquals(file + ": no such file", e.getMessage());
    }

    @Test
    void resolveReadsFilesAndRejectsUnknownNames(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("mine.json"), PresetJson.write(Presets.rules("seed004")));
        assertEquals(Presets.rules("seed004"), PresetJson.resolve(file.toString(), List.of()));
        assertEquals(77, PresetJson.resolve(file.toString(), List.of("boids.count=77")).boids().count());
        InputException e = assertThrows(InputException.class, () -> PresetJson.resolve("reynold", List.of()));
        assertEquals("--preset reynold: no built-in preset and no file of that name; built-in: "
                + String.join(", ", Presets.all().keySet()), e.getMessage());
    }

    @Test
    void setReplacesLeavesSubObjectsAndArrayEntries() throws InputException {
        ObjectNode tree = PresetJson.toTree(Presets.rules("seed000"));
        PresetJson.set(tree, "boids.count", IntNode.valueOf(12), "test");
        PresetJson.set(tree, "update", "sequential", "test");
        PresetJson.set(tree, "obstacles.spheres.0.radius", "2.5", "test");
        PresetJson.set(tree, "separation", "{\"kind\": \"normalized\", \"radius\": 4, \"weight\": 0.5}", "test");
        PresetJson.set(tree, "description", "a tuned flock, 12 boids", "test");
        Preset.RuleSet preset = assertInstanceOf(Preset.RuleSet.class, PresetJson.fromTree(tree, "test"));
        assertEquals(12, preset.boids().count());
        assertEquals(Preset.UpdateOrder.SEQUENTIAL, preset.update());
        assertEquals(2.5, preset.obstacles().spheres().getFirst().radius());
        assertEquals(new Separation.Normalized(4, 0.5), preset.separation());
        assertEquals("a tuned flock, 12 boids", preset.description());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "boids.cont=1      | --set boids.cont=1: no key \"cont\" in boids; keys there: count, minSpeed, maxSpeed, initialSpeed, spawnSize",
            "speed=1           | --set speed=1: no key \"speed\" in the preset; keys there: format, name, description, world, boids, update, neighbourhood, separation, alignment, cohesion, motion, predators, obstacles, goal, noise",
            "boids.count.x=1   | --set boids.count.x=1: boids.count is a single value (the number 200), it has no key \"x\"",
            "obstacles.spheres.0.radius=1 | --set obstacles.spheres.0.radius=1: obstacles.spheres is an empty array, got \"0\"",
            "boids..count=1    | --set boids..count=1: no key \"\" in boids; keys there",
            "boids.count       | --set boids.count: expected KEY=VALUE, e.g. boids.count=500",
    })
    void unknownOverridePathsListTheKeysThatExist(String assignment, String expected) {
        InputException e = assertThrows(InputException.class, () -> PresetJson.resolve("reynolds", List.of(assignment)));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void errorsKeepTheirCauseForDebugging() {
        InputException e = assertThrows(InputException.class, () -> PresetJson.resolve("reynolds", List.of("boids.count=0")));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());        // the record's own refusal
        InputException json = assertThrows(InputException.class, () -> PresetJson.resolve("reynolds", List.of("boids.count=x")));
        assertInstanceOf(com.fasterxml.jackson.databind.JsonMappingException.class, json.getCause().getCause());
    }
}
