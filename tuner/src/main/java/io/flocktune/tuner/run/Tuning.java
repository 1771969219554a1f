package io.flocktune.tuner.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.Interval;
import io.flocktune.objectives.Measurement;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PortableEvaluator;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.experiment.EvaluatorFactory;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.PresetPath;
import io.flocktune.tuner.search.GenerationSummary;
import io.flocktune.tuner.search.Individual;
import io.flocktune.tuner.search.Race;
import io.flocktune.tuner.search.Replicate;
import io.flocktune.tuner.search.Replication;
import io.flocktune.tuner.search.Scoring;
import io.flocktune.tuner.search.Search;
import io.flocktune.tuner.search.SearchState;
import io.flocktune.tuner.search.Seeds;
import io.flocktune.tuner.search.StopRules;
import io.flocktune.tuner.space.ParameterSpace;
import io.flocktune.tuner.store.Reporter;
import io.flocktune.tuner.store.Study;
import io.flocktune.tuner.store.Table;
import io.jenetics.ext.moea.Pareto;
import io.jenetics.util.ISeq;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs an experiment into a results directory, generation by generation, so that nothing is
 * lost: after every generation the new rows of {@code history.csv}, {@code generations.csv} and
 * {@code timings.csv} are written through to the disk (fsync) and then a checkpoint is written
 * atomically. A run killed at any moment resumes from its last checkpoint ({@link #resume}) and
 * ends with exactly the results of an uninterrupted run; an interrupted thread (Ctrl-C) stops at
 * once, keeping the checkpoint of the last completed generation (the generation in flight is
 * lost and run again on resume). An {@link Error} in a simulation (a bug, memory exhausted)
 * stops the run the same way and is rethrown.
 *
 * <p><b>Determinism.</b> The results files ({@code history.csv}, {@code generations.csv},
 * {@code validation.csv}, {@code pareto.csv}, {@code best/}) are a pure function of the
 * experiment and its seed, byte for byte, whatever the thread count, unless an evaluation hits
 * {@code evaluationTimeLimit}: whether one does depends on the machine's load and the thread
 * count, so such a run is not guaranteed to repeat (the run prints a warning when it happens).
 * Timings go to {@code timings.csv} alone.
 *
 * <p>After the search: the finalists are re-run on held-out selection seeds, which rank them;
 * then the finalists and the base preset run on fresh test seeds, which give the reported means,
 * intervals and paired differences to the base preset ({@code validation.csv}); the best presets
 * are written to {@code best/}, the first Pareto front to {@code pareto.csv}, and the report is
 * drawn.
 *
 * <p><b>Open parts.</b> {@link Options} say where the simulations run ({@link RunnerFactory}),
 * how candidates are measured ({@link EvaluatorFactory}) and who follows the run
 * ({@link Listener}). {@link #inMemory} runs the same search without a directory and returns
 * the history rows and generation summaries as objects (no checkpoint then).
 *
 * <pre>{@code
 * Experiment e = Experiments.builtIn("default");
 * Tuning.Result r = Tuning.start(e, Path.of("results/demo"),
 *         new Tuning.Options(4, false, new PrintWriter(System.err, true), true));
 * }</pre>
 */
public final class Tuning {
    private Tuning() {}

    /**
     * @param threads  simulations at the same time, &ge; 1
     * @param terminal whether standard error is a terminal (progress bar there) or not (plain
     *                 progress lines on {@code log})
     * @param log      progress lines and messages
     * @param report   whether to draw the charts and report.html at the end ({@code flocktune
     *                 report DIR} can do it later); needs a {@code reporter}
     * @param runners  where the simulations run: {@link RunnerFactory#local} on {@code threads}
     *                 threads, or a Spark cluster; the results are the same
     * @param evaluators how candidates are measured: {@link EvaluatorFactory#standard()} (simulate
     *                 and measure the experiment's objectives), or a researcher's own
     *                 ({@link EvaluatorFactory#ofPresets}); one that is not a
     *                 {@link io.flocktune.tuner.eval.PortableEvaluator} runs on local threads only
     * @param listener sees each generation, the validated finalists and the end of the run, on the
     *                 calling thread ({@link Listener#NONE}: nothing)
     * @param reporter draws the report when {@code report} is true (the report's own code, e.g.
     *                 {@code Report.TUNING}, handed in by the caller); {@link Reporter#NONE} if not
     */
    public record Options(int threads, boolean terminal, PrintWriter log, boolean report, RunnerFactory runners,
                          EvaluatorFactory evaluators, Listener listener, Reporter reporter) {
        public Options {
            Check.present("log", log);
            Check.present("runners", runners);
            Check.present("evaluators", evaluators);
            Check.present("listener", listener);
            Check.present("reporter", reporter);
        }

        /** Options with no reporter: a report must then not be asked for ({@code report} false, or add one with {@link #withReporter}). */
        public Options(int threads, boolean terminal, PrintWriter log, boolean report, RunnerFactory runners,
                       EvaluatorFactory evaluators, Listener listener) {
            this(threads, terminal, log, report, runners, evaluators, listener, Reporter.NONE);
        }

        /** Simulations on {@code threads} threads of this JVM. */
        public Options(int threads, boolean terminal, PrintWriter log, boolean report) {
            this(threads, terminal, log, report, RunnerFactory.local(threads));
        }

        /** Simulations where {@code runners} puts them, measured the standard way, no listener. */
        public Options(int threads, boolean terminal, PrintWriter log, boolean report, RunnerFactory runners) {
            this(threads, terminal, log, report, runners, EvaluatorFactory.standard(), Listener.NONE);
        }

        /**
         * Options for scripts and notebooks: {@code threads} local threads, no progress output,
         * no report.
         *
         * {@snippet :
         * Tuning.Options options = Tuning.Options.quiet(2).withListener(Tuning.Listener.printing(System.out));
         * }
         *
         * @param threads simulations at the same time, &ge; 1
         */
        public static Options quiet(int threads) {
            return new Options(threads, false, new PrintWriter(Writer.nullWriter()), false);
        }

        /** @return these options with another evaluator factory. */
        public Options withEvaluators(EvaluatorFactory newEvaluators) {
            return new Options(threads, terminal, log, report, runners, newEvaluators, listener, reporter);
        }

        /** @return these options with another listener. */
        public Options withListener(Listener newListener) {
            return new Options(threads, terminal, log, report, runners, evaluators, newListener, reporter);
        }

        /** @return these options with {@code newThreads} simulations at once (the runners are set apart) */
        public Options withThreads(int newThreads) {
            return new Options(newThreads, terminal, log, report, runners, evaluators, listener, reporter);
        }

        /** @return these options with a progress bar for a terminal, or progress lines */
        public Options withTerminal(boolean newTerminal) {
            return new Options(threads, newTerminal, log, report, runners, evaluators, listener, reporter);
        }

        /** @return these options with progress going to {@code newLog} */
        public Options withLog(PrintWriter newLog) {
            return new Options(threads, terminal, newLog, report, runners, evaluators, listener, reporter);
        }

        /** @return these options with the report drawn at the end or not */
        public Options withReport(boolean newReport) {
            return new Options(threads, terminal, log, newReport, runners, evaluators, listener, reporter);
        }

        /** @return these options with another runner factory. */
        public Options withRunners(RunnerFactory newRunners) {
            return new Options(threads, terminal, log, report, newRunners, evaluators, listener, reporter);
        }

        /** @return these options with the code that draws the report ({@code report} true asks for it). */
        public Options withReporter(Reporter newReporter) {
            return new Options(threads, terminal, log, report, runners, evaluators, listener, newReporter);
        }
    }

    /**
     * Follows a tuning run as it goes: every completed generation, then the validated finalists,
     * then the result. Calls come on the thread that called {@link #start}, {@link #resume} or
     * {@link #inMemory}, after the generation's rows are written (and checkpointed); a runtime
     * exception thrown here stops the run and propagates to the caller (the checkpoint of that
     * generation stays). A resumed run reports the generations of this session only.
     *
     * {@snippet :
     * List<Double> best = new ArrayList<>();
     * Tuning.Listener listener = new Tuning.Listener() {
     *     @Override
     *     public void generation(GenerationSummary summary) {
     *         best.add(summary.best());   // lower is better
     *     }
     * };
     * Tuning.Result r = Tuning.inMemory(experiment, Tuning.Options.quiet(2).withListener(listener));
     * }
     */
    public interface Listener {
        /** Hears nothing. */
        Listener NONE = new Listener() {};

        /** @param summary a completed generation: fitness statistics (lower is better), evaluations so far */
        default void generation(GenerationSummary summary) {}

        /**
         * @param finalists the base preset (rank 0) and the finalists, best first, measured on the
         *                  fresh test seeds, as in {@link Result#finalists()}
         */
        default void validated(List<Finalist> finalists) {}

        /** @param result the run's result, just before it is returned */
        default void finished(Result result) {}

        /**
         * @param out where one line per generation and one at the end go
         * @return a listener printing plain progress lines, e.g. {@code generation 3: best -17.2}
         */
        static Listener printing(java.io.PrintStream out) {
            return new Listener() {
                @Override
                public void generation(GenerationSummary s) {
                    out.println("generation " + s.generation() + ": " + Progress.best(s) + ", " + s.evaluations() + " evaluations");
                }

                @Override
                public void finished(Result r) {
                    out.println("finished after generation " + r.generations() + " (" + r.reason().text() + "); best fitness "
                            + Table.number(r.best().fitness()));
                }
            };
        }
    }

    /**
     * One validated candidate (or the base preset, rank 0). Fitness is lower-is-better (Pareto:
     * weighted cost sum), of the objective means over the seeds named.
     *
     * @param rank              0 for the base preset, then 1 = best on the selection seeds
     * @param candidate         the candidate id, or -1 for the base preset
     * @param fitness           on the fresh test seeds: the unbiased estimate
     * @param selectionFitness  on the held-out selection seeds that ranked it (NaN for the base)
     * @param searchFitness     the search's own estimate, over its training replicates (NaN for the
     *                          base)
     * @param searchMeans       the search's objective means over its training replicates (null
     *                          for the base); the array is held as given, not copied
     * @param measurement       the objectives over the test seeds, or null if a replicate failed
     * @param preset            the preset
     * @param presetFile        where it was written under {@code best/}, or null (base)
     */
    public record Finalist(int rank, long candidate, double fitness, double selectionFitness, double searchFitness,
                           double[] searchMeans, Measurement measurement, Preset preset, Path presetFile) {}

    /**
     * Wall time of a run, split by what it was spent on.
     *
     * @param simulation nanoseconds waiting for simulations (search and validation), objectives
     *                   included (they are measured while the simulation runs)
     * @param search     nanoseconds of the search outside simulation: GA steps, bookkeeping,
     *                   progress
     * @param io         nanoseconds writing tables, checkpoints and best presets
     * @param report     nanoseconds drawing the report once the results are written: the charts
     *                   of the results, the preview and report.html, and waiting for the search's
     *                   charts, which are drawn on other threads during validation
     */
    public record TimeSplit(long simulation, long search, long io, long report) {
        /** @return what the generations spent outside simulation, (search + io) / simulation. */
        public double overheadRatio() {
            return (double) (search + io) / Math.max(1, simulation);
        }

        /** @return one line, e.g. "simulation 41.2 s; outside it GA and bookkeeping 0.3 s + I/O 0.4 s = 1.7 %; report 1.4 s". */
        public String text() {
            return String.format(Locale.ROOT, "simulation %.1f s; outside it GA and bookkeeping %.2f s + I/O %.2f s = %.1f %% "
                            + "of simulation time; report %.1f s", simulation / 1e9, search / 1e9, io / 1e9,
                    100 * overheadRatio(), report / 1e9);
        }
    }

    /**
     * @param directory   the run directory
     * @param reason      the stopping rule that ended the search
     * @param generations the last generation
     * @param finalists   the base preset (rank 0) and the validated finalists, best first
     * @param time        where the wall time went (this session only)
     * @param selectionSeeds the held-out seeds that ranked the finalists (with a race, those the survivors ran)
     * @param history     a run kept in memory ({@link #inMemory}): every row its {@code history.csv}
     *                    would hold, in the same order; empty for a run in a directory (read its
     *                    {@code history.csv})
     * @param summaries   a run kept in memory: one summary per generation, the rows of its
     *                    {@code generations.csv}; empty for a run in a directory
     */
    public record Result(Path directory, StopRules.Reason reason, long generations, List<Finalist> finalists, TimeSplit time,
                         int selectionSeeds, List<HistoryRow> history, List<GenerationSummary> summaries) {
        public Result {
            finalists = List.copyOf(finalists);
            history = List.copyOf(history);
            summaries = List.copyOf(summaries);
        }

        /** A run in a directory: its history is in the files. */
        public Result(Path directory, StopRules.Reason reason, long generations, List<Finalist> finalists, TimeSplit time,
                      int selectionSeeds) {
            this(directory, reason, generations, finalists, time, selectionSeeds, List.of(), List.of());
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
     * Runs an experiment with its results kept in memory: no directory, no files, no report, and
     * <b>no checkpoint</b> — an interrupted run is lost, it cannot be resumed. The search, the
     * validation and every number are those of {@link #start} with the same experiment and seed:
     * {@link Result#history()} holds the rows of its {@code history.csv}, {@link Result#summaries()}
     * those of its {@code generations.csv}, and the finalists' presets those of its {@code best/}
     * ({@link Finalist#presetFile()} is null). {@link Options#report()} is ignored. An experiment
     * with a custom metric ({@link Experiment#customObjective}) runs here, on local threads.
     *
     * {@snippet :
     * Experiment e = Experiments.builtIn("default");
     * Tuning.Result r = Tuning.inMemory(e, Tuning.Options.quiet(2));
     * Preset best = r.best().preset();
     * double polarization = r.best().measurement().mean(0);   // over the fresh test seeds
     * }
     *
     * @throws InputException       bad experiment, or a run whose every candidate failed in its
     *                              first generation
     * @throws InterruptedException the thread was interrupted; nothing is kept
     */
    public static Result inMemory(Experiment experiment, Options options) throws InputException, InterruptedException {
        Check.present("experiment", experiment);
        Check.present("options", options);
        try {
            return run(experiment, null, null, null, options);
        } catch (Hopeless h) {
            throw h.input;
        }
    }

    /** Why an experiment's evaluators run locally only. */
    private static String localOnly(Experiment e) {
        return e.customObjective().map(s -> "objective \"" + s.name() + "\" is a custom metric, a Java function")
                .orElse("a researcher-supplied evaluator that is not a PortableEvaluator");
    }

    /**
     * Starts a new run in {@code directory}, which must not exist or be empty (a directory that
     * holds only the temporary file of an {@code experiment.json} whose writing was killed counts
     * as empty). The directory is locked for the run ({@link Study}).
     *
     * @throws InputException       bad experiment (one with a custom metric is refused: see
     *                              {@link #inMemory}), an unusable or busy directory, or a run whose
     *                              every candidate failed in its first generation (the run
     *                              directory is then removed again)
     * @throws InterruptedException the thread was interrupted; the last checkpoint is complete
     *                              (the message says where it is and how to continue)
     */
    public static Result start(Experiment experiment, Path directory, Options options) throws InputException, InterruptedException {
        if (experiment.customObjective().isPresent()) {
            throw new InputException("experiment " + experiment.name() + ": objective \"" + experiment.customObjective().get().name()
                    + "\" is a custom metric, a Java function, which the run directory's experiment.json cannot hold (the run "
                    + "could not be resumed); run it with Tuning.inMemory");
        }
        ObjectNode resolved = ExperimentJson.toTree(experiment);
        resolved.set("versions", Versions.json());
        try (Study study = Study.create(directory, KIND, ExperimentJson.write(resolved).getBytes(java.nio.charset.StandardCharsets.UTF_8), true)) {
            try {
                return run(experiment, study, null, new RunFiles(directory).hash(), options);
            } catch (Hopeless h) {
                study.discard();
                throw h.input;
            }
        }
    }

    /** A tuning run's directory: {@code experiment.json} is its input. */
    public static final Study.Kind KIND = new Study.Kind("tune", "run", "experiment.json", "EXPERIMENT");

    /**
     * Continues the run in {@code directory} from its last checkpoint (or from the start, if it
     * never completed a generation). Before any file is touched, the checkpoint is checked whole
     * and against the run's {@code experiment.json} (a run whose experiment was edited is
     * refused), and temporary files of writes that a kill interrupted are removed.
     *
     * @throws InputException       no run there, a busy run, a damaged or foreign checkpoint
     * @throws InterruptedException the thread was interrupted; the last checkpoint is complete
     */
    public static Result resume(Path directory, Options options) throws InputException, InterruptedException {
        RunFiles files = new RunFiles(directory);
        try (Study study = Study.resume(directory, KIND)) {
            Experiment experiment = ExperimentJson.read(files.experiment());
            String hash = files.hash();
            Checkpoint checkpoint = null;
            if (Files.exists(files.checkpoint(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                checkpoint = Checkpoint.read(files.checkpoint(), experiment, hash);
                checkLength(files.history(), checkpoint.historyBytes());
                checkLength(files.generations(), checkpoint.generationsBytes());
                checkLength(files.timings(), checkpoint.timingsBytes());
            }
            study.unfinish();   // finished again at its end
            try {
                return run(experiment, study, checkpoint, hash, options);
            } catch (Hopeless h) {
                throw h.input;
            }
        }
    }

    private static void checkLength(Path table, long length) throws InputException {
        long size;
        try {
            size = Files.size(table);
        } catch (IOException e) {
            throw new InputException(table + ": missing or unreadable; the checkpoint needs its first " + length + " bytes", e);
        }
        if (size < length) {
            throw new InputException(table + ": shorter (" + size + " bytes) than at the checkpoint (" + length
                    + " bytes); the run's files were changed after it stopped");
        }
    }

    /** The search cannot go on for a reason in the input: every candidate failed. */
    private static final class Hopeless extends RuntimeException {
        final InputException input;

        Hopeless(InputException input) {
            super(input.getMessage(), input, false, false);
            this.input = input;
        }
    }

    private static Result run(Experiment experiment, Study study, Checkpoint checkpoint, String hash, Options options)
            throws InputException, InterruptedException {
        RunFiles files = study == null ? null : new RunFiles(study.root());
        try {
            return runWith(experiment, experiment.scoring(), study, checkpoint, hash, options);
        } catch (Error error) {   // a bug or an exhausted machine, never a failed candidate (see LocalRunner)
            if (files != null) {
                options.log().println("flocktune: the run stopped on an internal error; the last completed generation is "
                        + "checkpointed in " + files.checkpoint());
            }
            throw error;
        }
    }

    /**
     * @param study null for a run kept in memory: no tables, no checkpoint, no best presets, no
     *              report; the history rows and generation summaries are collected instead
     */
    private static <C extends Comparable<? super C>> Result runWith(Experiment e, Scoring<C> scoring, Study study,
                                                                   Checkpoint checkpoint, String hash, Options options)
            throws InputException, InterruptedException {
        long sessionStart = System.nanoTime();
        boolean memory = study == null;
        RunFiles files = memory ? null : new RunFiles(study.root());
        boolean report = options.report() && !memory;
        if (report && options.reporter() == Reporter.NONE) {
            throw new IllegalArgumentException("Options.report is true but no reporter draws it: add one with Options.withReporter");
        }
        if (report) options.reporter().prepare();
        Preset base = e.effectiveBase();
        ParameterSpace space = ParameterSpace.of(base, e.parameters(), e.name() + ": parameters");
        Evaluator<double[]> genesEvaluator = options.evaluators().genes(e);
        Evaluator<Preset> presetsEvaluator = options.evaluators().presets(e);
        Listener listener = options.listener();
        List<HistoryRow> rows = memory ? new ArrayList<>() : null;
        List<GenerationSummary> summaries = memory ? new ArrayList<>() : null;
        long[] ioNanos = {0};
        long[] timeLimitHits = {0};
        AtomicFile.Pending[] pending = {AtomicFile.Pending.NONE};
        long firstGeneration = checkpoint == null ? 0 : checkpoint.state().generation() + 1;
        try (TrialRunner runner = options.runners().open(e.timeLimit());
             Table history = memory ? null : Table.open(files.history(), Tables.history(e),
                     checkpoint == null ? -1 : checkpoint.historyBytes());
             Table generations = memory ? null : Table.open(files.generations(), Tables.generations(e),
                     checkpoint == null ? -1 : checkpoint.generationsBytes());
             Table timings = memory ? null : Table.open(files.timings(), Tables.timings(),
                     checkpoint == null ? -1 : checkpoint.timingsBytes());
             Progress progress = Progress.on(options.log(), options.terminal(), e.name(), firstGeneration, e.stop().generations())) {
            if (runner.remote() && !(genesEvaluator instanceof PortableEvaluator && presetsEvaluator instanceof PortableEvaluator)) {
                throw new InputException("experiment " + e.name() + ": its evaluator cannot be sent to another JVM ("
                        + localOnly(e) + "); run it on local threads");
            }
            Search<C> search = new Search<>(scoring, e.search(), e.genetics(), e.replication(), e.stop(), e.seed(), space.levels(),
                    genesEvaluator, runner);
            long[] sessionEvaluations = {0};
            long evaluationsBefore = checkpoint == null ? 0 : checkpoint.state().evaluations();
            Search.Listener searchListener = (summary, evaluations, state) -> {
                if (state.individuals().stream().allMatch(Individual::failed)) {
                    throw new Hopeless(everyCandidateFailed(e, summary.generation(), evaluations));
                }
                long t0 = System.nanoTime();
                for (Search.Evaluation ev : evaluations) if (timedOut(ev.replicate().outcome())) timeLimitHits[0]++;
                if (memory) {
                    for (Search.Evaluation ev : evaluations) rows.add(HistoryRow.of(e, space, summary.generation(), ev));
                    summaries.add(summary);
                } else {
                    // the previous generation's rows and checkpoint are whole before this one's start;
                    // this one's are written while the next generation simulates
                    awaitWrites(pending[0]);
                    pending[0] = AtomicFile.behind(() -> {   // a generation's rows and its checkpoint, whole
                        for (Search.Evaluation ev : evaluations) {
                            history.row(historyRow(e, space, summary.generation(), ev));
                            timings.row(timingRow(summary.generation(), Long.toString(ev.candidate()), ev.role().name().toLowerCase(Locale.ROOT),
                                    ev.replicate().index(), ev.replicate().outcome().nanos()));
                        }
                        generations.row(generationRow(e, summary));
                        timings.row(timingRow(summary.generation(), "", "generation", -1, summary.wallNanos()));
                        timings.row(timingRow(summary.generation(), "", "simulation", -1, summary.evaluationNanos()));
                        history.flush();
                        generations.flush();
                        timings.flush();
                        new Checkpoint(state, hash, history.size(), generations.size(), timings.size()).write(files.checkpoint());
                    });
                }
                ioNanos[0] += System.nanoTime() - t0;
                sessionEvaluations[0] = summary.evaluations() - evaluationsBefore;
                double rate = sessionEvaluations[0] / ((System.nanoTime() - sessionStart) / 1e9);
                progress.generation(summary, e.stop().generations(), rate);
                listener.generation(summary);
            };
            Search.Result result;
            try {
                result = search.run(checkpoint == null ? null : checkpoint.state(), searchListener);
            } catch (InterruptedException interrupted) {
                awaitWritesAfter(pending[0], interrupted);
                throw interrupted(progress, files);
            } catch (UncheckedIOException io) {
                // Ctrl-C while a table or the checkpoint was being written: the interrupt closed the file's channel
                awaitWritesAfter(pending[0], io);
                if (AtomicFile.interrupted(io)) throw interrupted(progress, files);
                throw io;
            } catch (RuntimeException | Error failure) {
                awaitWritesAfter(pending[0], failure);
                throw failure;
            }
            long a0 = System.nanoTime();
            awaitWrites(pending[0]);
            ioNanos[0] += System.nanoTime() - a0;
            long searchNanos = System.nanoTime() - sessionStart;
            long simulationNanos = result.state().evaluationNanos() - (checkpoint == null ? 0 : checkpoint.state().evaluationNanos());

            Reporter.Drawing drawing = null;
            try {
                // the base preset's test replicates and the held-out replicates of the finalists
                // certain to be chosen need no model: they run while the model picks the others; then
                // the best finalist is selected on held-out seeds, and the finalists are tested on the
                // base's fresh seeds for the reported numbers
                List<Trial<Preset>> baseTrials = new ArrayList<>();
                for (int r = 0; r < e.replication().testSeeds(); r++) baseTrials.add(new Trial<>(base, Seeds.test(e.seed(), r)));
                Search<C>.Stage stage = search.stage(result.state());
                List<Individual> sure = stage.sure();
                List<Outcome> baseOutcomes;
                List<Search.Validated> sureValidated;
                List<Individual> finalists;
                try (Beside beside = Beside.start(() -> new Beside.Batches(runner.run(presetsEvaluator, baseTrials),
                        search.validate(sure)))) {
                    finalists = stage.finalists();
                    Beside.Batches batches = beside.await();
                    baseOutcomes = batches.base();
                    sureValidated = batches.validated();
                    simulationNanos += beside.nanos();
                }
                // the search's charts are drawn from here on, while the finalists are tested and validated
                // (not while they are chosen: the model fit that chooses them needs every core it can get)
                if (report) drawing = options.reporter().begin(files.root(), options.log()).orElse(null);
                Replication rep = e.replication();
                progress.phase(rep.race() == null
                        ? "testing " + finalists.size() + " finalists on " + rep.testSeeds() + " fresh seeds and selecting among them on "
                                + rep.validationSeeds() + " held-out seeds"
                        : "racing " + finalists.size() + " candidates on up to " + rep.validationSeeds() + " held-out seeds ("
                                + (long) rep.finalists() * rep.validationSeeds() + " simulations at most), then testing the best "
                                + rep.finalists() + " on " + rep.testSeeds() + " fresh seeds");
                long v0 = System.nanoTime();
                List<Search.Validated> validated;   // every held-out replicate of the selection
                List<Search.Validated> ranking;     // the finalists to test, best first
                Race.Result race = null;
                List<Search.Validated> tested;     // the finalists on the fresh test seeds, in ranking order
                TestStatistics statistics;
                if (rep.race() == null) {
                    // every finalist is tested whatever its rank: the test comes first, so that its statistics are
                    // computed while the remaining held-out replicates run; the held-out seeds alone rank them
                    List<Search.Validated> testedAll = search.test(finalists);
                    statistics = TestStatistics.start(e, baseOutcomes, testedAll);
                    ranking = new ArrayList<>(search.validate(finalists, sureValidated));
                    ranking.sort(search.byValidatedFitness());
                    validated = ranking;
                    tested = ranking.stream().map(v -> testedAll.get(finalists.indexOf(v.individual()))).toList();
                } else {
                    race = search.race(finalists);
                    validated = race.ranking().stream().map(Race.Entry::validated).toList();
                    // the survivors, best first, as many as finalists; if every candidate failed, the first of them
                    ranking = validated.subList(0, Math.max(1, Math.min(rep.finalists(), race.survivors())));
                    tested = search.test(ranking.stream().map(Search.Validated::individual).toList());
                    statistics = TestStatistics.start(e, baseOutcomes, tested);
                }
                simulationNanos += System.nanoTime() - v0;
                if (race != null) {
                    options.log().printf(Locale.ROOT, "race: %d candidates, %d round(s), %d held-out simulations; %d left%n",
                            race.ranking().size(), race.rounds(), race.simulations(), race.survivors());
                }
                for (Search.Validated v : validated) for (Replicate r : v.replicates()) if (timedOut(r.outcome())) timeLimitHits[0]++;
                for (Outcome o : baseOutcomes) if (timedOut(o)) timeLimitHits[0]++;

                if (drawing != null) drawing.awaitInputs();   // it has read the search's tables: they may grow now
                long w0 = System.nanoTime();
                List<Finalist> ranked = writeResults(e, search, space, base, validated, ranking, tested, baseOutcomes, statistics,
                        result.state(), files, history, timings, rows);
                if (race != null && files != null) RaceCsv.write(files.root().resolve(RaceCsv.FILE), race, scoring, search);
                ioNanos[0] += System.nanoTime() - w0;
                progress.close();
                if (timeLimitHits[0] > 0) {
                    options.log().println("flocktune: warning: " + timeLimitHits[0] + " evaluation(s) of this session hit the "
                            + "evaluationTimeLimit of " + e.timeLimit().toNanos() / 1e9 + " s and count as failed; whether an "
                            + "evaluation hits it depends on the machine's load and --threads, so this run is not guaranteed "
                            + "to repeat bit for bit");
                }
                listener.validated(List.copyOf(ranked));

                long r0 = System.nanoTime();
                if (drawing != null) {
                    try {
                        drawing.finish();
                    } catch (InterruptedException interrupted) {
                        throw new InterruptedException("interrupted while drawing the report; the results in " + files.root()
                                + " are complete; draw it with: ./flocktune report " + files.root());
                    }
                }
                long reportNanos = System.nanoTime() - r0;
                if (!memory) study.finish();   // after the last result, chart and report
                long total = System.nanoTime() - sessionStart;
                TimeSplit time = new TimeSplit(simulationNanos, Math.max(0, total - simulationNanos - ioNanos[0] - reportNanos), ioNanos[0], reportNanos);
                Result done = new Result(memory ? null : files.root(), result.reason(), result.state().generation(), ranked, time,
                        ranking.getFirst().replicates().size(), memory ? rows : List.of(), memory ? summaries : List.of());
                listener.finished(done);
                return done;
            } finally {
                if (drawing != null) drawing.close();
            }
        } catch (IOException | UncheckedIOException | InputException ex) {
            if (AtomicFile.interrupted(ex)) {   // Ctrl-C while the results were being written
                throw new InterruptedException("interrupted while writing the results; continue with: ./flocktune tune --resume "
                        + (memory ? e.name() : files.root()));
            }
            if (ex instanceof InputException input) throw input;
            if (ex instanceof UncheckedIOException unchecked) throw new InputException(unchecked.getMessage(), unchecked);
            throw new InputException((memory ? e.name() : files.root()) + ": cannot write results: " + AtomicFile.reason((IOException) ex), ex);
        }
    }

    /**
     * Batches run on a thread of their own while the caller does other work (the runner's threads
     * do the simulating; this thread only waits for them). Await it before the runner's next
     * batch; closing it stops the batches if they have not ended, and waits for its thread.
     */
    private static final class Beside implements AutoCloseable {
        private final java.util.concurrent.FutureTask<Batches> task;
        private final Thread thread;
        private volatile long nanos;

        /** What runs beside the model fit: the base preset's test outcomes, the sure finalists validated. */
        record Batches(List<Outcome> base, List<Search.Validated> validated) {}

        /** The simulations to run, on the study's runner. */
        @FunctionalInterface
        interface Work {
            Batches run() throws InterruptedException;
        }

        private Beside(java.util.concurrent.FutureTask<Batches> task, Thread thread) {
            this.task = task;
            this.thread = thread;
        }

        static Beside start(Work work) {
            Beside[] self = new Beside[1];
            java.util.concurrent.FutureTask<Batches> task = new java.util.concurrent.FutureTask<>(() -> {
                long t0 = System.nanoTime();
                try {
                    return work.run();
                } finally {
                    self[0].nanos = System.nanoTime() - t0;
                }
            });
            self[0] = new Beside(task, Thread.ofPlatform().name("flocktune-batch").unstarted(task));
            self[0].thread.start();
            return self[0];
        }

        /** @return the batches' results once they have ended; an {@link Error} in them is rethrown. */
        Batches await() throws InterruptedException {
            try {
                return task.get();
            } catch (java.util.concurrent.ExecutionException ex) {
                switch (ex.getCause()) {
                    case InterruptedException interrupted -> throw interrupted;
                    case RuntimeException runtime -> throw runtime;
                    case Error error -> throw error;
                    default -> throw new IllegalStateException(ex.getCause());
                }
            }
        }

        /** @return the batch's wall time, in nanoseconds (once awaited). */
        long nanos() {
            return nanos;
        }

        @Override
        public void close() {
            task.cancel(true);   // nothing if it has ended
            boolean interrupted = false;
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** Waits for a generation's files (see {@link AtomicFile#behind}); a failure to write them ends the run. */
    private static void awaitWrites(AtomicFile.Pending pending) {
        try {
            pending.await();
        } catch (IOException | InputException ex) {
            throw new UncheckedIOException(ex.getMessage(), ex instanceof IOException io ? io : new IOException(ex));
        }
    }

    /**
     * Waits for a generation's files when the search ended by {@code cause}, so that an interrupted
     * run leaves its last generation's rows and checkpoint whole; a write failure meanwhile is
     * added to {@code cause}, which stays the one reported.
     */
    private static void awaitWritesAfter(AtomicFile.Pending pending, Throwable cause) {
        try {
            pending.await();
        } catch (IOException | InputException | RuntimeException | Error ex) {
            if (ex != cause) cause.addSuppressed(ex);
        }
    }

    /**
     * The interruption of a search: the last completed generation is checkpointed (a write the
     * interrupt cut short leaves the one before it), so {@code --resume} continues from there.
     *
     * @param files the run's files, or null for a run kept in memory
     */
    private static InterruptedException interrupted(Progress progress, RunFiles files) {
        progress.close();
        if (files == null) return new InterruptedException("interrupted; a run kept in memory has no checkpoint, its results are lost");
        return new InterruptedException("interrupted; the generation in flight is lost, the last completed one is "
                + "checkpointed in " + files.checkpoint() + "; continue with: ./flocktune tune --resume " + files.root());
    }

    private static boolean timedOut(Outcome outcome) {
        return outcome instanceof Outcome.Failure f && f.reason().startsWith(LocalRunner.TIME_LIMIT_REASON);
    }

    /** The message for a generation in which every candidate failed: how many, and the commonest reason. */
    static InputException everyCandidateFailed(Experiment e, long generation, List<Search.Evaluation> evaluations) {
        java.util.Map<String, List<String>> byKind = new java.util.LinkedHashMap<>();
        for (Search.Evaluation ev : evaluations) {
            if (ev.replicate().outcome() instanceof Outcome.Failure f) {
                // "boids.minSpeed = 1.73: ..." and "boids.minSpeed = 1.91: ..." are one reason
                byKind.computeIfAbsent(f.reason().replaceAll("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?", "#"), k -> new ArrayList<>())
                        .add(f.reason());
            }
        }
        List<String> commonest = byKind.values().stream().max(Comparator.comparingInt(List::size)).orElse(List.of("(none)"));
        String reason = commonest.getFirst();
        String hint = reason.startsWith(LocalRunner.TIME_LIMIT_REASON)
                ? " (raise evaluationTimeLimit, now " + e.timeLimit().toNanos() / 1e9 + " s)" : "";
        return new InputException("experiment " + e.name() + ": every candidate of generation " + generation
                + " failed, so the search cannot go on; commonest reason (" + commonest.size() + " of " + evaluations.size()
                + " evaluations): " + reason + hint);
    }

    /**
     * @param ranking the finalists on the selection seeds, best first
     * @param tested  the same finalists, in the same order, on the test seeds
     */
    private static <C extends Comparable<? super C>> List<Finalist> writeResults(
            Experiment e, Search<C> search, ParameterSpace space, Preset base, List<Search.Validated> validated,
            List<Search.Validated> ranking, List<Search.Validated> tested, List<Outcome> baseOutcomes, TestStatistics statistics,
            SearchState state, RunFiles files, Table history, Table timings, List<HistoryRow> memoryRows)
            throws IOException, InputException, InterruptedException {
        Scoring<C> scoring = search.scoring();
        // awaited before anything is written: an interruption here leaves the files as validation left them
        List<Tested> measured = new ArrayList<>(List.of(statistics.of(-1)));   // by rank, 0 the base preset
        for (Search.Validated v : ranking) measured.add(statistics.of(v.individual().id()));
        long last = state.generation();
        // selection and test replicates into the history
        for (List<Search.Validated> rows : List.of(validated, tested)) {
            Search.Role role = rows == validated ? Search.Role.VALIDATION : Search.Role.TEST;
            for (Search.Validated v : rows) {
                for (Replicate r : v.replicates()) {
                    HistoryRow row = HistoryRow.of(e, space, last, new Search.Evaluation(v.individual().id(), v.individual().genes(), r, role));
                    if (files == null) {
                        memoryRows.add(row);
                        continue;
                    }
                    history.row(row.cells());
                    timings.row(timingRow(last, Long.toString(v.individual().id()), role.name().toLowerCase(Locale.ROOT),
                            r.index(), r.outcome().nanos()));
                }
            }
        }
        for (int r = 0; r < baseOutcomes.size(); r++) {
            HistoryRow row = HistoryRow.base(e, last, r, Seeds.test(e.seed(), r), baseOutcomes.get(r));
            if (files == null) {
                memoryRows.add(row);
                continue;
            }
            history.row(row.cells());
            timings.row(timingRow(last, "base", "baseline", r, baseOutcomes.get(r).nanos()));
        }
        if (files != null) {
            history.flush();
            timings.flush();
        }

        int objectives = e.objectives().size();
        List<Finalist> ranked = new ArrayList<>();
        Measurement baseMeasurement = measured.getFirst().measurement();
        ranked.add(new Finalist(0, -1, baseMeasurement == null ? Double.POSITIVE_INFINITY
                : scoring.scalar(scoring.fitness(means(baseMeasurement))), Double.NaN, Double.NaN, null, baseMeasurement, base, null));
        if (files != null) Files.createDirectories(files.best());
        for (int k = 0; k < ranking.size(); k++) {
            Search.Validated selected = ranking.get(k), test = tested.get(k);
            Individual individual = selected.individual();
            Measurement m = measured.get(k + 1).measurement();
            String name = e.name() + (k == 0 ? "-best" : "-rank" + (k + 1));
            Preset preset = new PresetEdit(space.preset(individual.genes()))
                    .set(PresetPath.of("name"), name, name)
                    .set(PresetPath.of("description"), describe(e, k + 1, individual, m, measured.get(k + 1)), name)
                    .build(name);
            Path file = null;
            if (files != null) {
                file = files.best().resolve(k == 0 ? "best.json" : String.format(Locale.ROOT, "rank-%02d.json", k + 1));
                AtomicFile.write(file, PresetJson.write(preset));
            }
            double[] searchMeans = individual.means(objectives);
            ranked.add(new Finalist(k + 1, individual.id(), scoring.scalar(search.validatedFitness(test)),
                    scoring.scalar(search.validatedFitness(selected)), scoring.scalar(scoring.fitness(searchMeans)),
                    searchMeans, m, preset, file));
        }

        if (files == null) return ranked;   // kept in memory: no validation.csv, no pareto.csv

        // validation.csv
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(csv, Table.FORMAT)) {
            out.printRecord(Tables.validation(e));
            for (Finalist f : ranked) {
                Tested ci = measured.get(f.rank());
                List<String> row = new ArrayList<>();
                Individual individual = f.candidate() < 0 ? null : ranking.get(f.rank() - 1).individual();
                row.add(Integer.toString(f.rank()));
                row.add(f.candidate() < 0 ? "base" : Long.toString(f.candidate()));
                row.add(f.measurement() == null ? "failed" : "ok");
                row.add(individual == null ? "" : Integer.toString(individual.replicates().size()));
                row.add(individual == null ? "" : Table.number(f.searchFitness()));
                row.add(individual == null ? "" : Table.number(f.selectionFitness()));
                row.add(Table.number(f.fitness()));
                Measurement b = ranked.getFirst().measurement();
                for (int k = 0; k < objectives; k++) {
                    row.add(individual == null ? "" : Table.number(f.searchMeans()[k]));
                    if (f.measurement() == null) {
                        row.addAll(List.of("", "", "", "", "", "", ""));
                        continue;
                    }
                    Measurement m = f.measurement();
                    Interval c = ci.ci95()[k];
                    row.addAll(List.of(Table.number(m.mean(k)), Table.number(m.sd(k)), Table.number(c.low()), Table.number(c.high())));
                    if (individual == null || b == null) {
                        row.addAll(List.of("", "", ""));
                    } else {
                        Interval d = ci.vsBase()[k];
                        row.addAll(List.of(Table.number(d.estimate()), Table.number(d.low()), Table.number(d.high())));
                    }
                }
                if (individual == null) {
                    for (int k = 0; k < space.size(); k++) row.add("");
                } else {
                    row.addAll(space.labels(individual.genes()));
                }
                out.printRecord(row);
            }
        }
        AtomicFile.write(files.validation(), csv.toString());

        // pareto.csv: the first front of the final population in cost space
        List<Individual> valid = state.individuals().stream().filter(i -> !i.failed()).toList();
        ISeq<Individual> front = Pareto.front(ISeq.of(valid), (Individual a, Individual b) ->
                Pareto.dominance(scoring.costs(b.means(objectives)), scoring.costs(a.means(objectives))));
        StringBuilder p = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(p, Table.FORMAT)) {
            out.printRecord(Tables.pareto(e));
            for (Individual i : front.stream().sorted(Comparator.comparingLong(Individual::id)).toList()) {
                List<String> row = new ArrayList<>(List.of(Long.toString(i.id()), Integer.toString(i.replicates().size())));
                row.addAll(space.labels(i.genes()));
                double[] means = i.means(objectives);
                for (double m : means) row.add(Table.number(m));
                for (double c : scoring.costs(means)) row.add(Table.number(c));
                out.printRecord(row);
            }
        }
        AtomicFile.write(files.pareto(), p.toString());
        return ranked;
    }

    /**
     * One measurement on the test seeds (null if a replicate failed) with its 95 % intervals: of
     * each objective's mean, and of its paired difference from the base preset's (null for the
     * base, or if either failed).
     */
    private record Tested(Measurement measurement, Interval[] ci95, Interval[] vsBase) {
        static Tested of(Measurement m, Measurement base) {
            if (m == null) return new Tested(null, null, null);
            int n = m.specs().size();
            Interval[] ci = new Interval[n];
            for (int k = 0; k < n; k++) ci[k] = m.interval(k);
            if (base == null || m == base) return new Tested(m, ci, null);
            Interval[] d = new Interval[n];
            for (int k = 0; k < n; k++) d[k] = m.difference(base, k);
            return new Tested(m, ci, d);
        }
    }

    /**
     * The base preset's and the finalists' measurements on the test seeds, with their intervals
     * (bootstraps take milliseconds each), computed on a virtual thread while the caller goes on.
     */
    private static final class TestStatistics {
        private final java.util.concurrent.CompletableFuture<Map<Long, Tested>> byCandidate;   // -1: the base preset

        private TestStatistics(java.util.concurrent.CompletableFuture<Map<Long, Tested>> byCandidate) {
            this.byCandidate = byCandidate;
        }

        static TestStatistics start(Experiment e, List<Outcome> base, List<Search.Validated> tested) {
            return new TestStatistics(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                Measurement b = measurement(e, base);
                Map<Long, Tested> out = new HashMap<>();
                out.put(-1L, Tested.of(b, b));
                for (Search.Validated v : tested) {
                    out.put(v.individual().id(), Tested.of(measurement(e, v.replicates().stream().map(Replicate::outcome).toList()), b));
                }
                return out;
            }, task -> Thread.ofVirtual().name("flocktune-statistics").start(task)));
        }

        /** @return the statistics of a tested candidate, or of the base preset (-1), once computed */
        Tested of(long candidate) throws InterruptedException {
            try {
                return byCandidate.get().get(candidate);
            } catch (java.util.concurrent.ExecutionException ex) {   // nothing here is checked: a bug, thrown as it was
                switch (ex.getCause()) {
                    case Error error -> throw error;
                    case RuntimeException runtime -> throw runtime;
                    default -> throw new IllegalStateException(ex.getCause());
                }
            }
        }
    }

    private static String describe(Experiment e, int rank, Individual i, Measurement m, Tested intervals) {
        StringBuilder d = new StringBuilder("Tuned by flocktune experiment " + e.name() + " (seed " + e.seed() + ") from "
                + e.baseName() + ", rank " + rank + " of the validated finalists (candidate " + i.id() + ")");
        if (m != null) {
            d.append(": ");
            for (int k = 0; k < m.specs().size(); k++) {
                if (k > 0) d.append(", ");
                Interval ci = intervals.ci95()[k];
                d.append(String.format(Locale.ROOT, "%s %.4g [%.4g, %.4g]", m.specs().get(k).name(), m.mean(k), ci.low(), ci.high()));
            }
            d.append(" (95 % CI over ").append(m.replicates()).append(" fresh test seeds)");
        }
        return d.toString();
    }

    /** @return the objectives over the outcomes, or null if one failed. */
    static Measurement measurement(Experiment e, List<Outcome> outcomes) {
        int objectives = e.objectives().size();
        double[][] values = new double[objectives][outcomes.size()];
        for (int r = 0; r < outcomes.size(); r++) {
            if (!(outcomes.get(r) instanceof Outcome.Success ok) || ok.values().length != objectives) return null;
            for (int k = 0; k < objectives; k++) {
                if (!Double.isFinite(ok.value(k))) return null;
                values[k][r] = ok.value(k);
            }
        }
        return new Measurement(e.specs(), values);
    }

    private static double[] means(Measurement m) {
        double[] means = new double[m.specs().size()];
        for (int k = 0; k < means.length; k++) means[k] = m.mean(k);
        return means;
    }

    static List<String> historyRow(Experiment e, ParameterSpace space, long generation, Search.Evaluation ev) {
        return HistoryRow.of(e, space, generation, ev).cells();
    }

    /**
     * One row of {@code history.csv} as an object: one replicate of a candidate (or of the base
     * preset) and what came out. {@link #cells()} is the row exactly as the file holds it.
     *
     * {@snippet :
     * for (Tuning.HistoryRow row : result.history()) {
     *     if (row.ok() && row.role().equals("new")) System.out.println(row.candidate() + " " + row.values());
     * }
     * }
     *
     * @param generation the generation it ran in (validation, test and baseline rows: the last)
     * @param candidate  the candidate id, or -1 for the base preset
     * @param role       {@code new}, {@code survivor}, {@code validation} (a finalist on a
     *                   selection seed), {@code test} (a finalist on a test seed) or
     *                   {@code baseline} (the base preset on a test seed)
     * @param replicate  the replicate index, &ge; 0
     * @param seed       the replicate's simulation seed
     * @param parameters one value per experiment parameter, in order, as history.csv writes it
     *                   (a number's exact text, a choice's label); empty strings for the base
     * @param values     one value per objective, in the experiment's order and units; NaN where
     *                   the replicate failed
     * @param failure    why the replicate failed, or null if it succeeded
     */
    public record HistoryRow(long generation, long candidate, String role, int replicate, long seed, List<String> parameters,
                             List<Double> values, String failure) {
        public HistoryRow {
            Check.present("role", role);
            parameters = List.copyOf(Check.present("parameters", parameters));
            values = List.copyOf(Check.present("values", values));
        }

        /** @return whether the replicate succeeded. */
        public boolean ok() {
            return failure == null;
        }

        /**
         * @param cells a row of {@code history.csv} of {@code e}'s run, as {@link #cells()} writes it
         * @throws IllegalArgumentException if the row does not have the header's number of cells
         * @throws NumberFormatException    if a number cell is not a number
         */
        public static HistoryRow parse(Experiment e, List<String> cells) {
            int parameters = e.parameters().size(), objectives = e.objectives().size();
            if (cells.size() != 7 + parameters + objectives) {
                throw new IllegalArgumentException(cells.size() + " cells; the header has " + (7 + parameters + objectives));
            }
            boolean ok = cells.get(5 + parameters + objectives).equals("ok");
            List<Double> values = new ArrayList<>();
            for (int k = 0; k < objectives; k++) values.add(ok ? Double.parseDouble(cells.get(5 + parameters + k)) : Double.NaN);
            return new HistoryRow(Long.parseLong(cells.get(0)), cells.get(1).equals("base") ? -1 : Long.parseLong(cells.get(1)),
                    cells.get(2), Integer.parseInt(cells.get(3)), Long.parseLong(cells.get(4)),
                    cells.subList(5, 5 + parameters), values, ok ? null : cells.get(6 + parameters + objectives));
        }

        /** @return the row as {@code history.csv} holds it, column by column ({@link Tables#history}). */
        public List<String> cells() {
            List<String> row = new ArrayList<>(List.of(Long.toString(generation), candidate < 0 ? "base" : Long.toString(candidate),
                    role, Integer.toString(replicate), Long.toString(seed)));
            row.addAll(parameters);
            for (double v : values) row.add(failure == null ? Table.number(v) : "");
            row.add(failure == null ? "ok" : "failed");
            row.add(failure == null ? "" : failure);
            return row;
        }

        static HistoryRow of(Experiment e, ParameterSpace space, long generation, Search.Evaluation ev) {
            Replicate r = ev.replicate();
            double[] genes = ev.genes();
            List<String> parameters = new ArrayList<>();
            for (int k = 0; k < space.size(); k++) {
                var parameter = space.parameters().get(k);
                parameters.add(parameter instanceof io.flocktune.tuner.space.Parameter.Choice ? parameter.label(genes[k])
                        : Table.number(parameter.numeric(genes[k])));
            }
            return withOutcome(e, generation, ev.candidate(), ev.role().name().toLowerCase(Locale.ROOT), r.index(), r.seed(),
                    parameters, r.outcome());
        }

        static HistoryRow base(Experiment e, long generation, int replicate, long seed, Outcome outcome) {
            List<String> parameters = new ArrayList<>();
            for (int k = 0; k < e.parameters().size(); k++) parameters.add("");
            return withOutcome(e, generation, -1, "baseline", replicate, seed, parameters, outcome);
        }

        private static HistoryRow withOutcome(Experiment e, long generation, long candidate, String role, int replicate, long seed,
                                              List<String> parameters, Outcome outcome) {
            List<Double> values = new ArrayList<>();
            String failure = null;
            switch (outcome) {
                case Outcome.Success ok -> {
                    for (double v : ok.values()) values.add(v);
                }
                case Outcome.Failure f -> {
                    for (int k = 0; k < e.objectives().size(); k++) values.add(Double.NaN);
                    failure = f.reason();
                }
            }
            return new HistoryRow(generation, candidate, role, replicate, seed, parameters, values, failure);
        }
    }

    private static List<String> timingRow(long generation, String candidate, String role, int replicate, long nanos) {
        return List.of(Long.toString(generation), candidate, role, replicate < 0 ? "" : Integer.toString(replicate),
                String.format(Locale.ROOT, "%.6f", nanos / 1e9));
    }

    private static List<String> generationRow(Experiment e, GenerationSummary s) {
        List<String> row = new ArrayList<>(List.of(Long.toString(s.generation()), Long.toString(s.evaluations()),
                Integer.toString(s.newCandidates()), Integer.toString(s.survivorTopUps()), Integer.toString(s.failures()),
                Table.number(s.best()), Table.number(s.mean()), Table.number(s.p10()), Table.number(s.p90()),
                Long.toString(s.bestId()), Integer.toString(s.bestReplicates())));
        double[] means = s.bestMeans();
        for (int k = 0; k < e.objectives().size(); k++) row.add(k < means.length ? Table.number(means[k]) : "");
        row.add(Table.number(s.hypervolume()));
        row.add(Integer.toString(s.frontSize()));
        return row;
    }

}
