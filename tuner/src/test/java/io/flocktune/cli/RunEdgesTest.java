package io.flocktune.cli;

import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.store.Study;

import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.RunResults;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/** The edges of a run's life: killed while it starts, two runs on one directory, timings, a stopped report. */
class RunEdgesTest {

    private static Path tiny(Path tmp, int generations) throws Exception {
        return Files.writeString(tmp.resolve("tiny.json"), TinyExperiment.json("", generations));
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    /** A kill while experiment.json is first written leaves only its temporary file: no dead end. */
    @Test
    void aRunKilledWhileItStartedCanBeStartedAgain(@TempDir Path tmp) throws Exception {
        Path experiment = tiny(tmp, 1);
        Path out = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(out.resolve(".experiment.json.5f3a.tmp"), "{\"format\": \"flocktune-exp");

        MainTest.Result resume = flocktune("tune", "--resume", out.toString());
        assertEquals(2, resume.exit(), resume.err());
        assertEquals(1, resume.errLines().size(), resume.err());
        assertTrue(resume.err().contains("start it again with ./flocktune tune EXPERIMENT --out " + out), resume.err());

        Files.writeString(out.resolve(".experiment.json.77aa.tmp"), "{");
        MainTest.Result start = flocktune("tune", experiment.toString(), "--out", out.toString());
        assertEquals(0, start.exit(), start.err());
        assertTrue(names(out).stream().noneMatch(n -> n.endsWith(".tmp")), names(out).toString());
    }

    /** A kill before the first checkpoint, or during a checkpoint write: resume cleans up and ends as a whole run. */
    @Test
    void resumeRemovesStaleTemporaryFilesAndStartsARunWithoutCheckpoint(@TempDir Path tmp) throws Exception {
        Path experiment = tiny(tmp, 1);
        Path whole = tmp.resolve("whole");
        assertEquals(0, flocktune("tune", experiment.toString(), "--out", whole.toString()).exit());

        Path out = Files.createDirectories(tmp.resolve("run").resolve("checkpoint"));
        Files.copy(whole.resolve("experiment.json"), out.getParent().resolve("experiment.json"));
        Files.writeString(out.resolve(".state.json.1234.tmp"), "{\"format\"");
        Files.writeString(out.getParent().resolve(".history.csv.99.tmp"), "generation");
        Files.writeString(out.getParent().resolve("history.csv"), "generation,candidate\n0,0");   // rows of a generation in flight

        MainTest.Result r = flocktune("tune", "--resume", out.getParent().toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        assertTrue(names(out.getParent()).stream().noneMatch(n -> n.endsWith(".tmp")), names(out.getParent()).toString());
        assertEquals(RunResults.of(whole), RunResults.of(out.getParent()));
    }

    /** Two runs on one directory: the second is refused with one line while the first holds the lock. */
    @Test
    void aLockedRunDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Path experiment = tiny(tmp, 1);
        Path out = tmp.resolve("run");
        assertEquals(0, flocktune("tune", experiment.toString(), "--out", out.toString()).exit());
        try (Study held = Study.resume(out, Tuning.KIND)) {
            for (String[] args : List.of(new String[] {"tune", "--resume", out.toString()},
                    new String[] {"tune", experiment.toString(), "--out", out.toString()})) {
                MainTest.Result r = flocktune(args);
                assertEquals(2, r.exit(), r.err());
                assertEquals(List.of("flocktune: " + out + ": another flocktune tune is working in this directory; "
                        + "wait until it ends or choose another --out"), r.errLines());
            }
        }
        assertEquals(0, flocktune("tune", "--resume", out.toString()).exit(), "free again once released");
    }

    /** Timings live in timings.csv only, so history.csv and generations.csv are byte-identical for any --threads. */
    @Test
    void resultsAreByteIdenticalAcrossThreadCountsAndTimingsHaveTheirOwnFile(@TempDir Path tmp) throws Exception {
        Path experiment = tiny(tmp, 1);
        Path one = tmp.resolve("one"), two = tmp.resolve("two");
        assertEquals(0, flocktune("tune", experiment.toString(), "--out", one.toString(), "--threads", "1").exit());
        assertEquals(0, flocktune("tune", experiment.toString(), "--out", two.toString(), "--threads", "2").exit());
        for (String table : List.of("history.csv", "generations.csv", "validation.csv", "pareto.csv", "best/best.json")) {
            assertArrayEquals(Files.readAllBytes(one.resolve(table)), Files.readAllBytes(two.resolve(table)), table);
        }
        assertFalse(Files.readString(one.resolve("history.csv")).lines().findFirst().orElseThrow().contains("seconds"));
        List<String> timings = Files.readAllLines(one.resolve("timings.csv"));
        assertEquals("generation,candidate,role,replicate,seconds", timings.getFirst());
        long historyRows = Files.readAllLines(one.resolve("history.csv")).size() - 1;
        assertEquals(historyRows + 2 * 2, timings.size() - 1, "one row per evaluation, two per generation (0, 1)");
    }

    /** Ctrl-C while the report is drawn: one "interrupted" line, exit 130, no partial chart. */
    @Test
    void anInterruptedReportSaysSoAndLeavesNoPartialFile(@TempDir Path tmp) throws Exception {
        Path experiment = tiny(tmp, 1);
        Path out = tmp.resolve("run");
        assertEquals(0, flocktune("tune", experiment.toString(), "--out", out.toString()).exit());
        Path charts = out.resolve("charts");
        try (Stream<Path> files = Files.list(charts)) {
            for (Path p : files.toList()) Files.delete(p);
        }
        Files.delete(out.resolve("report.html"));
        Thread.currentThread().interrupt();   // what the Ctrl-C hook does to the command's thread
        MainTest.Result r;
        try {
            r = flocktune("report", out.toString());
        } finally {
            Thread.interrupted();
        }
        assertEquals(130, r.exit(), r.err());
        assertEquals(List.of("flocktune: interrupted; every chart and report.html is whole or absent, never partial"), r.errLines());
        assertFalse(Files.exists(out.resolve("report.html")));
        try (Stream<Path> files = Files.list(charts)) {
            for (Path p : files.toList()) {
                assertFalse(p.getFileName().toString().endsWith(".tmp"), p.toString());
                assertTrue(Files.size(p) > 0, p + " is whole");
            }
        }
    }
}
