package io.flocktune.notebooks.kernel;

import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.UnresolvedReferenceException;
import jdk.jshell.execution.DirectExecutionControl;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Evaluates notebook cells with JShell in this JVM, so the snippets see every class of the
 * kernel's class path (flocktune, XChart, commons-math3, ...) and objects pass between cells and
 * the kernel without serialization. State (variables, methods, classes, imports) is kept from
 * cell to cell.
 *
 * <p>A cell is split into complete snippets with {@link SourceCodeAnalysis#analyzeCompletion};
 * they run in order and the first that does not compile or throws stops the cell with a
 * {@link CellException}. The value of a cell is the value of its last snippet when that is an
 * expression (as in JShell, {@code x} or {@code f(x)}), else {@code null}.
 */
public final class CellEvaluator implements AutoCloseable {
    /** Imports every session starts with: the kernel's display helpers and the flocktune packages. */
    static final List<String> STARTUP = List.of(
            "import static io.flocktune.notebooks.kernel.Display.*;",
            "import java.util.*;",
            "import java.util.stream.*;",
            "import java.nio.file.*;",
            "import io.flocktune.sim.*;",
            "import io.flocktune.objectives.*;");

    private final JShell shell;
    private final ValueCapturingControl[] control = new ValueCapturingControl[1];

    /** A session whose compiler sees {@code classPath} (normally this JVM's class path). */
    public CellEvaluator(String classPath) {
        ExecutionControlProvider provider = new ExecutionControlProvider() {
            @Override
            public String name() {
                return "flocktune-local";
            }

            @Override
            public ExecutionControl generate(ExecutionEnv env, Map<String, String> parameters) {
                control[0] = new ValueCapturingControl();
                return control[0];
            }
        };
        shell = JShell.builder().executionEngine(provider, Map.of()).out(System.out).err(System.err).build();
        shell.addToClasspath(classPath);
        for (String line : STARTUP) {
            eval(line);
        }
    }

    /**
     * Runs one cell.
     *
     * @return the value of the last snippet if it is an expression with a value, else null
     * @throws CellException a snippet did not compile, threw, or the cell ends incomplete
     */
    public Object eval(String cell) {
        Object value = null;
        String remaining = cell;
        SourceCodeAnalysis analysis = shell.sourceCodeAnalysis();
        while (!remaining.isBlank()) {
            SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(remaining);
            if (!info.completeness().isComplete()) {
                throw new CellException("IncompleteSource", "incomplete code at the end of the cell:\n" + remaining.strip(), List.of());
            }
            value = evalSnippet(info.source());
            remaining = info.remaining();
        }
        return value;
    }

    private Object evalSnippet(String source) {
        control[0].clear();
        List<SnippetEvent> events = shell.eval(source);
        Object value = null;
        for (SnippetEvent event : events) {
            if (event.causeSnippet() != null) {
                continue; // a dependent snippet updated by this one
            }
            Snippet snippet = event.snippet();
            if (event.status() == Snippet.Status.REJECTED) {
                List<String> lines = new ArrayList<>();
                for (Diag d : shell.diagnostics(snippet).toList()) {
                    lines.add(d.getMessage(Locale.ROOT));
                }
                throw new CellException("CompilationError", String.join("\n", lines) + "\nin: " + source.strip(), List.of());
            }
            JShellException thrown = event.exception();
            if (thrown != null) {
                throw failure(thrown, source);
            }
            boolean hasValue = event.value() != null && switch (snippet.subKind()) {
                case TEMP_VAR_EXPRESSION_SUBKIND, VAR_VALUE_SUBKIND, OTHER_EXPRESSION_SUBKIND -> true;
                default -> false;
            };
            value = hasValue ? control[0].last() : null;
        }
        return value;
    }

    private static CellException failure(JShellException thrown, String source) {
        if (thrown instanceof EvalException e) {
            List<String> trace = new ArrayList<>();
            for (StackTraceElement element : e.getStackTrace()) {
                trace.add("\tat " + element);
            }
            return new CellException(e.getExceptionClassName(), e.getMessage() == null ? "" : e.getMessage(), trace);
        }
        if (thrown instanceof UnresolvedReferenceException e) {
            return new CellException("UnresolvedReference", "unresolved: "
                    + e.getSnippet().source().strip() + " (its declaration did not compile)", List.of());
        }
        return new CellException(thrown.getClass().getSimpleName(), thrown.getMessage() + "\nin: " + source.strip(), List.of());
    }

    /** @return JShell's verdict on a cell: "complete", "incomplete" or "invalid". */
    public String completeness(String code) {
        SourceCodeAnalysis.CompletionInfo info = shell.sourceCodeAnalysis().analyzeCompletion(code);
        return switch (info.completeness()) {
            case COMPLETE, COMPLETE_WITH_SEMI, EMPTY -> "complete";
            case DEFINITELY_INCOMPLETE, CONSIDERED_INCOMPLETE -> "incomplete";
            case UNKNOWN -> "invalid";
        };
    }

    /** @return completion suggestions for the code at {@code cursor}, and where they start. */
    public List<String> complete(String code, int cursor, int[] anchor) {
        return shell.sourceCodeAnalysis().completionSuggestions(code, cursor, anchor).stream()
                .map(SourceCodeAnalysis.Suggestion::continuation).distinct().toList();
    }

    /**
     * Asks a running cell to stop: interrupts the thread that runs it. Cooperative: code that
     * checks interruption (e.g. a tuning run, {@code Thread.sleep}) stops, a plain loop does not.
     */
    public void interrupt() {
        ValueCapturingControl c = control[0];
        if (c != null) {
            c.interrupt();
        }
    }

    @Override
    public void close() {
        shell.close();
    }

    /**
     * Runs snippets in the calling thread (JShell's loader, whose parent is the system class
     * loader: the kernel's class path) and keeps the object each returned, so the kernel can
     * display it as a chart or a table rather than as JShell's string.
     */
    private static final class ValueCapturingControl extends DirectExecutionControl {
        private Object last;
        private volatile Thread running;

        void clear() {
            last = null;
        }

        Object last() {
            return last;
        }

        void interrupt() {
            Thread t = running;
            if (t != null) {
                t.interrupt();
            }
        }

        @Override
        protected String invoke(Method doit) throws Exception {
            running = Thread.currentThread();
            try {
                last = doit.invoke(null);
                return valueString(last);
            } finally {
                running = null;
                Thread.interrupted(); // an interrupt that came too late must not hit the next cell
            }
        }
    }
}
