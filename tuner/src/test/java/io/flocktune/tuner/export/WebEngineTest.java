package io.flocktune.tuner.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.flocktune.cli.Main;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.StateCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The web player's JavaScript engine ({@code flock.mjs}) against the Java engine: for every
 * built-in preset (initial state drawn by the JS engine from the seed, as Java draws it), the
 * tuned showcase preset, and random presets that together take every rule variant
 * {@link WebPlayer} claims (initial state from a state CSV), Node runs the JS engine for
 * {@value #STEPS} steps and {@code flocktune simulate [--init STATE.csv] --trace OUT.csv} runs
 * the Java engine; every position and velocity of every boid and predator at every step must
 * agree within {@value #TOLERANCE} (minimum image in a periodic world). Random presets whose
 * Java run is itself chaotic at the rounding level are redrawn ({@link #roundingStable}).
 */
class WebEngineTest {
    static final int STEPS = 50;
    static final double TOLERANCE = 1e-9;
    private static final String NO_PREDATOR_ROWS = "CSV without predator rows: ";

    /** One comparison: a preset, a seed, and whether the initial state comes from a CSV. */
    record Case(String label, Preset.RuleSet preset, long seed, boolean fromCsv) {}

    private static List<Case> cases;

    /** The compared presets (drawn once per test run: checking the random ones costs seconds). */
    static synchronized List<Case> cases() throws Exception {
        if (cases == null) cases = List.copyOf(drawCases());
        return cases;
    }

    private static List<Case> drawCases() throws Exception {
        List<Case> cases = new ArrayList<>();
        for (Preset any : Presets.all().values()) {
            if (!(any instanceof Preset.RuleSet p)) continue;   // a peer's whole model: its own kernel
            cases.add(new Case(p.name(), p, 7, false));
        }
        Preset.RuleSet base = assertInstanceOf(Preset.RuleSet.class, PresetJson.resolve("reynolds", List.of("predators.count=1")));
        cases.add(new Case("default experiment base (reynolds + 1 predator)", base, 11, false));
        cases.add(new Case("default experiment base from a CSV", base, -5, true));
        cases.add(new Case(NO_PREDATOR_ROWS + "default experiment base", base, 12, true));
        Path showcase = Path.of("../results/showcase/best/best.json");
        if (Files.isRegularFile(showcase)) cases.add(new Case("tuned showcase best", assertInstanceOf(Preset.RuleSet.class, PresetJson.read(showcase)), 3, false));
        for (int k = 0; k < 2 * VariantPresets.COUNT; k++) {
            long seed = 100 + k;
            for (int attempt = 1; ; attempt++) {
                assertTrue(attempt <= 50, "variants-" + k + ": no rounding-stable draw in 50");
                Preset.RuleSet p = VariantPresets.get(k, attempt);
                if (roundingStable(p, seed)) {
                    cases.add(new Case("variants-" + k + (attempt > 1 ? " (draw " + attempt + ")" : ""), p, seed, true));
                    break;
                }
            }
        }
        return cases;
    }

    /**
     * Whether the Java engine itself carries a rounding-size change of the initial state (every
     * x moved by one ulp) through {@value #STEPS} steps with a change below 1e-10. A chaotic
     * preset amplifies the rounding differences of any other summation order (the Java grid's
     * cell order against the JS engine's id order) past 1e-9 by itself, whatever the engine:
     * such a draw says nothing about the transcription and is replaced by the next one (the
     * choice looks at the Java engine only, never at the JS result).
     */
    static boolean roundingStable(Preset p, long seed) {
        Flock initial = initialState(p, seed);
        Flock moved = initial.copy();
        for (int i = 0; i < moved.count(); i++) moved.x()[i] = Math.nextUp(moved.x()[i]);
        Simulation a = Simulation.of(p, seed, initial), b = Simulation.of(p, seed, moved);
        a.run(STEPS, (step, f) -> {});
        b.run(STEPS, (step, f) -> {});
        Flock fa = a.flock().inIdOrder(), fb = b.flock().inIdOrder();
        if (fa.count() != fb.count()) return false;
        double period = p.world().boundary() instanceof Boundary.Wrap ? p.world().size() : 0;
        for (int i = 0; i < fa.count(); i++) {
            double[] d = {fa.x()[i] - fb.x()[i], fa.y()[i] - fb.y()[i], fa.z()[i] - fb.z()[i],
                    fa.vx()[i] - fb.vx()[i], fa.vy()[i] - fb.vy()[i], fa.vz()[i] - fb.vz()[i]};
            for (int c = 0; c < 6; c++) {
                double v = period > 0 && c < 3 ? d[c] - period * Math.rint(d[c] / period) : d[c];
                if (!(Math.abs(v) <= 1e-10)) return false;
            }
        }
        return true;
    }

    /** The initial state a CSV case starts from: drawn with another seed than the run's. */
    static Flock initialState(Preset p, long seed) {
        return Simulation.of(p, seed + 1000).flock();
    }

    @Test
    void jsEngineFollowsTheJavaEngineForEveryClaimedVariant(@TempDir Path dir) throws Exception {
        List<Case> cases = cases();
        Path engine = NodeJs.resource("flock.mjs", dir);
        List<Map<String, Object>> manifest = new ArrayList<>();
        for (int c = 0; c < cases.size(); c++) {
            Case k = cases.get(c);
            assertEquals(Set.of(), WebPlayer.unsupported(k.preset()), k.label() + " runs live");
            Path preset = dir.resolve("preset-" + c + ".json");
            Files.writeString(preset, PresetJson.write(k.preset()));
            Path init = null;
            if (k.fromCsv()) {
                init = dir.resolve("init-" + c + ".csv");
                StateCsv.write(init, 0, initialState(k.preset(), k.seed()));
                if (k.label().startsWith(NO_PREDATOR_ROWS)) {
                    // no predator rows: both engines draw the predators from the seed (Simulation.ofBoids)
                    List<String> rows = Files.readAllLines(init).stream().filter(row -> !row.contains(",predator,")).toList();
                    Files.write(init, rows);
                }
            }
            Path javaTrace = dir.resolve("java-" + c + ".csv");
            List<String> args = new ArrayList<>(List.of("simulate", "--preset", preset.toString(), "--seed", Long.toString(k.seed()),
                    "--steps", Integer.toString(STEPS), "--trace", javaTrace.toString()));
            if (init != null) args.addAll(List.of("--init", init.toString()));
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int code = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, code, k.label() + ": " + err.toString(StandardCharsets.UTF_8));
            Map<String, Object> entry = new HashMap<>();
            entry.put("preset", preset.toString());
            entry.put("init", init == null ? null : init.toString());
            entry.put("seed", Long.toString(k.seed()));
            entry.put("steps", STEPS);
            entry.put("out", dir.resolve("js-" + c + ".csv").toString());
            manifest.add(entry);
        }
        Path manifestFile = dir.resolve("manifest.json");
        new ObjectMapper().writeValue(manifestFile.toFile(), manifest);
        NodeJs.run(dir, Path.of("src/test/js/run-engine.mjs").toAbsolutePath().toString(), engine.toString(), manifestFile.toString());

        StringBuilder report = new StringBuilder();
        double worstOverall = 0;
        for (int c = 0; c < cases.size(); c++) {
            Case k = cases.get(c);
            double period = k.preset().world().boundary() instanceof Boundary.Wrap ? k.preset().world().size() : 0;
            Map<String, double[]> java = rows(dir.resolve("java-" + c + ".csv"));
            Map<String, double[]> js = rows(dir.resolve("js-" + c + ".csv"));
            Difference difference = difference(k, java, js);
            double worst = difference.worst();
            String where = difference.where();
            worstOverall = Math.max(worstOverall, worst);
            if (worst > TOLERANCE || Boolean.getBoolean("web.debug")) {
                double[] perStep = new double[STEPS + 1];
                for (var e : java.entrySet()) {
                    double[] a = e.getValue(), b = js.get(e.getKey());
                    int step = Integer.parseInt(e.getKey().substring(0, e.getKey().indexOf(',')));
                    for (int i = 0; i < 6; i++) {
                        double d = b[i] - a[i];
                        if (period > 0 && i < 3) d = d - period * Math.rint(d / period);
                        perStep[step] = Math.max(perStep[step], Math.abs(d));
                    }
                }
                report.append(k.label()).append(" worst by step: ").append(Arrays.toString(perStep)).append('\n');
                report.append(PresetJson.write(k.preset())).append('\n');
            }
            report.append(String.format("%-50s worst %.3g at %s%n", k.label(), worst, where));
            assertTrue(worst <= TOLERANCE, k.label() + ": JS differs from Java by " + worst + " at " + where + "\n" + report);
        }
        System.out.println("JS engine vs Java, " + cases.size() + " presets x " + STEPS + " steps, worst difference " + worstOverall + "\n" + report);
    }

    /** Every variant WebPlayer claims is taken by at least one compared preset. */
    @Test
    void everyClaimedVariantIsCompared() throws Exception {
        Map<String, Set<String>> seen = new TreeMap<>();
        for (Case k : cases()) {
            Preset.RuleSet p = k.preset();
            seen.computeIfAbsent("world.boundary", x -> new TreeSet<>()).add(Kinds.of(p.world().boundary()));
            seen.computeIfAbsent("neighbourhood", x -> new TreeSet<>()).add(Kinds.of(p.neighbourhood()));
            seen.computeIfAbsent("separation", x -> new TreeSet<>()).add(Kinds.of(p.separation()));
            seen.computeIfAbsent("alignment", x -> new TreeSet<>()).add(Kinds.of(p.alignment()));
            seen.computeIfAbsent("cohesion", x -> new TreeSet<>()).add(Kinds.of(p.cohesion()));
            seen.computeIfAbsent("motion", x -> new TreeSet<>()).add(Kinds.of(p.motion()));
            seen.computeIfAbsent("obstacles.avoidance", x -> new TreeSet<>()).add(Kinds.of(p.obstacles().avoidance()));
            if (p.predators().count() > 0) {
                seen.computeIfAbsent("predators.behaviour", x -> new TreeSet<>()).add(Kinds.of(p.predators().behaviour()));
            }
            seen.computeIfAbsent("update", x -> new TreeSet<>()).add(p.update().name().toLowerCase());
            seen.computeIfAbsent("dimension", x -> new TreeSet<>()).add(Integer.toString(p.world().dimension()));
        }
        for (var e : WebPlayer.SUPPORTED.entrySet()) {
            assertEquals(new TreeSet<>(e.getValue()), seen.get(e.getKey()), e.getKey() + ": every claimed kind is compared");
        }
        assertEquals(WebPlayer.SUPPORTED_UPDATES, seen.get("update"));
        assertEquals(Set.of("2", "3"), seen.get("dimension"));
    }

    /** The JS engine's own list of variants is WebPlayer's. */
    @Test
    void jsAndJavaClaimTheSameVariants(@TempDir Path dir) throws Exception {
        Path engine = NodeJs.resource("flock.mjs", dir);
        String json = NodeJs.run(dir, "--input-type=module", "-e",
                "const e = await import(" + new ObjectMapper().writeValueAsString(engine.toUri().toString()) + ");"
                        + "console.log(JSON.stringify(e.SUPPORTED));");
        Map<?, ?> js = new ObjectMapper().readValue(json, Map.class);
        Map<String, Set<String>> jsSets = new TreeMap<>();
        js.forEach((k, v) -> jsSets.put((String) k, new TreeSet<>(((List<?>) v).stream().map(String::valueOf).toList())));
        Map<String, Set<String>> javaSets = new TreeMap<>();
        WebPlayer.SUPPORTED.forEach((k, v) -> javaSets.put(k, new TreeSet<>(v)));
        assertEquals(javaSets, jsSets);
    }

    /** step,kind,id → x, y, z, vx, vy, vz. */
    static Map<String, double[]> rows(Path trace) throws IOException {
        List<String> lines = Files.readAllLines(trace);
        assertEquals(String.join(",", StateCsv.HEADER), lines.getFirst(), trace + " header");
        Map<String, double[]> out = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) continue;
            String[] c = line.split(",");
            double[] v = new double[6];
            for (int i = 0; i < 6; i++) v[i] = Double.parseDouble(c[3 + i]);
            assertNull(out.put(c[0] + "," + c[1] + "," + c[2], v), trace + ": duplicate row " + line);
        }
        return out;
    }

    /**
     * Asserts that every case's trace {@code DIR/PREFIX-c.csv} written by another engine follows
     * the Java engine's {@code DIR/java-c.csv} within {@value #TOLERANCE}, and prints each case's
     * worst difference.
     */
    static void assertEveryCaseFollowsJava(String engine, String prefix, List<Case> cases, Path dir) throws IOException {
        StringBuilder report = new StringBuilder();
        double worstOverall = 0;
        for (int c = 0; c < cases.size(); c++) {
            Case k = cases.get(c);
            Difference difference = difference(k, rows(dir.resolve("java-" + c + ".csv")), rows(dir.resolve(prefix + "-" + c + ".csv")));
            worstOverall = Math.max(worstOverall, difference.worst());
            report.append(String.format("%-50s worst %.3g at %s%n", k.label(), difference.worst(), difference.where()));
            assertTrue(difference.worst() <= TOLERANCE, k.label() + ": " + engine + " differs from Java by " + difference.worst()
                    + " at " + difference.where() + "\n" + report + PresetJson.write(k.preset()));
        }
        System.out.println(engine + " engine vs Java, " + cases.size() + " presets x " + STEPS + " steps, worst difference "
                + worstOverall + "\n" + report);
    }

    /** The largest |other − java| of a case over every boid, predator, step and coordinate (minimum image in a periodic world), and where. */
    record Difference(double worst, String where) {}

    /** Compares two traces of one case (the same boids and predators at the same steps, asserted); NaN counts as worst. */
    static Difference difference(Case k, Map<String, double[]> java, Map<String, double[]> other) {
        assertEquals(new TreeSet<>(java.keySet()), new TreeSet<>(other.keySet()), k.label() + ": the same boids and predators at the same steps");
        double period = k.preset().world().boundary() instanceof Boundary.Wrap ? k.preset().world().size() : 0;
        double worst = 0;
        String where = "";
        for (var e : java.entrySet()) {
            double[] a = e.getValue(), b = other.get(e.getKey());
            for (int i = 0; i < 6; i++) {
                double d = b[i] - a[i];
                if (period > 0 && i < 3) d = d - period * Math.rint(d / period);
                if (!(Math.abs(d) <= worst)) {
                    worst = Math.abs(d);
                    where = e.getKey() + " column " + i;
                }
            }
        }
        return new Difference(worst, where);
    }
}
