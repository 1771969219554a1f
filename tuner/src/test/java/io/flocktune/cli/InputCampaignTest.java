package io.flocktune.cli;

import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Malformed inputs as a hostile user would try them, through the command line in-process: each
 * gives exit 2, exactly one line on standard error that names the file or option and the field,
 * no stack trace, nothing on standard output, and leaves the output directory as it was (absent
 * for a new run; byte for byte unchanged for a run that is resumed or reported).
 */
class InputCampaignTest {
    private static final String TINY = TinyExperiment.json("", 2);
    private static final String H = "step,kind,id,x,y,z,vx,vy,vz\n";

    /** A finished tiny run, copied for every case that damages a run directory. */
    @TempDir
    static Path shared;
    static Path run;

    @BeforeAll
    static void finishedRun() throws IOException {
        Path experiment = Files.writeString(shared.resolve("tiny.json"), TINY);
        run = shared.resolve("run");
        MainTest.Result r = flocktune("tune", experiment.toString(), "--out", run.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
    }

    /**
     * One malformed input.
     *
     * @param name     what is wrong
     * @param setup    writes the input files into IN, or damages the run copied to OUT
     * @param args     the command line; IN and OUT are replaced by the directories
     * @param expected a fragment the one line must contain (IN and OUT replaced)
     */
    record Case(String name, Setup setup, List<String> args, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    @FunctionalInterface
    interface Setup {
        void apply(Path in, Path out) throws IOException;
    }

    private static Case experiment(String name, String from, String to, String expected) {
        return new Case(name, (in, out) -> {
            assertTrue(TINY.contains(from), name + ": test text not found");
            Files.writeString(in.resolve("bad.json"), TINY.replace(from, to));
        }, List.of("tune", "IN/bad.json", "--out", "OUT/new"), expected);
    }

    private static Case state(String name, String csv, List<String> extra, String expected) {
        List<String> args = new ArrayList<>(List.of("simulate", "--preset", "reynolds", "--steps", "3", "--init", "IN/state.csv",
                "--trace", "OUT/trace.csv"));
        args.addAll(extra);
        return new Case(name, (in, out) -> Files.writeString(in.resolve("state.csv"), csv), args, expected);
    }

    private static Case damagedRun(String name, Setup damage, String expected) {
        return new Case(name, (in, out) -> {
            copy(run, out);
            damage.apply(in, out);
        }, List.of("tune", "--resume", "OUT"), expected);
    }

    private static String checkpoint(Path out) throws IOException {
        return Files.readString(new RunFiles(out).checkpoint());
    }

    private static void checkpoint(Path out, String text) throws IOException {
        Files.writeString(new RunFiles(out).checkpoint(), text);
    }

    static Stream<Case> cases() {
        String deep = "\"set\": " + "{\"a\": ".repeat(80) + "1" + "}".repeat(80);
        return Stream.of(
                // experiment files
                experiment("trailing garbage", "\"seed\": 7\n}", "\"seed\": 7\n} {}", "malformed JSON: unexpected content after the top-level object"),
                experiment("trailing text", "\"seed\": 7\n}", "\"seed\": 7\n} x", "line 25, column 3: malformed JSON: Unrecognized token 'x'"),
                experiment("duplicate key", "\"seed\": 7", "\"seed\": 7, \"seed\": 8", "malformed JSON: seed: duplicate key"),
                experiment("null seed", "\"seed\": 7", "\"seed\": null", "seed is null"),
                experiment("null in a section", "\"elitism\": 1", "\"elitism\": null", "ga.elitism is null"),
                experiment("too deep", "\"set\": {\"predators.count\": 1}", deep, "nested deeper than 64 levels"),
                experiment("string for a number", "\"population\": 8", "\"population\": \"8\"", "ga.population"),
                experiment("fraction for integers", "\"integers\": [20, 40]", "\"integers\": [20.5, 40]", "parameters[4].integers[0] = 20.5: expected an integer"),
                experiment("range outside the field", "\"range\": [2, 10]", "\"range\": [-2, 10]",
                        "parameters[3] (neighbourhood.radius): range [-2.0, 10.0] reaches outside the valid values: at -2.0"),
                experiment("minSpeed above maxSpeed", "{\"path\": \"boids.count\"",
                        "{\"path\": \"boids.minSpeed\", \"range\": [1.5, 2]}, {\"path\": \"boids.count\"",
                        "(boids.minSpeed): range [1.5, 2.0] reaches outside the valid values: at 1.5, the preset is invalid: boids.maxSpeed = 1.0: must be >= minSpeed = 1.5"),
                experiment("invalid choice", "{\"path\": \"boids.count\"",
                        "{\"path\": \"neighbourhood\", \"choices\": [{\"kind\": \"metric\", \"radius\": 5}, {\"kind\": \"fieldOfView\", \"radius\": 5, \"angle\": 400}]}, {\"path\": \"boids.count\"",
                        "choice fieldOfView is not valid here, the preset is invalid: neighbourhood.angle = 400.0: must be in (0, 360]"),
                experiment("path on a kind", "{\"path\": \"boids.count\"",
                        "{\"path\": \"alignment.kind\", \"choices\": [\"velocityMatch\", \"meanForward\"]}, {\"path\": \"boids.count\"",
                        "path = alignment.kind: a rule's kind cannot be a gene"),
                experiment("set out of range", "\"set\": {\"predators.count\": 1}", "\"set\": {\"predators.count\": 1, \"boids.count\": -1}",
                        "base with set: boids.count = -1: must be in [1, 10000000]"),
                new Case("set and scenario both give the boid count", (in, out) -> Files.writeString(in.resolve("bad.json"),
                        TINY.replace("\"set\": {\"predators.count\": 1}", "\"set\": {\"predators.count\": 1, \"boids.count\": 50}")
                                .replace("\"scenario\": {\"steps\": 60", "\"scenario\": {\"boids\": 40, \"steps\": 60")),
                        List.of("tune", "IN/bad.json", "--out", "OUT/new"),
                        "IN/bad.json: set.boids.count and scenario.boids both give the boid count"),
                new Case("experiment not UTF-8", (in, out) -> Files.write(in.resolve("bad.json"),
                        TINY.replace("tiny test experiment", "caf\u00e9").getBytes(StandardCharsets.ISO_8859_1)),
                        List.of("tune", "IN/bad.json", "--out", "OUT/new"), "IN/bad.json: not UTF-8 text (invalid byte at offset"),
                new Case("every candidate fails (time limit 1e-6 s)", (in, out) -> Files.writeString(in.resolve("bad.json"),
                        TINY.replace("\"seed\": 7", "\"seed\": 7, \"evaluationTimeLimit\": 1e-6")),
                        List.of("tune", "IN/bad.json", "--out", "OUT/new"),
                        "every candidate of generation 0 failed, so the search cannot go on; commonest reason ("),
                // presets and states
                new Case("preset not UTF-8", (in, out) -> Files.write(in.resolve("p.json"),
                        PresetJson.write(Presets.get("reynolds")).replace("Well-behaved", "Tr\u00e8s").getBytes(StandardCharsets.ISO_8859_1)),
                        List.of("simulate", "--preset", "IN/p.json", "--trace", "OUT/t.csv"), "IN/p.json: not UTF-8 text"),
                state("cell 1.5d", H + "0,boid,0,1.5d,1,0,0,0,0\n", List.of(), "IN/state.csv: line 2: x = \"1.5d\": must be a number"),
                state("cell 0x1p3", H + "0,boid,0,0x1p3,1,0,0,0,0\n", List.of(), "IN/state.csv: line 2: x = \"0x1p3\": must be a number"),
                state("1001 predators", H + "0,boid,0,1,1,0,0,0,0\n" + predators(0, 1001), List.of(), "IN/state.csv: 1001 predator rows; at most 1000"),
                new Case("evoflock state with every boid at one point", (in, out) -> Files.writeString(in.resolve("state.csv"),
                        H + boidsAtOnePoint(0, 200)),
                        List.of("simulate", "--preset", "evoflock", "--steps", "3", "--init", "IN/state.csv", "--trace", "OUT/t.csv"),
                        "IN/state.csv: boid 0 has 0 other boids at distance > 0: peer.kind = evoFlock needs 7 for each boid"),
                new Case("mason world narrower than one move", (in, out) -> Files.writeString(in.resolve("p.json"),
                        """
                        {"format": "flocktune-preset/1", "name": "m", "description": "",
                         "world": {"dimension": 2, "size": 1e-6, "boundary": {"kind": "wrap"}},
                         "boids": {"count": 200, "minSpeed": 0, "maxSpeed": 0.7, "initialSpeed": 0, "spawnSize": 1e-6},
                         "peer": {"kind": "masonFlockers", "avoidance": 1, "cohesion": 1, "consistency": 1, "momentum": 1,
                                  "randomness": 1, "deadFlockerProbability": 0.1, "neighborhood": 10, "jump": 0.7,
                                  "idOrder": false}}
                        """),
                        List.of("simulate", "--preset", "IN/p.json", "--steps", "3", "--trace", "OUT/t.csv"),
                        "IN/p.json: world.size = 1.0E-6: masonFlockers needs > peer.jump = 0.7"),
                new Case("state not UTF-8", (in, out) -> Files.write(in.resolve("state.csv"), (H + "0,boid,0,1,1,0,0,0,0 \u00ff\n")
                        .getBytes(StandardCharsets.ISO_8859_1)), List.of("simulate", "--preset", "reynolds", "--init", "IN/state.csv",
                        "--trace", "OUT/t.csv"), "IN/state.csv: not UTF-8 text (invalid byte at offset 49)"),
                new Case("--trace and --metrics on one file", (in, out) -> {},
                        List.of("simulate", "--preset", "reynolds", "--steps", "2", "--trace", "OUT/x.csv", "--metrics", "OUT/./x.csv"),
                        "--trace OUT/x.csv and --metrics OUT/./x.csv: name the same file"),
                new Case("captureRate without predators", (in, out) -> {},
                        List.of("simulate", "--preset", "reynolds", "--steps", "2", "--metrics", "OUT/m.csv", "--metric", "captureRate"),
                        "captureRate needs predators, but predators.count = 0"),
                // damaged runs, resumed
                damagedRun("generation as text", (in, out) -> checkpoint(out, checkpoint(out).replace("\"generation\":2,", "\"generation\":\"2\",")),
                        "OUT/checkpoint/state.json: generation: expected an integer"),
                damagedRun("wrong gene count", (in, out) -> checkpoint(out, checkpoint(out).replaceFirst("\"genes\":\\[[^,]*,", "\"genes\":[")),
                        "has 4 genes; the experiment has 5 parameters"),
                damagedRun("checkpoint is a directory", (in, out) -> {
                    Files.delete(new RunFiles(out).checkpoint());
                    Files.createDirectory(new RunFiles(out).checkpoint());
                }, "OUT/checkpoint/state.json: is a directory"),
                damagedRun("empty checkpoint", (in, out) -> checkpoint(out, ""), "OUT/checkpoint/state.json: empty; expected a JSON object"),
                damagedRun("cut checkpoint", (in, out) -> checkpoint(out, checkpoint(out).substring(0, 200)),
                        "OUT/checkpoint/state.json: line 1, column 201: malformed JSON: Unexpected end-of-input"),
                damagedRun("checkpoint of another format", (in, out) -> checkpoint(out, checkpoint(out).replace("checkpoint/3", "checkpoint/1")),
                        "format = \"flocktune-checkpoint/1\": must be \"flocktune-checkpoint/3\""),
                damagedRun("edited experiment", (in, out) -> Files.writeString(out.resolve("experiment.json"),
                        Files.readString(out.resolve("experiment.json")).replace("\"mutationRate\" : 0.15", "\"mutationRate\" : 0.3")),
                        "OUT/checkpoint/state.json: belongs to another experiment: experiment.json was changed"),
                damagedRun("history cut short", (in, out) -> Files.writeString(out.resolve("history.csv"), "generation\n"),
                        "OUT/history.csv: shorter"),
                new Case("report of a cut table", (in, out) -> {
                    copy(run, out);
                    String history = Files.readString(out.resolve("history.csv"));
                    Files.writeString(out.resolve("history.csv"), history.substring(0, history.length() - 40));
                }, List.of("report", "OUT"), "OUT/history.csv: line "));
    }

    private static String boidsAtOnePoint(int from, int to) {
        StringBuilder rows = new StringBuilder();
        for (int k = from; k < to; k++) rows.append("0,boid,").append(k).append(",-33,0,0,0,0,0\n");
        return rows.toString();
    }

    private static String predators(int from, int to) {
        StringBuilder rows = new StringBuilder();
        for (int k = from; k < to; k++) rows.append("0,predator,").append(k).append(",1,1,0,0,0,0\n");
        return rows.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void malformedInputIsOneLineExitTwoAndNothingWritten(Case c, @TempDir Path tmp) throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in")), out = Files.createDirectories(tmp.resolve("out"));
        c.setup().apply(in, out);
        Map<String, String> before = snapshot(out);
        List<String> args = c.args().stream().map(a -> a.replace("IN", in.toString()).replace("OUT", out.toString())).toList();
        MainTest.Result r = flocktune(args.toArray(String[]::new));
        String expected = c.expected().replace("IN", in.toString()).replace("OUT", out.toString());
        assertEquals(2, r.exit(), c.name() + ": " + r.err());
        assertEquals(1, r.errLines().size(), c.name() + ": " + r.err());
        assertTrue(r.err().startsWith("flocktune: "), r.err());
        if (args.contains(in.resolve("bad.json").toString())) {
            assertTrue(r.err().startsWith("flocktune: " + in.resolve("bad.json") + ": ") || r.err().contains("evaluationTimeLimit"),
                    "names the file: " + r.err());
        }
        assertTrue(r.err().contains(expected), c.name() + ": expected \"" + expected + "\" in " + r.err());
        assertFalse(r.err().contains("Source") || r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        assertEquals("", r.out());
        assertEquals(before, snapshot(out), c.name() + ": the output directory is unchanged");
    }

    /** Every file under {@code dir}, path → content (directories as a marker). */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.toList()) {
                String key = dir.relativize(p).toString();
                files.put(key, Files.isDirectory(p) ? "(directory)" : new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
