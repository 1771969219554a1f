package io.flocktune.api;

import io.flocktune.objectives.Direction;
import io.flocktune.objectives.FlockView;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.experiment.Combination;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentBuilder;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.Tables;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.GenerationSummary;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Runs a tuning experiment, as {@code flocktune tune} does (the same {@code Tuning} code, so the
 * same search, files and numbers): into a directory ({@link #run(Path)}) or kept in memory
 * ({@link #runInMemory()}), and returns its results as objects: the base preset and the validated
 * finalists with their test-seed measurements, the rows of {@code history.csv} and one
 * {@link Generation} per generation. A {@link Listener} follows the run as it goes.
 *
 * <p>An immutable set of settings; the {@code with...} methods return changed copies. An
 * experiment comes from a built-in name or file ({@link #of(String)}), JSON ({@link #fromJson}),
 * or is built in code with typed values ({@link #builder(FlockPreset)}), custom metrics included.
 *
 * {@snippet :
 * Tune.Result r = Tune.of("default").withSeed(3).withThreads(2).withReport(false).run(Path.of("results/api-demo"));
 * FlockPreset best = r.best().preset();                    // also written to r.best().presetFile()
 * double test = r.best().fitness();                        // on fresh test seeds
 * long rows = r.history().stream().filter(h -> h.role().equals("new")).count();
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
 *         .withListener(g -> System.out.println("generation " + g.generation() + ": best " + g.best()));
 * Tune.Result r = tune.runInMemory();                       // no directory; r.directory() is null
 * }
 *
 * @param experiment the experiment (the typed builder's result, or one read from JSON)
 * @param threads    simulations at once, in [1, 4096]
 * @param report     whether to draw the charts and {@code report.html} at the end (a run into a directory only)
 * @param log        where progress lines go (standard error by default)
 * @param listener   hears each completed generation, on the calling thread ({@link Listener#NONE} by default)
 */
public record Tune(Experiment experiment, int threads, boolean report, PrintWriter log, Listener listener) {
    public Tune {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(listener, "listener");
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

    /** An experiment built in code; every processor, report drawn, progress on standard error. */
    public static Tune of(Experiment experiment) {
        return new Tune(experiment, LocalRunner.availableThreads(), true,
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true), Listener.NONE);
    }

    /**
     * An experiment built in code from {@code base}, with typed values: see {@link Builder}.
     *
     * @param base the preset the genes are applied to (after {@link Builder#set} overrides)
     */
    public static Builder builder(FlockPreset base) {
        return new Builder(Objects.requireNonNull(base, "base"));
    }

    /** @return these settings with the experiment's seed replaced ({@code --seed}). */
    public Tune withSeed(long seed) { return new Tune(experiment.withSeed(seed), threads, report, log, listener); }

    public Tune withThreads(int threads) { return new Tune(experiment, threads, report, log, listener); }

    public Tune withReport(boolean report) { return new Tune(experiment, threads, report, log, listener); }

    public Tune withLog(PrintWriter log) { return new Tune(experiment, threads, report, log, listener); }

    /** @return these settings with {@code listener} hearing each generation */
    public Tune withListener(Listener listener) { return new Tune(experiment, threads, report, log, listener); }

    /**
     * Runs the experiment into {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       the command's messages: an unusable or busy directory,
     *                              {@code --threads} out of range, or a run whose every candidate failed
     * @throws InterruptedException interrupted; the last checkpoint is complete and
     *                              {@code flocktune tune --resume DIR} continues it
     */
    public Result run(Path directory) throws InputException, InterruptedException {
        Objects.requireNonNull(directory, "directory");
        return execute(directory);
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
    public Result runInMemory() throws InputException, InterruptedException {
        return execute(null);
    }

    private Result execute(Path directory) throws InputException, InterruptedException {
        if (threads < 1 || threads > 4096) throw new InputException("--threads = " + threads + ": must be in [1, 4096]");
        List<Generation> generations = new ArrayList<>();
        Tuning.Listener hear = new Tuning.Listener() {
            @Override
            public void generation(GenerationSummary s) {
                Generation g = Generation.of(s);
                generations.add(g);
                listener.generation(g);
            }
        };
        Tuning.Options options = new Tuning.Options(threads, false, log, report).withListener(hear)
                .withReporter(io.flocktune.tuner.report.Report.TUNING);
        Tuning.Result r = directory == null ? Tuning.inMemory(experiment, options) : Tuning.start(experiment, directory, options);
        List<Finalist> finalists = new ArrayList<>();
        for (Tuning.Finalist f : r.finalists()) {
            finalists.add(new Finalist(f.rank(), f.candidate(), f.fitness(), f.selectionFitness(), f.searchFitness(),
                    f.searchMeans() == null ? new double[0] : f.searchMeans(), f.measurement(), FlockPreset.of(f.preset()),
                    f.presetFile()));
        }
        List<HistoryRow> history;
        if (directory == null) {
            List<String> header = Tables.history(experiment);
            history = new ArrayList<>();
            for (Tuning.HistoryRow row : r.history()) history.add(HistoryRow.of(header, experiment, row.cells()));
        } else {
            history = history(new RunFiles(r.directory()));
        }
        return new Result(r.directory(), r.reason().text(), r.generations(), r.selectionSeeds(), finalists, history, generations);
    }

    /**
     * Hears a tuning run as it goes: called after each completed generation (and, for a run in a
     * directory, its checkpoint), on the thread that called {@code run}. A runtime exception
     * thrown here stops the run and propagates to the caller.
     */
    @FunctionalInterface
    public interface Listener {
        /** Hears nothing. */
        Listener NONE = g -> {};

        /** @param generation the generation just completed */
        void generation(Generation generation);
    }

    /**
     * One completed generation, a row of {@code generations.csv}. Fitness is lower-is-better
     * (Pareto: the weighted cost sum), over the generation's distinct, non-failed members.
     *
     * @param generation  generation number, 0 for the initial population
     * @param evaluations simulations run so far
     * @param failures    failed simulations in this generation
     * @param best        lowest fitness
     * @param mean        mean fitness
     * @param p10         10th percentile of fitness
     * @param p90         90th percentile of fitness
     * @param bestMeans   the best member's objective means, in the experiment's order (a copy)
     * @param hypervolume hypervolume of the first front (Pareto), else NaN
     * @param frontSize   members on the first front (Pareto), else 0
     */
    public record Generation(long generation, long evaluations, int failures, double best, double mean, double p10, double p90,
                             double[] bestMeans, double hypervolume, int frontSize) {
        public Generation {
            bestMeans = bestMeans.clone();
        }

        @Override
        public double[] bestMeans() {
            return bestMeans.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Generation g && g.generation == generation && g.evaluations == evaluations && g.failures == failures
                    && Double.compare(g.best, best) == 0 && Double.compare(g.mean, mean) == 0 && Double.compare(g.p10, p10) == 0
                    && Double.compare(g.p90, p90) == 0 && java.util.Arrays.equals(g.bestMeans, bestMeans)
                    && Double.compare(g.hypervolume, hypervolume) == 0 && g.frontSize == frontSize;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(generation) * 31 + Double.hashCode(best);
        }

        static Generation of(GenerationSummary s) {
            return new Generation(s.generation(), s.evaluations(), s.failures(), s.best(), s.mean(), s.p10(), s.p90(), s.bestMeans(),
                    s.hypervolume(), s.frontSize());
        }
    }

    /**
     * A tuning run's results.
     *
     * @param directory      the run directory (tables, {@code best/}, charts, report); null for a run in memory
     * @param stoppedBy      the stopping rule that ended the search, as the command prints it
     * @param generations    the last generation
     * @param selectionSeeds the held-out seeds that ranked the finalists
     * @param finalists      the base preset (rank 0), then the validated finalists, best first (read-only)
     * @param history        the rows of {@code history.csv}, in file order (in memory: the rows it would hold) (read-only)
     * @param progress       one entry per generation this run completed, as its listener heard them (read-only)
     */
    public record Result(Path directory, String stoppedBy, long generations, int selectionSeeds, List<Finalist> finalists,
                         List<HistoryRow> history, List<Generation> progress) {
        public Result {
            finalists = List.copyOf(finalists);
            history = List.copyOf(history);
            progress = List.copyOf(progress);
        }

        /** @return the best validated finalist (rank 1). */
        public Finalist best() {
            return finalists.get(1);
        }

        /** @return the base preset's row (rank 0), measured on the same test seeds. */
        public Finalist base() {
            return finalists.getFirst();
        }
    }

    /**
     * A validated candidate, or the base preset (rank 0). Fitness is lower-is-better.
     *
     * @param rank             0 for the base preset, then 1 = best on the selection seeds
     * @param candidate        the candidate id, −1 for the base preset
     * @param fitness          on the fresh test seeds: the unbiased estimate
     * @param selectionFitness on the selection seeds that ranked it (NaN for the base)
     * @param searchFitness    the search's own estimate (NaN for the base)
     * @param searchMeans      the search's objective means (empty for the base; a copy)
     * @param measurement      the objectives on the test seeds, or null if a replicate failed
     * @param preset           the preset
     * @param presetFile       where it was written under {@code best/}, or null for the base and in memory
     */
    public record Finalist(int rank, long candidate, double fitness, double selectionFitness, double searchFitness,
                           double[] searchMeans, Measurement measurement, FlockPreset preset, Path presetFile) {
        public Finalist {
            searchMeans = searchMeans.clone();
        }

        @Override
        public double[] searchMeans() {
            return searchMeans.clone();
        }
    }

    /**
     * A row of {@code history.csv}: one simulation.
     *
     * @param generation the generation
     * @param candidate  the candidate id, or {@code base}
     * @param role       {@code new}, {@code survivor}, {@code validation}, {@code test} or {@code baseline}
     * @param replicate  the replicate
     * @param seed       its seed
     * @param parameters parameter path to value as written (a choice's label), in column order (read-only)
     * @param objectives objective name to value (NaN when the simulation failed), in column order (read-only)
     * @param status     {@code ok} or {@code failed}
     * @param reason     why it failed, or empty
     */
    public record HistoryRow(long generation, String candidate, String role, int replicate, long seed,
                             Map<String, String> parameters, Map<String, Double> objectives, String status, String reason) {
        public HistoryRow {
            parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
            objectives = Collections.unmodifiableMap(new LinkedHashMap<>(objectives));
        }

        /** A row from its cells as {@code history.csv} holds them, under {@code header} ({@link Tables#history}). */
        static HistoryRow of(List<String> header, Experiment e, List<String> cells) {
            int parameters = e.parameters().size(), objectives = e.objectives().size();
            Map<String, String> p = new LinkedHashMap<>();
            for (int i = 0; i < parameters; i++) p.put(header.get(5 + i), cells.get(5 + i));
            Map<String, Double> o = new LinkedHashMap<>();
            for (int k = 0; k < objectives; k++) {
                String text = cells.get(5 + parameters + k);
                o.put(header.get(5 + parameters + k), text.isEmpty() ? Double.NaN : Double.parseDouble(text));
            }
            return new HistoryRow(Long.parseLong(cells.get(0)), cells.get(1), cells.get(2), Integer.parseInt(cells.get(3)),
                    Long.parseLong(cells.get(4)), p, o, cells.get(5 + parameters + objectives), cells.get(6 + parameters + objectives));
        }
    }

    /** Reads {@code history.csv} back as rows. */
    static List<HistoryRow> history(RunFiles files) throws InputException {
        Experiment e = ExperimentJson.read(files.experiment());
        List<String> header = Tables.history(e);
        List<HistoryRow> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(files.history(), StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.builder().setReader(in)
                     .setFormat(Table.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get()).get()) {
            if (!parser.getHeaderNames().equals(header)) {
                throw new InputException(files.history() + ": header " + parser.getHeaderNames() + ", expected " + header);
            }
            for (CSVRecord r : parser) {
                if (!r.isConsistent()) {
                    throw new InputException(files.history() + ": line " + parser.getCurrentLineNumber() + ": " + r.size()
                            + " cells; the header has " + header.size() + " (the table was cut or edited)");
                }
                rows.add(HistoryRow.of(header, e, r.toList()));
            }
        } catch (IOException | RuntimeException ex) {
            throw new InputException(files.history() + ": cannot read: " + ex.getMessage(), ex);
        }
        return rows;
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
