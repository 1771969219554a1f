package io.flocktune.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link FlockPreset}, through the API only. */
class ApiPresetTest {

    @Test
    void withOverridesAsSetDoesAndTheJsonReadsBackBitForBit(@TempDir Path dir) throws Exception {
        FlockPreset base = FlockPreset.load("reynolds");
        FlockPreset tuned = base.with("separation.weight", 2.0).with("boids.count", 77);
        assertEquals(FlockPreset.load("reynolds", List.of("separation.weight=2.0", "boids.count=77")), tuned);
        assertEquals(List.of("separation.weight=2.0", "boids.count=77"), tuned.overrides());
        assertNotEquals(base, tuned);
        assertTrue(tuned.toJson().contains("\"count\": 77"), tuned.toJson());

        assertEquals(tuned, FlockPreset.fromJson(tuned.toJson()));
        assertEquals(tuned.toJson(), FlockPreset.fromJson(tuned.toJson()).toJson());
        Path file = Files.writeString(dir.resolve("tuned.json"), tuned.toJson());
        assertEquals(tuned, FlockPreset.read(file));
        assertEquals(tuned, FlockPreset.load(file.toString()));
        assertEquals(tuned.with("update", "sequential"), FlockPreset.read(file).withOverrides("update=sequential"));
        assertTrue(FlockPreset.builtIns().contains("reynolds"));
        assertThrows(UnsupportedOperationException.class, () -> tuned.overrides().add("x=1"));
    }

    @Test
    void errorsAreTheSetAndPresetMessages() {
        FlockPreset reynolds = assertDoesNotThrow(() -> FlockPreset.load("reynolds"));
        Exception unknown = assertThrows(Exception.class, () -> reynolds.with("separation.wieght", 2.0));
        assertEquals("--set separation.wieght=2.0: no key \"wieght\" in separation; keys there: kind, radius, weight",
                unknown.getMessage());
        Exception range = assertThrows(Exception.class, () -> reynolds.with("boids.count", 0));
        assertTrue(range.getMessage().startsWith("reynolds with --set boids.count=0: boids.count = 0: must be in"), range.getMessage());
        Exception name = assertThrows(Exception.class, () -> FlockPreset.load("no-such-preset"));
        assertTrue(name.getMessage().startsWith("--preset no-such-preset: no built-in preset and no file of that name; built-in: "),
                name.getMessage());
        Exception json = assertThrows(Exception.class, () -> FlockPreset.fromJson("{\"format\": 1"));
        assertTrue(json.getMessage().startsWith("preset JSON: "), json.getMessage());
    }

    private static <T> T assertDoesNotThrow(org.junit.jupiter.api.function.ThrowingSupplier<T> s) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(s);
    }
}
