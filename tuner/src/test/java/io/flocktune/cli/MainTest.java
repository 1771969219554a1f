package io.flocktune.cli;

import io.flocktune.objectives.MetricProbe;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.StateCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of the command line, run in-process through {@link Main#run}. */
class MainTest {
    /** What one run printed and returned. */
    record Result(int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    /**
     * The command line of a child JVM that runs {@link Main} with {@code args} and can take Ctrl-C.
     * A process started with SIGINT ignored (a background job of a shell without job control,
     * {@code nohup}) passes that on to every child, and a JVM then never sees Ctrl-C; the child is
     * then started through perl (Essential on Debian), which restores SIGINT's default action
     * before it becomes the JVM (same process, same pid).
     */
    static List<String> ctrlCChild(List<String> args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>();
        if (sigintIgnored()) command.addAll(List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec: $!\";"));
        command.addAll(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args);
        return command;
    }

    /** @return whether this process ignores SIGINT (Linux: bit 1 of SigIgn in /proc/self/status) */
    private static boolean sigintIgnored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & 2) != 0;
            }
        } catch (IOException | RuntimeException notLinux) {
            // no /proc: nothing to restore that we could see
        }
        return false;
    }

    static Result flocktune(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Result ok(String... args) {
        Result result = flocktune(args);
        assertEquals(0, result.exit(), () -> String.join(" ", args) + "\n" + result.err());
        assertEquals("", result.err());
        return result;
    }

    // ------------------------------------------------------------------ presets

    @Test
    void presetsListsEveryBuiltInOnOneLine() {
        List<String> lines = ok("presets").out().lines().toList();
        assertEquals(Presets.all().size(), lines.size());
        int row = 0;
        for (var preset : Presets.all().values()) {
            String line = lines.get(row++);
            assertTrue(line.startsWith(preset.name() + " "), line);
            assertTrue(line.endsWith("  " + preset.description()), line);
        }
    }

    @Test
    void presetsShowPrintsTheJson() throws InputException {
        String json = ok("presets", "show", "seed002").out();
        assertEquals(PresetJson.write(Presets.get("seed002")), json);
        assertEquals(Presets.get("seed002"), PresetJson.parse(json, "shown"));
        String edited = ok("presets", "show", "reynolds", "--set", "boids.count=7").out();
        assertEquals(7, PresetJson.parse(edited, "shown").boids().count());
    }

    static Stream<String> builtIns() {
        return Presets.all().keySet().stream();
    }

    /** {@code presets show NAME > file; simulate --preset file} is the same run as {@code --preset NAME}. */
    @ParameterizedTest
    @MethodSource("builtIns")
    void aShownPresetLoadedAsAFileGivesTheSameRunBitForBit(String name, @TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve(name + ".json"), ok("presets", "show", name).out());
        Path byName = dir.resolve("by-name.csv"), byFile = dir.resolve("by-file.csv");
        Result fromName = ok("simulate", "--preset", name, "--seed", "3", "--steps", "25", "--trace", byName.toString());
        Result fromFile = ok("simulate", "--preset", file.toString(), "--seed", "3", "--steps", "25", "--trace", byFile.toString());
        assertArrayEquals(Files.readAllBytes(byName), Files.readAllBytes(byFile));
        assertEquals(withoutTiming(fromName.out()), withoutTiming(fromFile.out()));
    }

    private static List<String> withoutTiming(String summary) {
        return summary.lines().filter(line -> !line.startsWith("wall time") && !line.startsWith("speed")).toList();
    }

    // ------------------------------------------------------------------ simulate

    @Test
    void simulatePrintsAShortSummary() {
        List<String> lines = ok("simulate", "--preset", "seed002", "--steps", "20", "--seed", "5").out().lines().toList();
        assertEquals("preset      seed002", lines.get(0));
        assertEquals("seed        5", lines.get(1));
        assertEquals("steps       20", lines.get(2));
        assertEquals("boids       50", lines.get(3));
        assertEquals("predators   1", lines.get(4));
        assertTrue(lines.get(5).matches("wall time   \\d+\\.\\d{3} s"), lines.get(5));
        assertTrue(lines.get(6).matches("speed       [\\d,]+ steps/s, [\\d,]+ boid-updates/s"), lines.get(6));
        assertTrue(lines.get(7).matches("mean speed  \\d\\.\\d+ \\(final state\\)"), lines.get(7));
        assertEquals("captures    0", lines.get(8));
        assertTrue(lines.get(9).matches("order       polarization \\d\\.\\d+, milling \\d\\.\\d+(e-\\d+)? \\(final state\\)"), lines.get(9));
        assertEquals(10, lines.size());
    }

    @Test
    void theMeanSpeedIsThatOfTheTracedFinalState(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("t.csv");
        String out = ok("simulate", "--preset", "reynolds", "--steps", "30", "--trace", trace.toString(), "--every", "30").out();
        Flock last = StateCsv.read(lastStep(trace, dir), 2);
        double mean = MetricProbe.of(Presets.get("reynolds")).meanSpeed(last);
        assertTrue(out.contains(String.format(java.util.Locale.ROOT, "mean speed  %.6g (final state)", mean)), out);
    }

    @Test
    void runsArePureFunctionsOfTheSeed(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.csv"), b = dir.resolve("b.csv"), c = dir.resolve("c.csv");
        ok("simulate", "--preset", "seed000", "--steps", "15", "--seed", "8", "--trace", a.toString());
        ok("simulate", "--preset", "seed000", "--steps", "15", "--seed", "8", "--trace", b.toString());
        ok("simulate", "--preset", "seed000", "--steps", "15", "--seed", "9", "--trace", c.toString());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertFalse(Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)));
    }

    @Test
    void setOverridesReachTheRun() {
        String out = ok("simulate", "--preset", "reynolds", "--set", "boids.count=33", "--steps", "2").out();
        assertTrue(out.contains("boids       33\n"), out);
    }

    @Test
    void traceWritesEveryKthStepFromStepZero(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.csv");
        ok("simulate", "--preset", "seed004", "--steps", "10", "--every", "4", "--trace", trace.toString());
        List<String> lines = Files.readAllLines(trace);
        assertEquals("step,kind,id,x,y,z,vx,vy,vz", lines.getFirst());
        assertEquals(List.of("0", "4", "8"), lines.stream().skip(1).map(l -> l.substring(0, l.indexOf(','))).distinct().toList());
        assertEquals(1 + 3 * 100, lines.size());
    }

    // ------------------------------------------------------------------ --init

    @Test
    void initThenTraceGivesBackTheInitialStateAtStepZero(@TempDir Path dir) throws Exception {
        Flock flock = new Flock(2, 3, 0);
        double[][] values = {{1.25, -3.5, 0.1}, {2, 4.75, -10}, {0, 0, 0}, {0.3, -0.7, 0.5}, {0.9, 0.1, -0.5}, {0, 0, 0}};
        double[][] columns = {flock.x(), flock.y(), flock.z(), flock.vx(), flock.vy(), flock.vz()};
        for (int c = 0; c < 6; c++) System.arraycopy(values[c], 0, columns[c], 0, 3);
        flock.id()[0] = 17; flock.id()[1] = 3; flock.id()[2] = 8;
        Path init = dir.resolve("init.csv"), trace = dir.resolve("trace.csv");
        StateCsv.write(init, 0, flock);

        String out = ok("simulate", "--preset", "reynolds", "--init", init.toString(), "--steps", "5",
                "--trace", trace.toString()).out();
        assertTrue(out.contains("boids       3 (from --init " + init + "; the preset has 200)\n"), out);
        List<String> initRows = Files.readAllLines(init);
        List<String> traced = Files.readAllLines(trace);
        assertEquals(initRows, traced.subList(0, initRows.size()), "step 0 of the trace is the init file");
        assertTrue(StateCsv.read(init, 2).sameState(flock));
    }

    /** Without noise or predators a run has no randomness after its start: 10 + 5 steps = 15 steps. */
    @Test
    void aTracedStateContinuesTheRunExactly(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole.csv"), first = dir.resolve("first.csv"), rest = dir.resolve("rest.csv");
        ok("simulate", "--preset", "seed001", "--seed", "4", "--steps", "15", "--every", "15", "--trace", whole.toString());
        ok("simulate", "--preset", "seed001", "--seed", "4", "--steps", "10", "--every", "10", "--trace", first.toString());
        Path middle = lastStep(first, dir);
        ok("simulate", "--preset", "seed001", "--seed", "99", "--init", middle.toString(), "--steps", "5",
                "--every", "5", "--trace", rest.toString());
        assertTrue(StateCsv.read(lastStep(whole, dir), 2).sameState(StateCsv.read(lastStep(rest, dir), 2)));
    }

    @Test
    void predatorsComeFromTheInitFileOrElseAreDrawn(@TempDir Path dir) throws Exception {
        Flock boidsOnly = new Flock(3, 4, 0);
        for (int i = 0; i < 4; i++) { boidsOnly.x()[i] = i; boidsOnly.vx()[i] = 1; }
        Path init = dir.resolve("boids.csv");
        StateCsv.write(init, 0, boidsOnly);
        Path traceA = dir.resolve("a.csv"), traceB = dir.resolve("b.csv");
        String out = ok("simulate", "--preset", "seed002", "--init", init.toString(), "--steps", "1", "--trace", traceA.toString()).out();
        assertTrue(out.contains("boids       4 (from --init"), out);
        assertTrue(out.contains("predators   1\n"), out);
        Flock drawn = StateCsv.read(firstStep(traceA, dir), 3);
        assertEquals(1, drawn.predatorCount());

        Flock withPredators = new Flock(3, 4, 2);
        for (int i = 0; i < 4; i++) { withPredators.x()[i] = i; withPredators.vx()[i] = 1; }
        withPredators.px()[0] = 10; withPredators.px()[1] = -10;
        Path init2 = dir.resolve("with-predators.csv");
        StateCsv.write(init2, 0, withPredators);
        out = ok("simulate", "--preset", "seed002", "--init", init2.toString(), "--steps", "1", "--trace", traceB.toString()).out();
        assertTrue(out.contains("predators   2\n"), out);
        assertTrue(StateCsv.read(firstStep(traceB, dir), 3).sameState(withPredators));
    }

    // ------------------------------------------------------------------ bad input

    /** A bad command line and the start of its one-line message. */
    record Bad(String expected, String... args) {
        @Override
        public String toString() {
            return expected;
        }
    }

    static final String H = "step,kind,id,x,y,z,vx,vy,vz\n";

    static Stream<Bad> badInputs() {
        return Stream.of(
                new Bad("flocktune: --preset nope: no built-in preset and no file of that name; built-in: reynolds",
                        "simulate", "--preset", "nope"),
                new Bad("flocktune: reynolds with --set boids.count=0: boids.count = 0: must be in [1, 10000000]",
                        "simulate", "--preset", "reynolds", "--set", "boids.count=0"),
                new Bad("flocktune: reynolds with --set separation.radius=-1: separation.radius = -1.0: must be > 0 and finite",
                        "simulate", "--preset", "reynolds", "--set", "separation.radius=-1"),
                new Bad("flocktune: reynolds with --set boids.maxSpeed=NaN: boids.maxSpeed = NaN: must be > 0 and finite",
                        "simulate", "--preset", "reynolds", "--set", "boids.maxSpeed=NaN"),
                new Bad("flocktune: reynolds with --set boids.maxSpeed=0.1: boids.maxSpeed = 0.1: must be >= minSpeed = 0.5",
                        "simulate", "--preset", "reynolds", "--set", "boids.maxSpeed=0.1"),
                new Bad("flocktune: --set boids.speed=1: no key \"speed\" in boids; keys there: count, minSpeed",
                        "simulate", "--preset", "reynolds", "--set", "boids.speed=1"),
                new Bad("flocktune: DIR/unknown-key.json: boids.speed: unknown key; allowed: count, minSpeed, maxSpeed",
                        "simulate", "--preset", "DIR/unknown-key.json"),
                new Bad("flocktune: DIR/malformed.json: line 1, column 2: malformed JSON:",
                        "simulate", "--preset", "DIR/malformed.json"),
                new Bad("flocktune: DIR/missing-column.csv: line 1: missing column z",
                        "simulate", "--preset", "reynolds", "--init", "DIR/missing-column.csv"),
                new Bad("flocktune: DIR/not-a-number.csv: line 2: vx = \"fast\": must be a number",
                        "simulate", "--preset", "reynolds", "--init", "DIR/not-a-number.csv"),
                new Bad("flocktune: DIR/z-in-2d.csv: line 2: z = 1.0: must be 0 in a 2D world",
                        "simulate", "--preset", "reynolds", "--init", "DIR/z-in-2d.csv"),
                new Bad("flocktune: DIR/duplicate-id.csv: line 3: duplicate boid id 0 (first on line 2)",
                        "simulate", "--preset", "reynolds", "--init", "DIR/duplicate-id.csv"),
                new Bad("flocktune: DIR/outside.csv: boid 0 lies outside the periodic world",
                        "simulate", "--preset", "reynolds", "--init", "DIR/outside.csv"),
                new Bad("flocktune: DIR/none.csv: no such file",
                        "simulate", "--preset", "reynolds", "--init", "DIR/none.csv"),
                new Bad("flocktune: DIR/no/dir/out.csv: cannot write: no such directory or file",
                        "simulate", "--preset", "reynolds", "--trace", "DIR/no/dir/out.csv"),
                new Bad("flocktune: --steps = -1: must be >= 0", "simulate", "--preset", "reynolds", "--steps", "-1"),
                new Bad("flocktune: --every = 0: must be >= 1",
                        "simulate", "--preset", "reynolds", "--every", "0", "--trace", "DIR/out.csv"),
                new Bad("flocktune: --every 2: needs --trace", "simulate", "--preset", "reynolds", "--every", "2", "--steps", "1"),
                new Bad("flocktune: Invalid value for option '--steps': 'many' is not a long (see 'flocktune simulate --help')",
                        "simulate", "--preset", "reynolds", "--steps", "many"),
                new Bad("flocktune: Unknown option: '--fast' (see 'flocktune simulate --help')",
                        "simulate", "--preset", "reynolds", "--fast"),
                new Bad("flocktune: Missing required option: '--preset=NAME|FILE' (see 'flocktune simulate --help')",
                        "simulate"),
                new Bad("flocktune: Unmatched argument at index 0: 'simulat' (see 'flocktune --help')", "simulat"),
                new Bad("flocktune: missing command: tune, compare, sensitivity, robustness, presets, simulate, measure, experiments, report, validate or export (see 'flocktune --help')"),
                new Bad("flocktune: --preset nope: no built-in preset", "presets", "show", "nope"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputGivesOneLineExitTwoAndNoOutputFile(Bad bad, @TempDir Path dir) throws IOException {
        writeBadFiles(dir);
        List<Path> before = list(dir);
        List<String> args = new ArrayList<>();
        for (String arg : bad.args()) args.add(arg.replace("DIR", dir.toString()));
        // every simulate run gets a --trace (unless the case is about --every) to show none is left behind
        if (args.contains("simulate") && !args.contains("--trace") && !args.contains("--every")) {
            args.addAll(List.of("--trace", dir.resolve("out.csv").toString()));
        }
        Result result = flocktune(args.toArray(String[]::new));
        assertEquals(2, result.exit(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith(bad.expected().replace("DIR", dir.toString())), result.err());
        assertEquals("", result.out());
        assertEquals(before, list(dir), "no output file, no temporary file");
    }

    private static void writeBadFiles(Path dir) throws IOException {
        String reynolds = PresetJson.write(Presets.get("reynolds"));
        Files.writeString(dir.resolve("unknown-key.json"), reynolds.replace("\"count\": 200,", "\"count\": 200, \"speed\": 2,"));
        Files.writeString(dir.resolve("malformed.json"), "{{\"format\": 1}");
        Files.writeString(dir.resolve("missing-column.csv"), "step,kind,id,x,y,vx,vy,vz\n0,boid,0,1,1,0,0,0\n");
        Files.writeString(dir.resolve("not-a-number.csv"), H + "0,boid,0,1,1,0,fast,0,0\n");
        Files.writeString(dir.resolve("z-in-2d.csv"), H + "0,boid,0,1,1,1,0,0,0\n");
        Files.writeString(dir.resolve("duplicate-id.csv"), H + "0,boid,0,1,1,0,0,0,0\n0,boid,0,2,1,0,0,0,0\n");
        Files.writeString(dir.resolve("outside.csv"), H + "0,boid,0,51,1,0,0,0,0\n");
    }

    @Test
    void helpAndVersionGoToStandardOutput() {
        assertTrue(ok("--help").out().contains("Usage: flocktune"));
        assertTrue(ok("simulate", "--help").out().contains("--trace=OUT.csv"));
        assertTrue(ok("help", "presets").out().contains("Usage: flocktune presets"));
        assertTrue(ok("--version").out().startsWith("flocktune "));
    }

    @Test
    void aNamedCommandIsTheOnlyOneBuiltAndEverythingElseGetsThemAll() {
        assertEquals(List.of("tune"), List.copyOf(Main.commandLine("tune", "--help").getSubcommands().keySet()));
        assertEquals(List.of("presets"), List.copyOf(Main.commandLine("presets", "show", "x").getSubcommands().keySet()));
        List<String> all = List.of("presets", "simulate", "measure", "tune", "compare", "experiments", "report", "validate",
                "export", "sensitivity", "robustness", "peers", "help");
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"help", "tune"},
                new String[] {"tnue"}, new String[] {"--debug", "tune"})) {
            assertEquals(all, List.copyOf(Main.commandLine(args).getSubcommands().keySet()), Arrays.toString(args));
        }
        Result typo = flocktune("tnue");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().contains("tune"), typo.err());     // picocli's suggestion needs the whole tree
        assertTrue(flocktune("--debug", "presets", "show", "nosuch").err().contains("\tat "), "--debug reaches a command after it");
    }

    // ------------------------------------------------------------------ internal failures

    @Test
    void anInternalFailureIsOneLineWithABugReportHint() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var writer = new java.io.PrintWriter(err, true, StandardCharsets.UTF_8);
        int exit = Main.failure(new IllegalStateException("boom"), new picocli.CommandLine(new SimulateCommand()), writer, false);
        assertEquals(1, exit);
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("flocktune: internal failure in 'simulate': java.lang.IllegalStateException: boom; this is a bug"), text);
        assertTrue(text.contains("--debug"), text);
    }

    @Test
    void debugAddsTheStackTrace() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var writer = new java.io.PrintWriter(err, true, StandardCharsets.UTF_8);
        int exit = Main.failure(new IllegalStateException("boom"), new picocli.CommandLine(new SimulateCommand()), writer, true);
        assertEquals(1, exit);
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.lines().count() > 2, text);
        assertTrue(text.contains("\tat io.flocktune.cli.MainTest"), text);
        assertNotEquals(-1, text.indexOf("boom"));
    }

    @Test
    void debugOptionPrintsTheTraceOfABadInputToo() {
        Result result = flocktune("simulate", "--debug", "--preset", "reynolds", "--set", "boids.count=0");
        assertEquals(2, result.exit());
        assertTrue(result.errLines().size() > 1, result.err());
        assertTrue(result.errLines().getFirst().startsWith("flocktune: reynolds with --set boids.count=0:"), result.err());
    }

    // ------------------------------------------------------------------ helpers

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    /** Writes the rows of the trace's first or last step into a new state file. */
    private static Path step(Path trace, Path dir, boolean last) throws IOException {
        List<String> rows = Files.readAllLines(trace);
        String header = rows.getFirst();
        String stepOf = (last ? rows.getLast() : rows.get(1)).split(",")[0];
        List<String> keep = new ArrayList<>(List.of(header));
        rows.stream().skip(1).filter(r -> r.split(",")[0].equals(stepOf)).forEach(keep::add);
        Path file = dir.resolve(trace.getFileName() + "-step" + stepOf + ".csv");
        return Files.write(file, keep);
    }

    private static Path lastStep(Path trace, Path dir) throws IOException {
        return step(trace, dir, true);
    }

    private static Path firstStep(Path trace, Path dir) throws IOException {
        return step(trace, dir, false);
    }
}
