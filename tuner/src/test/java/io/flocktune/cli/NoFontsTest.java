package io.flocktune.cli;

import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A run on a machine where Java finds no fonts (a cluster node, a container) keeps every result
 * and exits 0: the report is skipped with one warning and can be drawn elsewhere. The machine
 * without fonts is a child JVM whose fontconfig knows no fonts ({@code FONTCONFIG_FILE}) and
 * whose home has no cached font list ({@code ~/.java/fonts}); it failed with exit 1,
 * "Fontconfig head is null", before the fix.
 */
class NoFontsTest {

    /** Runs flocktune in a child JVM without fonts; its output goes to out.txt and err.txt in {@code tmp}. */
    private static Process withoutFonts(Path tmp, String... args) throws Exception {
        Path fontsConf = tmp.resolve("fonts.conf");
        Files.writeString(fontsConf, "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig></fontconfig>\n");
        Path home = Files.createDirectories(tmp.resolve("home"));
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-Duser.home=" + home, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder child = new ProcessBuilder(command)
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile());
        child.environment().put("FONTCONFIG_FILE", fontsConf.toString());
        child.environment().put("HOME", home.toString());
        Process process = child.start();
        assertTrue(process.waitFor(3, TimeUnit.MINUTES), "flocktune ended");
        return process;
    }

    @Test
    void aRunWithoutFontsWritesEveryResultSkipsTheReportWithOneWarningAndExitsZero(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 2));
        Path run = tmp.resolve("run");

        Process process = withoutFonts(tmp, "tune", experiment.toString(), "--out", run.toString(), "--threads", "2");
        String err = Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);
        String out = Files.readString(tmp.resolve("out.txt"), StandardCharsets.UTF_8);

        assertEquals(0, process.exitValue(), err);
        List<String> warnings = err.lines().filter(l -> l.contains("warning")).toList();
        assertEquals(1, warnings.size(), err);
        assertTrue(warnings.getFirst().startsWith("flocktune: warning: charts and report.html skipped, Java finds no usable fonts ("),
                warnings.getFirst());
        assertTrue(warnings.getFirst().endsWith("draw the report where fonts are installed with: ./flocktune report " + run),
                warnings.getFirst());
        for (String f : List.of("experiment.json", "history.csv", "generations.csv", "validation.csv", "pareto.csv",
                "best/best.json", "checkpoint/state.json")) {
            assertTrue(Files.isRegularFile(run.resolve(f)), f);
        }
        assertFalse(Files.exists(run.resolve("report.html")));
        assertTrue(out.contains("report: not drawn (see the warning above); draw it with ./flocktune report " + run), out);

        // asked for explicitly, the report cannot be drawn there: one line, exit 2
        Process report = withoutFonts(tmp, "report", run.toString());
        String reportErr = Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);
        assertEquals(Main.BAD_INPUT, report.exitValue(), reportErr);
        assertEquals(1, reportErr.strip().lines().count(), reportErr);
        assertTrue(reportErr.startsWith("flocktune: " + run + ": cannot draw the charts: Java finds no usable fonts"), reportErr);

        // where fonts are (this JVM), the report is drawn from the files
        MainTest.Result drawn = flocktune("report", run.toString());
        assertEquals(0, drawn.exit(), drawn.err());
        assertTrue(Files.isRegularFile(run.resolve("report.html")));
        assertTrue(Files.isRegularFile(run.resolve("charts/convergence.png")));
    }
}
