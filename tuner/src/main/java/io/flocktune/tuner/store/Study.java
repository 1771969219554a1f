package io.flocktune.tuner.store;

import io.flocktune.sim.Check;
import io.flocktune.tuner.io.AtomicDirectory;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The one owner of a study's results directory (a tuning run, a comparison, a sensitivity
 * analysis, a robustness screen, …): it checks the directory before the study's first
 * simulation, creates it together with the study's resolved input file, holds the directory's
 * lock while the study works there, writes files atomically, removes what a killed write left,
 * and knows when the study is <b>finished</b>: a study is finished when its marker
 * ({@value #FINISHED}) is written, after its last result, report and chart.
 *
 * <p>Life of a study:
 * <ol>
 *   <li>{@link #checkNew} (nothing written): the directory is new or empty (a lock file and
 *       temporary files of killed writes count as empty), writable, and its names fit the file
 *       system; else one line says what to do ({@code --resume} or another {@code --out});</li>
 *   <li>{@link #create}: the directory and its input file appear at once (a study interrupted
 *       before leaves no directory), then it is locked;</li>
 *   <li>{@link #resume}: an existing study's directory is locked, its temporaries removed;</li>
 *   <li>{@link #finish} once everything is written; {@link #close} releases the lock.</li>
 * </ol>
 * The lock is an operating-system file lock on {@value #LOCK}, so two processes cannot write one
 * study; it goes with the process, also on {@code kill -9}. The lock file stays.
 *
 * <pre>{@code
 * Study.Kind kind = new Study.Kind("compare", "comparison", "comparison.json", "COMPARISON");
 * try (Study study = Study.create(dir, kind, json.getBytes(UTF_8))) {
 *     ... study.write("summary.csv", csv) ...
 *     study.finish();
 * }
 * }</pre>
 */
public final class Study implements AutoCloseable {
    /** The lock file, in the study's directory. */
    public static final String LOCK = ".flocktune.lock";
    /** The marker of a finished study, written after its last file. */
    public static final String FINISHED = ".flocktune.finished";
    /** The longest file name that common file systems (ext4, APFS, NTFS) store, in bytes of UTF-8. */
    public static final int NAME_BYTES = 255;

    /**
     * What kind of study a directory holds, for its messages and its input file.
     *
     * @param command the command that starts it, e.g. {@code compare}
     * @param noun    what its directory is called, e.g. {@code comparison} ("not a comparison directory")
     * @param input   the resolved input file in the directory, e.g. {@code comparison.json}
     * @param operand what the command starts from, e.g. {@code COMPARISON}
     */
    public record Kind(String command, String noun, String input, String operand) {
        public Kind {
            Check.present("command", command);
            Check.present("noun", noun);
            Check.present("input", input);
            Check.present("operand", operand);
        }
    }

    private final Path root;
    private final Kind kind;
    private final boolean created;
    private final FileChannel channel;
    private final FileLock lock;

    private Study(Path root, Kind kind, boolean created, FileChannel channel, FileLock lock) {
        this.root = root;
        this.kind = kind;
        this.created = created;
        this.channel = channel;
        this.lock = lock;
    }

    // ------------------------------------------------------------------ checks, nothing written

    /**
     * Checks, before anything is simulated or written, that a new study can go into
     * {@code directory}: it does not exist or is empty (its lock file and temporary files aside),
     * no other process holds it, every name on its path fits the file system and its nearest
     * existing ancestor is a writable directory.
     *
     * @param resumable whether the kind of study can be continued with {@code --resume} (the
     *                  message then says so)
     * @throws InputException one line naming the directory and what to do
     */
    public static void checkNew(Path directory, Kind kind, boolean resumable) throws InputException {
        Check.present("directory", directory);
        for (Path name : directory.toAbsolutePath().normalize()) checkName(directory.toString(), name.toString(), "");
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new InputException(directory + ": exists and is not a directory; choose another --out");
        }
        if (Files.isDirectory(directory) && !leftovers(directory).isEmpty()) {
            if (held(directory)) throw busy(directory, kind);
            throw new InputException(directory + ": exists and is not empty; " + (resumable ? "continue it with --resume "
                    + directory + " or " : "") + "choose another --out");
        }
        AtomicDirectory.requireWritable(directory);
    }

    /**
     * Checks that {@code name} + {@code suffix} can be one file's name: at most
     * {@value #NAME_BYTES} bytes of UTF-8.
     *
     * @param field what the name is, for the message (e.g. {@code arms[2].name})
     * @throws InputException naming the field, the name's length and the limit
     */
    public static void checkName(String field, String name, String suffix) throws InputException {
        int bytes = (name + suffix).getBytes(StandardCharsets.UTF_8).length;
        if (bytes > NAME_BYTES) {
            int allowed = NAME_BYTES - suffix.getBytes(StandardCharsets.UTF_8).length;
            String shown = name.length() > 40 ? name.substring(0, 40) + "…" : name;
            throw new InputException(field + ": \"" + shown + "\" is " + name.getBytes(StandardCharsets.UTF_8).length
                    + " bytes long; a name used as a file name must be at most " + allowed + " bytes (UTF-8)");
        }
    }

    /** @return whether {@code directory} holds a study marked finished ({@link #finish}). */
    public static boolean finished(Path directory) {
        return Files.isRegularFile(directory.resolve(FINISHED));
    }

    /** @return whether {@code file} is a temporary file of {@link AtomicFile} or {@link AtomicDirectory}. */
    public static boolean temporary(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(".") && name.endsWith(".tmp");
    }

    // ------------------------------------------------------------------ opening

    /**
     * Starts a new study: {@link #checkNew}, then writes {@code input} as {@link Kind#input} and
     * locks the directory. A directory that did not exist appears together with its input file
     * (an interruption before leaves none).
     *
     * @throws InputException as {@link #checkNew}, or if the directory cannot be written or locked
     */
    public static Study create(Path directory, Kind kind, byte[] input, boolean resumable) throws InputException {
        return create(directory, kind, Map.of(kind.input(), input), resumable);
    }

    /**
     * As {@link #create(Path, Kind, byte[], boolean)} for a study whose input is several files
     * (name → content, {@link Kind#input} among them, written last).
     */
    public static Study create(Path directory, Kind kind, Map<String, byte[]> inputs, boolean resumable) throws InputException {
        if (!inputs.containsKey(kind.input())) throw new IllegalArgumentException("inputs: no " + kind.input());
        checkNew(directory, kind, resumable);
        boolean created = !Files.exists(directory);
        if (created) {
            AtomicDirectory.write(directory, inputs);
            return lock(directory, kind, true);
        }
        Study study = lock(directory, kind, false);
        try {
            if (!leftovers(directory).isEmpty()) throw new InputException(directory + ": another " + kind.noun() + " started writing here");
            study.deleteTemporaries();
            for (Map.Entry<String, byte[]> input : inputs.entrySet()) {
                if (!input.getKey().equals(kind.input())) AtomicFile.write(directory.resolve(input.getKey()), input.getValue());
            }
            AtomicFile.write(directory.resolve(kind.input()), inputs.get(kind.input()));
            return study;
        } catch (InputException | RuntimeException e) {
            study.close();
            throw e;
        }
    }

    /**
     * Continues the study in {@code directory}: locks it and removes the temporary files of
     * writes a kill interrupted. A directory without its input file is refused with one line
     * (and left untouched unless it holds this kind's lock or temporaries, the traces of a start
     * that was stopped: the line then says to start it again).
     *
     * @throws InputException not such a study, or busy
     */
    public static Study resume(Path directory, Kind kind) throws InputException {
        Path input = directory.resolve(kind.input());
        String not = directory + ": not a " + kind.noun() + " directory";
        if (!Files.isDirectory(directory)) throw new InputException(not + " (no such directory)");
        if (!Files.exists(input) && !Files.exists(directory.resolve(LOCK)) && !hasTemporaries(directory)) {
            throw new InputException(not + " (no " + kind.input() + ")");
        }
        Study study = lock(directory, kind, false);
        try {
            boolean stale = study.deleteTemporaries() | leftovers(directory).isEmpty();
            if (!Files.isRegularFile(input)) {
                throw new InputException(not + " (no " + kind.input() + ")" + (stale ? "; the " + kind.noun() + " was stopped before its "
                        + kind.input() + " was written: start it again with ./flocktune " + kind.command() + " " + kind.operand()
                        + " --out " + directory : ""));
            }
            return study;
        } catch (InputException | RuntimeException e) {
            study.close();
            throw e;
        }
    }

    private static Study lock(Path directory, Kind kind, boolean created) throws InputException {
        FileChannel channel;
        try {
            channel = FileChannel.open(directory.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new InputException(directory + ": cannot lock the " + kind.noun() + " directory: " + AtomicFile.reason(e), e);
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;   // held by this process, e.g. another study in the same JVM
        } catch (IOException e) {
            closeQuietly(channel);
            throw new InputException(directory + ": cannot lock the " + kind.noun() + " directory: " + AtomicFile.reason(e), e);
        }
        if (lock == null) {
            closeQuietly(channel);
            throw busy(directory, kind);
        }
        return new Study(directory, kind, created, channel, lock);
    }

    /** @return whether another process (or another study of this JVM) holds the lock of {@code directory} now. */
    public static boolean held(Path directory) {
        if (!Files.exists(directory.resolve(LOCK))) return false;
        try (FileChannel channel = FileChannel.open(directory.resolve(LOCK), StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) return true;
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;   // cannot even open it: the lock itself will say why
        }
    }

    private static InputException busy(Path directory, Kind kind) {
        return new InputException(directory + ": another flocktune " + kind.command() + " is working in this directory; "
                + "wait until it ends or choose another --out");
    }

    /** Fills a directory with a study's files. */
    @FunctionalInterface
    public interface Contents {
        /** @param directory an empty directory to write into */
        void writeInto(Path directory) throws IOException, InputException;
    }

    /**
     * Writes a study that keeps nothing until its end (it has no {@code --resume}) whole or not
     * at all: {@code contents} fill a hidden staging directory beside {@code directory}, which
     * then takes its place (it must be absent or empty, as {@link #checkNew} checked before the
     * study's first simulation): such a study is finished when its directory exists. On failure or interruption the staging
     * directory is removed (after {@code kill -9} a hidden {@code .NAME.*.tmp} folder may stay
     * beside it).
     *
     * @throws InputException naming the directory or file that cannot be written
     */
    public static void writeWhole(Path directory, Kind kind, Contents contents) throws InputException {
        checkNew(directory, kind, false);
        Path target = directory.toAbsolutePath().normalize();
        Path staging = null;
        try {
            Files.createDirectories(target.getParent());
            while (staging == null) {
                Path name = target.resolveSibling("." + target.getFileName() + "."
                        + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong()) + ".tmp");
                if (!Files.exists(name)) staging = Files.createDirectory(name);
            }
            contents.writeInto(staging);
            if (Files.isDirectory(target)) {
                try (Stream<Path> leftovers = Files.list(target)) {
                    for (Path p : leftovers.toList()) Files.delete(p);   // a lock file or temporaries: checkNew allowed no more
                }
                Files.delete(target);
            }
            Files.move(staging, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            staging = null;
            AtomicFile.syncDirectory(target.getParent());
        } catch (IOException e) {
            throw new InputException(directory + ": cannot write: " + AtomicFile.reason(e), e);
        } finally {
            if (staging != null) deleteTree(staging);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // best effort
        }
    }

    // ------------------------------------------------------------------ working in it

    /** @return the study's directory. */
    public Path root() {
        return root;
    }

    /** @return the kind of study. */
    public Kind kind() {
        return kind;
    }

    /** @return {@code name} (a '/'-separated relative path) in the study's directory. */
    public Path file(String name) {
        return root.resolve(name);
    }

    /**
     * Writes {@code text} (UTF-8) to {@code name} in the directory, whole or not at all,
     * creating its folders.
     *
     * @throws InputException naming the file if it cannot be written
     */
    public void write(String name, String text) throws InputException {
        write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** As {@link #write(String, String)}, for bytes. */
    public void write(String name, byte[] content) throws InputException {
        Path file = file(name);
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new InputException(file.getParent() + ": cannot create: " + AtomicFile.reason(e), e);
        }
        AtomicFile.write(file, content);
    }

    /** @return whether this study was marked finished. */
    public boolean finished() {
        return finished(root);
    }

    /**
     * Marks the study finished: call it after its last result, report and chart is written. A
     * study interrupted before is not finished, and its {@code --resume} completes it.
     *
     * @throws InputException if the marker cannot be written
     */
    public void finish() throws InputException {
        write(FINISHED, new byte[0]);
    }

    /**
     * Removes the marker, e.g. when a resumed study is to be finished again.
     *
     * @throws InputException if it cannot be removed
     */
    public void unfinish() throws InputException {
        try {
            Files.deleteIfExists(file(FINISHED));
        } catch (IOException e) {
            throw new InputException(file(FINISHED) + ": cannot remove: " + AtomicFile.reason(e), e);
        }
    }

    /**
     * Removes everything this session's start wrote (a study that cannot go on for a reason in
     * its input): the directory's content, and the directory if {@link #create} made it.
     */
    public void discard() {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(root) || created) Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // best effort: the caller's message already says what failed
        }
    }

    /** Removes temporary files left by killed writes, in the directory and its folders; @return whether there were any. */
    public boolean deleteTemporaries() throws InputException {
        boolean found = false;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> !p.equals(root) && temporary(p)).sorted(Comparator.reverseOrder()).toList()) {
                try (Stream<Path> inside = Files.isDirectory(p) ? Files.walk(p) : Stream.of(p)) {
                    for (Path q : inside.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
                }
                found = true;
            }
        } catch (IOException e) {
            throw new InputException(root + ": cannot remove stale temporary files: " + AtomicFile.reason(e), e);
        }
        return found;
    }

    /** Releases the lock (the lock file stays). */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it too
        }
        closeQuietly(channel);
    }

    // ------------------------------------------------------------------ helpers

    /** Entries of the directory other than the lock file and temporary files. */
    private static List<Path> leftovers(Path directory) throws InputException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(p -> !p.getFileName().toString().equals(LOCK) && !temporary(p)).toList();
        } catch (IOException e) {
            throw new InputException(directory + ": cannot read the directory: " + AtomicFile.reason(e), e);
        }
    }

    private static boolean hasTemporaries(Path directory) throws InputException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.anyMatch(Study::temporary);
        } catch (IOException e) {
            throw new InputException(directory + ": cannot read the directory: " + AtomicFile.reason(e), e);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
