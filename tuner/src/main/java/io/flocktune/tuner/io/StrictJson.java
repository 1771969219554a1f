package io.flocktune.tuner.io;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.flocktune.sim.Kinds;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one JSON layer of flocktune's files (presets, experiments, comparisons, robustness grids,
 * checkpoints, the built-in tables): text read as strict UTF-8 (a leading byte order mark is
 * skipped; CRLF line ends are whitespace to JSON), parsed by Jackson with duplicate keys,
 * trailing content, nesting deeper than {@value #MAX_DEPTH} levels and numbers longer than
 * {@value #MAX_NUMBER_LENGTH} digits refused, nulls refused, then bound to records with
 * unknown keys, wrong types ({@code "5"} for a number, {@code 1.5} for an integer), integers
 * beyond their type and the records' own checks reported as one line
 * {@code file: field: what is allowed}. Nothing of the parser's internals reaches a message.
 *
 * <h2>Optional fields and their defaults</h2>
 * A file's record declares every key it accepts as a component. A key the file may leave out is
 * a boxed component ({@code Integer}, {@code Double}, a record, a list); it arrives as
 * {@code null} only when the key is absent, because a JSON {@code null} is refused before binding
 * ({@link #rejectNulls}). The record's compact constructor then fills the default or refuses
 * the absence, so that no component is null after construction:
 *
 * <pre>{@code
 * record ScenarioForm(Integer boids, Long steps, Long warmup) {
 *     ScenarioForm {
 *         boids = Objects.requireNonNullElse(boids, 0);       // optional, default 0
 *         Check.present("steps", steps);                        // required: "scenario.steps is missing"
 *         warmup = Objects.requireNonNullElse(warmup, 0L);
 *     }
 * }
 * }</pre>
 *
 * An {@link IllegalArgumentException} of a compact constructor becomes one line prefixed with
 * the record's path in the file, e.g. {@code arms[1].name is missing}.
 */
public final class StrictJson {
    private StrictJson() {}

    /** Deepest nesting accepted; flocktune's files need fewer than 10 levels. */
    public static final int MAX_DEPTH = 64;

    /**
     * Most digits a number may have (its integer, fraction and exponent digits together); a double
     * needs at most 17 significant digits to read back bit for bit.
     */
    public static final int MAX_NUMBER_LENGTH = 1000;

    private static final char BOM = '\uFEFF';

    /**
     * The strict configuration every flocktune mapper starts from: duplicate keys, unknown keys,
     * trailing tokens, fractions for integers, strings for numbers and numbers for strings are
     * errors; {@code NaN} and {@code Infinity} are read (the records' range checks refuse them
     * where they do not belong) and written as bare tokens, so every double reads back bit for bit.
     */
    public static JsonMapper.Builder builder() {
        return JsonMapper.builder(JsonFactory.builder()
                        .streamReadConstraints(StreamReadConstraints.builder()
                                .maxNestingDepth(MAX_DEPTH).maxNumberLength(MAX_NUMBER_LENGTH).build()).build())
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .withCoercionConfig(LogicalType.Textual, strings -> strings
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
    }

    // ------------------------------------------------------------------ writing

    private static final ObjectWriter INDENTED = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writer();

    /**
     * @return {@code value} (a tree or a record) as indented JSON, two spaces a level, with a
     *         trailing newline; the form of the schema and of the export manifests
     */
    public static String writeIndented(Object value) {
        try {
            return INDENTED.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    // ------------------------------------------------------------------ text

    /**
     * Reads a text file as UTF-8, without a leading byte order mark.
     *
     * @throws InputException naming the file: missing, unreadable, or not UTF-8 (with the offset
     *                        of the first bad byte)
     */
    public static String readText(Path file) throws InputException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file", e);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + AtomicFile.reason(e), e);
        }
        return decode(bytes, file.toString());
    }

    /** @return {@code bytes} as UTF-8 text without a leading byte order mark. */
    static String decode(byte[] bytes, String source) throws InputException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) throw notUtf8(source, in.position());
        decoder.flush(out);
        out.flip();
        String text = out.toString();
        return !text.isEmpty() && text.charAt(0) == BOM ? text.substring(1) : text;
    }

    /** The message of a file that is not UTF-8. */
    public static InputException notUtf8(String source, long offset) {
        return new InputException(source + ": not UTF-8 text (invalid byte at offset " + offset
                + "); save it as UTF-8");
    }

    /** @return the byte offset of the first byte of {@code file} that is not valid UTF-8, or -1. */
    public static long firstInvalidUtf8(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(bytes);
            CoderResult result = decoder.decode(in, CharBuffer.allocate(bytes.length + 1), true);
            return result.isError() ? in.position() : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    // ------------------------------------------------------------------ reading a file into a record

    /**
     * Reads a file into a record: {@link #readText}, {@link #readTree}, {@link #rejectNulls},
     * {@link #bind}.
     *
     * @param mapper a mapper from {@link #builder()}
     * @throws InputException one line naming the file and the field
     */
    public static <T> T read(JsonMapper mapper, Path file, Class<T> type) throws InputException {
        return parse(mapper, readText(file), file.toString(), type);
    }

    /**
     * Parses JSON text into a record, as {@link #read} does for a file.
     *
     * @param source names the text in messages, e.g. a file name
     * @throws InputException one line naming {@code source} and the field
     */
    public static <T> T parse(JsonMapper mapper, String json, String source, Class<T> type) throws InputException {
        JsonNode tree = readTree(mapper, json, source);
        rejectNulls(tree, source);
        return bind(mapper, tree, type, source);
    }

    // ------------------------------------------------------------------ parsing

    /**
     * Parses JSON text into a tree; a leading byte order mark is skipped.
     *
     * @throws InputException one line naming {@code source}, the line and column, and the problem
     */
    public static JsonNode readTree(JsonMapper mapper, String json, String source) throws InputException {
        try (JsonParser parser = mapper.createParser(!json.isEmpty() && json.charAt(0) == BOM ? json.substring(1) : json)) {
            try {
                JsonNode tree = mapper.readTree(parser);
                if (tree == null || tree.isMissingNode()) throw new InputException(source + ": empty; expected a JSON object");
                return tree;
            } catch (JsonProcessingException e) {
                throw malformed(source, e, parser);   // the parser knows where it stood when a limit stopped it
            }
        } catch (IOException e) {
            throw new InputException(source + ": cannot read: " + firstLine(e.getMessage()), e);
        }
    }

    /** One line for a JSON text that does not parse. */
    public static InputException malformed(String source, JsonProcessingException e) {
        return malformed(source, e, e.getProcessor() instanceof JsonParser parser ? parser : null);
    }

    private static InputException malformed(String source, JsonProcessingException e, JsonParser parser) {
        JsonLocation location = e.getLocation() != null || parser == null ? e.getLocation() : parser.currentLocation();
        String where = location == null || location.getLineNr() < 0 ? ""
                : "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
        String message = String.valueOf(e.getOriginalMessage());
        Matcher tooLong = TOO_LONG.matcher(message);
        String what = switch (e) {
            case StreamConstraintsException deep when message.contains("esting depth") ->
                    "nested deeper than " + MAX_DEPTH + " levels";
            case StreamConstraintsException limit when tooLong.find() -> at(parser) + switch (tooLong.group(1)) {
                        case "Number value" -> "a number of " + tooLong.group(2) + " digits; at most " + tooLong.group(3);
                        case "String value" -> "a text of " + tooLong.group(2) + " characters; at most " + tooLong.group(3);
                        default -> "a key of " + tooLong.group(2) + " characters; at most " + tooLong.group(3);
                    };
            case StreamConstraintsException limit -> firstLine(message);
            case StreamReadException duplicate when message.startsWith("Duplicate field") -> at(parser) + "duplicate key";
            case StreamReadException read -> firstLine(message);
            case MismatchedInputException trailing when String.valueOf(trailing.getOriginalMessage()).startsWith("Trailing token") ->
                    "unexpected content after the top-level object";
            default -> firstLine(e.getOriginalMessage());
        };
        return new InputException(source + ": " + where + "malformed JSON: " + what, e);
    }

    /** Jackson's "Number value length (1001) exceeds the maximum allowed (1000, from `...`)". */
    private static final Pattern TOO_LONG =
            Pattern.compile("^(Number value|String value|Name) length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");

    /** @return "path: " of where the parser stood, e.g. "arms[1].name: ", or "" at the top. */
    private static String at(JsonProcessingException e) {
        return at(e.getProcessor() instanceof JsonParser parser ? parser : null);
    }

    private static String at(JsonParser parser) {
        if (parser == null) return "";
        ArrayDeque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = parser.getParsingContext(); c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) parts.addFirst((c.getParent().inRoot() ? "" : ".") + c.getCurrentName());
            else if (c.inArray()) parts.addFirst("[" + Math.max(0, c.getCurrentIndex()) + "]");
        }
        return parts.isEmpty() ? "" : String.join("", parts) + ": ";
    }

    /**
     * Refuses {@code null} anywhere in a tree: in flocktune's files a key is either given a value
     * or left out (then its default applies).
     *
     * @throws InputException naming the path of the first null
     */
    public static void rejectNulls(JsonNode tree, String source) throws InputException {
        String path = firstNull(tree, "");
        if (path != null) {
            throw new InputException(source + ": " + (path.isEmpty() ? "the file" : path)
                    + " is null; give a value or leave the key out");
        }
    }

    private static String firstNull(JsonNode node, String at) {
        if (node.isNull()) return at;
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String found = firstNull(e.getValue(), at.isEmpty() ? e.getKey() : at + "." + e.getKey());
                if (found != null) return found;
            }
        } else if (node.isArray()) {
            for (int k = 0; k < node.size(); k++) {
                String found = firstNull(node.get(k), at + "[" + k + "]");
                if (found != null) return found;
            }
        }
        return null;
    }

    /**
     * Binds a tree to a record type.
     *
     * @throws InputException one line naming {@code source} and the field
     */
    public static <T> T bind(JsonMapper mapper, JsonNode tree, Class<T> type, String source) throws InputException {
        try {
            return mapper.treeToValue(tree, type);
        } catch (DatabindException e) {
            throw new InputException(source + ": " + explain((JsonMappingException) e), e);
        } catch (InputCoercionException e) {
            String at = at(e);
            throw new InputException(source + ": " + (at.isEmpty() ? "" : at.substring(0, at.length() - 2)) + outOfRange(e.getOriginalMessage()), e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InputException(source + ": " + firstLine(e.getMessage()), e);
        }
    }

    // ------------------------------------------------------------------ error messages


    /** One line for a mapping problem: the field path, then what is wrong and what is allowed. */
    public static String explain(JsonMappingException e) {
        String path = path(e.getPath());
        return switch (e) {
            case ValueInstantiationException v when v.getCause() instanceof IllegalArgumentException bad ->
                    within(path, v.getType() == null ? null : v.getType().getRawClass(), bad.getMessage());
            case UnrecognizedPropertyException u -> path + ": unknown key; allowed: " + keysOf(u.getReferringClass());
            case InvalidTypeIdException t -> {
                String kinds = kindsOf(t.getBaseType().getRawClass());
                yield t.getTypeId() == null
                        ? dotted(path, "kind") + " is missing; must be one of " + kinds
                        : dotted(path, "kind") + " = \"" + t.getTypeId() + "\": must be one of " + kinds;
            }
            case InvalidNullException n -> path + " is null; expected " + expected(n.getTargetType());
            case InvalidFormatException f -> path + " = " + quoted(f.getValue()) + ": expected " + expected(f.getTargetType());
            case MismatchedInputException m -> mismatch(path.isEmpty() ? "(top level)" : path, m);
            default -> String.valueOf(e.getOriginalMessage()).startsWith("Numeric value (")
                    ? path + outOfRange(e.getOriginalMessage())
                    : (path.isEmpty() ? "" : path + ": ") + firstLine(e.getOriginalMessage());
        };
    }

    /**
     * Jackson's "Numeric value (99999999999) out of range of int (-2147483648 - 2147483647)" as
     * " = 99999999999: too large for an integer (at most 2147483647)".
     */
    private static String outOfRange(String message) {
        Matcher m = OUT_OF_RANGE.matcher(String.valueOf(message));
        if (!m.find()) return ": " + firstLine(message);
        boolean negative = m.group(1).startsWith("-");
        return " = " + m.group(1) + ": too " + (negative ? "small" : "large") + " for an integer ("
                + (negative ? "at least " + m.group(2) : "at most " + m.group(3)) + ")";
    }

    private static final Pattern OUT_OF_RANGE =
            Pattern.compile("^Numeric value \\(([^)]*)\\) out of range of \\w+ \\((-?\\d+) - (-?\\d+)\\)");

    /**
     * A record's own message at the record's path: "arms[1]" and "name is missing" give
     * "arms[1].name is missing" when the message starts with one of the record's fields (the
     * records name the field and range: "radius = -1.0: must be > 0 and finite"), else
     * "arms[1]: " and the message.
     */
    private static String within(String path, Class<?> record, String message) {
        if (path.isEmpty()) return message;
        boolean field = record != null && record.isRecord() && Arrays.stream(record.getRecordComponents())
                .map(RecordComponent::getName)
                .anyMatch(name -> message.startsWith(name)
                        && (message.length() == name.length() || !Character.isJavaIdentifierPart(message.charAt(name.length()))));
        return path + (field ? "." : ": ") + message;
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
        if (record.getRecordComponents().length == 0) return "none but \"kind\"";
        return Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName)
                .filter(name -> !(record == io.flocktune.sim.Preset.class && name.equals("customRules")))   // Java only
                .collect(Collectors.joining(", "));
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
        for (Method m : type.getDeclaredMethods()) {   // a record that also reads from one value
            JsonCreator creator = m.getAnnotation(JsonCreator.class);
            if (creator != null && creator.mode() == JsonCreator.Mode.DELEGATING && m.getParameterCount() == 1) {
                return expected(m.getParameterTypes()[0]) + " or an object with keys " + keysOf(type);
            }
        }
        return "an object";
    }

    static String describe(JsonNode node) {
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

    static String firstLine(String message) {
        if (message == null) return "(no details)";
        int newline = message.indexOf('\n');
        String line = (newline < 0 ? message : message.substring(0, newline)).strip();
        // Jackson's "(start marker at [Source: REDACTED ...; line: 1, column: 1])" names no file a user knows
        return SOURCE_MARKER.matcher(line).replaceAll("(opened at line $1, column $2)");
    }

    private static final Pattern SOURCE_MARKER =
            Pattern.compile("\\(start marker at \\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]\\)");

    static String lowerCase(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }
}
