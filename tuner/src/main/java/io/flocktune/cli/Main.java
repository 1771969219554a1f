package io.flocktune.cli;

import io.flocktune.api.Failure;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code flocktune} command line (run through the {@code ./flocktune} launcher).
 *
 * <p>Exit codes: 0 success; 1 internal failure (one line and a bug-report hint; the stack trace
 * only with {@code --debug} or {@code FLOCKTUNE_DEBUG=1}); 2 bad input or usage (one line that
 * names the file, line or field and the allowed range, never a stack trace); 3 an output could not
 * be written because the disk is full (one line naming the file); 4 an export written with
 * parameters its target cannot represent ({@code export}); 130 interrupted.
 * Results go to standard output, messages to standard error.
 *
 * <pre>{@code
 * int exit = Main.run(new String[] {"simulate", "--preset", "reynolds", "--steps", "100"}, System.out, System.err);
 * }</pre>
 */
@Command(name = "flocktune", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Simulates Boids flocking models and tunes them by genetic search.",
        footer = {"", "Exit codes: 0 ok, 1 internal failure, 2 bad input or usage, 3 disk full,",
                "4 exported with unrepresented parameters (export), 130 interrupted."})
public final class Main implements Runnable {
    /** Exit code of a successful run. */
    public static final int OK = 0;
    /** Exit code of an internal failure (a bug). */
    public static final int INTERNAL_FAILURE = 1;
    /** Exit code of bad input or usage. */
    public static final int BAD_INPUT = 2;
    /**
     * Exit code of an output that could not be written because the disk (or the user's quota) is
     * full: an environment problem, neither bad input nor a bug. The line names the file; nothing
     * partial is left.
     */
    public static final int DISK_FULL = 3;
    /** Exit code of an interrupted run (128 + SIGINT, as the JVM itself exits on Ctrl-C). */
    public static final int INTERRUPTED = 130;

    /** Environment variable that turns on {@code --debug}. */
    public static final String DEBUG_VARIABLE = "FLOCKTUNE_DEBUG";

    /** The subcommands, in the order the usage help lists them ({@link #commandLine} adds them). */
    private static final List<Class<?>> SUBCOMMANDS = List.of(PresetsCommand.class, SimulateCommand.class,
            MeasureCommand.class, TuneCommand.class, CompareCommand.class, ExperimentsCommand.class, ReportCommand.class,
            ValidateCommand.class, ExportCommand.class, SensitivityCommand.class, RobustnessCommand.class,
            PeersCommand.class, CommandLine.HelpCommand.class);

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Print the stack trace of an internal failure (or set " + DEBUG_VARIABLE + "=1).")
    boolean debug;

    @Spec
    CommandSpec spec;

