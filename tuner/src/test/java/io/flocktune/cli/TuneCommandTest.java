package io.flocktune.cli;

import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/** End-to-end tests of {@code tune}, {@code experiments} and {@code report}. */
class TuneCommandTest {

    @Test
    void experimentsListsTheBuiltIns() {
        MainTest.Result r = flocktune("experiments");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(Experiments.NAMES.size(), lines.size());
        for (String name : List.of("default", "pareto", "seed001")) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(name + " ")), name + " in " + lines);
        }
    }

    @Test
    void experimentsShowPrintsAnExperimentThatReadsBack(@TempDir Path tmp) throws Exception {
        MainTest.Result r = flocktune("experiments", "show", "pareto");
        assertEquals(0, r.exit(), r.err());
        Path file = tmp.resolve("pareto.json");
        Files.writeString(file, r.out());
        MainTest.Result again = flocktune("experiments", "show", file.toString());
        assertEquals(r.out(), again.out());
    }

    @Test
    void tuneWritesTheWholeRunAndReportRegeneratesIt(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 2));
        Path run = tmp.resolve("run");
        MainTest.Result r = flocktune("tune", experiment.toString(), "--out", run.toString(), "--threads", "2", "--seed", "11");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("best: " + run.resolve("best/best.json")), r.out());
        assertTrue(r.out().contains("time: simulation"), r.out());
        for (String f : List.of("experiment.json", "history.csv", "generations.csv", "validation.csv", "pareto.csv",
                "best/best.json", "best/rank-02.json", "checkpoint/state.json", "report.html",
                "charts/convergence.png", "charts/convergence.svg", "charts/pareto.png", "charts/parameters.svg",
                "charts/sensitivity.png", "charts/validation.svg")) {
            assertTrue(Files.isRegularFile(run.resolve(f)), f);
        }
        assertTrue(Files.readString(run.resolve("experiment.json")).contains("\"seed\" : 11"));
        assertTrue(Files.readString(run.resolve("experiment.json")).contains("\"jenetics\""));
        // the best preset is a preset the simulator loads
        MainTest.Result sim = flocktune("simulate", "--preset", run.resolve("best/best.json").toString(), "--steps", "10");
        assertEquals(0, sim.exit(), sim.err());

        Files.delete(run.resolve("report.html"));
        MainTest.Result again = flocktune("report", run.toString());
        assertEquals(0, again.exit(), again.err());
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("data:image/png;base64,"));
        assertTrue(html.contains("id=\"preview\""), "the preview's presets");   // were recorded trajectories; now run live
        assertTrue(html.contains("mountPreview(document"), "the preview's script");
        assertFalse(html.contains("src=\"http"), "self-contained");
    }

    @Test
    void reportOfANonRunDirectoryIsABadInput(@TempDir Path tmp) {
        MainTest.Result r = flocktune("report", tmp.toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("not a run directory"), r.err());
    }

    /** Bad experiment files: exit 2, one line naming the file and the field, nothing written. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown key          | "seed": 7                                  | "seed": 7, "colour": "red"                  | colour: unknown key; allowed: format, name
            unknown nested key   | "ga": {"population": 8,                    | "ga": {"populaton": 8,                     | ga.populaton: unknown key; allowed: population
            empty range          | "range": [2, 10]                           | "range": [2, 2]                            | empty
            min above max        | "range": [2, 10]                           | "range": [10, 2]                           | reversed (min > max)
            unknown objective    | "polarization:mean:max"                    | "polarisation:mean:max"                    | polarisation
            unknown key path     | "path": "neighbourhood.radius"             | "path": "neighbourhood.radios"             | radios
            path inside a choice | "path": "separation.weight"                | "path": "separation.strength"              | strength
            bad combination      | "scenario"                                 | "combine": "best", "scenario"              | combine
            warm-up too long     | "warmup": 20                               | "warmup": 60                               | warmup
            objective as a gene  | name=collisions                            | name=separation                            | objective separation: the name of parameter separation too
            objective as a column| name=captures                              | name=seed                                  | objective seed: the name of a column of history.csv of its own
            """)
    void badExperimentFilesAreOneLineErrors(String what, String from, String to, String expected, @TempDir Path tmp) throws Exception {
        String json = TinyExperiment.json("", 2);
        assertTrue(json.contains(from), what + ": test text not found");
        Path file = tmp.resolve("bad.json");
        Files.writeString(file, json.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
        Path out = tmp.resolve("out");
        MainTest.Result r = flocktune("tune", file.toString(), "--out", out.toString());
        assertEquals(2, r.exit(), what + ": " + r.err());
        assertEquals(1, r.errLines().size(), what + ": " + r.err());
        assertTrue(r.err().startsWith("flocktune: " + file), what + ": " + r.err());
        assertTrue(r.err().contains(expected), what + ": " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        assertFalse(Files.exists(out), what + ": nothing written");
    }

    @Test
    void unknownExperimentAndBadThreadsAreUsageErrors(@TempDir Path tmp) {
        MainTest.Result r = flocktune("tune", "nosuch");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("built-in: default, pareto, seed001"), r.err());
        MainTest.Result t = flocktune("tune", "--threads", "0", "--out", tmp.resolve("x").toString());
        assertEquals(2, t.exit());
        assertTrue(t.err().contains("--threads"), t.err());
        MainTest.Result both = flocktune("tune", "default", "--resume", tmp.toString());
        assertEquals(2, both.exit());
    }
}
