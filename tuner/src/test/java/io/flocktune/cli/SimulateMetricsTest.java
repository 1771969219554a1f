package io.flocktune.cli;

import io.flocktune.objectives.Metric;
import io.flocktune.objectives.MetricProbe;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.StateCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of {@code flocktune simulate --metrics} and the summary's order parameters. */
class SimulateMetricsTest {

    /** Every row equals the metric measured on the traced state of the same step. */
    @Test
    void metricsRowsAreThoseOfTheTracedStates(@TempDir Path dir) throws Exception {
        Path metrics = dir.resolve("m.csv"), trace = dir.resolve("t.csv");
        ok("simulate", "--preset", "reynolds", "--steps", "20", "--every", "5", "--seed", "6", "--trace", trace.toString(),
                "--metrics", metrics.toString(), "--metric", "polarization", "--metric", "collisionRate(distance=1)");
        List<String> rows = Files.readAllLines(metrics);
        assertEquals("step,polarization,collisionRate(distance=1)", rows.getFirst());
        assertEquals(List.of("0", "5", "10", "15", "20"), rows.stream().skip(1).map(row -> row.split(",")[0]).toList());
        MetricProbe probe = MetricProbe.of(Presets.get("reynolds"));
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",");
            Flock state = stateAt(trace, cells[0], dir);
            assertEquals(probe.polarization(state), Double.parseDouble(cells[1]), "step " + cells[0]);
            assertEquals((double) probe.collisionPairs(state, 1) / state.count(), Double.parseDouble(cells[2]), "step " + cells[0]);
        }
    }

    @Test
    void withoutMetricTheColumnsAreTheDefaultObjectivesMetrics(@TempDir Path dir) throws IOException {
        Path metrics = dir.resolve("m.csv");
        ok("simulate", "--preset", "seed002", "--steps", "3", "--metrics", metrics.toString());
        List<String> expected = new ArrayList<>(List.of("step"));
        Objectives.defaults(Presets.get("seed002"), 0).stream().map(ObjectiveSpec::metric).map(Metric::text).forEach(expected::add);
        assertTrue(expected.contains("predatorDistance"), "seed002 has predators");
        List<String> rows = Files.readAllLines(metrics);
        assertEquals(String.join(",", expected), rows.getFirst());
        assertEquals(1 + 4, rows.size());
    }

    /** The summary's final polarization and milling are those of the last metrics row. */
    @Test
    void summaryShowsTheFinalOrderParameters(@TempDir Path dir) throws IOException {
        Path metrics = dir.resolve("m.csv");
        List<String> lines = ok("simulate", "--preset", "couzin", "--steps", "30", "--metrics", metrics.toString(),
                "--metric", "polarization", "--metric", "milling", "--every", "30").out().lines().toList();
        String[] last = Files.readAllLines(metrics).getLast().split(",");
        assertEquals("30", last[0]);
        assertEquals(String.format(Locale.ROOT, "order       polarization %.6g, milling %.6g (final state)",
                Double.parseDouble(last[1]), Double.parseDouble(last[2])), lines.getLast());
    }

    static Stream<MainTest.Bad> badInputs() {
        return Stream.of(
                new MainTest.Bad("flocktune: --metric: unknown metric \"nope\"; allowed: polarization,",
                        "simulate", "--preset", "reynolds", "--metrics", "DIR/m.csv", "--metric", "nope"),
                new MainTest.Bad("flocktune: --metric: predatorDistance needs predators, but predators.count = 0",
                        "simulate", "--preset", "reynolds", "--metrics", "DIR/m.csv", "--metric", "predatorDistance"),
                new MainTest.Bad("flocktune: --metric: metrics [milling, milling]: a metric is given twice",
                        "simulate", "--preset", "reynolds", "--metrics", "DIR/m.csv", "--metric", "milling", "--metric", "milling"),
                new MainTest.Bad("flocktune: --metric: metric \"clusterCount(link=0)\": link",
                        "simulate", "--preset", "reynolds", "--metrics", "DIR/m.csv", "--metric", "clusterCount(link=0)"),
                new MainTest.Bad("flocktune: --metric polarization: needs --metrics",
                        "simulate", "--preset", "reynolds", "--metric", "polarization"),
                new MainTest.Bad("flocktune: --every 2: needs --trace or --metrics",
                        "simulate", "--preset", "reynolds", "--every", "2"),
                new MainTest.Bad("flocktune: DIR/no/dir/m.csv: cannot write: no such directory or file",
                        "simulate", "--preset", "reynolds", "--metrics", "DIR/no/dir/m.csv"),
                new MainTest.Bad("flocktune: DIR/no/m.csv: cannot write: no such directory or file",
                        "simulate", "--preset", "reynolds", "--trace", "DIR/t.csv", "--metrics", "DIR/no/m.csv"));
    }

    /** Nothing is written, not even the other file or a temporary one. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputGivesOneLineExitTwoAndNoFile(MainTest.Bad bad, @TempDir Path dir) throws IOException {
        String[] args = Stream.of(bad.args()).map(arg -> arg.replace("DIR", dir.toString())).toArray(String[]::new);
        MainTest.Result result = flocktune(args);
        assertEquals(2, result.exit(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith(bad.expected().replace("DIR", dir.toString())), result.err());
        assertEquals("", result.out());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList());
        }
    }

    /** The rows of one step of a trace, read back as a state. */
    private static Flock stateAt(Path trace, String step, Path dir) throws Exception {
        List<String> rows = Files.readAllLines(trace);
        List<String> keep = new ArrayList<>(List.of(rows.getFirst()));
        rows.stream().skip(1).filter(row -> row.startsWith(step + ",")).forEach(keep::add);
        return StateCsv.read(Files.write(dir.resolve("step" + step + ".csv"), keep), 2);
    }
}
