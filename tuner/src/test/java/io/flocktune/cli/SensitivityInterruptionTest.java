package io.flocktune.cli;

import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ctrl-C (SIGINT) of a sensitivity analysis in a child JVM: exit 130, a resume hint, and a resume that ends with the uninterrupted files. */
class SensitivityInterruptionTest {

    @Test
    void ctrlCExitsWith130AndTheAnalysisResumesToTheSameFiles(@TempDir Path tmp) throws Exception {
        Path experiment = tmp.resolve("tiny.json");
        Files.writeString(experiment, TinyExperiment.json("", 1));
        List<String> args = List.of("sensitivity", experiment.toString(), "--method", "sobol", "--samples", "64", "--replicates", "2");
        Path run = tmp.resolve("run");
        List<String> command = MainTest.ctrlCChild(java.util.stream.Stream.concat(args.stream(),
                java.util.stream.Stream.of("--out", run.toString(), "--threads", "2")).toList());
        Process p = new ProcessBuilder(command).redirectOutput(tmp.resolve("run.out").toFile()).redirectError(tmp.resolve("run.err").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        Path samples = run.resolve("samples.csv");
        while (p.isAlive() && !(Files.exists(samples) && Files.readAllLines(samples).size() > 200)) {
            assertTrue(System.nanoTime() < deadline, "no samples in time");
            Thread.sleep(5);
        }
        assertTrue(p.isAlive(), "the child ended before it could be interrupted");
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the analysis stops after Ctrl-C");
        String err = Files.readString(tmp.resolve("run.err"));
        assertEquals(130, p.exitValue(), err);
        assertTrue(err.contains("--resume " + run), err);
        assertFalse(Files.exists(run.resolve("indices.csv")));
        assertTrue(Files.readString(samples).endsWith("\n"), "only whole rows");

        MainTest.Result resumed = flocktune("sensitivity", "--resume", run.toString(), "--threads", "2");
        assertEquals(0, resumed.exit(), resumed.err());
        Path whole = tmp.resolve("whole");
        List<String> straight = new java.util.ArrayList<>(args);
        straight.addAll(List.of("--out", whole.toString(), "--threads", "1"));
        MainTest.Result r = flocktune(straight.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        for (String f : List.of("samples.csv", "indices.csv", "report.html", "sensitivity.json", "experiment.json")) {
            assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(run.resolve(f)), f);
        }
    }
}
