package io.flocktune.notebooks.kernel;

import java.util.List;

/**
 * A cell that failed: it did not compile, threw, or was incomplete. The kernel turns it into a
 * Jupyter error reply, which stops {@code jupyter nbconvert --execute} with a non-zero exit. The
 * message starts with {@link #name()}, e.g. {@code java.lang.IllegalStateException: too few boids}.
 *
 * @param name  the exception's class name (e.g. {@code java.lang.IllegalArgumentException}) or
 *              {@code CompilationError}, {@code IncompleteSource}, {@code UnresolvedReference}
 * @param trace the user code's stack trace lines, possibly empty
 */
public final class CellException extends RuntimeException {
    private final String name;
    private final List<String> trace;

    CellException(String name, String message, List<String> trace) {
        super(name + ": " + message, null, false, false);
        this.name = name;
        this.trace = List.copyOf(trace);
    }

    /** @return the exception's class name or the kind of failure. */
    public String name() {
        return name;
    }

    /** @return the stack trace of the user's code, one "\tat ..." line each. */
    public List<String> trace() {
        return trace;
    }
}
