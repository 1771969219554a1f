package io.flocktune.tuner.io;

import java.io.Serial;

/**
 * A problem with user input: a preset, a state file, a {@code --set} override or a command-line
 * value. Its message is the one line shown to the user, in the form
 * {@code source: field or line: rule}, e.g.
 * {@code my.json: boids.count = 0: must be in [1, 10000000]}. The command line turns it into
 * exit code 2 without a stack trace.
 */
public final class InputException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the file (or option), the field or line, and the rule */
    public InputException(String message) {
        super(message);
    }

    /** @param message as for {@link #InputException(String)}; {@code cause} is kept for --debug */
    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
