package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Constraint;
import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.StrictJson;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Locale;

/**
 * The JSON Schema (draft 2020-12) of the preset format {@value Preset#FORMAT}, generated from
 * the {@link Preset} record tree by reflection, so it follows the records without being written
 * twice: a record is an object with every component required and no other key; a sealed rule
 * family is a {@code oneOf} of its variants, each with its {@code kind} as a {@code const}; an
 * enum is its lower-case names; a list is an array; a number's range is its component's
 * {@link Constraint} annotation, the very declaration the records' constructors enforce.
 *
 * <p>The rules that tie two sections together (the preset constructor's cross-checks) are added
 * as {@code if}/{@code then} clauses where JSON Schema can express them: heading blends and
 * Vicsek alignment need 2D; zonal cohesion needs zonal alignment; zonal alignment needs a metric
 * or field-of-view neighbourhood; a 2D preset has z = 0 for the goal and every obstacle. Two
 * cannot be expressed (JSON Schema compares a value with constants, not with another field):
 * {@code boids.maxSpeed >= boids.minSpeed} and the zonal {@code alignment.radius} between the
 * separation and neighbourhood radii; nor can it tell {@code 200.0} from {@code 200} (both are
 * integers to JSON Schema, the loader wants {@code 200}). Nor can a schema see how a file was
 * written, only the value a parser made of it: duplicate keys in one object and trailing content
 * after the preset are rejected by the loader as it reads the file, while many parsers keep the
 * last duplicate and stop at the first value. The schema's {@code $comment} lists all of these
 * as the loader's alone, and the Java loader checks them. JSON has no NaN or infinity, so "finite" needs no keyword.
 */
public final class PresetSchema {
    private PresetSchema() {}

    /** The schema's file name in a {@code json} export. */
    public static final String FILE = "flocktune-preset-1.schema.json";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** @return the schema as a JSON tree (a new tree on every call) */
    public static ObjectNode tree() {
        ObjectNode defs = NODES.objectNode();
        ObjectNode root = NODES.objectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("title", Preset.FORMAT);
        root.put("description", "A flocktune preset: the complete description of one flock model. Generated from the "
                + "io.flocktune.sim.Preset records; units are world units and steps.");
        root.put("$comment", "Also checked by the Java loader but not expressible here: boids.maxSpeed >= boids.minSpeed; "
                + "with alignment.kind = zonal, separation.radius <= alignment.radius <= neighbourhood.radius; "
                + "an integer field written with a zero fraction (200.0), which JSON Schema counts as an integer. "
                + "Checked by the Java loader when it reads a file, before any schema applies (a schema sees only the value a "
                + "JSON parser made of the file, and many parsers let these through): duplicate keys, a key repeated in one "
                + "object (many parsers keep the last); trailing content, anything but whitespace after the preset's closing brace.");
        ObjectNode preset = recordSchema(Preset.class, null, defs);
        preset.remove("$comment");
        root.setAll(preset);
        ArrayNode rules = crossSectionRules();
        rules.add(peerRule());
        root.set("allOf", rules);
        root.set("$defs", defs);
        return root;
    }

    /**
     * A preset without {@code peer} (or with {@code peer.kind = none}) needs every rule section; a
     * preset that names a peer model has none of them (its peer's rules replace them).
     */
    private static ObjectNode peerRule() {
        ObjectNode rule = NODES.objectNode();
        ObjectNode names = rule.putObject("if");
        names.putArray("required").add("peer");
        names.putObject("properties").putObject("peer").putObject("not").putObject("properties")
                .putObject("kind").put("const", "none");
        ArrayNode anyOf = rule.putObject("then").putObject("not").putArray("anyOf");
        ArrayNode required = rule.putObject("else").putArray("required");
        for (String section : Preset.PeerPlaceholders.SECTIONS) {
            anyOf.addObject().putArray("required").add(section);
            required.add(section);
        }
        return rule;
    }

    /** @return the schema as indented JSON with a trailing newline */
    public static String write() {
        return StrictJson.writeIndented(tree());
    }

