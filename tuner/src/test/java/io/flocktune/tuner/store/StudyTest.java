package io.flocktune.tuner.store;

import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** The lifecycle of a study's directory: checked, created with its input, locked, resumed, finished. */
class StudyTest {
    private static final Study.Kind KIND = new Study.Kind("compare", "comparison", "comparison.json", "COMPARISON");
    private static final byte[] INPUT = "{}\n".getBytes(StandardCharsets.UTF_8);

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aNewStudyGoesIntoAMissingOrEmptyDirectoryOnly(@TempDir Path tmp) throws Exception {
        Study.checkNew(tmp.resolve("missing/deeper"), KIND, true);
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        Files.writeString(empty.resolve(Study.LOCK), "");
        Files.writeString(empty.resolve(".replicates.csv.1234.tmp"), "half");
        Study.checkNew(empty, KIND, true);   // a lock file and a killed write's temporary count as empty

        Files.writeString(empty.resolve("replicates.csv"), "arm\n");
        InputException full = assertThrows(InputException.class, () -> Study.checkNew(empty, KIND, true));
        assertEquals(empty + ": exists and is not empty; continue it with --resume " + empty + " or choose another --out", full.getMessage());
        InputException once = assertThrows(InputException.class, () -> Study.checkNew(empty, KIND, false));
        assertEquals(empty + ": exists and is not empty; choose another --out", once.getMessage());

        Path file = Files.writeString(tmp.resolve("file"), "");
        assertTrue(assertThrows(InputException.class, () -> Study.checkNew(file, KIND, true)).getMessage().contains("is not a directory"));
        assertTrue(assertThrows(InputException.class, () -> Study.checkNew(file.resolve("under"), KIND, true)).getMessage().contains("is a file"));
        String tooLong = "n".repeat(Study.NAME_BYTES + 1);
        assertTrue(assertThrows(InputException.class, () -> Study.checkNew(tmp.resolve(tooLong), KIND, true)).getMessage()
                .contains("at most 255 bytes"));
        assertEquals(List.of("empty", "file"), names(tmp), "checks write nothing");
    }

    @Test
    void aNameFitsAFileNameWithItsSuffix() throws Exception {
        Study.checkName("arms[0].name", "a".repeat(250), ".json");
        InputException e = assertThrows(InputException.class, () -> Study.checkName("arms[0].name", "a".repeat(251), ".json"));
        assertTrue(e.getMessage().startsWith("arms[0].name: \"aaaa"), e.getMessage());
        assertTrue(e.getMessage().endsWith("is 251 bytes long; a name used as a file name must be at most 250 bytes (UTF-8)"), e.getMessage());
        // bytes, not characters: "é" is two bytes of UTF-8, 128 of them 256 bytes
        assertThrows(InputException.class, () -> Study.checkName("name", "é".repeat(128), ""));
    }

    @Test
    void createWritesTheInputLocksAndAnotherStudyIsRefusedUntilClosed(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("c");
        try (Study study = Study.create(dir, KIND, INPUT, true)) {
            assertArrayEquals(INPUT, Files.readAllBytes(dir.resolve("comparison.json")));
            assertTrue(Study.held(dir));
            InputException busy = assertThrows(InputException.class, () -> Study.resume(dir, KIND));
            assertEquals(dir + ": another flocktune compare is working in this directory; wait until it ends or choose another --out",
                    busy.getMessage());
            assertEquals(busy.getMessage(), assertThrows(InputException.class, () -> Study.checkNew(dir, KIND, true)).getMessage());
            assertFalse(study.finished());
            study.write("arms/a.json", "{}");
            study.finish();
            assertTrue(Study.finished(dir));
        }
        assertFalse(Study.held(dir));
        try (Study again = Study.resume(dir, KIND)) {
            again.unfinish();
            assertFalse(again.finished());
        }
        assertEquals(List.of(Study.LOCK, "arms", "comparison.json"), names(dir));
    }

    @Test
    void createIntoAnEmptyDirectoryRemovesAKilledWritesTemporaries(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve(".comparison.json.99.tmp"), "half");
        try (Study study = Study.create(tmp, KIND, Map.of("comparison.json", INPUT), true)) {
            assertEquals(List.of(Study.LOCK, "comparison.json"), names(tmp));
        }
    }

    @Test
    void resumeRefusesWhatIsNotSuchAStudyAndSaysHowToStartOneThatWasStoppedEarly(@TempDir Path tmp) throws Exception {
        assertEquals(tmp.resolve("none") + ": not a comparison directory (no such directory)",
                assertThrows(InputException.class, () -> Study.resume(tmp.resolve("none"), KIND)).getMessage());
        Path other = Files.createDirectory(tmp.resolve("other"));
        Files.writeString(other.resolve("notes.txt"), "");
        assertEquals(other + ": not a comparison directory (no comparison.json)",
                assertThrows(InputException.class, () -> Study.resume(other, KIND)).getMessage());
        assertEquals(List.of("notes.txt"), names(other), "left untouched");

        Path stopped = Files.createDirectory(tmp.resolve("stopped"));
        Files.writeString(stopped.resolve(".comparison.json.1.tmp"), "half");
        assertEquals(stopped + ": not a comparison directory (no comparison.json); the comparison was stopped before its "
                        + "comparison.json was written: start it again with ./flocktune compare COMPARISON --out " + stopped,
                assertThrows(InputException.class, () -> Study.resume(stopped, KIND)).getMessage());
        assertEquals(List.of(Study.LOCK), names(stopped), "its temporaries removed");
    }

    @Test
    void discardRemovesWhatTheStartWroteAndTheDirectoryItMade(@TempDir Path tmp) throws Exception {
        Path made = tmp.resolve("made");
        try (Study study = Study.create(made, KIND, INPUT, true)) {
            study.write("replicates.csv", "arm\n");
            study.discard();
        }
        assertFalse(Files.exists(made));
        Path given = Files.createDirectory(tmp.resolve("given"));
        try (Study study = Study.create(given, KIND, INPUT, true)) {
            study.discard();
        }
        assertEquals(List.of(), names(given), "a directory it was given stays, empty");
    }

    @Test
    void aStudyWrittenWholeAppearsWithEveryFileOrNotAtAll(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("r");
        InputException failed = assertThrows(InputException.class, () -> Study.writeWhole(out, KIND, staging -> {
            Files.writeString(staging.resolve("comparison.json"), "{}");
            throw new InputException("chart: cannot draw");
        }));
        assertEquals("chart: cannot draw", failed.getMessage());
        assertEquals(List.of(), names(tmp), "nothing, not even the staging directory");

        Study.writeWhole(out, KIND, staging -> {
            try {
                Files.writeString(staging.resolve("comparison.json"), "{}");
                Files.createDirectories(staging.resolve("charts"));
                Files.writeString(staging.resolve("charts/a.svg"), "<svg/>");
            } catch (java.io.IOException e) {
                throw new InputException(e.getMessage(), e);
            }
        });
        assertEquals(List.of("charts", "comparison.json"), names(out));
        assertEquals(List.of("r"), names(tmp));

        Path empty = Files.createDirectory(tmp.resolve("empty"));
        Study.writeWhole(empty, KIND, staging -> {
            try {
                Files.writeString(staging.resolve("comparison.json"), "{}");
            } catch (java.io.IOException e) {
                throw new InputException(e.getMessage(), e);
            }
        });
        assertEquals(List.of("comparison.json"), names(empty));
        assertThrows(InputException.class, () -> Study.writeWhole(empty, KIND, staging -> {}), "not empty any more");
    }
}
