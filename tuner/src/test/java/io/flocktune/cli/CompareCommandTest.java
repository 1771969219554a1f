package io.flocktune.cli;

import io.flocktune.tuner.compare.Comparisons;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.TinyExperiment;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/** {@code flocktune compare} end to end: results directory, verdicts, determinism, tune-first arms, bad input. */
class CompareCommandTest {

    /** Two arms that differ hugely in polarization (alignment off) and a third identical to the first. */
    static String comparison(String replicates) {
        return """
                {
                  "format": "flocktune-comparison/1",
                  "name": "tiny",
                  "description": "tiny test comparison",
                  "set": {"world.size": 40, "boids.spawnSize": 40},
                  "arms": [
                    {"name": "aligned", "preset": "reynolds"},
                    {"name": "unaligned", "preset": "reynolds", "set": {"alignment.weight": 0, "cohesion.weight": 0}},
                    {"name": "aligned-again", "preset": "reynolds"}
                  ],
                  "objectives": ["polarization:mean:max:every=5", "collisionRate(distance=1):mean:min:every=5,name=collisions"],
                  "scenario": {"boids": 60, "steps": 200, "warmup": 120},
                  "replicates": %s,
                  "bootstrap": 300
                }
                """.formatted(replicates);
    }

    /** Every result file of a comparison directory (charts and report left out). */
    static Map<String, String> results(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String name : List.of("comparison.json", "replicates.csv", "summary.csv", "pairs.csv", "looks.csv")) {
            files.put(name, Files.readString(dir.resolve(name)));
        }
        try (Stream<Path> arms = Files.list(dir.resolve("arms"))) {
            for (Path p : arms.sorted().toList()) files.put("arms/" + p.getFileName(), Files.readString(p));
        }
        return files;
    }

    static List<CSVRecord> csv(Path file) throws IOException {
        try (CSVParser p = CSVParser.parse(file, java.nio.charset.StandardCharsets.UTF_8,
                CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return p.getRecords();
        }
    }

    @Test
    void findsTheLargeDifferenceNotTheNullOneWritesEveryFileAndIsTheSameOnAnyThreadCount(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("tiny.json");
        Files.writeString(file, comparison("10"));
        Path one = tmp.resolve("one"), two = tmp.resolve("two");
        MainTest.Result r = flocktune("compare", file.toString(), "--out", one.toString(), "--threads", "1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("polarization: aligned gives higher polarization than unaligned (large): A12(aligned, unaligned) = 1.00"),
                r.out());
        assertTrue(r.out().contains("polarization: no detectable difference between aligned and aligned-again at n = 10"), r.out());
        // what each arm is, against its base, and the ranking per objective
        assertTrue(r.out().contains("  unaligned: preset reynolds with alignment.weight: 0; cohesion.weight: 0\n"), r.out());
        assertTrue(r.out().contains("  aligned: preset reynolds as it is\n"), r.out());
        assertTrue(r.out().contains("  polarization (higher is better): aligned ≈ aligned-again > unaligned\n"), r.out());
        String report = Files.readString(one.resolve("report.html"));
        assertTrue(report.contains("Every arm: world.size: 40; boids.spawnSize: 40"), "the shared overrides are named once");
        assertTrue(report.contains("<td>preset reynolds with alignment.weight: 0; cohesion.weight: 0</td>"), "the arm's row says what it changes");
        assertTrue(report.contains("<li>polarization (higher is better): aligned ≈ aligned-again &gt; unaligned</li>"), "the summary line");
        for (String name : List.of("comparison.json", "replicates.csv", "summary.csv", "pairs.csv", "looks.csv", "report.html",
                "arms/aligned.json", "charts/replicates.png", "charts/replicates.svg", "charts/a12.png", "charts/a12.svg")) {
            assertTrue(Files.isRegularFile(one.resolve(name)), name);
        }
        List<CSVRecord> rows = csv(one.resolve("replicates.csv"));
        assertEquals(3 * 10, rows.size());
        for (int r0 = 0; r0 < 10; r0++) {   // the paired design: every arm on the same seed per replicate
            Set<String> seeds = new HashSet<>();
            for (CSVRecord row : rows) if (row.get("replicate").equals(Integer.toString(r0))) seeds.add(row.get("seed"));
            assertEquals(1, seeds.size(), "replicate " + r0);
        }
        assertEquals(3 * 2, csv(one.resolve("summary.csv")).size());
        assertEquals(3 * 2, csv(one.resolve("pairs.csv")).size());

        MainTest.Result again = flocktune("compare", file.toString(), "--out", two.toString(), "--threads", "2");
        assertEquals(0, again.exit(), again.err());
        assertEquals(results(one), results(two), "bit-identical whatever --threads");

        // the report command redraws it
        Files.delete(one.resolve("report.html"));
        MainTest.Result redraw = flocktune("report", one.toString());
        assertEquals(0, redraw.exit(), redraw.err());
        assertTrue(Files.readString(one.resolve("report.html")).contains("aligned gives higher polarization than unaligned"));
    }

    @Test
    void aTuneFirstArmIsTunedInItsOwnDirectoryAndComparedOnFreshSeeds(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("tiny-experiment.json"), TinyExperiment.json("", 2));
        Path file = tmp.resolve("tuned.json");
        Files.writeString(file, """
                {
                  "format": "flocktune-comparison/1",
                  "name": "tuned",
                  "arms": [
                    {"name": "base", "preset": "reynolds", "set": {"predators.count": 1}},
                    {"name": "tuned", "tune": "tiny-experiment.json"}
                  ],
                  "objectives": ["polarization"],
                  "scenario": {"boids": 30, "steps": 60, "warmup": 20},
                  "replicates": 6,
                  "bootstrap": 200
                }
                """);
        Path out = tmp.resolve("out");
        MainTest.Result r = flocktune("compare", file.toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        Path tuning = out.resolve("tuning").resolve("tuned");
        assertTrue(Files.isRegularFile(tuning.resolve("best").resolve("best.json")));
        Set<String> tuningSeeds = new HashSet<>();
        for (CSVRecord row : csv(tuning.resolve("history.csv"))) tuningSeeds.add(row.get("seed"));
        assertTrue(tuningSeeds.size() >= 8, "the tuning ran training and validation seeds: " + tuningSeeds.size());
        for (CSVRecord row : csv(out.resolve("replicates.csv"))) {
            assertFalse(tuningSeeds.contains(row.get("seed")), "replicate seed " + row.get("seed") + " was used by the tuning");
        }
        var best = PresetJson.toTree(PresetJson.read(tuning.resolve("best").resolve("best.json")));
        var arm = PresetJson.toTree(PresetJson.read(out.resolve("arms").resolve("tuned.json")));
        assertEquals(30, arm.at("/boids/count").intValue(), "the comparison's boid count");
        ((com.fasterxml.jackson.databind.node.ObjectNode) best.get("boids")).put("count", 30);
        assertEquals(best, arm, "the arm is the tuned best");
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        List<String[]> cases = List.of(
                new String[] {"{\"format\": \"flocktune-comparison/1\", \"name\": \"x\"}", "arms is missing"},
                new String[] {comparison("8").replace("\"bootstrap\": 300", "\"bootstrap\": 300, \"colour\": 2"), "colour: unknown key"},
                new String[] {comparison("8").replace("\"replicates\": 8", "\"replicates\": 8, \"replicates\": 9"), "malformed JSON: replicates: duplicate key"},
                new String[] {comparison("8").replace("\"name\": \"tiny\"", "\"name\": null"), "name is null"},
                new String[] {comparison("8") + "]", "malformed JSON"},
                new String[] {comparison("{\"min\": 8, \"max\": 4}"), "replicates.max = 4"});
        for (String[] c : cases) {
            Path file = tmp.resolve("bad.json");
            Files.writeString(file, c[0]);
            MainTest.Result r = flocktune("compare", file.toString(), "--out", out.toString());
            assertEquals(2, r.exit(), r.err());
            assertTrue(r.err().startsWith("flocktune: " + file), r.err());
            assertTrue(r.err().contains(c[1]), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(Files.exists(out), "nothing written for " + c[1]);
        }
        MainTest.Result none = flocktune("compare", "nosuch");
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("no built-in comparison and no file of that name; built-in: seeds"), none.err());
        MainTest.Result resume = flocktune("compare", "--resume", tmp.resolve("nothing").toString());
        assertEquals(2, resume.exit());
        assertTrue(resume.err().contains("not a comparison directory"), resume.err());
    }

    @Test
    void showPrintsABuiltInAsATemplateThatRunsAsAFile(@TempDir Path tmp) throws Exception {
        MainTest.Result r = flocktune("compare", "show", "neighbourhoods");
        assertEquals(0, r.exit(), r.err());
        assertEquals(Comparisons.template("neighbourhoods"), r.out());
        Path file = tmp.resolve("mine.json");
        Files.writeString(file, r.out().replace("\"name\": \"neighbourhoods\"", "\"name\": \"mine\""));
        assertEquals("mine", io.flocktune.tuner.compare.ComparisonJson.read(file).name());
        MainTest.Result none = flocktune("compare", "show", "nope");
        assertEquals(2, none.exit());
        assertEquals("flocktune: nope: no built-in comparison of that name; built-in: seeds, separation-kernels, neighbourhoods",
                none.err().strip());
    }

    @Test
    void warnsBeforeAComparisonThatCannotReachSignificance(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("tiny.json");
        Files.writeString(file, comparison("3"));
        MainTest.Result r = flocktune("compare", file.toString(), "--out", tmp.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("tiny: warning: no difference can be significant at 3 paired replicates: the smallest Wilcoxon p"
                + " at n = 3 is 0.25"), r.err());
        assertTrue(Files.readString(tmp.resolve("out/report.html")).contains("warning: no difference can be significant"));
    }

    @Test
    void listsTheBuiltIns() {
        MainTest.Result r = flocktune("compare", "--list");
        assertEquals(0, r.exit(), r.err());
        for (String name : Comparisons.NAMES) assertTrue(r.out().contains(name + "  "), r.out());
    }
}
