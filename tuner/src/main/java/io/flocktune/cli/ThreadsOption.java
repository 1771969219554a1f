package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Option;

/** {@code --threads}, shared by the commands that run simulations in parallel (a picocli mix-in). */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "T",
            description = "Simulations run at once, in [1, 4096] (default: every processor); results do not depend on it.")
    Integer threads;

    /**
     * @return this machine's threads, as many as asked or every processor when none was given
     * @throws InputException if {@code --threads} is outside [1, 4096]
     */
    Execution execution() throws InputException {
        return threads == null ? Execution.local() : Execution.local(threads);
    }
}