    private static ObjectNode recordSchema(Class<?> record, String kind, ObjectNode defs) {
        ObjectNode schema = NODES.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = NODES.arrayNode();
        if (kind != null) {
            properties.putObject("kind").put("const", kind);
            required.add("kind");
        }
        for (RecordComponent component : record.getRecordComponents()) {
            if (record == Preset.class && component.getName().equals("customRules")) continue;   // Java only
            ObjectNode property = record == Preset.class && component.getName().equals("format")
                    ? NODES.objectNode().put("const", Preset.FORMAT)
                    : valueSchema(component.getGenericType(), component, defs);
            properties.set(component.getName(), property);
            boolean optional = record == Preset.class && (component.getName().equals("peer")
                    || Preset.PeerPlaceholders.SECTIONS.contains(component.getName()));
            if (!optional) required.add(component.getName());     // see peerRule()
        }
        schema.set("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    private static ObjectNode valueSchema(Type type, RecordComponent component, ObjectNode defs) {
        if (type instanceof ParameterizedType list && list.getRawType() == List.class) {
            ObjectNode array = NODES.objectNode().put("type", "array");
            array.set("items", valueSchema(list.getActualTypeArguments()[0], null, defs));
            return array;
        }
        Class<?> c = (Class<?>) type;
        if (c == int.class || c == double.class) {
            ObjectNode number = NODES.objectNode().put("type", c == int.class ? "integer" : "number");
            switch (Constraint.of(component)) {
                case Constraint.GreaterThanZero g -> number.put("exclusiveMinimum", 0);
                case Constraint.AtLeastZero a -> number.put("minimum", 0);
                case Constraint.AnyFinite f -> { }
                case Constraint.Between b -> {
                    if (c == int.class) number.put("minimum", (int) b.min()).put("maximum", (int) b.max());
                    else number.put("minimum", b.min()).put("maximum", b.max());
                }
            }
            return number;
        }
        if (c == boolean.class) return NODES.objectNode().put("type", "boolean");
        if (c == String.class) return NODES.objectNode().put("type", "string");
        if (c.isEnum()) {
            ArrayNode names = NODES.arrayNode();
            for (Object constant : c.getEnumConstants()) names.add(((Enum<?>) constant).name().toLowerCase(Locale.ROOT));
            return NODES.objectNode().set("enum", names);
        }
        String name = defName(c);
        if (!defs.has(name)) {
            defs.putObject(name);   // reserve the name before recursing
            if (c.isRecord()) {
                defs.set(name, recordSchema(c, null, defs));
            } else if (c.isInterface() && c.isSealed()) {
                ObjectNode family = NODES.objectNode().put("type", "object");
                ArrayNode kinds = NODES.arrayNode();
                ArrayNode variants = NODES.arrayNode();
                for (Class<?> variant : c.getPermittedSubclasses()) {
                    String variantName = defName(variant);
                    kinds.add(Kinds.of(variant));
                    defs.set(variantName, recordSchema(variant, Kinds.of(variant), defs));
                    variants.add(NODES.objectNode().put("$ref", "#/$defs/" + variantName));
                }
                family.putArray("required").add("kind");
                family.putObject("properties").putObject("kind").set("enum", kinds);
                family.set("oneOf", variants);
                defs.set(name, family);
            } else {
                throw new IllegalStateException("no JSON Schema for " + c + " in the preset records");
            }
        }
        return NODES.objectNode().put("$ref", "#/$defs/" + name);
    }

    /** {@code Separation.Linear}, {@code Preset.World}: the class's name inside its package. */
    private static String defName(Class<?> c) {
        String name = c.getName();
        return name.substring(name.lastIndexOf('.') + 1).replace('$', '.');
    }

    /** The preset constructor's cross-section checks that JSON Schema can express (see the class comment). */
    private static ArrayNode crossSectionRules() {
        ArrayNode rules = NODES.arrayNode();
        rules.add(rule(kindIn("alignment", "headingBlend", "circularHeadingBlend", "vicsek"),
                section("world", field("dimension", NODES.objectNode().put("const", 2)))));
        rules.add(rule(kindIn("cohesion", "zonal"), kindIn("alignment", "zonal")));
        rules.add(rule(kindIn("alignment", "zonal"), kindIn("neighbourhood", "metric", "metricExcludingCoincident", "fieldOfView")));
        ObjectNode zeroZ = field("z", NODES.objectNode().put("const", 0));
        // not required here: a peer-model preset has no goal or obstacles (peerRule requires them otherwise)
        ObjectNode flat = field("goal", zeroZ);
        ObjectNode spheres = NODES.objectNode().put("type", "array");
        spheres.set("items", zeroZ.deepCopy());
        flat.with("properties").set("obstacles", field("spheres", spheres));
        rules.add(rule(section("world", field("dimension", NODES.objectNode().put("const", 2))), flat));
        return rules;
    }

    private static ObjectNode rule(ObjectNode condition, ObjectNode consequence) {
        ObjectNode rule = NODES.objectNode();
        rule.set("if", condition);
        rule.set("then", consequence);
        return rule;
    }

    /** A schema requiring {@code section.kind} to be one of {@code kinds}. */
    private static ObjectNode kindIn(String section, String... kinds) {
        ArrayNode names = NODES.arrayNode();
        for (String k : kinds) names.add(k);
        ObjectNode kind = NODES.objectNode();
        kind.set("enum", names);
        ObjectNode inner = field("kind", kind);
        inner.putArray("required").add("kind");
        return section(section, inner);
    }

    private static ObjectNode section(String name, ObjectNode schema) {
        ObjectNode outer = field(name, schema);
        outer.putArray("required").add(name);
        return outer;
    }

    private static ObjectNode field(String name, ObjectNode schema) {
        ObjectNode object = NODES.objectNode();
        object.putObject("properties").set(name, schema);
        return object;
    }
}
