package io.flocktune.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A full disk, made real with a 64 KiB tmpfs (needs root and mount; skipped with a message
 * otherwise): exit 3, one line naming the file, nothing partial left.
 */
class DiskFullTest {
    @TempDir
    Path tmp;
    Path disk;

    @BeforeEach
    void mountATinyDisk() throws Exception {
        disk = Files.createDirectories(tmp.resolve("disk"));
        boolean root = "root".equals(System.getProperty("user.name"));
        Assumptions.assumeTrue(root, "needs root to mount a tmpfs; skipped");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString())
                .redirectErrorStream(true).start();
        Assumptions.assumeTrue(mount.waitFor(20, TimeUnit.SECONDS) && mount.exitValue() == 0,
                "cannot mount a tmpfs here: " + new String(mount.getInputStream().readAllBytes()));
    }

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) new ProcessBuilder("umount", disk.toString()).start().waitFor(20, TimeUnit.SECONDS);
    }

    @Test
    void aFullDiskIsOneLineNamingTheFileExitThreeAndNoPartialFile() throws Exception {
        Path trace = disk.resolve("trace.csv");
        MainTest.Result r = flocktune("simulate", "--preset", "reynolds", "--steps", "50", "--trace", trace.toString());
        assertEquals(3, r.exit(), r.err());
        assertEquals(List.of("flocktune: " + trace + ": cannot write: no space left on the device (disk full)"), r.errLines());
        try (Stream<Path> left = Files.list(disk)) {
            assertEquals(List.of(), left.toList(), "no partial trace, no temporary file");
        }
    }
}
