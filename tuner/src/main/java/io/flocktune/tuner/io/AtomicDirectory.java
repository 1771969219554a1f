package io.flocktune.tuner.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Writes a set of files into a directory whole or not at all, as {@link AtomicFile} does for
 * one file: the files are written into a hidden staging directory beside the target, which is
 * renamed onto the target when it does not exist yet; into an existing directory the staged
 * files are renamed one by one (each rename atomic, other files there left alone). Missing
 * parent directories are created, and removed again if the write fails; on any failure nothing
 * is left behind, and on Ctrl-C the JVM's exit hooks delete the staging directory.
 *
 * <pre>{@code
 * AtomicDirectory.write(Path.of("out/python"), Map.of("flocktune_preset.py", "...".getBytes(UTF_8)));
 * }</pre>
 */
public final class AtomicDirectory {
    private AtomicDirectory() {}

    /**
     * @param directory the target directory (created if missing)
     * @param files     plain file name → content
     * @throws InputException naming {@code directory} if it is a file or cannot be written
     */
    public static void write(Path directory, Map<String, byte[]> files) throws InputException {
        Path target = directory.toAbsolutePath().normalize();
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new InputException(directory + ": is a file; expected a directory");
        }
        Path parent = target.getParent();
        if (parent == null) throw new InputException(directory + ": cannot write into the root directory");
        List<Path> createdParents = new ArrayList<>();
        Path staging = null;
        try {
            createParents(parent, createdParents);
            staging = createStaging(parent, target.getFileName().toString());
            staging.toFile().deleteOnExit();
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path staged = staging.resolve(file.getKey());
                staged.toFile().deleteOnExit();
                Files.write(staged, file.getValue());
            }
            if (Files.isDirectory(target)) {
                for (String name : files.keySet()) move(staging.resolve(name), target.resolve(name));
                Files.delete(staging);
            } else {
                move(staging, target);
            }
        } catch (IOException e) {
            deleteQuietly(staging);
            for (Path created : createdParents.reversed()) deleteQuietly(created);
            throw new InputException(directory + ": cannot write: " + AtomicFile.reason(e), e);
        }
    }

    private static void createParents(Path parent, List<Path> created) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path p = parent; p != null && !Files.exists(p); p = p.getParent()) missing.add(p);
        for (Path p : missing.reversed()) {
            Files.createDirectory(p);
            created.add(p);
        }
        if (!Files.isDirectory(parent)) throw new IOException("not a directory: " + parent);
    }

    private static Path createStaging(Path parent, String name) throws IOException {
        while (true) {
            Path staging = parent.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            if (!Files.exists(staging)) return Files.createDirectory(staging);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path path) {
        if (path == null || !Files.exists(path)) return;
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // deleteOnExit tries again
        }
    }
}
