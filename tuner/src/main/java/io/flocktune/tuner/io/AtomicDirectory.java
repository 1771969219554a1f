package io.flocktune.tuner.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Writes a set of files into a directory whole or not at all, as {@link AtomicFile} does for
 * one file: the files (in sub-folders as their paths say) are written into a hidden staging
 * directory beside the target, which is renamed onto the target when it does not exist yet;
 * into an existing directory the staged files are renamed one by one after every file was
 * written (each rename atomic, other files there left alone). Missing parent directories are
 * created, and removed again if the write fails; on any failure nothing is left behind, and on
 * Ctrl-C the JVM's exit hooks delete the staging directory.
 *
 * <pre>{@code
 * AtomicDirectory.write(Path.of("out/python"), Map.of("flocktune/engine.py", "...".getBytes(UTF_8)));
 * }</pre>
 */
public final class AtomicDirectory {
    private AtomicDirectory() {}

    /**
     * @param directory the target directory (created if missing)
     * @param files     relative path ('/'-separated plain names, none starting with '.') → content
     * @throws InputException naming {@code directory} if it is a file or cannot be written
     * @throws IllegalArgumentException if a path is not relative or names a hidden file
     */
    public static void write(Path directory, Map<String, byte[]> files) throws InputException {
        for (String name : files.keySet()) {
            if (name.isEmpty() || name.contains("\\") || Arrays.stream(name.split("/", -1)).anyMatch(s -> s.isEmpty() || s.startsWith("."))) {
                throw new IllegalArgumentException("files: \"" + name + "\" is not a relative path of plain names");
            }
        }
        Path target = requireWritable(directory);
        Path parent = target.getParent();
        List<Path> createdParents = new ArrayList<>();
        Path staging = null;
        try {
            createParents(parent, createdParents);
            staging = createStaging(parent, target.getFileName().toString());
            staging.toFile().deleteOnExit();
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path staged = staging.resolve(file.getKey());
                for (Path folder : folders(staging, staged)) {
                    if (!Files.isDirectory(folder)) Files.createDirectory(folder);
                    folder.toFile().deleteOnExit();   // deleted after the files registered later
                }
                staged.toFile().deleteOnExit();
                Files.write(staged, file.getValue());
            }
            if (Files.isDirectory(target)) {
                for (String name : files.keySet()) {
                    Files.createDirectories(target.resolve(name).getParent());
                    move(staging.resolve(name), target.resolve(name));
                }
                deleteQuietly(staging);
            } else {
                move(staging, target);
            }
        } catch (IOException e) {
            deleteQuietly(staging);
            for (Path created : createdParents.reversed()) deleteQuietly(created);
            throw new InputException(directory + ": cannot write: " + AtomicFile.reason(e), e);
        }
    }

    /**
     * Checks, before anything is computed or written, that {@code directory} can be written: it
     * is a directory or does not exist yet, and its nearest existing ancestor is a writable
     * directory.
     *
     * @return {@code directory} as an absolute, normalised path
     * @throws InputException naming {@code directory} and what is in the way
     */
    public static Path requireWritable(Path directory) throws InputException {
        Path target = directory.toAbsolutePath().normalize();
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new InputException(directory + ": is a file; expected a directory");
        }
        if (target.getParent() == null) throw new InputException(directory + ": cannot write into the root directory");
        Path existing = target;
        while (!Files.exists(existing)) existing = existing.getParent();
        if (!Files.isDirectory(existing)) {
            throw new InputException(directory + ": cannot write: " + existing + " is a file, not a directory");
        }
        if (!Files.isWritable(existing)) {
            throw new InputException(directory + ": cannot write: " + existing + " is not writable");
        }
        return target;
    }

    /** @return the folders between {@code root} (excluded) and {@code file} (excluded), outermost first */
    private static List<Path> folders(Path root, Path file) {
        List<Path> folders = new ArrayList<>();
        for (Path p = file.getParent(); !p.equals(root); p = p.getParent()) folders.add(p);
        return folders.reversed();
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
