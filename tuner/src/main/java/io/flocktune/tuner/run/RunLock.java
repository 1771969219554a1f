package io.flocktune.tuner.run;

import io.flocktune.tuner.io.InputException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a run directory ({@link RunFiles#lock()}, an operating-system file lock),
 * held while {@code tune} or {@code tune --resume} works there, so that two of them cannot write
 * the same run. The lock file stays; the lock goes with the process (also on {@code kill -9}).
 */
public final class RunLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * @throws InputException naming the directory if another run holds the lock, or if the lock
     *                        file cannot be created
     */
    public static RunLock acquire(RunFiles files) throws InputException {
        Path file = files.lock();
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new InputException(files.root() + ": cannot lock the run directory: " + e.getMessage(), e);
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;   // held by this process, e.g. another run in the same JVM
        } catch (IOException e) {
            close(channel);
            throw new InputException(files.root() + ": cannot lock the run directory: " + e.getMessage(), e);
        }
        if (lock == null) {
            close(channel);
            throw new InputException(files.root() + ": another flocktune tune is working in this directory; "
                    + "wait until it ends or choose another --out");
        }
        return new RunLock(channel, lock);
    }

    /** @return whether another run holds the lock of {@code files} now (false if there is no lock file). */
    public static boolean held(RunFiles files) {
        if (!java.nio.file.Files.exists(files.lock())) return false;
        try {
            acquire(files).close();
            return false;
        } catch (InputException e) {
            return true;
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it too
        }
        close(channel);
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
