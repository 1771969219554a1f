package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.flocktune.sim.Constraint;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The generated JSON Schema and the Java loader ({@link PresetJson}) agree: a corpus of bad
 * presets (every numeric field of every variant just outside its range, wrong types, unknown,
 * missing and null keys at every level, wrong and missing kinds, wrong enum spellings, the
 * cross-section rules) is rejected by both, and the built-in presets and random valid presets
 * of every variant are accepted by both. The three rules JSON Schema cannot express are pinned:
 * the loader rejects them, the schema does not (its {@code $comment} says so).
 */
class PresetSchemaTest {
    static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(PresetSchema.tree());
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    static Set<ValidationMessage> schemaErrors(JsonNode preset) {
        return SCHEMA.validate(preset);
    }

    static String javaError(JsonNode preset) {
        try {
            PresetJson.fromTree(preset.deepCopy(), "corpus");
            return null;
        } catch (InputException e) {
            return e.getMessage();
        }
    }

    /** The named bad presets: every one must be rejected by both. */
    static Map<String, JsonNode> badCorpus() {
        Map<String, JsonNode> corpus = new LinkedHashMap<>();
        // every numeric field of every variant, just outside its declared range
        for (Preset base : coverage()) {
            ObjectNode tree = PresetJson.toTree(base);
            forEachNumber(Preset.class, tree, "", (leaf) -> {
                for (JsonNode bad : outside(leaf.constraint(), leaf.integer())) {
                    ObjectNode copy = tree.deepCopy();
                    leaf.set(copy, bad);
                    corpus.putIfAbsent(leaf.path() + "(" + leaf.variant() + ") = " + bad, copy);
                }
            });
        }
        ObjectNode reynolds = PresetJson.toTree(Presets.get("reynolds"));
        // wrong types
        corpus.put("boids.count as a string", with(reynolds, "boids.count", TextNode.valueOf("200")));
        corpus.put("boids.count with a fraction", with(reynolds, "boids.count", DoubleNode.valueOf(1.5)));
        corpus.put("separation.weight as a string", with(reynolds, "separation.weight", TextNode.valueOf("1.5")));
        corpus.put("separation.weight as a boolean", with(reynolds, "separation.weight", BooleanNode.TRUE));
        corpus.put("separation.weight as an object", with(reynolds, "separation.weight", NODES.objectNode()));
        corpus.put("world as a number", with(reynolds, "world", IntNode.valueOf(2)));
        corpus.put("separation as an array", with(reynolds, "separation", NODES.arrayNode()));
        corpus.put("name as a number", with(reynolds, "name", IntNode.valueOf(3)));
        corpus.put("predators.removeOnCapture as a number", with(reynolds, "predators.removeOnCapture", IntNode.valueOf(1)));
        corpus.put("obstacles.spheres as an object", with(reynolds, "obstacles.spheres", NODES.objectNode()));
        corpus.put("obstacles.spheres with a number", with(reynolds, "obstacles.spheres", NODES.arrayNode().add(1)));
        // null values
        corpus.put("separation.weight null", with(reynolds, "separation.weight", NullNode.instance));
        corpus.put("boids null", with(reynolds, "boids", NullNode.instance));
        corpus.put("description null", with(reynolds, "description", NullNode.instance));
        // wrong format, enums and kinds
        corpus.put("format flocktune-preset/2", with(reynolds, "format", TextNode.valueOf("flocktune-preset/2")));
        corpus.put("update Synchronous", with(reynolds, "update", TextNode.valueOf("Synchronous")));
        corpus.put("update parallel", with(reynolds, "update", TextNode.valueOf("parallel")));
        corpus.put("separation.kind unknown", with(reynolds, "separation.kind", TextNode.valueOf("quadratic")));
        corpus.put("separation.kind of another family", with(reynolds, "separation.kind", TextNode.valueOf("velocityMatch")));
        corpus.put("motion.kind with the other variant's fields",
                with(reynolds, "motion.kind", TextNode.valueOf("constantSpeed")));
        corpus.put("boundary.kind softMargin without its fields", with(reynolds, "world.boundary.kind", TextNode.valueOf("softMargin")));
        // unknown and missing keys at every level
        for (String object : List.of("", "world", "world.boundary", "boids", "neighbourhood", "separation", "alignment",
                "cohesion", "motion", "predators", "predators.behaviour", "obstacles", "obstacles.avoidance", "goal", "noise")) {
            ObjectNode unknown = reynolds.deepCopy();
            ((ObjectNode) at(unknown, object)).put("colour", 1);
            corpus.put("unknown key in " + (object.isEmpty() ? "the preset" : object), unknown);
            Iterator<String> names = at(reynolds, object).fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                ObjectNode missing = reynolds.deepCopy();
                ((ObjectNode) at(missing, object)).remove(name);
                corpus.put("missing " + (object.isEmpty() ? "" : object + ".") + name, missing);
            }
        }
        ObjectNode sphere = reynolds.deepCopy();
        ((ObjectNode) at(sphere, "obstacles")).putArray("spheres").addObject().put("x", 1).put("y", 2).put("z", 0);
        corpus.put("sphere without radius", sphere);
        // cross-section rules the schema expresses
        corpus.put("headingBlend in 3D", with(PresetJson.toTree(Presets.get("seed003")), "world.dimension", IntNode.valueOf(3)));
        ObjectNode vicsek3d = with(PresetJson.toTree(Presets.get("vicsek")), "world.dimension", IntNode.valueOf(3));
        corpus.put("vicsek in 3D", vicsek3d);
        corpus.put("zonal cohesion without zonal alignment", with(PresetJson.toTree(Presets.get("couzin")), "alignment",
                NODES.objectNode().put("kind", "velocityMatch").put("weight", 1)));
        corpus.put("zonal alignment with a topological neighbourhood", with(PresetJson.toTree(Presets.get("couzin")), "neighbourhood",
                NODES.objectNode().put("kind", "topological").put("count", 7)));
        corpus.put("goal.z in 2D", with(reynolds, "goal.z", DoubleNode.valueOf(1)));
        ObjectNode sphere2d = reynolds.deepCopy();
        ((ObjectNode) at(sphere2d, "obstacles")).putArray("spheres").addObject().put("x", 1).put("y", 2).put("z", 3).put("radius", 1);
        corpus.put("sphere z in 2D", sphere2d);
        return corpus;
    }

    @Test
    void everyBadPresetIsRejectedByTheLoaderAndTheSchema() {
        Map<String, JsonNode> corpus = badCorpus();
        assertTrue(corpus.size() >= 200, "corpus size " + corpus.size());
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<String, JsonNode> bad : corpus.entrySet()) {
            String java = javaError(bad.getValue());
            Set<ValidationMessage> schema = schemaErrors(bad.getValue());
            if (java == null) disagreements.add(bad.getKey() + ": the Java loader accepts it");
            if (schema.isEmpty()) disagreements.add(bad.getKey() + ": the schema accepts it (Java: " + java + ")");
        }
        assertEquals(List.of(), disagreements);
        System.out.println("PresetSchemaTest bad presets rejected by both: " + corpus.size());
    }

    @Test
    void builtInAndRandomValidPresetsAreAcceptedByBoth() {
        List<Preset> presets = new ArrayList<>(Presets.all().values());
        SplittableRandom random = new SplittableRandom(9);
        for (int k = 0; k < 400; k++) presets.add(RandomPresetTrees.next(random));
        for (Preset preset : presets) {
            ObjectNode tree = PresetJson.toTree(preset);
            assertEquals(null, javaError(tree), tree::toString);
            assertEquals(Set.of(), schemaErrors(tree), tree::toString);
        }
    }

    /** Random valid presets with one number moved just outside its range: both reject. */
    @Test
    void randomPresetsWithOneFieldOutOfRangeAreRejectedByBoth() {
        SplittableRandom random = new SplittableRandom(10);
        int checked = 0;
        for (int k = 0; k < 100; k++) {
            ObjectNode tree = PresetJson.toTree(RandomPresetTrees.next(random));
            List<Leaf> leaves = new ArrayList<>();
            forEachNumber(Preset.class, tree, "", leaves::add);
            Leaf leaf = leaves.get(random.nextInt(leaves.size()));
            for (JsonNode bad : outside(leaf.constraint(), leaf.integer())) {
                ObjectNode copy = tree.deepCopy();
                leaf.set(copy, bad);
                assertFalse(javaError(copy) == null, leaf.path() + " = " + bad);
                assertFalse(schemaErrors(copy).isEmpty(), leaf.path() + " = " + bad);
                checked++;
            }
        }
        assertTrue(checked >= 100);
    }

    /** What JSON Schema cannot say: the loader rejects these, the schema lets them through (documented in its $comment). */
    @Test
    void theThreeInexpressibleRulesAreTheLoadersAlone() {
        ObjectNode slow = with(PresetJson.toTree(Presets.get("reynolds")), "boids.minSpeed", DoubleNode.valueOf(2));
        ObjectNode zonal = with(PresetJson.toTree(Presets.get("couzin")), "alignment.radius", DoubleNode.valueOf(0.5));
        ObjectNode fraction = with(PresetJson.toTree(Presets.get("reynolds")), "boids.count", DoubleNode.valueOf(200.0));
        for (ObjectNode tree : List.of(slow, zonal, fraction)) {
            assertTrue(javaError(tree) != null);
            assertEquals(Set.of(), schemaErrors(tree));
        }
        String comment = PresetSchema.tree().get("$comment").asText();
        assertTrue(comment.contains("boids.maxSpeed >= boids.minSpeed") && comment.contains("alignment.radius")
                && comment.contains("200.0"), comment);
    }

    /**
     * File-level bad inputs, written as bytes to a file and read by {@link PresetJson#read(Path)}
     * (the path every preset file takes): a key repeated in one object (at the top and nested)
     * and content after the closing brace are rejected by the loader, naming the file, yet reach
     * a schema validator as a valid preset through a common lenient parser (Jackson's defaults:
     * the last duplicate wins, trailing content is ignored), so they are the loader's alone and
     * the schema's {@code $comment} says so. Files no JSON parser reads (empty, truncated, not
     * UTF-8) or whose value is not an object are rejected by the loader and by the schema or the
     * parser. A well-formed file of the same preset (with a UTF-8 byte-order mark, too) is
     * accepted by both.
     */
    @Test
    void fileLevelBadInputsThroughTheLoadersFilePath(@TempDir Path dir) throws Exception {
        String good = PresetJson.write(Presets.get("reynolds")).strip();
        assertTrue(good.startsWith("{") && good.endsWith("}"), good);
        Map<String, byte[]> loaderOnly = new LinkedHashMap<>();
        loaderOnly.put("duplicate top-level key", good.replaceFirst("\\{", "{\"name\": \"twice\",").getBytes(StandardCharsets.UTF_8));
        loaderOnly.put("duplicate nested key", good.replaceFirst("\"separation\": \\{", "\"separation\": { \"weight\": 7,")
                .getBytes(StandardCharsets.UTF_8));
        loaderOnly.put("trailing object", (good + "\n{}\n").getBytes(StandardCharsets.UTF_8));
        loaderOnly.put("trailing word", (good + " x").getBytes(StandardCharsets.UTF_8));
        loaderOnly.put("trailing bracket", (good + "]").getBytes(StandardCharsets.UTF_8));
        loaderOnly.put("a second preset", (good + "\n" + good).getBytes(StandardCharsets.UTF_8));
        for (byte[] b : loaderOnly.values()) assertFalse(new String(b, StandardCharsets.UTF_8).equals(good), "the corpus changed the file");
        com.fasterxml.jackson.databind.ObjectMapper lenient = new com.fasterxml.jackson.databind.ObjectMapper();
        for (Map.Entry<String, byte[]> bad : loaderOnly.entrySet()) {
            Path file = dir.resolve(bad.getKey().replace(' ', '-') + ".json");
            java.nio.file.Files.write(file, bad.getValue());
            assertLoaderRejects(file, bad.getKey());
            assertEquals(Set.of(), schemaErrors(lenient.readTree(bad.getValue())), bad.getKey() + ": a schema sees a valid preset");
        }
        String comment = PresetSchema.tree().get("$comment").asText();
        assertTrue(comment.contains("duplicate keys") && comment.contains("trailing content"), comment);

        Map<String, byte[]> unreadable = new LinkedHashMap<>();
        unreadable.put("empty", new byte[0]);
        unreadable.put("truncated", good.substring(0, good.length() / 2).getBytes(StandardCharsets.UTF_8));
        byte[] latin1 = good.replace("\"description\": \"", "\"description\": \"caf\u0001 ").getBytes(StandardCharsets.UTF_8);
        int marks = 0;
        for (int k = 0; k < latin1.length; k++) if (latin1[k] == 1) { latin1[k] = (byte) 0xE9; marks++; }   // é in Latin-1
        assertEquals(1, marks, "one é as the single byte 0xE9");
        unreadable.put("not UTF-8", latin1);
        for (Map.Entry<String, byte[]> bad : unreadable.entrySet()) {
            Path file = dir.resolve(bad.getKey().replace(' ', '-') + ".json");
            java.nio.file.Files.write(file, bad.getValue());
            assertLoaderRejects(file, bad.getKey());
            boolean parsed;
            try {
                JsonNode tree = lenient.readTree(bad.getValue());
                parsed = tree != null && !tree.isMissingNode() && schemaErrors(tree).isEmpty();
            } catch (java.io.IOException e) {
                parsed = false;
            }
            assertFalse(parsed, bad.getKey() + ": no valid preset for a schema either");
        }
        for (String notAnObject : List.of("[" + good + "]", "null", "\"reynolds\"", "200")) {
            Path file = dir.resolve("not-an-object.json");
            java.nio.file.Files.writeString(file, notAnObject);
            assertLoaderRejects(file, notAnObject);
            assertFalse(schemaErrors(lenient.readTree(notAnObject)).isEmpty(), notAnObject);
        }

        Path fine = dir.resolve("fine.json");
        java.nio.file.Files.writeString(fine, "\uFEFF" + good + "\n");
        assertEquals(Presets.get("reynolds"), PresetJson.read(fine));
        assertEquals(Set.of(), schemaErrors(lenient.readTree(good)));
    }

    private static void assertLoaderRejects(Path file, String what) {
        try {
            PresetJson.read(file);
            fail(what + ": the loader accepts it");
        } catch (InputException e) {
            assertTrue(e.getMessage().startsWith(file.toString()), what + ": the message names the file: " + e.getMessage());
        }
    }

    @Test
    void theSchemaIsGeneratedFromTheRecords() {
        ObjectNode schema = PresetSchema.tree();
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema").asText());
        JsonNode separation = schema.get("$defs").get("Separation");
        assertEquals(io.flocktune.sim.rule.Separation.class.getPermittedSubclasses().length, separation.get("oneOf").size());
        JsonNode linear = schema.get("$defs").get("Separation.Linear");
        assertEquals("linear", linear.at("/properties/kind/const").asText());
        assertEquals(0, linear.at("/properties/radius/exclusiveMinimum").asInt());
        assertEquals(0, linear.at("/properties/weight/minimum").asInt());
        assertFalse(linear.get("additionalProperties").asBoolean());
        assertEquals(10_000_000, schema.at("/$defs/Scene.Boids/properties/count/maximum").asInt());
        assertEquals(2 * Math.PI, schema.at("/$defs/Alignment.Vicsek/properties/noise/maximum").asDouble());
    }

    // ------------------------------------------------------------------ helpers

    /** Presets that together hold every variant of every family. */
    static List<Preset> coverage() {
        List<Preset> presets = new ArrayList<>(Presets.all().values());
        SplittableRandom random = new SplittableRandom(11);
        for (int k = 0; k < 300; k++) presets.add(RandomPresetTrees.next(random));
        return presets;
    }

    /** A numeric leaf of a preset tree with the constraint of its record component. */
    record Leaf(String path, String variant, Constraint constraint, boolean integer) {
        void set(ObjectNode tree, JsonNode value) {
            int dot = path.lastIndexOf('.');
            ((ObjectNode) at(tree, dot < 0 ? "" : path.substring(0, dot))).set(path.substring(dot + 1), value);
        }
    }

    static void forEachNumber(Class<?> record, JsonNode tree, String prefix, Consumer<Leaf> action) {
        Class<?> type = record;
        if (record == Preset.class) {
            type = tree.has("peer") ? Preset.Peer.class : Preset.RuleSet.class;
        } else if (record.isInterface()) {
            for (Class<?> variant : record.getPermittedSubclasses()) {
                if (io.flocktune.sim.Kinds.of(variant).equals(tree.get("kind").asText())) type = variant;
            }
        }
        for (RecordComponent c : type.getRecordComponents()) {
            if (type == Preset.RuleSet.class && c.getName().equals("customRules")) continue;   // Java only, no JSON form
            String path = prefix.isEmpty() ? c.getName() : prefix + "." + c.getName();
            if (!tree.has(c.getName())) continue;
            Class<?> t = c.getType();
            if (t == int.class || t == double.class) {
                action.accept(new Leaf(path, type.getSimpleName(), Constraint.of(c), t == int.class));
            } else if (t == List.class) {
                for (int k = 0; k < tree.get(c.getName()).size(); k++) {
                    forEachNumber(Preset.Sphere.class, tree.get(c.getName()).get(k), path + "." + k, action);
                }
            } else if (t.isRecord() || t.isInterface()) {
                forEachNumber(t, tree.get(c.getName()), path, action);
            }
        }
    }

    static List<JsonNode> outside(Constraint constraint, boolean integer) {
        return switch (constraint) {
            case Constraint.GreaterThanZero g -> List.of(DoubleNode.valueOf(0), DoubleNode.valueOf(-1));
            case Constraint.AtLeastZero a -> List.of(DoubleNode.valueOf(-1e-9));
            case Constraint.AnyFinite f -> List.of(TextNode.valueOf("Infinity"));
            case Constraint.Between b -> integer
                    ? List.of(IntNode.valueOf((int) b.min() - 1), IntNode.valueOf((int) b.max() + 1))
                    : List.of(DoubleNode.valueOf(Math.nextDown(b.min())), DoubleNode.valueOf(Math.nextUp(b.max())));
        };
    }

    static JsonNode at(JsonNode tree, String dotted) {
        JsonNode node = tree;
        if (dotted.isEmpty()) return node;
        for (String key : dotted.split("\\.")) node = node.isArray() ? node.get(Integer.parseInt(key)) : node.get(key);
        if (node == null) fail("no " + dotted);
        return node;
    }

    static ObjectNode with(ObjectNode tree, String dotted, JsonNode value) {
        ObjectNode copy = tree.deepCopy();
        int dot = dotted.lastIndexOf('.');
        ((ObjectNode) at(copy, dot < 0 ? "" : dotted.substring(0, dot))).set(dotted.substring(dot + 1), value);
        return copy;
    }
}
