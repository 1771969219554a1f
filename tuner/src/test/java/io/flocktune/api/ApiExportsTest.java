package io.flocktune.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Exports}, through the API only. */
class ApiExportsTest {

    @Test
    void exportListsWhatTheFormatCannotRepresentAndWritesTheFiles(@TempDir Path dir) throws Exception {
        assertEquals(List.of("json", "web", "python", "unity", "cpp", "seed-python", "seed-unity", "seed-cpp"), Exports.formats());
        Exports.Result cpp = Exports.of(FlockPreset.load("reynolds"), "seed-cpp");
        assertEquals(7, cpp.unrepresented().size(), cpp.unrepresented().toString());
        assertTrue(cpp.unrepresented().contains("world.boundary.kind: wrap (periodic world of side 100.0): "
                + "seed 003's program flies in open space"), cpp.unrepresented().toString());
        assertEquals(cpp, Exports.of("reynolds", "seed-cpp"));
        List<Path> written = cpp.write(dir.resolve("cpp"));
        assertEquals(List.of(dir.resolve("cpp").resolve("flocktune_config.hpp"), dir.resolve("cpp").resolve("seed003_step.cpp")), written);
        assertEquals(cpp.files().get("flocktune_config.hpp"), Files.readString(written.getFirst()));
        assertThrows(UnsupportedOperationException.class, () -> cpp.files().clear());

        Exports.Result json = Exports.of(FlockPreset.load("reynolds").with("boids.count", 60), "json");
        assertTrue(json.unrepresented().isEmpty(), json.unrepresented().toString());
        assertEquals("--to svg: unknown format; formats: json, web, python, unity, cpp, seed-python, seed-unity, seed-cpp, all",
                assertThrows(Exception.class, () -> Exports.of("reynolds", "svg")).getMessage());
    }
}
