package io.flocktune.tuner.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.Measurement;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.ExperimentEvaluator;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Objective;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.report.Report;
import io.flocktune.tuner.search.GenerationSummary;
import io.flocktune.tuner.search.Individual;
import io.flocktune.tuner.search.Replicate;
import io.flocktune.tuner.search.Scoring;
import io.flocktune.tuner.search.Search;
import io.flocktune.tuner.search.SearchState;
import io.flocktune.tuner.search.Seeds;
import io.flocktune.tuner.search.StopRules;
import io.flocktune.tuner.space.ParameterSpace;
import io.jenetics.ext.moea.Pareto;
import io.jenetics.util.ISeq;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Runs an experiment into a results directory, generation by generation, so that nothing is
 * lost: after every generation the new rows of {@code history.csv} and {@code generations.csv}
 * are flushed and then a checkpoint is written atomically. A run killed at any moment resumes
 * from its last checkpoint ({@link #resume}) and ends with exactly the results of an
 * uninterrupted run; an interrupted thread (Ctrl-C) stops at once, keeping the last checkpoint.
 *
 * <p>After the search: the finalists and the base preset are re-run on held-out seeds
 * ({@code validation.csv}), the best presets are written to {@code best/}, the first Pareto
 * front to {@code pareto.csv}, and the report is drawn.
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
     *                 report DIR} can do it later)
     * @param runners  where the simulations run: {@link RunnerFactory#local} on {@code threads}
     *                 threads, or a Spark cluster; the results are the same
     */
    public record Options(int threads, boolean terminal, PrintWriter log, boolean report, RunnerFactory runners) {
        /** Simulations on {@code threads} threads of this JVM. */
        public Options(int threads, boolean terminal, PrintWriter log, boolean report) {
            this(threads, terminal, log, report, RunnerFactory.local(threads));
        }
    }

    /**
     * One validated candidate (or the base preset, rank 0).
     *
     * @param rank        0 for the base preset, then 1 = best validated
     * @param candidate   the candidate id, or -1 for the base preset
     * @param fitness     the validated fitness (lower is better; Pareto: weighted cost sum)
     * @param measurement the objectives over the held-out seeds, or null if a replicate failed
     * @param preset      the preset
     * @param presetFile  where it was written under {@code best/}, or null (base)
     */
    public record Finalist(int rank, long candidate, double fitness, Measurement measurement, Preset preset, Path presetFile) {}

    /**
     * Wall time of a run, split by what it was spent on.
     *
     * @param simulation nanoseconds waiting for simulations (search and validation), objectives
     *                   included (they are measured while the simulation runs)
     * @param search     nanoseconds of the search outside simulation: GA steps, bookkeeping,
     *                   progress
     * @param io         nanoseconds writing tables, checkpoints and best presets
     * @param report     nanoseconds drawing charts and the HTML report, once at the end
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
     */
    public record Result(Path directory, StopRules.Reason reason, long generations, List<Finalist> finalists, TimeSplit time) {
        /** @return the best validated finalist. */
        public Finalist best() {
            return finalists.get(1);
        }
    }

    /**
     * Starts a new run in {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       bad experiment or an unusable directory
     * @throws InterruptedException the thread was interrupted; the last checkpoint is complete
     */
    public static Result start(Experiment experiment, Path directory, Options options) throws InputException, InterruptedException {
        RunFiles files = new RunFiles(directory);
        try {
            if (Files.isDirectory(directory)) {
                try (Stream<Path> entries = Files.list(directory)) {
                    if (entries.findAny().isPresent()) {
                        throw new InputException(directory + ": exists and is not empty; continue it with --resume "
                                + directory + " or choose another --out");
                    }
                }
            }
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new InputException(directory + ": cannot create the run directory: " + e.getMessage(), e);
        }
        ObjectNode resolved = ExperimentJson.toTree(experiment);
        resolved.set("versions", Versions.json());
        writeAtomically(files.experiment(), ExperimentJson.write(resolved));
        return run(experiment, files, null, options);
    }

    /**
     * Continues the run in {@code directory} from its last checkpoint (or from the start, if it
     * never completed a generation).
     *
     * @throws InputException       no run there, or a damaged checkpoint
     * @throws InterruptedException the thread was interrupted; the last checkpoint is complete
     */
    public static Result resume(Path directory, Options options) throws InputException, InterruptedException {
        RunFiles files = new RunFiles(directory);
        if (!Files.isRegularFile(files.experiment())) {
            throw new InputException(directory + ": not a run directory (no experiment.json)");
        }
        Experiment experiment = ExperimentJson.read(files.experiment());
        Checkpoint checkpoint = Files.isRegularFile(files.checkpoint()) ? Checkpoint.read(files.checkpoint()) : null;
        return run(experiment, files, checkpoint, options);
    }

    private static Result run(Experiment experiment, RunFiles files, Checkpoint checkpoint, Options options)
            throws InputException, InterruptedException {
        return runWith(experiment, experiment.scoring(), files, checkpoint, options);
    }

    private static <C extends Comparable<? super C>> Result runWith(Experiment e, Scoring<C> scoring, RunFiles files,
                                                                   Checkpoint checkpoint, Options options)
            throws InputException, InterruptedException {
        long sessionStart = System.nanoTime();
        if (options.report()) Report.prepare();
        ObjectNode baseTree = ExperimentJson.effectiveBase(e);
        ParameterSpace space = ParameterSpace.of(baseTree, e.parameters(), e.name() + ": parameters");
        PresetEvaluator presets = new PresetEvaluator(e.scenario().steps(), e.specs());
        Preset base = PresetJson.fromTree(baseTree, e.name() + ": base");
        long[] ioNanos = {0};
        long firstGeneration = checkpoint == null ? 0 : checkpoint.state().generation() + 1;
        try (TrialRunner runner = options.runners().open(e.timeLimit());
             Tables.Appender history = Tables.Appender.open(files.history(), Tables.history(e), checkpoint == null ? -1 : checkpoint.historyBytes());
             Tables.Appender generations = Tables.Appender.open(files.generations(), Tables.generations(e),
                     checkpoint == null ? -1 : checkpoint.generationsBytes());
             Progress progress = Progress.on(options.log(), options.terminal(), e.name(), firstGeneration, e.stop().generations())) {
            Search<C> search = new Search<>(scoring, e.genetics(), e.replication(), e.stop(), e.seed(), space.size(),
                    space.categorical(), ExperimentEvaluator.of(e), runner);
            long[] sessionEvaluations = {0};
            long evaluationsBefore = checkpoint == null ? 0 : checkpoint.state().evaluations();
            Search.Listener listener = (summary, evaluations, state) -> {
                long t0 = System.nanoTime();
                try {
                    for (Search.Evaluation ev : evaluations) history.row(historyRow(e, space, summary.generation(), ev));
                    generations.row(generationRow(e, summary));
                    history.flush();
                    generations.flush();
                    new Checkpoint(state, history.size(), generations.size()).write(files.checkpoint());
                } catch (IOException | InputException ex) {
                    throw new UncheckedIOException(ex.getMessage(), ex instanceof IOException io1 ? io1 : new IOException(ex));
                }
                ioNanos[0] += System.nanoTime() - t0;
                sessionEvaluations[0] = summary.evaluations() - evaluationsBefore;
                double rate = sessionEvaluations[0] / ((System.nanoTime() - sessionStart) / 1e9);
                progress.generation(summary, e.stop().generations(), rate);
            };
            Search.Result result;
            try {
                result = search.run(checkpoint == null ? null : checkpoint.state(), listener);
            } catch (InterruptedException interrupted) {
                progress.close();
                options.log().println("flocktune: interrupted; the last completed generation is checkpointed in "
                        + files.checkpoint() + "; continue with: ./flocktune tune --resume " + files.root());
                throw interrupted;
            }
            long searchNanos = System.nanoTime() - sessionStart;
            long simulationNanos = result.state().evaluationNanos() - (checkpoint == null ? 0 : checkpoint.state().evaluationNanos());

            // validation of the finalists and of the base preset on the same held-out seeds
            List<Individual> finalists = search.finalists(result.state());
            progress.phase("validating " + finalists.size() + " finalists and the base preset on "
                    + e.replication().validationSeeds() + " held-out seeds");
            long v0 = System.nanoTime();
            List<Search.Validated> validated = search.validate(finalists);
            List<Trial<Preset>> baseTrials = new ArrayList<>();
            for (int r = 0; r < e.replication().validationSeeds(); r++) baseTrials.add(new Trial<>(base, Seeds.validation(e.seed(), r)));
            List<Outcome> baseOutcomes = runner.run(presets, baseTrials);
            simulationNanos += System.nanoTime() - v0;

            long w0 = System.nanoTime();
            List<Finalist> ranked = writeResults(e, search, space, base, validated, baseOutcomes, result.state(), files, history);
            ioNanos[0] += System.nanoTime() - w0;
            progress.close();

            long r0 = System.nanoTime();
            if (options.report()) Report.writeOrSkip(files, options.log());
            long reportNanos = System.nanoTime() - r0;
            long total = System.nanoTime() - sessionStart;
            TimeSplit time = new TimeSplit(simulationNanos, Math.max(0, total - simulationNanos - ioNanos[0] - reportNanos), ioNanos[0], reportNanos);
            return new Result(files.root(), result.reason(), result.state().generation(), ranked, time);
        } catch (IOException ex) {
            throw new InputException(files.root() + ": cannot write results: " + ex.getMessage(), ex);
        } catch (UncheckedIOException ex) {
            throw new InputException(files.root() + ": cannot write results: " + ex.getMessage(), ex);
        }
    }

    private static <C extends Comparable<? super C>> List<Finalist> writeResults(
            Experiment e, Search<C> search, ParameterSpace space, Preset base, List<Search.Validated> validated,
            List<Outcome> baseOutcomes, SearchState state, RunFiles files, Tables.Appender history)
            throws IOException, InputException {
        Scoring<C> scoring = search.scoring();
        long last = state.generation();
        // validation replicates into the history
        for (Search.Validated v : validated) {
            for (Replicate r : v.replicates()) {
                history.row(historyRow(e, space, last, new Search.Evaluation(v.individual().id(), v.individual().genes(), r,
                        Search.Role.VALIDATION)));
            }
        }
        for (int r = 0; r < baseOutcomes.size(); r++) {
            history.row(baseRow(e, last, r, Seeds.validation(e.seed(), r), baseOutcomes.get(r)));
        }
        history.flush();

        // rank the finalists by validated fitness
        List<Search.Validated> order = new ArrayList<>(validated);
        order.sort(Comparator.<Search.Validated>comparingDouble(v -> scoring.scalar(search.validatedFitness(v)))
                .thenComparingLong(v -> v.individual().id()));
        List<Finalist> ranked = new ArrayList<>();
        Measurement baseMeasurement = measurement(e, baseOutcomes);
        ranked.add(new Finalist(0, -1, baseMeasurement == null ? Double.POSITIVE_INFINITY
                : scoring.scalar(scoring.fitness(means(baseMeasurement))), baseMeasurement, base, null));
        Files.createDirectories(files.best());
        for (int k = 0; k < order.size(); k++) {
            Search.Validated v = order.get(k);
            Measurement m = measurement(e, v.replicates().stream().map(Replicate::outcome).toList());
            String name = e.name() + (k == 0 ? "-best" : "-rank" + (k + 1));
            ObjectNode tree = space.tree(v.individual().genes());
            tree.put("name", name);
            tree.put("description", describe(e, k + 1, v.individual(), m));
            Preset preset = PresetJson.fromTree(tree, name);
            Path file = files.best().resolve(k == 0 ? "best.json" : String.format(Locale.ROOT, "rank-%02d.json", k + 1));
            writeAtomically(file, PresetJson.write(preset));
            ranked.add(new Finalist(k + 1, v.individual().id(), scoring.scalar(search.validatedFitness(v)), m, preset, file));
        }

        // validation.csv
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(csv, Tables.FORMAT)) {
            out.printRecord(Tables.validation(e));
            for (Finalist f : ranked) {
                List<String> row = new ArrayList<>();
                Individual individual = f.candidate() < 0 ? null : validatedIndividual(validated, f.candidate());
                row.add(Integer.toString(f.rank()));
                row.add(f.candidate() < 0 ? "base" : Long.toString(f.candidate()));
                row.add(Tables.number(f.fitness()));
                row.add(individual == null ? "" : Integer.toString(individual.replicates().size()));
                row.add(individual == null ? "" : Tables.number(scoring.scalar(scoring.fitness(individual.means(e.objectives().size())))));
                row.add(f.measurement() == null ? "failed" : "ok");
                for (int k = 0; k < e.objectives().size(); k++) {
                    if (f.measurement() == null) {
                        row.addAll(List.of("", "", "", ""));
                    } else {
                        double[] ci = f.measurement().ci95(k);
                        row.addAll(List.of(Tables.number(f.measurement().mean(k)), Tables.number(f.measurement().sd(k)),
                                Tables.number(ci[0]), Tables.number(ci[1])));
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
        writeAtomically(files.validation(), csv.toString());

        // pareto.csv: the first front of the final population in cost space
        List<Individual> valid = state.individuals().stream().filter(i -> !i.failed()).toList();
        int objectives = e.objectives().size();
        ISeq<Individual> front = Pareto.front(ISeq.of(valid), (Individual a, Individual b) ->
                Pareto.dominance(scoring.costs(b.means(objectives)), scoring.costs(a.means(objectives))));
        StringBuilder p = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(p, Tables.FORMAT)) {
            out.printRecord(Tables.pareto(e));
            for (Individual i : front.stream().sorted(Comparator.comparingLong(Individual::id)).toList()) {
                List<String> row = new ArrayList<>(List.of(Long.toString(i.id()), Integer.toString(i.replicates().size())));
                row.addAll(space.labels(i.genes()));
                double[] means = i.means(objectives);
                for (double m : means) row.add(Tables.number(m));
                for (double c : scoring.costs(means)) row.add(Tables.number(c));
                out.printRecord(row);
            }
        }
        writeAtomically(files.pareto(), p.toString());
        return ranked;
    }

    private static Individual validatedIndividual(List<Search.Validated> validated, long id) {
        return validated.stream().map(Search.Validated::individual).filter(i -> i.id() == id).findFirst().orElseThrow();
    }

    private static String describe(Experiment e, int rank, Individual i, Measurement m) {
        StringBuilder d = new StringBuilder("Tuned by flocktune experiment " + e.name() + " (seed " + e.seed() + ") from "
                + e.baseName() + ", rank " + rank + " of the validated finalists (candidate " + i.id() + ")");
        if (m != null) {
            d.append(": ");
            for (int k = 0; k < m.specs().size(); k++) {
                if (k > 0) d.append(", ");
                d.append(String.format(Locale.ROOT, "%s %.4g ± %.2g", m.specs().get(k).name(), m.mean(k), m.halfWidth95(k)));
            }
            d.append(" (95 % CI over ").append(m.replicates()).append(" held-out seeds)");
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
        List<String> row = new ArrayList<>();
        Replicate r = ev.replicate();
        row.add(Long.toString(generation));
        row.add(Long.toString(ev.candidate()));
        row.add(ev.role().name().toLowerCase(Locale.ROOT));
        row.add(Integer.toString(r.index()));
        row.add(Long.toString(r.seed()));
        double[] genes = ev.genes();
        for (int k = 0; k < space.size(); k++) {
            var parameter = space.parameters().get(k);
            row.add(parameter instanceof io.flocktune.tuner.space.Parameter.Choice ? parameter.label(genes[k])
                    : Tables.number(parameter.numeric(genes[k])));
        }
        outcomeColumns(e, r.outcome(), row);
        return row;
    }

    private static List<String> baseRow(Experiment e, long generation, int replicate, long seed, Outcome outcome) {
        List<String> row = new ArrayList<>(List.of(Long.toString(generation), "base", "baseline", Integer.toString(replicate),
                Long.toString(seed)));
        for (int k = 0; k < e.parameters().size(); k++) row.add("");
        outcomeColumns(e, outcome, row);
        return row;
    }

    private static void outcomeColumns(Experiment e, Outcome outcome, List<String> row) {
        switch (outcome) {
            case Outcome.Success ok -> {
                for (double v : ok.values()) row.add(Tables.number(v));
                row.add("ok");
                row.add("");
            }
            case Outcome.Failure f -> {
                for (int k = 0; k < e.objectives().size(); k++) row.add("");
                row.add("failed");
                row.add(f.reason());
            }
        }
        row.add(String.format(Locale.ROOT, "%.6f", outcome.nanos() / 1e9));
    }

    private static List<String> generationRow(Experiment e, GenerationSummary s) {
        List<String> row = new ArrayList<>(List.of(Long.toString(s.generation()), Long.toString(s.evaluations()),
                Integer.toString(s.newCandidates()), Integer.toString(s.survivorTopUps()), Integer.toString(s.failures()),
                Tables.number(s.best()), Tables.number(s.mean()), Tables.number(s.p10()), Tables.number(s.p90()),
                Long.toString(s.bestId()), Integer.toString(s.bestReplicates())));
        double[] means = s.bestMeans();
        for (int k = 0; k < e.objectives().size(); k++) row.add(k < means.length ? Tables.number(means[k]) : "");
        row.add(Tables.number(s.hypervolume()));
        row.add(Integer.toString(s.frontSize()));
        row.add(String.format(Locale.ROOT, "%.6f", s.wallNanos() / 1e9));
        row.add(String.format(Locale.ROOT, "%.6f", s.evaluationNanos() / 1e9));
        return row;
    }

    static void writeAtomically(Path file, String text) throws InputException {
        try (AtomicFile out = AtomicFile.create(file)) {
            out.writer().write(text);
            out.commit();
        } catch (IOException ex) {
            throw new InputException(file + ": cannot write: " + ex.getMessage(), ex);
        }
    }
}
