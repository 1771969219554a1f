package io.flocktune.tuner.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output file that appears whole or not at all: everything is written to a hidden temporary
 * file in the target's directory, which {@link #commit()} renames onto the target atomically.
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
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } catch (IOException e) {
            close();
            throw new InputException(target + ": cannot write: " + reason(e), e);
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

    /** A short reason for an I/O failure (Java's messages for these only repeat the path). */
    static String reason(IOException e) {
        return switch (e) {
            case NoSuchFileException n -> "no such directory or file";
            case AccessDeniedException a -> "permission denied";
            default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
    }
}
