package io.flocktune.tuner.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link AtomicDirectory}: files in sub-folders, into a new or an existing directory, and what it refuses. */
class AtomicDirectoryTest {
    static Map<String, byte[]> files(String... namesAndContents) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int k = 0; k < namesAndContents.length; k += 2) {
            files.put(namesAndContents[k], namesAndContents[k + 1].getBytes(StandardCharsets.UTF_8));
        }
        return files;
    }

    @Test
    void subFoldersAreCreatedInANewAndInAnExistingDirectory(@TempDir Path dir) throws Exception {
        Path fresh = dir.resolve("a/b/out");
        AtomicDirectory.write(fresh, files("top.txt", "1", "Runtime/Engine.cs", "2", "Samples~/Demo/Demo.cs", "3"));
        assertEquals("1", Files.readString(fresh.resolve("top.txt")));
        assertEquals("2", Files.readString(fresh.resolve("Runtime/Engine.cs")));
        assertEquals("3", Files.readString(fresh.resolve("Samples~/Demo/Demo.cs")));

        Path existing = Files.createDirectories(dir.resolve("existing/Runtime"));
        Files.writeString(existing.resolve("Mine.cs"), "mine");
        AtomicDirectory.write(existing.getParent(), files("Runtime/Engine.cs", "new", "python/flocktune/__init__.py", "4"));
        assertEquals("mine", Files.readString(existing.resolve("Mine.cs")));
        assertEquals("new", Files.readString(existing.resolve("Engine.cs")));
        assertEquals("4", Files.readString(dir.resolve("existing/python/flocktune/__init__.py")));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("a", "existing"), left.map(p -> p.getFileName().toString()).sorted().toList(), "no staging left");
        }
    }

    @Test
    void pathsLeavingTheDirectoryOrHiddenAreRefusedBeforeAnythingIsWritten(@TempDir Path dir) {
        for (String bad : List.of("../up.txt", "a/../../b", ".hidden", "a/.git/x", "/abs", "a//b", "a\\b", "", "a/")) {
            assertThrows(IllegalArgumentException.class, () -> AtomicDirectory.write(dir.resolve("out"), files("ok.txt", "1", bad, "2")), bad);
        }
        assertTrue(Files.notExists(dir.resolve("out")));
    }

    @Test
    void anUnwritableTargetIsNamed(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertEquals(file + ": is a file; expected a directory",
                assertThrows(InputException.class, () -> AtomicDirectory.requireWritable(file)).getMessage());
        assertEquals(file.resolve("sub") + ": cannot write: " + file + " is a file, not a directory",
                assertThrows(InputException.class, () -> AtomicDirectory.requireWritable(file.resolve("sub"))).getMessage());
        assertEquals(dir.resolve("new/sub").toAbsolutePath(), AtomicDirectory.requireWritable(dir.resolve("new/sub")));
    }
}