    private Main() {}

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: tune, compare, sensitivity, robustness, presets, simulate, measure, experiments, report, validate or export");
    }

    /** Runs the command line and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command line in-process.
     *
     * @param args the arguments after {@code flocktune}
     * @param out  receives results (summaries, JSON, listings)
     * @param err  receives messages: one line per problem
     * @return the exit code: {@link #OK}, {@link #INTERNAL_FAILURE}, {@link #BAD_INPUT} or
     *         {@link #INTERRUPTED}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        boolean debugVariable = "1".equals(System.getenv(DEBUG_VARIABLE));
        CommandLine commandLine = commandLine(args)
                .setOut(outWriter)
                .setErr(errWriter)
                .setCaseInsensitiveEnumValuesAllowed(false)
                .setParameterExceptionHandler((e, arguments) -> usageError(e, errWriter))
                .setExecutionExceptionHandler((e, command, parseResult) ->
                        failure(e, command, errWriter, debugVariable || debugOption(parseResult)));
        try {
            return commandLine.execute(args);
        } catch (RuntimeException | Error e) {   // thrown outside a command, e.g. while printing help
            return failure(e, commandLine, errWriter, debugVariable);
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    /**
     * The command line for these arguments. picocli builds the model of every subcommand it is
     * given when it is added (reflection over their options and mixins: about 0.3 s for all of them
     * in a fresh JVM), so when the first argument names a subcommand only that one is added; with
     * anything else first (no argument, an option, {@code help}, a misspelt command) all of them are.
     */
    static CommandLine commandLine(String... args) {
        CommandLine line = new CommandLine(new Main());
        String first = args.length > 0 ? args[0] : "";
        Class<?> named = null;
        for (Class<?> command : SUBCOMMANDS) {
            if (command != CommandLine.HelpCommand.class && command.getAnnotation(Command.class).name().equals(first)) named = command;
        }
        for (Class<?> command : SUBCOMMANDS) {
            if (named == null || command == named) line.addSubcommand(command);
        }
        return line;
    }

    /** A picocli usage error: one line and a pointer to the command's help. */
    private static int usageError(ParameterException e, PrintWriter err) {
        String command = e.getCommandLine().getCommandSpec().qualifiedName();
        err.println("flocktune: " + Failure.oneLine(e.getMessage()) + " (see '" + command + " --help')");
        return BAD_INPUT;
    }

    /** Maps a failure of a command to its exit code after printing its one line (and, with debug, the trace). */
    static int failure(Throwable e, CommandLine command, PrintWriter err, boolean debug) {
        if (e instanceof ParameterException usage) {
            if (debug) e.printStackTrace(err);
            return usageError(usage, err);
        }
        Failure f = Failure.of(e);
        return switch (f.kind()) {
            case INTERRUPTED -> {
                if (!SAID.equals(f.message())) err.println("flocktune: interrupted");
                yield INTERRUPTED;
            }
            case INPUT, DISK_FULL -> {
                err.println("flocktune: " + f.message());
                if (debug) e.printStackTrace(err);
                yield f.kind() == Failure.Kind.DISK_FULL ? DISK_FULL : BAD_INPUT;
            }
            case INTERNAL -> {
                String hint = e instanceof OutOfMemoryError
                        ? "; give Java more memory, e.g. FLOCKTUNE_JAVA_OPTS=-Xmx8g"
                        : "; this is a bug: please report it with the command line and its input files";
                err.println("flocktune: internal failure in '" + command.getCommandSpec().qualifiedName() + "': "
                        + f.message() + hint + (debug ? "" : " (stack trace: --debug or " + DEBUG_VARIABLE + "=1)"));
                if (debug) e.printStackTrace(err);
                yield INTERNAL_FAILURE;
            }
        };
    }

    private static boolean debugOption(ParseResult result) {
        for (ParseResult level = result; level != null; level = level.subcommand()) {
            if (level.hasMatchedOption("--debug")) return true;
        }
        return false;
    }

    /** The work of a command, run by {@link #interruptibly}. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws InputException, InterruptedException;
    }

    /** The message of an {@link InterruptedException} whose line has been printed already. */
    static final String SAID = "flocktune: interruption already reported";

    /**
     * Runs a command's work so that Ctrl-C (the JVM's shutdown) interrupts it and waits, up to
     * 30 s, until the work has left its files consistent and said so; the JVM then exits with
     * {@value #INTERRUPTED}. If it is interrupted, prints its one line ({@code flocktune: } and the
     * exception's message, which says what was kept) before the JVM may exit.
     *
     * @throws InterruptedException with the message {@link #SAID}
     */
    static <T> T interruptibly(PrintWriter err, Work<T> work) throws InputException, InterruptedException {
        Thread worker = Thread.currentThread();
        CountDownLatch settled = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            worker.interrupt();
            try {
                settled.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                // exiting anyway
            }
        }, "flocktune-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return work.run();
        } catch (InterruptedException e) {
            err.println("flocktune: " + (e.getMessage() == null ? "interrupted" : e.getMessage()));
            err.flush();
            throw new InterruptedException(SAID);
        } finally {
            settled.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running
            }
        }
    }

    /** The version from the jar's Maven metadata ({@code flocktune 0.1.0}), or a development marker. */
    static final class Version implements CommandLine.IVersionProvider {
        private static final String POM_PROPERTIES = "/META-INF/maven/io.flocktune/flocktune-tuner/pom.properties";

        @Override
        public String[] getVersion() throws Exception {
            try (InputStream in = Main.class.getResourceAsStream(POM_PROPERTIES)) {
                if (in == null) return new String[] {"flocktune (development build, not from the jar)"};
                Properties properties = new Properties();
                properties.load(in);
                return new String[] {"flocktune " + properties.getProperty("version", "(unknown version)"),
                        "Java " + Runtime.version()};
            }
        }
    }
}
