package io.flocktune.tuner.io;

import io.flocktune.sim.Presets;
import io.flocktune.tuner.compare.ComparisonJson;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.robustness.ScenarioGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The one JSON layer, through every file format it reads (preset, experiment, comparison,
 * robustness grid): the same text rules (byte order mark, CRLF), the same nesting and number
 * limits, and every parser problem as one line naming the file and the field, in flocktune's
 * words rather than the parser's.
 */
class StrictJsonTest {

    /** Reads a file of one format; the message of its InputException is what the user sees. */
    @FunctionalInterface
    interface Reader {
        Object read(Path file) throws InputException;
    }

    static final String PRESET = PresetJson.write(Presets.get("reynolds"));

    static final String EXPERIMENT = """
            {
              "format": "flocktune-experiment/1",
              "name": "small",
              "base": "reynolds",
              "parameters": [{"path": "separation.weight", "range": [0, 2]}],
              "objectives": ["polarization"],
              "scenario": {"boids": 20, "steps": 40},
              "ga": {"population": 6},
              "stop": {"generations": 1},
              "seed": 7
            }
            """;

    static final String COMPARISON = """
            {
              "format": "flocktune-comparison/1",
              "name": "tiny",
              "arms": [
                {"name": "a", "preset": "reynolds"},
                {"name": "b", "preset": "reynolds", "set": {"alignment.weight": 0}}
              ],
              "objectives": ["polarization"],
              "scenario": {"boids": 20, "steps": 40, "warmup": 10},
              "replicates": 5,
              "seed": 3
            }
            """;

    static final String GRID = """
            {
              "format": "flocktune-scenarios/1",
              "factors": [
                {"name": "flock size", "path": "boids.count", "multipliers": [0.5, 1, 2]},
                {"name": "predators", "path": "predators.count", "values": [0, 1]}
              ]
            }
            """;

    /** Each format: its reader and a valid file. */
    static final Map<String, Map.Entry<Reader, String>> FORMATS = new LinkedHashMap<>();

    static {
        FORMATS.put("preset", Map.entry(PresetJson::read, PRESET));
        FORMATS.put("experiment", Map.entry(ExperimentJson::read, EXPERIMENT));
        FORMATS.put("comparison", Map.entry(ComparisonJson::read, COMPARISON));
        FORMATS.put("grid", Map.entry(ScenarioGrid::read, GRID));
    }

    private static String refused(String format, String text, Path dir) throws Exception {
        Path file = dir.resolve(format + ".json");
        Files.writeString(file, text);
        InputException e = assertThrows(InputException.class, () -> FORMATS.get(format).getKey().read(file), format);
        String message = e.getMessage();
        assertTrue(message.startsWith(file + ": "), message);
        assertFalse(message.contains("\n"), message);
        for (String jackson : List.of("StreamReadConstraints", "getMax", "com.fasterxml", "out of range of int", "Numeric value",
                "Cannot deserialize", "`")) {
            assertFalse(message.contains(jackson), format + ": parser wording in \"" + message + "\"");
        }
        return message;
    }

    @ParameterizedTest
    @ValueSource(strings = {"preset", "experiment", "comparison", "grid"})
    void everyFormatAcceptsAByteOrderMarkAndWindowsLineEnds(String format, @TempDir Path dir) throws Exception {
        Path file = dir.resolve(format + ".json");
        Files.writeString(file, "\uFEFF" + FORMATS.get(format).getValue().replace("\n", "\r\n"));
        assertNotNull(FORMATS.get(format).getKey().read(file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"preset", "experiment", "comparison", "grid"})
    void everyFormatRefusesTextThatIsNotUtf8WithTheOffset(String format, @TempDir Path dir) throws Exception {
        Path file = dir.resolve(format + ".json");
        byte[] text = FORMATS.get(format).getValue().replaceFirst("\\{", "{\"x\": \"\u00e9\",").getBytes(StandardCharsets.UTF_8);
        int at = indexOf(text, (byte) 0xC3);
        byte[] latin1 = new byte[text.length - 1];   // é as the single ISO-8859-1 byte 0xE9
        System.arraycopy(text, 0, latin1, 0, at);
        latin1[at] = (byte) 0xE9;
        System.arraycopy(text, at + 2, latin1, at + 1, text.length - at - 2);
        Files.write(file, latin1);
        InputException e = assertThrows(InputException.class, () -> FORMATS.get(format).getKey().read(file));
        assertEquals(file + ": not UTF-8 text (invalid byte at offset " + at + "); save it as UTF-8", e.getMessage());
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int k = 0; k < bytes.length; k++) if (bytes[k] == b) return k;
        throw new AssertionError("no byte " + b);
    }

    @Test
    void theNestingLimitIsExactlyMaxDepthLevels() throws InputException {
        var mapper = StrictJson.builder().build();
        String deepest = "[".repeat(StrictJson.MAX_DEPTH) + "]".repeat(StrictJson.MAX_DEPTH);
        assertNotNull(StrictJson.readTree(mapper, deepest, "ok.json"));
        String deeper = "[" + deepest + "]";
        InputException e = assertThrows(InputException.class, () -> StrictJson.readTree(mapper, deeper, "deep.json"));
        assertTrue(e.getMessage().startsWith("deep.json: line 1, column "), e.getMessage());
        assertTrue(e.getMessage().endsWith(": malformed JSON: nested deeper than " + StrictJson.MAX_DEPTH + " levels"), e.getMessage());
    }

