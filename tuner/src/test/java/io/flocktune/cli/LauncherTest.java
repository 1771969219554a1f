package io.flocktune.cli;

import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.PresetJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the real {@code ./flocktune} launcher as a process. Slow: it marks the jar as stale, so the
 * launcher rebuilds it with Maven (run with {@code mvn -B verify -DexcludedGroups=}).
 */
@Tag("slow")
class LauncherTest {
    /** What a process printed and returned. */
    record Output(int exit, String out, String err) {}

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();   // surefire runs in tuner/

    static Output launch(String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile("flocktune-out", ".txt"), err = Files.createTempFile("flocktune-err", ".txt");
        try {
            Process process = new ProcessBuilder(concat(ROOT.resolve("flocktune").toString(), args))
                    .directory(ROOT.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            assertTrue(process.waitFor(10, TimeUnit.MINUTES), "launcher timed out");
            return new Output(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static List<String> concat(String first, String... rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), java.util.Arrays.stream(rest)).toList();
    }

    @Test
    void rebuildsAStaleJarWithoutPrintingToStandardOutputThenRuns() throws Exception {
        Path jar = ROOT.resolve("tuner/target/flocktune.jar");
        if (Files.exists(jar)) Files.setLastModifiedTime(jar, FileTime.fromMillis(0));   // older than every source

        Output shown = launch("presets", "show", "reynolds");
        assertEquals(0, shown.exit(), shown.err());
        assertEquals(PresetJson.write(Presets.get("reynolds")), shown.out(), "stdout holds only the JSON");
        assertTrue(shown.err().contains("building tuner/target/flocktune.jar"), shown.err());
        assertTrue(Files.getLastModifiedTime(jar).toMillis() > 0, "rebuilt");

        Output bad = launch("simulate", "--preset", "nope");
        assertEquals(2, bad.exit());
        assertEquals("", bad.out());
        assertEquals(1, bad.err().lines().count(), "no rebuild, one line: " + bad.err());

        Output run = launch("simulate", "--preset", "reynolds", "--steps", "50");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("preset      reynolds\n"), run.out());

        // the build recorded the JVM's start-up cache; a run with it prints what a run without it prints
        Path cache = ROOT.resolve("tuner/target/flocktune.aot");
        assertTrue(shown.err().contains("recording the JVM's start-up cache"), shown.err());
        assertTrue(Files.size(cache) > 0 && Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(jar)) > 0,
                "a cache newer than the jar");
        Path withCache = Files.createTempDirectory("flocktune-aot"), without = Files.createTempDirectory("flocktune-plain");
        Output cached = launch(concat("tune", "--out", withCache.resolve("run").toString()).toArray(String[]::new));
        assertEquals(0, cached.exit(), cached.err());
        Process plain = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                "tune", "--out", without.resolve("run").toString())
                .redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String plainOut = new String(plain.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(plain.waitFor(5, TimeUnit.MINUTES));
        assertEquals(withoutTimes(plainOut).replace(without.toString(), "DIR"), withoutTimes(cached.out()).replace(withCache.toString(), "DIR"));

        // Maven rebuilt the jar (mvn package or verify): the next call records the cache again, once
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(cache).toMillis() + 2_000));
        Output again = launch("presets", "show", "reynolds");
        assertEquals(0, again.exit(), again.err());
        assertEquals(PresetJson.write(Presets.get("reynolds")), again.out(), "stdout holds only the JSON");
        assertTrue(again.err().contains("recording the JVM's start-up cache") && !again.err().contains("building"), again.err());
        assertTrue(Files.size(cache) > 0 && Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(jar)) > 0,
                "a cache newer than the rebuilt jar");
        Output once = launch("presets", "show", "reynolds");
        assertEquals("", once.err(), "recorded once per build");
    }

    /** @return the printed result without what depends on the clock (rates, ETA and the time split). */
    private static String withoutTimes(String out) {
        return out.lines().filter(l -> !l.startsWith("time:")).map(l -> l.replaceAll(", [0-9.]+ eval/s, ETA [0-9]+ s", ""))
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    @Test
    @Tag("spark")
    void executorSparkRunsLocalSparkWithTheProjectsSparkJarsAndPrintsWhatLocalPrints() throws Exception {
        Path cache = ROOT.resolve("tuner/target/spark.classpath");
        Files.deleteIfExists(cache);   // first use: Maven resolves Spark's jars
        String[] measure = {"measure", "--preset", "reynolds", "--steps", "30", "--replicates", "3", "--json"};
        Output local = launch(measure);
        assertEquals(0, local.exit(), local.err());

        String[] onSpark = java.util.Arrays.copyOf(measure, measure.length + 2);
        onSpark[measure.length] = "--executor";
        onSpark[measure.length + 1] = "spark";
        Output spark = launch(onSpark);
        assertEquals(0, spark.exit(), spark.err());
        assertEquals(local.out(), spark.out());
        assertTrue(spark.err().contains("resolving Spark's jars with Maven"), spark.err());
        assertTrue(Files.readString(cache).contains("spark-core_2.13"), "cached class path");
        assertFalse(spark.err().contains(" INFO "), "Spark logs warnings only: " + spark.err());

        Output again = launch("measure", "--preset", "reynolds", "--steps", "30", "--replicates", "3", "--json", "--executor=spark");
        assertEquals(local.out(), again.out());
        assertFalse(again.err().contains("resolving Spark's jars"), "the class path is cached: " + again.err());

        // the jar alone has no Spark: one line, exit 2
        Path err = Files.createTempFile("flocktune-err", ".txt");
        Process plain = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                ROOT.resolve("tuner/target/flocktune.jar").toString(), "measure", "--preset", "reynolds", "--executor", "spark")
                .redirectError(err.toFile()).start();
        assertTrue(plain.waitFor(1, TimeUnit.MINUTES));
        assertEquals(2, plain.exitValue());
        assertEquals("flocktune: --executor spark: Spark is not on the class path; run through ./flocktune (it fetches Spark "
                + "with Maven) or spark-submit", Files.readString(err).strip());
        Files.delete(err);
    }
}
