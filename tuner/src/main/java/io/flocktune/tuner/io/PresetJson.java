package io.flocktune.tuner.io;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.EnumFeature;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.flocktune.sim.CustomRule;
import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;

import java.io.IOException;
import java.io.Serial;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads and writes the preset JSON format ({@value Preset#FORMAT}), applies {@code --set}
 * overrides, and turns every problem into an {@link InputException} of one line that names the
 * source, the field and the rule.
 *
 * <p>The JSON mirrors the {@link Preset} record tree: one object per record, field names as the
 * record components, enums in lower case ({@code "update": "synchronous"}), and each rule variant
 * (a record implementing a sealed interface of {@code io.flocktune.sim.rule}) as an object whose
 * {@code "kind"} is {@link Kinds#of(Class)} of the record, e.g.
 * {@code "separation": {"kind": "inverseDistance", "radius": 2.0, "weight": 1.5}}. The variants
 * are found by reflection from {@link Class#getPermittedSubclasses()}, so a new variant or rule
 * family needs no code here, and no annotation lands in {@code sim}.
 *
 * <p>Reading is strict: unknown or duplicate keys, missing or null fields, trailing content, a
 * fraction where an integer is expected, a string where a number is expected, and any value the
 * records reject (their messages give the range) are errors. Numbers are written so that they
 * read back bit for bit: {@code parse(write(p))} equals {@code p}.
 *
 * <pre>{@code
 * Preset p = PresetJson.resolve("reynolds", List.of("boids.count=500", "separation.weight=2"));
 * String json = PresetJson.write(p);
 * }</pre>
 */
public final class PresetJson {
    private PresetJson() {}

    private static final String KIND = "kind";
    private static final JsonMapper MAPPER = createMapper();
    private static final ObjectWriter PRETTY = MAPPER.writer(prettyPrinter());

    /** Puts the {@code kind} type id on every sealed rule interface (applied as a mix-in). */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = KIND)
    private interface KindMixIn {}

    /**
     * Custom rules are Java code and have no JSON form: a rule set binds through its constructor
     * without them, and {@code customRules} is never written ({@link #write} and {@link #toTree}
     * refuse a preset that has any, rather than drop them).
     */
    @SuppressWarnings("unused")
    private abstract static class RuleSetMixIn {
        @JsonCreator
        RuleSetMixIn(@JsonProperty("format") String format, @JsonProperty("name") String name,
                     @JsonProperty("description") String description, @JsonProperty("world") Preset.World world,
                     @JsonProperty("boids") Preset.Boids boids, @JsonProperty("update") Preset.UpdateOrder update,
                     @JsonProperty("neighbourhood") io.flocktune.sim.rule.Neighbourhood neighbourhood,
                     @JsonProperty("separation") io.flocktune.sim.rule.Separation separation,
                     @JsonProperty("alignment") io.flocktune.sim.rule.Alignment alignment,
                     @JsonProperty("cohesion") io.flocktune.sim.rule.Cohesion cohesion,
                     @JsonProperty("motion") io.flocktune.sim.rule.Motion motion,
                     @JsonProperty("predators") Preset.Predators predators,
                     @JsonProperty("obstacles") Preset.Obstacles obstacles, @JsonProperty("goal") Preset.Goal goal,
                     @JsonProperty("noise") Preset.Noise noise) {}

        @JsonIgnore
        abstract List<CustomRule> customRules();
    }

    /** The rule sections: the keys of a rule set that a peer preset does not have, in record order. */
    public static final List<String> RULE_SECTIONS = ruleSections();

    private static List<String> ruleSections() {
        Set<String> peer = new HashSet<>();
        for (RecordComponent c : Preset.Peer.class.getRecordComponents()) peer.add(c.getName());
        List<String> sections = new ArrayList<>();
        for (RecordComponent c : Preset.RuleSet.class.getRecordComponents()) {
            if (!peer.contains(c.getName()) && !c.getName().equals("customRules")) sections.add(c.getName());
        }
        return List.copyOf(sections);
    }

    /** @throws IllegalArgumentException if {@code preset} has custom rules (they have no JSON form) */
    public static Preset requireJsonForm(Preset preset) {
        if (preset instanceof Preset.RuleSet rules && !rules.customRules().isEmpty()) {
            throw new IllegalArgumentException("preset " + preset.name() + " has " + rules.customRules().size()
                    + " custom rule(s) (" + rules.customRules().stream().map(r -> r.getClass().getName())
                    .collect(java.util.stream.Collectors.joining(", "))
                    + "): custom rules are Java code and have no JSON form, so this preset cannot be written,"
                    + " exported or evaluated from JSON; run it with Simulation.of from Java");
        }
        return preset;
    }

    private static JsonMapper createMapper() {
        JsonMapper.Builder builder = StrictJson.builder()   // duplicates, trailing content, "5" for 5, 1.5 boids
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)        // presets keep their "NaN" text form
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)    // variants without fields: {"kind": "wrap"}
                .enable(EnumFeature.WRITE_ENUMS_TO_LOWERCASE)
                .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))   // [null] in a list
                .addModule(new SimpleModule("flocktune-lower-case-enums")
                        .setDeserializerModifier(new LowerCaseEnums()));
        builder.addMixIn(Preset.RuleSet.class, RuleSetMixIn.class);
        for (Class<?> family : sealedInterfaces(Preset.class)) {
            builder.addMixIn(family, KindMixIn.class);
            for (Class<?> variant : family.getPermittedSubclasses()) {
                builder.registerSubtypes(new NamedType(variant, Kinds.of(variant)));
            }
        }
        return builder.build();
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        return printer;
    }

    /**
     * @return every sealed interface reachable from {@code root} (a record, or a sealed interface
     *         such as {@link Preset}, through its variants) through the records' components;
     *         {@code root} itself is not a family
     */
    static Set<Class<?>> sealedInterfaces(Class<?> root) {
        Set<Class<?>> found = new LinkedHashSet<>();
        collectSealed(root, found, new HashSet<>());
        found.remove(root);
        return found;
    }

    private static void collectSealed(Type type, Set<Class<?>> found, Set<Class<?>> seen) {
        if (type instanceof ParameterizedType parameterized) {
            for (Type argument : parameterized.getActualTypeArguments()) collectSealed(argument, found, seen);
            return;
        }
        if (!(type instanceof Class<?> c) || !seen.add(c)) return;
        if (c.isInterface() && c.isSealed()) {
            found.add(c);
            for (Class<?> variant : c.getPermittedSubclasses()) collectSealed(variant, found, seen);
        } else if (c.isRecord()) {
            for (RecordComponent component : c.getRecordComponents()) collectSealed(component.getGenericType(), found, seen);
        }
    }

    // ------------------------------------------------------------------ reading

    /**
     * Reads a preset file.
     *
     * @throws InputException whose message starts with {@code file}: unreadable file, malformed
     *                        JSON (with line and column), or an invalid preset (with the field)
     */
    public static Preset read(Path file) throws InputException {
        return fromTree(readTree(file), file.toString());
    }

    /**
     * Parses preset JSON.
     *
     * @param source named at the start of every error message (a file name or a description)
     * @throws InputException malformed JSON (with line and column) or an invalid preset
     */
    public static Preset parse(String json, String source) throws InputException {
        return fromTree(parseTree(json, source), source);
    }

    /**
     * Converts a JSON tree (e.g. after {@link #set} overrides) into a validated preset.
     *
     * @param source named at the start of every error message
     * @throws InputException naming the first invalid field and its allowed values or range
     */
    public static Preset fromTree(JsonNode tree, String source) throws InputException {
        if (!(tree instanceof ObjectNode)) {
            throw new InputException(source + ": expected a JSON object at the top level, found " + describe(tree));
        }
        JsonNode format = tree.get("format");
        if (format == null || !Preset.FORMAT.equals(format.textValue())) {
            throw new InputException(source + ": format = " + (format == null ? "(missing)" : format)
                    + ": must be \"" + Preset.FORMAT + "\"");
        }
        if (tree.has("customRules")) {
            throw new InputException(source + ": customRules: custom rules are Java code and have no JSON form"
                    + " (name them with Preset.RuleSet.toBuilder().customRules(...) from Java)");
        }
        JsonNode peer = tree.get("peer");
        if (peer == null) return StrictJson.bind(MAPPER, tree, Preset.RuleSet.class, source);
        for (String section : RULE_SECTIONS) {
            if (tree.has(section)) {
                throw new InputException(source + ": " + section + ": not part of a preset with peer.kind = "
                        + peer.path(KIND).asText("(missing)") + " (the peer's own rules replace it); remove it");
            }
        }
        return StrictJson.bind(MAPPER, tree, Preset.Peer.class, source);
    }

    /** Reads a JSON file into a tree, not yet checked as a preset. */
    public static JsonNode readTree(Path file) throws InputException {
        return parseTree(StrictJson.readText(file), file.toString());
    }

    /** Parses JSON text into a tree, not yet checked as a preset; {@code source} names it in messages. */
    public static JsonNode parseTree(String json, String source) throws InputException {
        return StrictJson.readTree(MAPPER, json, source);   // a byte order mark is skipped there
    }

    // ------------------------------------------------------------------ writing

    /** @return the preset as a JSON tree (fields in record order, {@code kind} first in variants). */
    public static ObjectNode toTree(Preset preset) {
        return MAPPER.valueToTree(requireJsonForm(preset));
    }

    /**
     * @param part a part of a preset: a section or rule variant record (e.g. a
     *             {@code Separation.Linear}, written with its {@code kind}), an enum, a number, a
     *             string or a boolean
     * @return its JSON form, as it appears in a preset file
     */
    public static JsonNode partToTree(Object part) {
        return MAPPER.valueToTree(part);
    }

    /**
     * @return a Jackson module that binds a value of type {@link Untyped} (an override or a
     *         choice's option in a form record) as the JSON it is, to be read as its path's type
     *         once the preset is known
     */
    public static SimpleModule untypedValues() {
        return new SimpleModule("flocktune-untyped-values").addDeserializer(Untyped.class, new JsonDeserializer<>() {
            @Override
            public Untyped deserialize(JsonParser parser, DeserializationContext context) throws IOException {
                return new Untyped.Json(context.readTree(parser));
            }
        }).addSerializer(Untyped.class, new com.fasterxml.jackson.databind.JsonSerializer<>() {
            @Override
            public void serialize(Untyped value, com.fasterxml.jackson.core.JsonGenerator generator,
                                  com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
                generator.writeTree(untypedTree(value));
            }
        });
    }

    /** @return an untyped value as JSON: a file's value as given, a Java value as {@link #overrideTree} writes it */
    public static JsonNode untypedTree(Untyped value) {
        return switch (value) {
            case Untyped.Json json -> json.value().deepCopy();
            case Untyped.Java java -> overrideTree(java.value());
        };
    }

    /**
     * @param value an override's typed value ({@link Edit#value()})
     * @return its form in a file's {@code "set"} (or a choice's options): {@link #partToTree}, with
     *         a whole finite number written without a fraction ({@code 200}, not {@code 200.0}), as
     *         one writes it by hand. It is read back as its path's type ({@link #edit}), so it reads
     *         back equal, and a file written from what was read keeps the numbers it was given.
     */
    public static JsonNode overrideTree(Object value) {
        return shortNumbers(partToTree(value));
    }

    private static JsonNode shortNumbers(JsonNode node) {
        if (node.isDouble() || node.isFloat()) {
            double v = node.doubleValue();
            boolean whole = Double.isFinite(v) && v == Math.rint(v) && Math.abs(v) < 1e15 && !(v == 0 && 1 / v < 0);
            return whole ? com.fasterxml.jackson.databind.node.LongNode.valueOf((long) v) : node;
        }
        if (node instanceof ObjectNode object) object.properties().forEach(e -> e.setValue(shortNumbers(e.getValue())));
        if (node instanceof ArrayNode array) for (int i = 0; i < array.size(); i++) array.set(i, shortNumbers(array.get(i)));
        return node;
    }

    /** @return the preset as pretty-printed JSON with a trailing newline. */
    public static String write(Preset preset) {
        try {
            return PRETTY.writeValueAsString(toTree(preset)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize preset " + preset.name(), e);
        }
    }

    // ------------------------------------------------------------------ overrides

    /**
     * Replaces the value at {@code dottedPath} (e.g. {@code boids.count},
     * {@code obstacles.spheres.0.radius}) in {@code tree}. The path must exist: a leaf, or a whole
     * sub-object or array to replace. The result is checked only by {@link #fromTree}. For files
     * only: a preset is changed by {@link PresetEdit} (genes, {@code --set}, the API).
     *
     * @param source named at the start of an error message, e.g. {@code --set boids.cont=5}
     * @throws InputException if the path does not exist; the message lists the keys that do
     */
    public static void set(ObjectNode tree, String dottedPath, JsonNode value, String source) throws InputException {
        String[] keys = dottedPath.split("\\.", -1);
        JsonNode parent = tree;
        StringBuilder at = new StringBuilder();
        for (int k = 0; k < keys.length; k++) {
            String key = keys[k];
            boolean last = k == keys.length - 1;
            switch (parent) {
                case ObjectNode object -> {
                    if (!object.has(key)) {
                        throw new InputException(source + ": no key \"" + key + "\" in "
                                + (at.isEmpty() ? "the preset" : at) + "; keys there: " + String.join(", ", fieldNames(object)));
                    }
                    if (last) object.set(key, value);
                    else parent = object.get(key);
                }
                case ArrayNode array -> {
                    int index = arrayIndex(key, array.size());
                    if (index < 0) {
                        throw new InputException(source + ": " + at + (array.isEmpty() ? " is an empty array"
                                : " is an array; expected an index in [0, " + (array.size() - 1) + "]")
                                + ", got \"" + key + "\"");
                    }
                    if (last) array.set(index, value);
                    else parent = array.get(index);
                }
                default -> throw new InputException(source + ": " + at + " is a single value (" + describe(parent)
                        + "), it has no key \"" + key + "\"");
            }
            if (!at.isEmpty()) at.append('.');
            at.append(key);
        }
    }

    /**
     * As {@link #set(ObjectNode, String, JsonNode, String)} with {@code valueText} read as a JSON
     * literal ({@code 500}, {@code 1e-3}, {@code NaN}, {@code true}, {@code "x"},
     * {@code {"kind": "wrap"}}) or, if it is not one, as a string ({@code sequential}).
     */
    public static void set(ObjectNode tree, String dottedPath, String valueText, String source) throws InputException {
        set(tree, dottedPath, literal(valueText), source);
    }

    /**
     * A built-in preset by name, or else a preset file, with {@code KEY=VALUE} overrides applied in
     * order (see {@link #set(ObjectNode, String, String, String)}).
     *
     * @param nameOrFile a name from {@link Presets#all()} or a path to a preset JSON file
     * @param sets       overrides such as {@code boids.count=500}
     * @throws InputException unknown preset, unreadable or invalid file, malformed override,
     *                        unknown override path, or a value the preset rejects
     */
    public static Preset resolve(String nameOrFile, List<String> sets) throws InputException {
        Preset builtIn = Presets.all().get(nameOrFile);
        return builtIn != null ? override(builtIn, nameOrFile, sets) : override(tree(nameOrFile), nameOrFile, sets);
    }

    /**
     * The JSON tree of a built-in preset by name, or else of a preset file, not yet checked as a
     * preset: what {@link #resolve} applies its overrides to.
     *
     * @throws InputException unknown preset (the message lists the built-ins), or an unreadable or
     *                        malformed file
     */
    public static JsonNode tree(String nameOrFile) throws InputException {
        Preset builtIn = Presets.all().get(nameOrFile);
        return builtIn != null ? toTree(builtIn) : readTree(presetFile(nameOrFile));
    }

    /**
     * Converts {@code tree} into a validated preset and applies {@code KEY=VALUE} overrides in
     * order ({@link #override(Preset, String, List)}): the {@code --set} rule of {@link #resolve},
     * with the same messages. The tree must be a valid preset on its own.
     *
     * @param source names the preset in messages (a built-in's name, a file, a description)
     * @throws InputException malformed override, unknown override path, or an invalid preset
     */
    public static Preset override(JsonNode tree, String source, List<String> sets) throws InputException {
        if (sets.isEmpty()) return fromTree(tree, source);
        if (!(tree instanceof ObjectNode object)) {
            throw new InputException(source + ": expected a JSON object at the top level, found " + describe(tree));
        }
        return override(fromTree(object, source), source, sets);
    }

    /**
     * Applies {@code KEY=VALUE} overrides in order to {@code preset} through the typed path
     * setters ({@link PresetEdit}): each value is read as the type of its path, and the result is
     * checked as a whole by the records.
     *
     * @param source names the preset in messages (a built-in's name, a file, a description)
     * @throws InputException malformed override, unknown override path, or an invalid preset
     */
    public static Preset override(Preset preset, String source, List<String> sets) throws InputException {
        if (sets.isEmpty()) return preset;
        PresetEdit edit = new PresetEdit(preset);
        for (String assignment : sets) {
            int equals = assignment.indexOf('=');
            if (equals <= 0) {
                throw new InputException("--set " + assignment + ": expected KEY=VALUE, e.g. boids.count=500");
            }
            set(edit, PresetPath.of(assignment.substring(0, equals)), literal(assignment.substring(equals + 1)),
                    "--set " + assignment);
        }
        return edit.build(source + " with --set " + String.join(" --set ", sets));
    }

    /**
     * Sets the JSON {@code value} at {@code path} of {@code edit}, read as the type the path has
     * there: the one reading of a value from a file or the command line into a preset. A value
     * that is no value of the type is reported by {@link PresetEdit#build}, with its path.
     *
     * @param source names the setting in a message about the path
     * @throws InputException if the path does not exist
     */
    public static void set(PresetEdit edit, PresetPath path, JsonNode value, String source) throws InputException {
        Edit.read(edit, path, new Untyped.Json(value), source);
    }

    /**
     * @param value a JSON value as it appears in a preset file at {@code at}
     * @param type  the type of the record component there (e.g. {@code int}, {@code Separation})
     * @return the value as that type, built and checked by its records
     * @throws IllegalArgumentException one line starting with {@code at}: the value is no value of
     *                                  the type, or a record refuses it
     */
    public static Object part(JsonNode value, Type type, String at) {
        if (at.equals("format") && !Preset.FORMAT.equals(value.textValue())) {
            throw new IllegalArgumentException("format = " + value + ": must be \"" + Preset.FORMAT + "\"");
        }
        if (value.isNull()) {
            throw new IllegalArgumentException(at + " is null; expected " + StrictJson.expected(MAPPER.constructType(type).getRawClass()));
        }
        try {
            return MAPPER.readerFor(MAPPER.constructType(type)).readValue(MAPPER.treeAsTokens(value));
        } catch (JsonMappingException e) {
            throw new IllegalArgumentException(StrictJson.explain(e, at), e);
        } catch (com.fasterxml.jackson.core.exc.InputCoercionException e) {
            throw new IllegalArgumentException(StrictJson.explain(e, at), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(at + ": " + StrictJson.firstLine(e.getMessage()), e);
        }
    }

    private static Path presetFile(String nameOrFile) throws InputException {
        String builtIns = String.join(", ", Presets.all().keySet());
        try {
            Path file = Path.of(nameOrFile);
            if (Files.isRegularFile(file)) return file;
        } catch (InvalidPathException e) {
            // not a usable path: reported below like a missing file
        }
        throw new InputException("--preset " + nameOrFile + ": no built-in preset and no file of that name; built-in: " + builtIns);
    }

    private static JsonNode literal(String text) {
        try {
            JsonNode node = MAPPER.readTree(text);
            return node == null || node.isMissingNode() ? TextNode.valueOf(text) : node;
        } catch (JsonProcessingException e) {
            return TextNode.valueOf(text);
        }
    }

    private static int arrayIndex(String key, int size) {
        if (key.isEmpty() || !key.chars().allMatch(Character::isDigit) || key.length() > 9) return -1;
        int index = Integer.parseInt(key);
        return index < size ? index : -1;
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String lowerCase(Enum<?> constant) {
        return StrictJson.lowerCase(constant);
    }

    private static String describe(JsonNode node) {
        return StrictJson.describe(node);
    }

    // ------------------------------------------------------------------ enums

    /** Reads enums strictly in lower case ({@code "synchronous"}), as they are written. */
    private static final class LowerCaseEnums extends BeanDeserializerModifier {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public JsonDeserializer<?> modifyEnumDeserializer(DeserializationConfig config, JavaType type,
                                                          BeanDescription description, JsonDeserializer<?> standard) {
            return new LowerCaseEnumDeserializer(type.getRawClass());
        }
    }

    private static final class LowerCaseEnumDeserializer extends StdScalarDeserializer<Object> {
        @Serial
        private static final long serialVersionUID = 1L;

        LowerCaseEnumDeserializer(Class<?> type) {
            super(type);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) return context.handleUnexpectedToken(handledType(), parser);
            String text = parser.getText();
            for (Object constant : handledType().getEnumConstants()) {
                if (lowerCase((Enum<?>) constant).equals(text)) return constant;
            }
            throw InvalidFormatException.from(parser, "not a lower-case enum name", text, handledType());
        }
    }
}
