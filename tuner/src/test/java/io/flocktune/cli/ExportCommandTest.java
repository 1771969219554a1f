package io.flocktune.cli;

import io.flocktune.cli.MainTest.Result;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.export.Exporters;
import io.flocktune.tuner.export.PresetSchema;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of {@code flocktune export}, run in-process through {@link Main#run}. */
class ExportCommandTest {

    /** A run directory as {@code tune} leaves it: the default experiment and a tuned best preset. */
    static Path run(Path dir) throws IOException, InputException {
        Path run = dir.resolve("run");
        Files.createDirectories(run.resolve("best"));
        Files.writeString(run.resolve("experiment.json"), ok("experiments", "show", "default").out());
        Preset best = PresetJson.resolve("reynolds", List.of("predators.count=1", "separation.weight=2.25",
                "alignment.weight=0.75", "neighbourhood.radius=7.5", "name=default-best"));
        Files.writeString(run.resolve("best").resolve("best.json"), PresetJson.write(best));
        return run;
    }

    static Stream<String> builtIns() {
        return Presets.all().keySet().stream();
    }

    /** export json → load → the same run bit for bit, for every built-in (noise, predators and captures included). */
    @ParameterizedTest
    @MethodSource("builtIns")
    void aJsonExportLoadsBackAsTheSameRunBitForBit(String name, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("json");
        Result result = ok("export", name, "--to", "json", "--out", out.toString());
        assertEquals(List.of(out.resolve(name + ".json").toString(), out.resolve(PresetSchema.FILE).toString()),
                result.out().lines().toList());
        Path exported = out.resolve(name + ".json");
        assertEquals(Presets.get(name), PresetJson.read(exported));
        Path byName = dir.resolve("by-name.csv"), byExport = dir.resolve("by-export.csv");
        // a peer-model preset has no noise section (its own rules replace it): run it as it is
        List<String> noise = Presets.get(name) instanceof Preset.Peer ? List.of() : List.of("--set", "noise.strength=0.05");
        List<String> byNameArgs = new ArrayList<>(List.of("simulate", "--preset", name));
        byNameArgs.addAll(noise);
        byNameArgs.addAll(List.of("--seed", "4", "--steps", "20", "--trace", byName.toString()));
        ok(byNameArgs.toArray(String[]::new));
        List<String> byExportArgs = new ArrayList<>(List.of("simulate", "--preset", exported.toString()));
        byExportArgs.addAll(noise);
        byExportArgs.addAll(List.of("--seed", "4", "--steps", "20", "--trace", byExport.toString()));
        ok(byExportArgs.toArray(String[]::new));
        assertArrayEquals(Files.readAllBytes(byName), Files.readAllBytes(byExport));
        assertEquals(PresetSchema.write(), Files.readString(out.resolve(PresetSchema.FILE)));
    }

    @Test
    void aRunDirectoryExportsItsBestPresetWithTheTunedParametersMarked(@TempDir Path dir) throws Exception {
        Path run = run(dir);
        Result result = flocktune("export", run.toString(), "--to", "seed-python");
        assertEquals(4, result.exit(), result.err());
        Path folder = run.resolve("export").resolve("seed-python");
        Path module = folder.resolve("flocktune_preset.py");
        assertEquals(List.of(module.toString(), folder.resolve("seed000_step.py").toString(), folder.resolve("seed002_step.py").toString()),
                result.out().lines().toList());
        String text = Files.readString(module);
        assertTrue(text.contains("Tuned by flocktune: separation.weight, separation.radius, alignment.weight, cohesion.weight, "
                + "neighbourhood.radius, predators.fleeWeight."), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("SEPARATION = 112.5 ") && l.contains("# separation.weight * 50")
                && l.endsWith("(tuned)")), text);   // 2.25 · 50
        assertTrue(text.lines().anyMatch(l -> l.startsWith("BOIDS_N = ") && !l.endsWith("(tuned)")), text);
        assertTrue(text.contains("from " + run.resolve("best").resolve("best.json")), text);
    }

    /** The default experiment's kind of best preset (reynolds with a predator) exports everywhere; the seed front ends list their differences. */
    @Test
    void aDefaultRunExportsToEveryFormat(@TempDir Path dir) throws Exception {
        Path run = run(dir);
        assertEquals(0, flocktune("export", run.toString(), "--to", "json").exit());
        Result web = flocktune("export", run.toString(), "--to", "web");
        assertEquals(0, web.exit(), web.err());
        Path page = run.resolve("export").resolve("web").resolve("default-best.html");
        assertEquals(List.of(page.toString()), web.out().lines().toList());
        String html = Files.readString(page);
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("\"replay\":null"), "a live page");
        assertTrue(html.contains("\"tuned\":[\"separation.weight\",\"separation.radius\",\"alignment.weight\","), "tuned first");
        assertEquals(0, flocktune("export", run.toString(), "--to", "python").exit());
        assertEquals(0, flocktune("export", run.toString(), "--to", "unity").exit());
        assertEquals(0, flocktune("export", run.toString(), "--to", "cpp").exit());
        for (var format : List.of(List.of("seed-python", "6"), List.of("seed-unity", "7"), List.of("seed-cpp", "8"))) {
            Result result = flocktune("export", run.toString(), "--to", format.get(0));
            assertEquals(4, result.exit(), result.err());
            assertEquals(Integer.parseInt(format.get(1)), result.errLines().size(), result.err());
        }
    }

    @Test
    void unrepresentedParametersArePrintedOnePerLineWithExitCode4(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("seed-cpp");
        Result result = flocktune("export", "reynolds", "--to", "seed-cpp", "--out", out.toString());
        assertEquals(4, result.exit());
        assertTrue(Files.isRegularFile(out.resolve("flocktune_config.hpp")));
        List<String> lines = result.errLines();
        assertEquals(7, lines.size(), result.err());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("not represented in seed-cpp: ")), result.err());
        assertTrue(lines.contains("not represented in seed-cpp: world.boundary.kind: wrap (periodic world of side 100.0): "
                + "seed 003's program flies in open space"), result.err());
        assertTrue(Files.readString(out.resolve("flocktune_config.hpp")).contains("//   - world.boundary.kind: wrap"));
    }

    @Test
    void strictFailsWithOneLineAndWritesNothing(@TempDir Path dir) {
        Path out = dir.resolve("seed-unity");
        Result result = flocktune("export", "reynolds", "--to", "seed-unity", "--out", out.toString(), "--strict");
        assertEquals(2, result.exit());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith("flocktune: --strict: seed-unity cannot represent 6 parameter(s) of reynolds: update: "), result.err());
        assertFalse(Files.exists(out));
        assertEquals("", result.out());
        assertEquals(0, ok("export", "seed004", "--to", "seed-unity", "--out", out.toString(), "--strict").exit());
        assertTrue(Files.isRegularFile(out.resolve("FlocktuneBoidsSettings.cs")));
    }

    @Test
    void defaultOutputDirectories(@TempDir Path dir) throws Exception {
        Path run = run(dir);
        ok("export", run.toString(), "--to", "json");
        assertEquals(PresetJson.read(run.resolve("best").resolve("best.json")),
                PresetJson.read(run.resolve("export").resolve("json").resolve("default-best.json")));
    }

    @Test
    void anExistingDirectoryKeepsItsOtherFilesAndGetsTheNewOnes(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        Files.writeString(out.resolve("seed003.json"), "old");
        ok("export", "seed003", "--to", "json", "--out", out.toString());
        assertEquals("mine", Files.readString(out.resolve("notes.txt")));
        assertEquals(Presets.rules("seed003"), PresetJson.read(out.resolve("seed003.json")));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "no staging directory left");
        }
    }

    /** {@code --to all}: every engine format in the sub-folder named after it (not the seeds' programs), one JVM start, exit 0. */
    @Test
    void toAllWritesEveryFormatIntoItsSubFolder(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("all");
        Result result = flocktune("export", "reynolds", "--to", "all", "--out", out.toString());
        List<String> written = result.out().lines().toList();
        for (var exporter : Exporters.all().values()) {
            String format = exporter.format();
            if (exporter.seedProgram()) {
                assertFalse(Files.exists(out.resolve(format)), format + " is a seed's program, not in --to all");
                continue;
            }
            Result single = flocktune("export", "reynolds", "--to", format, "--out", dir.resolve("single-" + format).toString());
            List<String> files = single.out().lines().map(f -> out.resolve(format).resolve(dir.resolve("single-" + format).relativize(Path.of(f))).toString()).toList();
            assertTrue(written.containsAll(files), format + ": " + files + " in " + written);
            for (String file : files) {
                assertEquals(Files.readString(dir.resolve("single-" + format).resolve(out.resolve(format).relativize(Path.of(file)))),
                        Files.readString(Path.of(file)), file);
            }
            for (String line : single.errLines()) assertTrue(result.errLines().contains(line), line);
        }
        assertEquals(0, result.exit(), result.err());
        assertEquals(List.of(), result.errLines());
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith(".")), "no staging directory left");
        }
        Path run = run(dir);
        Result fromRun = flocktune("export", run.toString(), "--to", "all");
        assertTrue(Files.isRegularFile(run.resolve("export").resolve("json").resolve("default-best.json")), fromRun.out());
    }

    /** {@code --to all} refuses an unwritable {@code --out} before exporting anything, and a strict failure writes nothing. */
    @Test
    void toAllWritesEverythingOrNothing(@TempDir Path dir) throws Exception {
        Path blocker = Files.writeString(dir.resolve("a-file"), "x");
        Result unwritable = flocktune("export", "reynolds", "--to", "all", "--out", blocker.resolve("out").toString());
        assertEquals(2, unwritable.exit(), unwritable.err());
        assertEquals(List.of("flocktune: " + blocker.resolve("out") + ": cannot write: " + blocker.toAbsolutePath()
                + " is a file, not a directory"), unwritable.errLines());
        String peer = Presets.all().values().stream().filter(p -> p instanceof Preset.Peer).findFirst().orElseThrow().name();
        Result strict = flocktune("export", peer, "--to", "all", "--out", dir.resolve("out").toString(), "--strict");
        assertEquals(2, strict.exit(), strict.err());
        assertEquals(1, strict.errLines().size(), strict.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(blocker), files.toList());
        }
        assertEquals("", unwritable.out() + strict.out());
    }

    /** A peer model runs only in json and web: another format exits 4 with one line and writes nothing; --to all writes json and web. */
    @Test
    void aPeerPresetGoesToJsonAndWebOnly(@TempDir Path dir) throws Exception {
        String peer = Presets.all().values().stream().filter(p -> p instanceof Preset.Peer).findFirst().orElseThrow().name();
        Path out = dir.resolve("seed");
        Result seed = flocktune("export", peer, "--to", "seed-python", "--out", out.toString());
        assertEquals(4, seed.exit(), seed.err());
        assertEquals(1, seed.errLines().size(), seed.err());
        assertTrue(seed.err().startsWith("not represented in seed-python: peer: preset " + peer + " runs the peer model "), seed.err());
        assertFalse(Files.exists(out));
        Result all = flocktune("export", peer, "--to", "all", "--out", dir.resolve("all").toString());
        assertEquals(4, all.exit(), all.err());
        assertTrue(Files.isDirectory(dir.resolve("all").resolve("json")) && Files.isDirectory(dir.resolve("all").resolve("web")), all.out());
        for (var exporter : Exporters.all().values()) {
            String format = exporter.format();
            if (format.equals("json") || format.equals("web") || exporter.seedProgram()) continue;
            assertEquals(1, all.errLines().stream().filter(l -> l.startsWith("not represented in " + format + ": peer: preset " + peer)).count(),
                    all.err());
            assertFalse(Files.exists(dir.resolve("all").resolve(format)), format);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"unknownFormat", "badPreset", "unwritableOut", "outIsAFile", "notARun", "missingPreset"})
    void badInputExitsWith2OneLineAndWritesNothing(String problem, @TempDir Path dir) throws Exception {
        Path blocker = Files.writeString(dir.resolve("a-file"), "x");
        Path bad = Files.writeString(dir.resolve("bad.json"), PresetJson.write(Presets.rules("reynolds")).replace("\"count\" : 200", "\"count\" : 0")
                .replace("\"count\": 200", "\"count\": 0"));
        Path notARun = Files.createDirectories(dir.resolve("empty"));
        Path out = dir.resolve("out");
        String[] args = switch (problem) {
            case "unknownFormat" -> new String[] {"export", "reynolds", "--to", "godot", "--out", out.toString()};
            case "badPreset" -> new String[] {"export", bad.toString(), "--to", "json", "--out", out.toString()};
            case "unwritableOut" -> new String[] {"export", "reynolds", "--to", "json", "--out", blocker.resolve("sub").resolve("out").toString()};
            case "outIsAFile" -> new String[] {"export", "reynolds", "--to", "json", "--out", blocker.toString()};
            case "notARun" -> new String[] {"export", notARun.toString(), "--to", "json", "--out", out.toString()};
            case "missingPreset" -> new String[] {"export", "no-such-preset", "--to", "json", "--out", out.toString()};
            default -> throw new IllegalArgumentException(problem);
        };
        Result result = flocktune(args);
        assertEquals(2, result.exit(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith("flocktune: "), result.err());
        assertFalse(result.err().contains("Exception"), result.err());
        String expected = switch (problem) {
            case "unknownFormat" -> "--to godot: unknown format; formats: " + String.join(", ", Exporters.all().keySet()) + ", all";
            case "badPreset" -> "boids.count = 0: must be in [1, 10000000]";
            case "unwritableOut" -> blocker.resolve("sub").resolve("out") + ": cannot write: ";
            case "outIsAFile" -> blocker + ": is a file; expected a directory";
            case "notARun" -> "a directory but not a tuning run: no ";
            case "missingPreset" -> "no built-in preset and no file of that name";
            default -> throw new IllegalArgumentException(problem);
        };
        assertTrue(result.err().contains(expected), result.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("a-file", "bad.json", "empty"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals("", result.out());
    }
}
