package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --threads}, {@code --executor local|spark} and {@code --master URL}: where a command's
 * simulations run, shared by the commands that can run them on Spark (a picocli mix-in) and
 * turned into an {@link Execution}.
 */
final class ExecutionOptions {
    @Mixin
    ThreadsOption threads;

    /** Where simulations run. */
    enum Executor { local, spark }

    @Option(names = "--executor", paramLabel = "local|spark", defaultValue = "local",
            description = {"Where simulations run: local (this machine's threads, default) or spark (a Spark cluster; "
                    + "./flocktune fetches Spark, or use spark-submit); results are the same."})
    Executor executor;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master with --executor spark, e.g. local[4], spark://host:7077, yarn, k8s://https://host:443 "
                    + "(default: spark-submit's --master, else local[*]).")
    String master;

    /**
     * @return where the command's simulations run
     * @throws InputException if the options do not fit together or Spark is missing
     */
    Execution execution() throws InputException {
        return switch (executor) {
            case local -> {
                if (master != null) throw new InputException("--master " + master + ": only with --executor spark");
                yield threads.execution();
            }
            case spark -> {
                if (threads.threads != null) {
                    throw new InputException("--threads " + threads.threads + ": only with --executor local (Spark runs one "
                            + "simulation per executor core)");
                }
                yield Execution.spark(master);
            }
        };
    }
}