    @Test
    void theNumberLimitIsExactlyMaxNumberLengthDigits() throws InputException {
        var mapper = StrictJson.builder().build();
        String longest = "{\"n\": -1." + "1".repeat(StrictJson.MAX_NUMBER_LENGTH - 1) + "}";   // sign and point aside
        assertNotNull(StrictJson.readTree(mapper, longest, "ok.json"));
        InputException e = assertThrows(InputException.class,
                () -> StrictJson.readTree(mapper, longest.replace("1.", "1.1"), "long.json"));   // one digit more
        assertTrue(e.getMessage().startsWith("long.json: line 1, column "), e.getMessage());
        assertTrue(e.getMessage().endsWith(": malformed JSON: n: a number of " + (StrictJson.MAX_NUMBER_LENGTH + 1)
                + " digits; at most " + StrictJson.MAX_NUMBER_LENGTH), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"preset", "experiment", "comparison", "grid"})
    void everyFormatRefusesNestingBeyondTheOneLimit(String format, @TempDir Path dir) throws Exception {
        String deep = "{\"a\": ".repeat(StrictJson.MAX_DEPTH + 1) + "1" + "}".repeat(StrictJson.MAX_DEPTH + 1);
        String text = FORMATS.get(format).getValue().replaceFirst("\\{", "{\"deep\": " + deep + ",");
        String message = refused(format, text, dir);
        assertTrue(message.contains("malformed JSON: nested deeper than " + StrictJson.MAX_DEPTH + " levels"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"preset", "experiment", "comparison", "grid"})
    void everyFormatRefusesAnOverLongNumberInItsOwnWords(String format, @TempDir Path dir) throws Exception {
        String text = FORMATS.get(format).getValue().replaceFirst("\\{", "{\"long\": 1" + "0".repeat(10_000) + ",");
        String message = refused(format, text, dir);
        assertTrue(message.contains("malformed JSON: long: a number of 10001 digits; at most "
                + StrictJson.MAX_NUMBER_LENGTH), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"preset", "experiment", "comparison", "grid"})
    void everyFormatNamesTheFieldOfADuplicateKey(String format, @TempDir Path dir) throws Exception {
        String text = FORMATS.get(format).getValue().replaceFirst("\\{", "{\"twice\": 1, \"twice\": 2,");
        String message = refused(format, text, dir);
        assertTrue(message.contains("malformed JSON: twice: duplicate key"), message);
    }

    @Test
    void aComparisonArmNamesTheFieldOfAnUnknownOrDuplicateKey(@TempDir Path dir) throws Exception {
        String unknown = COMPARISON.replace("{\"name\": \"b\",", "{\"name\": \"b\", \"colour\": 1,");
        assertTrue(refused("comparison", unknown, dir).endsWith(": arms[1].colour: unknown key; allowed: name, preset, tune,"
                + " source, set, separation, alignment, cohesion, neighbourhood, motion"), unknown);
        String twice = COMPARISON.replace("{\"name\": \"b\",", "{\"name\": \"b\", \"name\": \"c\",");
        assertTrue(refused("comparison", twice, dir).contains("malformed JSON: arms[1].name: duplicate key"));
    }

    @Test
    void aGridFactorNamesTheFieldOfAnUnknownOrDuplicateKey(@TempDir Path dir) throws Exception {
        String unknown = GRID.replace("{\"name\": \"predators\",", "{\"name\": \"predators\", \"colour\": 1,");
        String message = refused("grid", unknown, dir);
        assertTrue(message.endsWith(": factors[1].colour: unknown key; allowed: name, path, multipliers, values, alsoScale"), message);
        String twice = GRID.replace("{\"name\": \"predators\",", "{\"name\": \"predators\", \"path\": \"x\",");
        message = refused("grid", twice, dir);
        assertTrue(message.contains("malformed JSON: factors[1].path: duplicate key"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"bootstrap\": 99999999999", "\"scenario\": {\"boids\": 20, \"steps\": 1e300, \"warmup\": 10}"})
    void aComparisonNumberOutsideItsTypeIsOneLineInFlocktunesWords(String field, @TempDir Path dir) throws Exception {
        String key = field.substring(1, field.indexOf('"', 1));
        String text = COMPARISON.replaceFirst("\"" + key + "\": [^\\n]*\\n", field + ",\n");
        if (!text.contains(field)) text = COMPARISON.replace("\"seed\": 3", "\"seed\": 3, " + field);
        String message = refused("comparison", text, dir);
        assertTrue(message.contains(key.equals("bootstrap") ? "bootstrap = 99999999999: " : "scenario.steps"), message);
    }

    @Test
    void anExperimentNumberOutsideItsTypeIsOneLineInFlocktunesWords(@TempDir Path dir) throws Exception {
        String message = refused("experiment", EXPERIMENT.replace("\"population\": 6", "\"population\": 99999999999"), dir);
        assertTrue(message.endsWith(": ga.population = 99999999999: too large for an integer (at most 2147483647)"), message);
    }

    @Test
    void aGridMultiplierOfAnyFiniteSizeIsAcceptedAsAValue(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("grid.json");
        Files.writeString(file, GRID.replace("[0.5, 1, 2]", "[0.5, 1e300]"));
        assertEquals(1e300, ScenarioGrid.read(file).factors().getFirst().multipliers().get(1));
        String message = refused("grid", GRID.replace("[0.5, 1, 2]", "[0.5, 1e400]"), dir);
        assertTrue(message.endsWith(": factors[0].multipliers: Infinity: must be finite and > 0"), message);
    }

    @Test
    void aNullIsRefusedWithItsPathInEveryFormat(@TempDir Path dir) throws Exception {
        for (String format : FORMATS.keySet()) {
            String text = FORMATS.get(format).getValue().replaceFirst("\"name\": \"[^\"]*\"", "\"name\": null");
            String message = refused(format, text, dir);
            assertTrue(message.contains("name is null"), message);
        }
    }
}
