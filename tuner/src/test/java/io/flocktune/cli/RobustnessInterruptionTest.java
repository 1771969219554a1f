package io.flocktune.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A robustness screen killed with {@code kill -9} (no hook runs) in a child JVM, at a few
 * moments (while it starts, simulates, and just as its first file appears), leaves either no
 * directory or the complete one; run again with the same {@code --out}, it ends with exactly the
 * files of an uninterrupted screen.
 */
class RobustnessInterruptionTest {

    private static Process child(Path tmp, String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.appendTo(tmp.resolve("children.err").toFile())).start();
    }

    @Test
    void killedAtAnyMomentItLeavesNothingOrTheWholeScreenAndRunsAgainToTheSameFiles(@TempDir Path tmp) throws Exception {
        Path scenarios = tmp.resolve("grid.json");
        Files.writeString(scenarios, SensitivityRobustnessCommandTest.SCENARIOS);
        Path whole = tmp.resolve("whole");
        assertEquals(0, flocktune(SensitivityRobustnessCommandTest.robustness(scenarios, whole, "--threads", "1")).exit());
        List<String> files = StudyFaultTest.tree(whole);

        Path run = tmp.resolve("run");
        // killed after a delay (starting, simulating), then killed as soon as its first file is visible
        for (long delayMillis : new long[] {300, 1_500, -1}) {
            Process p = child(tmp, SensitivityRobustnessCommandTest.robustness(scenarios, run, "--threads", "1"));
            if (delayMillis >= 0) {
                p.waitFor(delayMillis, TimeUnit.MILLISECONDS);
            } else {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (p.isAlive() && !Files.exists(run.resolve("robustness.json"))) {
                    assertTrue(System.nanoTime() < deadline, "the child never wrote");
                    Thread.sleep(1);
                }
            }
            p.destroyForcibly().waitFor();
            if (Files.exists(run)) {
                assertEquals(files, StudyFaultTest.tree(run), "killed after " + delayMillis + " ms: the whole screen or nothing");
                break;
            }
        }
        if (!Files.exists(run)) {
            MainTest.Result again = flocktune(SensitivityRobustnessCommandTest.robustness(scenarios, run, "--threads", "1"));
            assertEquals(0, again.exit(), again.err());
        }
        for (String f : files) {
            if (f.equals("robustness.json") || f.equals("report.html")) continue;   // versions and the same JSON inline
            assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(run.resolve(f)), f);
        }
    }
}
