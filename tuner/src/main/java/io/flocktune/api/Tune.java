package io.flocktune.api;

import io.flocktune.objectives.Direction;
import io.flocktune.objectives.FlockView;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.experiment.Combination;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentBuilder;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.Tables;
import io.flocktune.tuner.report.Report;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.GenerationSummary;
import io.flocktune.tuner.search.Selection;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

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
 * or is built in code with typed values ({@link #builder(FlockPreset)}), custom metrics included.
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
 * Tune tune = Tune.builder(FlockPreset.load("reynolds")).name("cohesive")
 *         .logRange("cohesion.weight", 0.1, 3)
 *         .range("neighbourhood.radius", 2, 10)
 *         .objective("polarization:mean:max", 1, 0.1)
 *         .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
 *         .scenario(60, 300, 100).population(12).generations(5).seed(1)
 *         .build()
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
            throw new IllegalArgumentException("give an experiment for a new run, or a directory to resume, not both");
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
     * An experiment built in code from {@code base}, with typed values: see {@link Builder}.
     *
     * @param base the preset the genes are applied to (after {@link Builder#set} overrides)
     */
    public static Builder builder(FlockPreset base) {
        return new Builder(Objects.requireNonNull(base, "base"));
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
        Execution.local(options.threads());
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

    /**
     * Builds a tuning experiment in code, with typed values, from a base preset: a thin front of
     * the tuner's experiment builder, so every field, default and check is that of experiment JSON
     * ({@code flocktune-experiment/1}) and {@link #build()} fails with its one-line messages.
     * Fields left unset take the JSON form's defaults. A builder is not thread-safe; it may be
     * built more than once, and changing it afterwards does not change what it built.
     *
     * <p>An objective may be a {@linkplain #objective(String, ToDoubleFunction, Direction, double, double)
     * custom metric}: a named function of the flock ({@link FlockView}). Such an experiment runs in
     * this JVM only, with {@link Tune#runInMemory()} (a run directory's {@code experiment.json}
     * cannot hold a Java function).
     *
     * {@snippet :
     * Tune tune = Tune.builder(FlockPreset.load("reynolds")).name("aligned")
     *         .set("predators.count", 1)
     *         .logRange("alignment.weight", 0.05, 3)
     *         .objective("meanVx", view -> {                    // a custom metric: mean x velocity
     *             double sum = 0;
     *             for (int i = 0; i < view.count(); i++) sum += view.vx(i);
     *             return sum / view.count();
     *         }, new Direction.Maximize(), 1, 0.1)
     *         .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
     *         .pareto()
     *         .scenario(60, 300, 100)                          // boids, steps, warm-up steps
     *         .replicates(2, 1, 8, 8, 3)
     *         .population(12).generations(4)
     *         .build();
     * }
     */
    public static final class Builder {
        private final FlockPreset base;
        private final List<java.util.function.Consumer<ExperimentBuilder>> steps = new ArrayList<>();
        private long warmup;

        private Builder(FlockPreset base) {
            this.base = base;
        }

        private Builder add(java.util.function.Consumer<ExperimentBuilder> step) {
            steps.add(step);
            return this;
        }

        /** @param name letters, digits, {@code _}, {@code .} or {@code -}; used in run directory names (default {@code experiment}) */
        public Builder name(String name) { return add(b -> b.name(name)); }

        /** @param description one line for listings (default empty) */
        public Builder description(String description) { return add(b -> b.description(description)); }

        /** Overrides {@code path} (dotted, e.g. {@code predators.count}) of the base, before the genes. */
        public Builder set(String path, int value) { return add(b -> b.set(path, value)); }

        /** @see #set(String, int) */
        public Builder set(String path, double value) { return add(b -> b.set(path, value)); }

        /**
         * @param value a string, boolean, enum, or a rule variant or section record (e.g. a {@code Separation.Linear})
         * @see #set(String, int)
         */
        public Builder set(String path, Object value) { return add(b -> b.set(path, value)); }

        /** A real gene on a linear scale in [min, max), e.g. a weight or a radius in world units. */
        public Builder range(String path, double min, double max) { return add(b -> b.range(path, min, max)); }

        /** A real gene on a log scale in [min, max), min &gt; 0: equal steps in order of magnitude. */
        public Builder logRange(String path, double min, double max) { return add(b -> b.logRange(path, min, max)); }

        /** A real gene on the grid min, min + step, …, max, each value equally likely (the step must divide max − min). */
        public Builder grid(String path, double min, double max, double step) { return add(b -> b.grid(path, min, max, step)); }

        /** A whole-number gene in [min, max], e.g. {@code boids.count}. */
        public Builder integers(String path, long min, long max) { return add(b -> b.integers(path, min, max)); }

        /** A categorical gene: one of {@code options} (rule variant records, enums, numbers, strings or booleans; at least two). */
        public Builder choices(String path, Object... options) {
            Object[] copy = options.clone();
            return add(b -> b.choices(path, copy));
        }

        /** A categorical gene with a label per option, in the map's iteration order (use a {@code LinkedHashMap}). */
        public Builder choices(String path, Map<String, ?> labelledOptions) {
            Map<String, ?> copy = new LinkedHashMap<>(labelledOptions);
            return add(b -> b.choices(path, copy));
        }

        /** @param spec an objective's text, e.g. {@code polarization:mean:max}; weight 1, scale 1, the scenario's warm-up by default */
        public Builder objective(String spec) { return add(b -> b.objective(spec)); }

        /**
         * @param spec   an objective's text, e.g. {@code collisionRate(distance=0.5):mean:min:name=collisions}
         * @param weight its weight, &gt; 0
         * @param scale  the amount of it that counts as one unit of cost, &gt; 0
         */
        public Builder objective(String spec, double weight, double scale) { return add(b -> b.objective(spec, weight, scale)); }

        /**
         * An objective built in code, e.g. on a {@link Metric.Custom}; its warm-up is its own.
         *
         * @see #objective(String, double, double)
         */
        public Builder objective(ObjectiveSpec spec, double weight, double scale) { return add(b -> b.objective(spec, weight, scale)); }

        /**
         * A custom metric as an objective: {@code function}'s value at each step after the
         * scenario's warm-up, averaged over the run (as {@link Measure#withMetric} measures it).
         *
         * @param name      the objective's name: a letter, then letters, digits, {@code _}, {@code .} or {@code -}
         * @param function  the flock at a step to the metric's value; pure and thread-safe
         * @param direction {@code new Direction.Maximize()}, {@code Minimize()} or a {@code Target}
         * @see #objective(String, double, double)
         */
        public Builder objective(String name, ToDoubleFunction<FlockView> function, Direction direction, double weight, double scale) {
            Objects.requireNonNull(function, "function");
            Objects.requireNonNull(direction, "direction");
            return add(b -> b.objective(Measure.custom(name, function, warmup, direction), weight, scale));
        }

        /** The objectives are ranked by NSGA-II on their cost vector: a Pareto front (default selector NSGA-II, elitism 0). */
        public Builder pareto() { return add(b -> b.combine(Combination.PARETO)); }

        /** One fitness: the weighted distance to the objectives' targets (every objective a {@code Target}). */
        public Builder targetDistance() { return add(b -> b.combine(Combination.TARGET_DISTANCE)); }

        /**
         * @param boids  boid count of every candidate, 0 to keep the base's (default 0)
         * @param steps  simulation steps per replicate, &ge; 1 (default 600)
         * @param warmup steps before objectives are sampled unless an objective sets its own (default 0)
         */
        public Builder scenario(int boids, long steps, long warmup) {
            this.warmup = warmup;
            return add(b -> b.scenario(boids, steps, warmup));
        }

        /** A further scenario every candidate is measured on: dotted path → value, applied after the genes. */
        public Builder variant(String name, Map<String, ?> set) {
            Map<String, ?> copy = new LinkedHashMap<>(set);
            return add(b -> b.variant(name, copy));
        }

        /**
         * @param perEvaluation   replicates of a new candidate, &ge; 1 (default 2)
         * @param perSurvival     extra replicates of a survivor per generation, &ge; 0 (default 1)
         * @param validationSeeds held-out seeds that rank the finalists, &ge; 2 (default 30)
         * @param testSeeds       fresh seeds of the reported numbers, &ge; 2 (default 30)
         * @param finalists       candidates validated at the end, &ge; 1 (default 5)
         */
        public Builder replicates(int perEvaluation, int perSurvival, int validationSeeds, int testSeeds, int finalists) {
            return add(b -> b.replicates(perEvaluation, perSurvival, validationSeeds, testSeeds, finalists));
        }

        /** @param population candidates per generation, in [4, 100 000] (default 24) */
        public Builder population(int population) { return add(b -> b.population(population)); }

        /** @param fraction share of each generation that is new offspring, in (0, 1) (default 0.6) */
        public Builder offspringFraction(double fraction) { return add(b -> b.offspringFraction(fraction)); }

        /** A tournament of {@code size} for survivor and parent selection (the default, of 3, unless {@link #pareto()}). */
        public Builder tournament(int size) { return add(b -> b.selector(new Selection.Tournament(size))); }

        /** @param elitism best survivors kept unchanged (default min(2, survivors − 1); 0 for Pareto) */
        public Builder elitism(int elitism) { return add(b -> b.elitism(elitism)); }

        /**
         * @param rate  per-gene mutation probability, in [0, 1] (default 0.15)
         * @param sigma standard deviation of a mutation in unit-gene space (default 0.1)
         */
        public Builder mutation(double rate, double sigma) { return add(b -> b.mutation(rate, sigma)); }

        /** @param rate crossover probability, in [0, 1] (default 0.6) */
        public Builder crossoverRate(double rate) { return add(b -> b.crossoverRate(rate)); }

        /** @param generations the last generation, in [1, 1 000 000] (default 20) */
        public Builder generations(long generations) { return add(b -> b.generations(generations)); }

        /** @param generations stop after this many generations without improvement, 0 = never (default 0) */
        public Builder steadyGenerations(long generations) { return add(b -> b.steadyGenerations(generations)); }

        /** @param evaluations stop after this many simulations, 0 = never (default 0) */
        public Builder evaluations(long evaluations) { return add(b -> b.evaluations(evaluations)); }

        /** @param wallTime stop the search after this long, zero = never (default zero) */
        public Builder wallTime(Duration wallTime) { return add(b -> b.wallTime(wallTime)); }

        /** @param limit wall time one replicate may take before it counts as failed, &gt; 0 (default 60 s) */
        public Builder evaluationTimeLimit(Duration limit) { return add(b -> b.evaluationTimeLimit(limit)); }

        /** @param seed the experiment seed; every random number of a run derives from it (default 1) */
        public Builder seed(long seed) { return add(b -> b.seed(seed)); }

        /**
         * @return the experiment's {@link Tune} settings: every processor, report drawn, progress on standard error
         * @throws InputException one line naming the experiment, the field and what is allowed, as for experiment JSON
         */
        public Tune build() throws InputException {
            ExperimentBuilder b = ExperimentBuilder.from(base.preset());
            try {
                for (var step : steps) step.accept(b);
            } catch (IllegalArgumentException | NullPointerException x) {
                throw new InputException("experiment: " + x.getMessage(), x);
            }
            return of(b.build());
        }
    }
}
