package io.flocktune.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the launcher tells a java's version: from its JDK's release file, else by running it. */
class LauncherJavaTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();   // surefire runs in tuner/

    private static String version(Path java) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "source \"$1\"; flocktune_java_version \"$2\"", "test",
                ROOT.resolve("flocktune").toString(), java.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }

    private static Path fakeJava(Path home, String script) throws IOException {
        Path java = home.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    @Test
    void aJdksReleaseFileGivesTheVersionWithoutStartingIt(@TempDir Path tmp) throws Exception {
        Path java = fakeJava(tmp.resolve("jdk"), "echo started >&2; exit 1");   // would print nothing useful if run
        Files.writeString(tmp.resolve("jdk/release"), "IMPLEMENTOR=\"Someone\"\nJAVA_VERSION=\"26.0.1\"\nJAVA_VERSION_DATE=\"2027-03-16\"\n");
        assertEquals("26", version(java));
        Path link = tmp.resolve("link-to-java");
        Files.createSymbolicLink(link, java);   // as /usr/bin/java links into a JDK
        assertEquals("26", version(link));
        Files.writeString(tmp.resolve("jdk/release"), "JAVA_VERSION_DATE=\"2027-03-16\"\nJAVA_VERSION=\"1.8.0_402\"");   // no final newline
        assertEquals("8", version(java));
    }

    @Test
    void withoutAReleaseFileTheJavaIsAsked(@TempDir Path tmp) throws Exception {
        assertEquals("25", version(fakeJava(tmp.resolve("a"), "echo 'openjdk version \"25.0.2\" 2026-01-20' >&2")));
        assertEquals("8", version(fakeJava(tmp.resolve("b"), "echo 'java version \"1.8.0_402\"' >&2")));
        assertEquals("", version(fakeJava(tmp.resolve("c"), "exit 1")));
    }
}
