package io.flocktune.api;

import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentBuilder;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.report.Report;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.Tables;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.GenerationSummary;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Runs a tuning experiment, as {@code flocktune tune} does (the command calls this class): into a
 * directory ({@link #run(Path)}), kept in memory ({@link #runInMemory()}), or continued from a
 * run directory's last checkpoint ({@link #resuming(Path)}), and returns the tuner's own
 * {@link Tuning.Result}: the base preset and the validated finalists with their test-seed
 * measurements ({@link Tuning.Finalist}), and for a run in memory the rows of its
 * {@code history.csv} and {@code generations.csv} ({@link #history(Path)} reads them back from a
 * directory). A {@link Tuning.Listener} follows the run as it goes.
 *
 * <p>An immutable set of settings; the {@code with...} methods return changed copies. An
 * experiment comes from a built-in name or file ({@link #of(String)}), JSON ({@link #fromJson}),
 * or is built in code with typed values ({@link #builder(FlockPreset)}, the tuner's
 * {@link ExperimentBuilder}), custom metrics included.
 *
 * {@snippet :
 * Tuning.Result r = Tune.of("default").withSeed(3).withThreads(2).withReport(false).run(Path.of("results/api-demo"));
 * Preset best = r.best().preset();                         // also written to r.best().presetFile()
 * double test = r.best().fitness();                        // on fresh test seeds
 * long rows = Tune.history(r.directory()).stream().filter(h -> h.role().equals("new")).count();
 * }
 *
 * In code, in memory, with a progress listener:
 * {@snippet :
 * Tune tune = Tune.of(Tune.builder(FlockPreset.load("reynolds")).name("cohesive")
 *         .logRange("cohesion.weight", 0.1, 3)
 *         .range("neighbourhood.radius", 2, 10)
 *         .objective("polarization:mean:max", 1, 0.1)
 *         .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
 *         .scenario(60, 300, 100).population(12).generations(5).seed(1)
 *         .build())
 *         .withThreads(2)
 *         .onGeneration(g -> System.out.println("generation " + g.generation() + ": best " + g.best()));
 * Tuning.Result r = tune.runInMemory();                     // no directory; r.directory() is null
 * }
 *
 * @param experiment the experiment (the typed builder's result, or one read from JSON); null for a
 *                   resumed run, which runs its own
 * @param options    threads and where simulations run, progress output, report, listener
 *                   (default: every processor of this machine, progress lines on standard error,
 *                   report drawn, no listener)
 * @param resumed    the run directory this run continues ({@link #resuming}), or null for a new run
 */
public record Tune(Experiment experiment, Tuning.Options options, Path resumed) {
    public Tune {
        if ((experiment == null) == (resumed == null)) {
            throw new IllegalArgumentException("give exactly one of an experiment (a new run) and a directory to resume");
        }
        Objects.requireNonNull(options, "options");
    }

    /** @return the built-in experiments' names ({@code flocktune experiments}). */
    public static List<String> builtIns() {
        return Experiments.NAMES;
    }

    /**
     * A built-in experiment by name, or else an experiment file: the rule of {@code flocktune tune NAME|FILE}.
     *
     * @throws InputException the command's message: unknown name, unreadable or invalid file
     */
    public static Tune of(String nameOrFile) throws InputException {
        return of(Experiments.resolve(nameOrFile));
    }

    /**
     * Experiment JSON text ({@code flocktune-experiment/1}); a {@code "base"} that names a file is
     * read relative to the working directory.
     *
     * @throws InputException malformed JSON or an invalid field, naming {@code experiment JSON}
     */
    public static Tune fromJson(String json) throws InputException {
        return of(ExperimentJson.parse(json, "experiment JSON", null));
    }

    /**
     * @return the built-in experiment {@code name} ({@link #builtIns()})
     * @throws IllegalArgumentException if there is no such built-in
     */
    public static Tune builtIn(String name) {
        return of(Experiments.builtIn(name));
    }

    /**
     * @return the experiment as JSON ({@code flocktune-experiment/1}), every default spelled out, as
     *         {@code flocktune experiments show} prints it
     * @throws IllegalStateException for a resumed run, whose experiment is in its directory
     */
    public String toJson() {
        if (experiment == null) throw new IllegalStateException("a resumed run's experiment is its " + resumed + "/experiment.json");
        return ExperimentJson.write(experiment);
    }

    /** An experiment built in code; every processor, report drawn, progress on standard error. */
    public static Tune of(Experiment experiment) {
        return new Tune(experiment, defaults(), null);
    }

    /**
     * The run in {@code directory}, to be continued from its last checkpoint with {@link #resume()}
     * ({@code flocktune tune --resume DIR}): its experiment is the run's own {@code experiment.json},
     * read when it resumes.
     */
    public static Tune resuming(Path directory) {
        return new Tune(null, defaults(), Objects.requireNonNull(directory, "directory"));
    }

    private static Tuning.Options defaults() {
        return new Tuning.Options(Execution.availableThreads(), false,
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true), true)
                .withReporter(Report.TUNING);
    }

    /**
     * An experiment built in code from {@code base}, with typed values: the tuner's own
     * {@link ExperimentBuilder}, so every field, default and check is that of experiment JSON
     * ({@code flocktune-experiment/1}) and its {@code build()} fails with the same one-line messages.
     * Its objectives may be custom metrics (a named function of the flock, {@code FlockView}); such
     * an experiment runs in this JVM only, with {@link #runInMemory()}.
     *
     * {@snippet :
     * Experiment e = Tune.builder(FlockPreset.load("reynolds")).name("aligned")
     *         .set("predators.count", 1)
     *         .logRange("alignment.weight", 0.05, 3)
     *         .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
     *         .objective("meanVx", view -> {                    // a custom metric: mean x velocity
     *             double sum = 0;
     *             for (int i = 0; i < view.count(); i++) sum += view.vx(i);
     *             return sum / view.count();
     *         }, new Direction.Maximize(), 1, 0.1)
     *         .pareto()
     *         .scenario(60, 300, 100)                          // boids, steps, warm-up steps
     *         .replicates(2, 1, 8, 8, 3)
     *         .population(12).generations(4)
     *         .build();
     * Tuning.Result r = Tune.of(e).withThreads(2).runInMemory();
     * }
     *
     * @param base the preset the genes are applied to (after {@code set} overrides)
     */
    public static ExperimentBuilder builder(FlockPreset base) {
        return ExperimentBuilder.from(Objects.requireNonNull(base, "base").preset());
    }

    /** @return these settings with the experiment's seed replaced ({@code --seed}); not for a resumed run */
    public Tune withSeed(long seed) {
        if (resumed != null) throw new IllegalStateException("a resumed run keeps its experiment's seed");
        return new Tune(experiment.withSeed(seed), options, resumed);
    }

    /** @return these settings with {@code threads} simulations at once on this JVM ({@code --threads}), checked when run */
    public Tune withThreads(int threads) {
        return new Tune(experiment, options.withThreads(threads).withRunners(RunnerFactory.local(threads)), resumed);
    }

    /** @return these settings with the simulations where {@code execution} puts them ({@code --threads}, {@code --executor}) */
    public Tune withExecution(Execution execution) {
        return new Tune(experiment, options.withThreads(execution.threads()).withRunners(execution.runners()), resumed);
    }

    /** @return these settings with the report (charts, {@code report.html}) drawn at the end or not */
    public Tune withReport(boolean report) { return new Tune(experiment, options.withReport(report), resumed); }

    /** @return these settings with progress lines going to {@code log} */
    public Tune withLog(PrintWriter log) { return new Tune(experiment, options.withLog(log), resumed); }

    /** @return these settings with a redrawn progress bar on {@code log} (a terminal) instead of progress lines */
    public Tune withProgressBar(boolean bar) { return new Tune(experiment, options.withTerminal(bar), resumed); }

    /** @return these settings with {@code listener} hearing each generation, the finalists and the end */
    public Tune withListener(Tuning.Listener listener) { return new Tune(experiment, options.withListener(listener), resumed); }

    /** @return these settings with {@code generation} hearing each completed generation, on the calling thread */
    public Tune onGeneration(Consumer<GenerationSummary> generation) {
        Objects.requireNonNull(generation, "generation");
        return withListener(new Tuning.Listener() {
            @Override
            public void generation(GenerationSummary summary) {
                generation.accept(summary);
            }
        });
    }

    /**
     * Runs the experiment into {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       the command's messages: an unusable or busy directory,
     *                              {@code --threads} out of range, or a run whose every candidate failed
     * @throws InterruptedException interrupted; the last checkpoint is complete and
     *                              {@code flocktune tune --resume DIR} continues it
     */
    public Tuning.Result run(Path directory) throws InputException, InterruptedException {
        Objects.requireNonNull(directory, "directory");
        if (resumed != null) throw new IllegalStateException("a run resumed from " + resumed + " continues with resume()");
        checkThreads();
        return Tuning.start(experiment, directory, options);
    }

    /**
     * Continues the run this {@code Tune} was made for by {@link #resuming(Path)}, from its last checkpoint.
     *
     * @throws InputException       the command's messages: files that do not belong to the run, a busy directory
     * @throws InterruptedException interrupted again; the last checkpoint is complete
     */
    public Tuning.Result resume() throws InputException, InterruptedException {
        if (resumed == null) throw new IllegalStateException("resume() continues a run opened by Tune.resuming(directory)");
        checkThreads();
        return Tuning.resume(resumed, options);
    }

    /**
     * Runs the experiment with its results kept in memory: no directory, no files, no report and
     * no checkpoint (an interrupted run is lost). The search, validation and every number are
     * those of {@link #run(Path)} with the same experiment and seed: the same finalists, presets
     * and history rows. An experiment with a custom metric runs this way only.
     *
     * @throws InputException       as {@link #run(Path)}, apart from the directory's messages
     * @throws InterruptedException interrupted; nothing is kept
     */
    public Tuning.Result runInMemory() throws InputException, InterruptedException {
        if (resumed != null) throw new IllegalStateException("a run resumed from " + resumed + " continues with resume()");
        checkThreads();
        return Tuning.inMemory(experiment, options);
    }

    private void checkThreads() throws InputException {
        Execution.checkThreads(options.threads());
    }

    /**
     * Reads a run directory's {@code history.csv} back: one row per simulation, in file order.
     *
     * @throws InputException not a run directory, or a table that was cut or edited
     */
    public static List<Tuning.HistoryRow> history(Path runDirectory) throws InputException {
        RunFiles files = new RunFiles(runDirectory);
        return Tables.readHistory(files.history(), ExperimentJson.read(files.experiment()));
    }
}
