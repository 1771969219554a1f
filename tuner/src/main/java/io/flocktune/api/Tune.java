package io.flocktune.api;

import io.flocktune.objectives.Measurement;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.Tables;
import io.flocktune.tuner.run.Tuning;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a tuning experiment into a directory, as {@code flocktune tune} does (the same
 * {@code Tuning.start}, so the same files and results), and returns its results as objects:
 * the base preset and the validated finalists with their test-seed measurements, and the rows of
 * {@code history.csv}.
 *
 * <p>An immutable set of settings; the {@code with...} methods return changed copies.
 *
 * {@snippet :
 * Tune.Result r = Tune.of("default").withSeed(3).withThreads(2).withReport(false).run(Path.of("results/api-demo"));
 * FlockPreset best = r.best().preset();                    // also written to r.best().presetFile()
 * double test = r.best().fitness();                        // on fresh test seeds
 * long rows = r.history().stream().filter(h -> h.role().equals("new")).count();
 * }
 *
 * @param experiment the experiment (the typed builder's result, or one read from JSON)
 * @param threads    simulations at once, in [1, 4096]
 * @param report     whether to draw the charts and {@code report.html} at the end
 * @param log        where progress lines go (standard error by default)
 */
public record Tune(Experiment experiment, int threads, boolean report, PrintWriter log) {
    public Tune {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(log, "log");
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
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    }

    /** @return these settings with the experiment's seed replaced ({@code --seed}). */
    public Tune withSeed(long seed) { return new Tune(experiment.withSeed(seed), threads, report, log); }

    public Tune withThreads(int threads) { return new Tune(experiment, threads, report, log); }

    public Tune withReport(boolean report) { return new Tune(experiment, threads, report, log); }

    public Tune withLog(PrintWriter log) { return new Tune(experiment, threads, report, log); }

    /**
     * Runs the experiment into {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       the command's messages: an unusable or busy directory,
     *                              {@code --threads} out of range, or a run whose every candidate failed
     * @throws InterruptedException interrupted; the last checkpoint is complete and
     *                              {@code flocktune tune --resume DIR} continues it
     */
    public Result run(Path directory) throws InputException, InterruptedException {
        if (threads < 1 || threads > 4096) throw new InputException("--threads = " + threads + ": must be in [1, 4096]");
        Tuning.Result r = Tuning.start(experiment, directory, new Tuning.Options(threads, false, log, report));
        List<Finalist> finalists = new ArrayList<>();
        for (Tuning.Finalist f : r.finalists()) {
            finalists.add(new Finalist(f.rank(), f.candidate(), f.fitness(), f.selectionFitness(), f.searchFitness(),
                    f.searchMeans() == null ? new double[0] : f.searchMeans(), f.measurement(), FlockPreset.of(f.preset()),
                    f.presetFile()));
        }
        return new Result(r.directory(), r.reason().text(), r.generations(), r.selectionSeeds(), finalists,
                history(new RunFiles(r.directory())));
    }

    /**
     * A tuning run's results.
     *
     * @param directory      the run directory (tables, {@code best/}, charts, report)
     * @param stoppedBy      the stopping rule that ended the search, as the command prints it
     * @param generations    the last generation
     * @param selectionSeeds the held-out seeds that ranked the finalists
     * @param finalists      the base preset (rank 0), then the validated finalists, best first (read-only)
     * @param history        the rows of {@code history.csv}, in file order (read-only)
     */
    public record Result(Path directory, String stoppedBy, long generations, int selectionSeeds, List<Finalist> finalists,
                         List<HistoryRow> history) {
        public Result {
            finalists = List.copyOf(finalists);
            history = List.copyOf(history);
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
     * @param presetFile       where it was written under {@code best/}, or null for the base
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
    }

    /** Reads {@code history.csv} back as rows. */
    static List<HistoryRow> history(RunFiles files) throws InputException {
        Experiment e = ExperimentJson.read(files.experiment());
        List<String> header = Tables.history(e);
        int parameters = e.parameters().size(), objectives = e.objectives().size();
        List<HistoryRow> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(files.history(), StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.builder().setReader(in)
                     .setFormat(Tables.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get()).get()) {
            if (!parser.getHeaderNames().equals(header)) {
                throw new InputException(files.history() + ": header " + parser.getHeaderNames() + ", expected " + header);
            }
            for (CSVRecord r : parser) {
                if (!r.isConsistent()) {
                    throw new InputException(files.history() + ": line " + parser.getCurrentLineNumber() + ": " + r.size()
                            + " cells; the header has " + header.size() + " (the table was cut or edited)");
                }
                Map<String, String> p = new LinkedHashMap<>();
                for (int i = 0; i < parameters; i++) p.put(header.get(5 + i), r.get(5 + i));
                Map<String, Double> o = new LinkedHashMap<>();
                for (int k = 0; k < objectives; k++) {
                    String text = r.get(5 + parameters + k);
                    o.put(header.get(5 + parameters + k), text.isEmpty() ? Double.NaN : Double.parseDouble(text));
                }
                rows.add(new HistoryRow(Long.parseLong(r.get(0)), r.get(1), r.get(2), Integer.parseInt(r.get(3)),
                        Long.parseLong(r.get(4)), p, o, r.get(5 + parameters + objectives), r.get(6 + parameters + objectives)));
            }
        } catch (IOException | RuntimeException ex) {
            throw new InputException(files.history() + ": cannot read: " + ex.getMessage(), ex);
        }
        return rows;
    }
}
