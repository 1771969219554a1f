package io.flocktune.tuner.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output file that appears whole or not at all: everything is written to a hidden temporary
 * file in the target's directory, which {@link #commit()} forces to the disk (fsync) and renames
 * onto the target atomically, then forces the directory, so that neither a crash nor a power
 * loss can leave a renamed but empty file.
 * Closing without a commit (an error, an exception) deletes the temporary file, and so does the
 * JVM's exit on Ctrl-C, so no partial output is ever left behind.
 *
 * <pre>{@code
 * try (AtomicFile out = AtomicFile.create(Path.of("trace.csv"))) {
 *     out.writer().write("...");
 *     out.commit();
 * }
 * }</pre>
 */
public final class AtomicFile implements AutoCloseable {
    private final Path target;
    private final Path temporary;
    private final BufferedWriter writer;
    private boolean done;

    private AtomicFile(Path target, Path temporary, BufferedWriter writer) {
        this.target = target;
        this.temporary = temporary;
        this.writer = writer;
    }

    /**
     * Opens a temporary file beside {@code target} (UTF-8).
     *
     * @throws InputException naming {@code target} if its directory is missing or not writable
     */
    public static AtomicFile create(Path target) throws InputException {
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        if (Files.isDirectory(absolute)) throw new InputException(target + ": is a directory; expected a file name");
        try {
            Path temporary = createTemporary(directory, absolute.getFileName().toString());
            temporary.toFile().deleteOnExit();   // also on Ctrl-C: the JVM runs its exit hooks
            return new AtomicFile(target, temporary, Files.newBufferedWriter(temporary, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InputException(target + ": cannot write: " + reason(e), e);
        }
    }

    /**
     * Writes {@code content} (binary, e.g. an image) to {@code target} whole or not at all.
     *
     * @throws InputException naming {@code target} if it cannot be written; nothing is left behind
     */
    public static void write(Path target, byte[] content) throws InputException {
        try (AtomicFile output = create(target)) {
            try {
                Files.write(output.temporary, content);
            } catch (IOException e) {
                throw new InputException(target + ": cannot write: " + reason(e), e);
            }
            output.commit();
        }
    }

    /**
     * Writes {@code text} as UTF-8 to {@code target} whole or not at all.
     *
     * @throws InputException naming {@code target} if it cannot be written; nothing is left behind
     */
    public static void write(Path target, String text) throws InputException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A new empty hidden file; unlike {@code createTempFile} it gets the umask's permissions. */
    private static Path createTemporary(Path directory, String name) throws IOException {
        while (true) {
            String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong());
            try {
                return Files.createFile(directory.resolve("." + name + "." + suffix + ".tmp"));
            } catch (FileAlreadyExistsException e) {
                // another name
            }
        }
    }

    /** @return the file the output will have once committed, as given. */
    public Path target() {
        return target;
    }

    /** @return the writer into the temporary file; do not close it, close this instead. */
    public BufferedWriter writer() {
        return writer;
    }

    /**
     * Closes the writer and renames the temporary file onto the target (replacing it).
     *
     * @throws InputException naming the target if writing or renaming fails (the temporary file
     *                        is then deleted)
     */
    public void commit() throws InputException {
        if (done) throw new IllegalStateException(target + " already committed or closed");
        try {
            writer.close();
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            syncDirectory(target.toAbsolutePath().getParent());
        } catch (IOException e) {
            close();
            throw new InputException(target + ": cannot write: " + reason(e), e);
        }
    }

    /**
     * Writes several files so that each appears whole or not at all, and none appears before all
     * are written: every content goes to its temporary file first, then all are committed. (A
     * crash between two renames can still leave the first ones; nothing is ever left partial.)
     *
     * @param contents target → bytes, committed in iteration order
     * @throws InputException naming the first file that cannot be written; no file is committed then
     */
    public static void writeAll(java.util.Map<Path, byte[]> contents) throws InputException {
        java.util.List<AtomicFile> outputs = new java.util.ArrayList<>();
        try {
            for (java.util.Map.Entry<Path, byte[]> e : contents.entrySet()) {
                AtomicFile output = create(e.getKey());
                outputs.add(output);
                try {
                    Files.write(output.temporary, e.getValue());
                } catch (IOException ex) {
                    throw new InputException(e.getKey() + ": cannot write: " + reason(ex), ex);
                }
            }
            for (AtomicFile output : outputs) output.commit();
        } finally {
            for (AtomicFile output : outputs) output.close();
        }
    }

    /** Discards the output unless it was committed. Idempotent. */
    @Override
    public void close() {
        if (done) return;
        done = true;
        try {
            writer.close();
        } catch (IOException ignored) {
            // the file is being discarded anyway
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
            // deleteOnExit will try again
        }
    }

    /**
     * Forces a directory's entries (a rename, a new file) to the disk. Some platforms cannot open
     * a directory for that; there the rename is as durable as the platform makes it.
     */
    public static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // not supported here (e.g. Windows)
        }
    }

    /** Writes that must not be cut in half. */
    @FunctionalInterface
    public interface Writes {
        void run() throws IOException, InputException;
    }

    /**
     * Runs {@code writes} to the end even if the calling thread is interrupted meanwhile (Ctrl-C):
     * they run on a thread of their own, which no interrupt reaches (a file channel closes when its
     * thread is interrupted), and the caller waits for them; its interrupt status is kept for
     * what comes next. So a study's tables and its checkpoint are written together or not at all.
     */
    public static void uninterruptibly(Writes writes) throws IOException, InputException {
        behind(writes).await();
    }

    /**
     * Starts {@code writes} on a thread of their own, as {@link #uninterruptibly} runs them, and
     * returns at once: the caller goes on (e.g. with the next generation's simulations) and
     * {@linkplain Pending#await awaits} them before it writes again or reads what they wrote.
     */
    public static Pending behind(Writes writes) {
        java.util.concurrent.FutureTask<Void> task = new java.util.concurrent.FutureTask<>(() -> {
            writes.run();
            return null;
        });
        Thread.ofPlatform().name("flocktune-writes").start(task);
        return new Pending(task);
    }

    /** Writes started by {@link #behind}, or none ({@link #NONE}). */
    public static final class Pending {
        /** Nothing to wait for. */
        public static final Pending NONE = new Pending(null);

        private final java.util.concurrent.Future<Void> task;

        private Pending(java.util.concurrent.Future<Void> task) {
            this.task = task;
        }

        /**
         * Waits until the writes have ended, even if the calling thread is interrupted meanwhile
         * (its interrupt status is kept), and rethrows what they threw. Waiting again returns (or
         * throws) the same.
         */
        public void await() throws IOException, InputException {
            if (task == null) return;
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        task.get();
                        return;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    } catch (java.util.concurrent.ExecutionException e) {
                        switch (e.getCause()) {
                            case IOException io -> throw io;
                            case InputException input -> throw input;
                            case RuntimeException runtime -> throw runtime;
                            case Error error -> throw error;
                            default -> throw new IllegalStateException(e.getCause());
                        }
                    }
                }
            } finally {
                if (interrupted) Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * @return whether {@code failure} (or a cause of it) is a write cut short by an interrupt of the
     *         writing thread (Ctrl-C): an interruption to report as such, not a file that cannot be written
     */
    public static boolean interrupted(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof java.nio.channels.ClosedByInterruptException || t instanceof java.io.InterruptedIOException) return true;
        }
        return false;
    }

    /** A short reason for an I/O failure (Java's messages for these only repeat the path). */
    public static String reason(IOException e) {
        if (diskFull(e)) return DISK_FULL;
        return switch (e) {
            case NoSuchFileException n -> "no such directory or file";
            case AccessDeniedException a -> "permission denied";
            default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
    }

    /** How {@link #reason} words a full disk; the command line exits with its own code for it. */
    public static final String DISK_FULL = "no space left on the device (disk full)";

    /** @return whether {@code e} or one of its causes says the disk (or the user's quota) is full. */
    public static boolean diskFull(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("No space left on device") || m.contains("Disk quota exceeded") || m.contains(DISK_FULL))) {
                return true;
            }
        }
        return false;
    }
}
