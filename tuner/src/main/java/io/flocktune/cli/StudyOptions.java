package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The options of a study that runs into a directory and can be resumed ({@code tune}, {@code compare},
 * {@code sensitivity}), a picocli mix-in: {@code --seed}, {@code --out}, {@code --resume} and where
 * the simulations run ({@code --threads}, {@code --executor}, {@code --master}).
 */
final class StudyOptions {
    @Option(names = "--seed", paramLabel = "S", description = "Seed of the study, any 64-bit integer (default: its input's).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results directory, new or empty (default: a new one under results/, named as docs/reference/results-directory.md says).")
    Path out;

    @Mixin
    ExecutionOptions where;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Continue the study in DIR where it stopped: everything but --threads, --executor and --master is in DIR.")
    Path resume;

    /**
     * @param input     the study's input as given on the command line, or null
     * @param inputName what the input is, e.g. {@code experiment}
     * @param kept      where a resumed study keeps its input, e.g. {@code the run's experiment.json}
     * @return where the simulations run
     * @throws InputException bad {@code --threads}/{@code --executor}/{@code --master}, or {@code --resume}
     *                        with an input, {@code --seed} or {@code --out}
     */
    Execution check(Object input, String inputName, String kept) throws InputException {
        Execution execution = execution();
        if (resume != null && (input != null || seed != null || out != null)) {
            throw new InputException("--resume " + resume + ": takes no " + inputName + ", --seed or --out (they are in " + kept + ")");
        }
        return execution;
    }

    /**
     * @return where the simulations run
     * @throws InputException bad {@code --threads}/{@code --executor}/{@code --master}
     */
    Execution execution() throws InputException {
        return where.execution();
    }

    /** @return {@code --out}, or else a new directory {@code results/<stem>-<yyyyMMdd-HHmmss>[-k]} */
    Path directory(String stem) {
        return out != null ? out : fresh(stem);
    }

    /** @return {@code results/<stem>-<yyyyMMdd-HHmmss>}, with {@code -2}, {@code -3}, … if that exists */
    static Path fresh(String stem) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path base = Path.of("results", stem.replaceAll("[^A-Za-z0-9._-]+", "-") + "-" + stamp);
        Path dir = base;
        for (int k = 2; Files.exists(dir); k++) dir = Path.of(base + "-" + k);
        return dir;
    }
}
