package io.flocktune.tuner.run;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.Objective;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.store.Table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import java.util.ArrayList;
import java.util.List;

/** Column layouts of the CSV files of a run ({@link io.flocktune.tuner.store.Table}s). */
public final class Tables {
    private Tables() {}

    /**
     * {@code history.csv}: generation, candidate (id, or {@code base}), role ({@code new},
     * {@code survivor}, {@code validation} (a finalist on a selection seed), {@code test} (a
     * finalist on a test seed), {@code baseline} (the base preset on a test seed)), replicate, seed, one column per
     * parameter (its value; a choice's label), one per objective, status ({@code ok} or
     * {@code failed}), reason. No timings: the file is the same for any thread count.
     */
    public static List<String> history(Experiment e) {
        List<String> h = new ArrayList<>(Experiment.LEADING_COLUMNS);
        for (Parameter p : e.parameters()) h.add(p.path());
        for (Objective o : e.objectives()) h.add(o.spec().name());
        h.addAll(Experiment.TRAILING_COLUMNS);
        return h;
    }

    /**
     * Reads {@code history.csv} back as rows.
     *
     * @param file the run's {@code history.csv}
     * @param e    the run's experiment, whose parameters and objectives name its columns
     * @throws InputException if the file cannot be read, its header is not {@link #history(Experiment)}'s
     *                        or a row was cut or edited
     */
    public static List<Tuning.HistoryRow> readHistory(Path file, Experiment e) throws InputException {
        List<String> header = history(e);
        List<Tuning.HistoryRow> rows = new ArrayList<>();
        try (java.io.Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             org.apache.commons.csv.CSVParser parser = org.apache.commons.csv.CSVParser.builder().setReader(in)
                     .setFormat(Table.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get()).get()) {
            if (!parser.getHeaderNames().equals(header)) {
                throw new InputException(file + ": header " + parser.getHeaderNames() + ", expected " + header);
            }
            for (org.apache.commons.csv.CSVRecord r : parser) {
                try {
                    rows.add(Tuning.HistoryRow.parse(e, r.toList()));
                } catch (IllegalArgumentException bad) {
                    throw new InputException(file + ": line " + parser.getCurrentLineNumber() + ": " + bad.getMessage()
                            + " (the table was cut or edited)");
                }
            }
        } catch (IOException | java.io.UncheckedIOException ex) {
            throw new InputException(file + ": cannot read: " + ex.getMessage(), ex);
        }
        return rows;
    }

    /**
     * {@code generations.csv}: generation, evaluations (cumulative), new candidates, survivors
     * topped up, failures, fitness best / mean / p10 / p90 (lower is better), best candidate and
     * its replicate count, its objective means, hypervolume and front size (Pareto). No timings.
     */
    public static List<String> generations(Experiment e) {
        List<String> h = new ArrayList<>(List.of("generation", "evaluations", "new", "topped_up", "failures",
                "best", "mean", "p10", "p90", "best_candidate", "best_replicates"));
        for (Objective o : e.objectives()) h.add("best_" + o.spec().name());
        h.addAll(List.of("hypervolume", "front_size"));
        return h;
    }

    /**
     * {@code timings.csv}, the only table that differs between runs of the same experiment:
     * generation, candidate, role, replicate, seconds. One row per evaluation (candidate, role and
     * replicate as in {@code history.csv}, seconds of wall time), then per generation a row with
     * role {@code generation} (its wall time) and one with role {@code simulation} (the part spent
     * waiting for simulations), candidate and replicate empty.
     */
    public static List<String> timings() {
        return List.of("generation", "candidate", "role", "replicate", "seconds");
    }

    /**
     * {@code validation.csv}: one row for the base preset (rank 0) and one per finalist, ranked by
     * the fitness on the held-out selection seeds. Columns: rank, candidate, status, the search's
     * training replicates and its fitness estimate ({@code search_fitness}), the fitness on the
     * selection seeds ({@code selection_fitness}) and on the fresh test seeds ({@code
     * test_fitness}, the unbiased one); then per objective the search's mean ({@code :search}),
     * the test seeds' mean, sd and 95 % interval ({@code :mean}, {@code :sd}, {@code :ci_low},
     * {@code :ci_high}; by the objective's interval kind) and the paired difference to the base
     * preset on the same test seeds with its 95 % interval ({@code :diff}, {@code :diff_low},
     * {@code :diff_high}); then one column per parameter.
     */
    public static List<String> validation(Experiment e) {
        List<String> h = new ArrayList<>(List.of("rank", "candidate", "status", "training_replicates", "search_fitness",
                "selection_fitness", "test_fitness"));
        for (Objective o : e.objectives()) {
            String n = o.spec().name();
            h.addAll(List.of(n + ":search", n + ":mean", n + ":sd", n + ":ci_low", n + ":ci_high", n + ":diff",
                    n + ":diff_low", n + ":diff_high"));
        }
        for (Parameter p : e.parameters()) h.add(p.path());
        return h;
    }

    /** {@code pareto.csv}: candidate, replicates, one column per parameter, per objective mean, per objective cost. */
    public static List<String> pareto(Experiment e) {
        List<String> h = new ArrayList<>(List.of("candidate", "replicates"));
        for (Parameter p : e.parameters()) h.add(p.path());
        for (Objective o : e.objectives()) h.add(o.spec().name());
        for (Objective o : e.objectives()) h.add("cost:" + o.spec().name());
        return h;
    }
}
