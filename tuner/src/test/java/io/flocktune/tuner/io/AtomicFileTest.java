package io.flocktune.tuner.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

class AtomicFileTest {
    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aCommittedFileIsWholeAndNoTemporaryFileIsLeft(@TempDir Path dir) throws Exception {
        try (AtomicFile out = AtomicFile.create(dir.resolve("a.txt"))) {
            out.writer().write("whole");
            out.commit();
        }
        assertEquals("whole", Files.readString(dir.resolve("a.txt")));
        assertEquals(List.of("a.txt"), names(dir));
    }

    /** validate's CSV and its charts: none appears unless all could be written. */
    @Test
    void writeAllCommitsNothingWhenOneFileCannotBeWritten(@TempDir Path dir) throws Exception {
        Files.createDirectory(dir.resolve("vicsek.svg"));   // a directory where a chart should go
        Map<Path, byte[]> files = new LinkedHashMap<>();
        files.put(dir.resolve("vicsek.csv"), "eta,phi\n".getBytes());
        files.put(dir.resolve("vicsek.png"), new byte[] {1, 2, 3});
        files.put(dir.resolve("vicsek.svg"), "<svg/>".getBytes());
        InputException e = assertThrows(InputException.class, () -> AtomicFile.writeAll(files));
        assertEquals(dir.resolve("vicsek.svg") + ": is a directory; expected a file name", e.getMessage());
        assertEquals(List.of("vicsek.svg"), names(dir), "no CSV without its charts, no temporary file");
    }

    @Test
    void aFullDiskIsNamedAsSuch() {
        assertTrue(AtomicFile.diskFull(new java.io.IOException("No space left on device")));
        assertEquals(AtomicFile.DISK_FULL, AtomicFile.reason(new java.io.IOException("No space left on device")));
        assertFalse(AtomicFile.diskFull(new java.io.IOException("Input/output error")));
    }

    /** A Ctrl-C (an interrupt of the writing thread) closes a file channel in the middle of a write; these writes finish. */
    @Test
    void writesThatMustNotBeCutFinishWhenTheThreadIsInterrupted(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("table.csv");
        Thread.currentThread().interrupt();
        try (java.nio.channels.FileChannel plain = java.nio.channels.FileChannel.open(tmp.resolve("plain.csv"),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            assertThrows(java.nio.channels.ClosedByInterruptException.class,
                    () -> plain.write(java.nio.ByteBuffer.wrap("a\n".getBytes())), "without it the interrupt cuts the write");
        }
        assertTrue(Thread.interrupted(), "the interrupt is still pending");
        Thread.currentThread().interrupt();
        AtomicFile.uninterruptibly(() -> {
            try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
                for (int k = 0; k < 100; k++) channel.write(java.nio.ByteBuffer.wrap(("row " + k + "\n").getBytes()));
                channel.force(true);
            }
        });
        assertTrue(Thread.interrupted(), "the caller's interrupt is kept for what comes next");
        assertEquals(100, Files.readAllLines(file).size());
        assertTrue(AtomicFile.interrupted(new java.io.UncheckedIOException(new java.io.IOException(
                new java.nio.channels.ClosedByInterruptException()))));
        assertFalse(AtomicFile.interrupted(new java.io.IOException("disk full")));
    }

    /** Writes started behind the caller run while it goes on; waiting gives their end or their failure, every time. */
    @Test
    void writesBehindTheCallerEndBeforeItsWaitReturnsAndTheirFailureReachesIt(@TempDir Path tmp) throws Exception {
        java.util.concurrent.CountDownLatch callerWentOn = new java.util.concurrent.CountDownLatch(1);
        Path file = tmp.resolve("rows.csv");
        AtomicFile.Pending pending = AtomicFile.behind(() -> {
            try {
                assertTrue(callerWentOn.await(10, java.util.concurrent.TimeUnit.SECONDS), "the caller did not go on");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Files.writeString(file, "a\nb\n");
        });
        callerWentOn.countDown();   // had behind() waited for the writes, this line would never be reached in time
        Thread.currentThread().interrupt();
        pending.await();
        assertTrue(Thread.interrupted(), "the caller's interrupt is kept");
        assertEquals(List.of("a", "b"), Files.readAllLines(file));

        AtomicFile.Pending failing = AtomicFile.behind(() -> {
            throw new java.io.IOException("disk full");
        });
        for (int k = 0; k < 2; k++) assertEquals("disk full", assertThrows(java.io.IOException.class, failing::await).getMessage());
        AtomicFile.Pending.NONE.await();
    }
}
