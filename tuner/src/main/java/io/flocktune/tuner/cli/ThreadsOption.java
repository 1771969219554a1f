package io.flocktune.tuner.cli;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Option;

/** {@code --threads}, shared by the commands that run simulations in parallel (a picocli mix-in). */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "T",
            description = "Simulations run at once, in [1, 4096] (default: every processor); results do not depend on it.")
    Integer threads;

    /**
     * @return the requested number of threads, or every processor when none was given
     * @throws InputException if it is outside [1, 4096]
     */
    int count() throws InputException {
        int count = threads == null ? LocalRunner.availableThreads() : threads;
        if (count < 1 || count > 4096) throw new InputException("--threads = " + count + ": must be in [1, 4096]");
        return count;
    }
}
