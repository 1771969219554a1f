package io.flocktune.api;

import io.flocktune.tuner.eval.spark.SparkSetupException;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;

import java.io.UncheckedIOException;

/**
 * What a failed job tells its user, in one line: whether the input was at fault, the machine (a
 * full disk), an interruption, or flocktune itself (a bug). The command line prints
 * {@link #message()} and exits with the kind's code; a notebook can do the same with an
 * exception an API call threw.
 *
 * {@snippet :
 * try {
 *     Tune.of("default").run(dir);
 * } catch (Exception e) {
 *     Failure f = Failure.of(e);
 *     if (f.kind() == Failure.Kind.INPUT) System.err.println("fix the input: " + f.message());
 *     else throw e;
 * }
 * }
 *
 * @param kind    whose fault it is
 * @param message one line: for input, the file, field and allowed range; for an internal
 *                failure, the exception itself
 */
public record Failure(Kind kind, String message) {

    /** Whose fault a failure is. */
    public enum Kind {
        /** Bad input: a file, field or option out of its allowed values, or an output that cannot be written. */
        INPUT,
        /** An output could not be written because the disk (or the user's quota) is full; nothing partial is left. */
        DISK_FULL,
        /** The job was interrupted (Ctrl-C); what it kept is consistent. */
        INTERRUPTED,
        /** A bug or an exhausted machine (an {@link Error}): never bad input, never a failed candidate. */
        INTERNAL
    }

    /** @return the failure {@code thrown} stands for, its message on one line */
    public static Failure of(Throwable thrown) {
        return switch (thrown) {
            case InputException input -> new Failure(AtomicFile.diskFull(input) ? Kind.DISK_FULL : Kind.INPUT, oneLine(input.getMessage()));
            // an output (e.g. a trace) that could not be written; its message names the file
            case UncheckedIOException output -> new Failure(AtomicFile.diskFull(output) ? Kind.DISK_FULL : Kind.INPUT,
                    oneLine(output.getMessage()));
            case SparkSetupException setup -> new Failure(Kind.INPUT, oneLine(setup.getMessage()));
            case InterruptedException interrupted -> new Failure(Kind.INTERRUPTED,
                    interrupted.getMessage() == null ? "interrupted" : oneLine(interrupted.getMessage()));
            default -> new Failure(Kind.INTERNAL, oneLine(String.valueOf(thrown)));
        };
    }

    /** @return {@code message} with its line breaks and the blanks around them made one space */
    public static String oneLine(String message) {
        return message == null ? "(no message)" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
