package io.flocktune.tuner.export;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/** Runs the external compilers and interpreters the export tests check generated code with. */
final class Tools {
    private Tools() {}

    /** What a process printed and returned. */
    record Run(int exit, String output) {}

    /** Runs {@code command} in {@code directory}, standard error merged into the output. */
    static Run run(Path directory, List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail(String.join(" ", command) + ": did not finish in 120 s");
        }
        return new Run(process.exitValue(), output);
    }

    /** @return whether {@code command} runs and exits 0 (a probe for an installed tool) */
    static boolean works(List<String> command) {
        try {
            return run(Path.of("."), command).exit() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Skips the calling test with a message when a tool is missing, except in CI ({@code CI} set)
     * where its absence fails the test.
     *
     * @param install the Debian package(s) that provide it
     */
    static void require(boolean available, String tool, String install) {
        if (available) return;
        String message = tool + " is not available (Debian: apt-get install " + install + ")";
        if (System.getenv("CI") != null) fail(message + ": in CI, .ci/run must install it");
        Assumptions.abort(message + "; skipping (CI runs it)");
    }
}
