package io.flocktune.tuner.io;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.EnumFeature;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.type.LogicalType;
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
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

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

    private static JsonMapper createMapper() {
        JsonMapper.Builder builder = JsonMapper.builder()
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)      // NaN reaches the range checks
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                        DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)   // 1.5 boids is an error, not 1
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)     // "5" is not a number
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)    // variants without fields: {"kind": "wrap"}
                .enable(EnumFeature.WRITE_ENUMS_TO_LOWERCASE)
                .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))   // [null] in a list
                .withCoercionConfig(LogicalType.Textual, strings -> strings        // 3 is not a name
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .addModule(new SimpleModule("flocktune-lower-case-enums")
                        .setDeserializerModifier(new LowerCaseEnums()));
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

    /** @return every sealed interface reachable from the record {@code root} through its components. */
    static Set<Class<?>> sealedInterfaces(Class<?> root) {
        Set<Class<?>> found = new LinkedHashSet<>();
        collectSealed(root, found, new HashSet<>());
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
        try {
            return MAPPER.treeToValue(tree, Preset.class);
        } catch (DatabindException e) {
            throw new InputException(source + ": " + explain((JsonMappingException) e), e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InputException(source + ": " + e.getMessage(), e);
        }
    }

    /** Reads a JSON file into a tree. */
    static JsonNode readTree(Path file) throws InputException {
        String json;
        try {
            json = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file", e);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parseTree(json, file.toString());
    }

    private static JsonNode parseTree(String json, String source) throws InputException {
        try {
            JsonNode tree = MAPPER.readTree(json);
            if (tree == null || tree.isMissingNode()) throw new InputException(source + ": empty; expected a JSON object");
            return tree;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : "line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": ";
            String what = e instanceof StreamReadException ? firstLine(e.getOriginalMessage())
                    : "unexpected content after the top-level object";   // FAIL_ON_TRAILING_TOKENS
            throw new InputException(source + ": " + where + "malformed JSON: " + what, e);
        }
    }

    // ------------------------------------------------------------------ writing

    /** @return the preset as a JSON tree (fields in record order, {@code kind} first in variants). */
    public static ObjectNode toTree(Preset preset) {
        return MAPPER.valueToTree(preset);
    }

    /** @return the preset as pretty-printed JSON with a trailing newline. */
    public static String write(Preset preset) {
        try {
            return PRETTY.writeValueAsString(preset) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize preset " + preset.name(), e);
        }
    }

    // ------------------------------------------------------------------ overrides

    /**
     * Replaces the value at {@code dottedPath} (e.g. {@code boids.count},
     * {@code obstacles.spheres.0.radius}) in {@code tree}. The path must exist: a leaf, or a whole
     * sub-object or array to replace. The result is checked only by {@link #fromTree}.
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
        JsonNode tree = builtIn != null ? toTree(builtIn) : readTree(presetFile(nameOrFile));
        if (sets.isEmpty()) return fromTree(tree, nameOrFile);
        if (!(tree instanceof ObjectNode object)) {
            throw new InputException(nameOrFile + ": expected a JSON object at the top level, found " + describe(tree));
        }
        for (String assignment : sets) {
            int equals = assignment.indexOf('=');
            if (equals <= 0) {
                throw new InputException("--set " + assignment + ": expected KEY=VALUE, e.g. boids.count=500");
            }
            set(object, assignment.substring(0, equals), assignment.substring(equals + 1), "--set " + assignment);
        }
        return fromTree(object, nameOrFile + " with --set " + String.join(" --set ", sets));
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

    // ------------------------------------------------------------------ error messages

    /** One line for a mapping problem: the field path, then what is wrong and what is allowed. */
    private static String explain(JsonMappingException e) {
        String path = path(e.getPath());
        return switch (e) {
            case ValueInstantiationException v when v.getCause() instanceof IllegalArgumentException bad ->
                    // the records name the field and range ("radius = -1.0: must be > 0 and finite")
                    (path.isEmpty() ? "" : path + ".") + bad.getMessage();
            case UnrecognizedPropertyException u -> path + ": unknown key; allowed: " + keysOf(u.getReferringClass());
            case InvalidTypeIdException t -> {
                String kinds = kindsOf(t.getBaseType().getRawClass());
                yield t.getTypeId() == null
                        ? dotted(path, KIND) + " is missing; must be one of " + kinds
                        : dotted(path, KIND) + " = \"" + t.getTypeId() + "\": must be one of " + kinds;
            }
            case InvalidNullException n -> path + " is null; expected " + expected(n.getTargetType());
            case InvalidFormatException f -> path + " = " + quoted(f.getValue()) + ": expected " + expected(f.getTargetType());
            case MismatchedInputException m -> mismatch(path, m);
            default -> (path.isEmpty() ? "" : path + ": ") + firstLine(e.getOriginalMessage());
        };
    }

    /** A value of the wrong shape, or a field that is missing or null. */
    private static String mismatch(String path, MismatchedInputException e) {
        String message = e.getOriginalMessage();
        String expected = expected(e.getTargetType());
        if (message.startsWith("Missing required creator property")) {
            return dotted(path, missingProperty(message)) + " is missing";
        }
        if (message.startsWith("Null value for creator property")) return path + " is null; expected " + expected;
        JsonToken token = e.getProcessor() instanceof JsonParser parser ? parser.currentToken() : null;
        if (token == null) return path + ": expected " + expected;
        return switch (token) {
            case END_OBJECT -> path + " is missing; expected " + expected;   // a missing primitive
            case VALUE_NULL -> path + " is null; expected " + expected;
            default -> path + ": expected " + expected + ", found " + describe(token);
        };
    }

    private static String path(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                if (!path.isEmpty()) path.append('.');
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String dotted(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** The property name in Jackson's "Missing required creator property 'radius' (index 0)". */
    private static String missingProperty(String message) {
        int open = message.indexOf('\'');
        int close = message.indexOf('\'', open + 1);
        return open >= 0 && close > open ? message.substring(open + 1, close) : "a field";
    }

    private static String kindsOf(Class<?> family) {
        return Arrays.stream(family.getPermittedSubclasses()).map(Kinds::of).collect(Collectors.joining(", "));
    }

    /** The keys of a record's JSON object, in declaration order ("kind" aside). */
    private static String keysOf(Class<?> record) {
        if (record == null || !record.isRecord()) return "(see the README)";
        if (record.getRecordComponents().length == 0) return "none but \"" + KIND + "\"";
        return Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).collect(Collectors.joining(", "));
    }

    private static String expected(Class<?> type) {
        if (type == null) return "another value";
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) return "an integer";
        if (type == double.class || type == Double.class) return "a number";
        if (type == boolean.class || type == Boolean.class) return "true or false";
        if (type == String.class) return "a string";
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants())
                    .map(c -> lowerCase((Enum<?>) c)).collect(Collectors.joining(", "));
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) return "an array";
        return "an object";
    }

    private static String describe(JsonNode node) {
        if (node == null) return "nothing";
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case NUMBER -> "the number " + node;
            case STRING -> "the string " + node;
            case BOOLEAN -> node.toString();
            case NULL -> "null";
            case BINARY, MISSING -> "nothing";
        };
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a number with a fraction";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> token.asString() == null ? token.name().toLowerCase(Locale.ROOT) : token.asString();
        };
    }

    private static String quoted(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }

    private static String firstLine(String message) {
        if (message == null) return "(no details)";
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).strip();
    }

    private static String lowerCase(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
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
