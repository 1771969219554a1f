package io.flocktune.tuner.export;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Node.js for the JS engine's tests: {@code node} (or Debian's {@code nodejs}) on PATH. Absent,
 * the tests are skipped with a message, except in CI ({@code CI} set), where {@code .ci/run}
 * installs the Debian package {@code nodejs} and its absence is a failure.
 */
final class NodeJs {
    private NodeJs() {}

    static String require() {
        for (String name : List.of("node", "nodejs")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) return p.toString();
            }
        }
        String message = "Node.js (node or nodejs) is not on PATH";
        if (System.getenv("CI") != null) fail(message + ": in CI, .ci/run must install the Debian package 'nodejs'");
        Assumptions.abort(message + "; skipping the JS engine check (CI runs it)");
        return null;
    }

    /** Copies the classpath resource {@code io/flocktune/tuner/web/NAME} into {@code dir}. */
    static Path resource(String name, Path dir) throws IOException {
        try (InputStream in = NodeJs.class.getResourceAsStream("/io/flocktune/tuner/web/" + name)) {
            if (in == null) throw new IOException("no resource " + name);
            Path out = dir.resolve(name);
            Files.write(out, in.readAllBytes());
            return out;
        }
    }

    /** Runs node with the arguments; fails the test with its output unless it exits 0. */
    static String run(Path workDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(require());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("node did not finish: " + output);
        }
        if (p.exitValue() != 0) fail("node exited " + p.exitValue() + ":\n" + output);
        return output;
    }
}
