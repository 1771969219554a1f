package io.flocktune.tuner.report;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.search.Scoring;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report shows, read back from the files of a run directory (so {@code flocktune report
 * DIR} draws the same report as the run did).
 *
 * @param experiment  the resolved experiment
 * @param generations the rows of {@code generations.csv}
 * @param candidates  every non-failed candidate with its training means, best first
 * @param failed      candidates with a failed replicate
 * @param validation  the rows of {@code validation.csv}: base preset first, then by rank
 * @param front       candidate ids on the first Pareto front ({@code pareto.csv})
 */
record RunData(Experiment experiment, List<Generation> generations, List<Candidate> candidates, int failed,
               List<Validated> validation, List<Long> front) {

    /** A row of {@code generations.csv}. */
    record Generation(long generation, double best, double mean, double p10, double p90, double hypervolume) {}

    /**
     * A candidate of the search.
     *
     * @param id      candidate id
     * @param genes   parameter values (a choice as its option index)
     * @param labels  parameter values as text
     * @param means   objective means over its training replicates
     * @param fitness scalar fitness of the means (lower is better)
     */
    record Candidate(long id, double[] genes, List<String> labels, double[] means, double fitness) {}

    /**
     * A row of {@code validation.csv}.
     *
     * @param rank             0 for the base preset
     * @param label            "base" or "#rank"
     * @param fitness          fitness on the fresh test seeds (unbiased)
     * @param selectionFitness fitness on the selection seeds that ranked it (NaN for the base)
     * @param searchFitness    the search's own estimate (NaN for the base)
     * @param mean             per objective, over the test seeds (NaN if failed)
     * @param low              per objective, lower end of the 95 % CI
     * @param high             per objective, upper end of the 95 % CI
     * @param diff             per objective, paired difference to the base preset on the test
     *                         seeds (NaN for the base)
     * @param diffLow          its 95 % interval's lower end
     * @param diffHigh         its upper end
     */
    record Validated(int rank, String label, double fitness, double selectionFitness, double searchFitness, double[] mean,
                     double[] low, double[] high, double[] diff, double[] diffLow, double[] diffHigh) {}

    static RunData read(RunFiles files) throws InputException {
        if (!Files.isRegularFile(files.experiment())) {
            throw new InputException(files.root() + ": not a run directory (no experiment.json)");
        }
        Experiment e = ExperimentJson.read(files.experiment());
        Scoring<?> scoring = e.scoring();
        int objectives = e.objectives().size();
        int parameters = e.parameters().size();
        try {
            List<Generation> generations = new ArrayList<>();
            for (CSVRecord r : records(files.generations())) {
                generations.add(new Generation(Long.parseLong(r.get("generation")), d(r.get("best")), d(r.get("mean")),
                        d(r.get("p10")), d(r.get("p90")), d(r.get("hypervolume"))));
            }
            if (generations.isEmpty()) throw new InputException(files.generations() + ": no generation yet");

            Map<Long, List<CSVRecord>> byCandidate = new LinkedHashMap<>();
            for (CSVRecord r : records(files.history())) {
                String role = r.get("role");
                if (role.equals("new") || role.equals("survivor")) {
                    byCandidate.computeIfAbsent(Long.parseLong(r.get("candidate")), k -> new ArrayList<>()).add(r);
                }
            }
            List<Candidate> candidates = new ArrayList<>();
            int failed = 0;
            for (Map.Entry<Long, List<CSVRecord>> entry : byCandidate.entrySet()) {
                List<CSVRecord> rows = entry.getValue();
                if (rows.stream().anyMatch(r -> !r.get("status").equals("ok"))) {
                    failed++;
                    continue;
                }
                double[] means = new double[objectives];
                for (CSVRecord r : rows) {
                    for (int k = 0; k < objectives; k++) means[k] += d(r.get(5 + parameters + k));
                }
                for (int k = 0; k < objectives; k++) means[k] /= rows.size();
                double[] genes = new double[parameters];
                List<String> labels = new ArrayList<>();
                for (int p = 0; p < parameters; p++) {
                    String text = rows.getFirst().get(5 + p);
                    labels.add(text);
                    genes[p] = e.parameters().get(p) instanceof io.flocktune.tuner.space.Parameter.Choice c
                            ? c.labels().indexOf(text) : d(text);
                }
                candidates.add(new Candidate(entry.getKey(), genes, labels, means, fitness(scoring, means)));
            }
            candidates.sort(Comparator.comparingDouble(Candidate::fitness).thenComparingLong(Candidate::id));

            List<Validated> validation = new ArrayList<>();
            if (Files.isRegularFile(files.validation())) {
                for (CSVRecord r : records(files.validation())) {
                    double[] mean = new double[objectives], low = new double[objectives], high = new double[objectives];
                    double[] diff = new double[objectives], diffLow = new double[objectives], diffHigh = new double[objectives];
                    for (int k = 0; k < objectives; k++) {
                        String n = e.objectives().get(k).spec().name();
                        mean[k] = d(r.get(n + ":mean"));
                        low[k] = d(r.get(n + ":ci_low"));
                        high[k] = d(r.get(n + ":ci_high"));
                        diff[k] = d(r.get(n + ":diff"));
                        diffLow[k] = d(r.get(n + ":diff_low"));
                        diffHigh[k] = d(r.get(n + ":diff_high"));
                    }
                    int rank = Integer.parseInt(r.get("rank"));
                    validation.add(new Validated(rank, rank == 0 ? "base" : "#" + rank, d(r.get("test_fitness")),
                            d(r.get("selection_fitness")), d(r.get("search_fitness")), mean, low, high, diff, diffLow, diffHigh));
                }
            }
            List<Long> front = new ArrayList<>();
            if (Files.isRegularFile(files.pareto())) {
                for (CSVRecord r : records(files.pareto())) front.add(Long.parseLong(r.get("candidate")));
            }
            return new RunData(e, generations, candidates, failed, validation, front);
        } catch (IOException | RuntimeException ex) {
            throw new InputException(files.root() + ": cannot read the run's tables: " + ex.getMessage(), ex);
        }
    }

    private static <C extends Comparable<? super C>> double fitness(Scoring<C> scoring, double[] means) {
        return scoring.scalar(scoring.fitness(means));
    }

    /** The rows of a table, each as long as its header (a cut or edited table is named with its line). */
    private static List<CSVRecord> records(Path file) throws IOException, InputException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.builder().setReader(in)
                     .setFormat(Table.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get()).get()) {
            List<CSVRecord> records = new ArrayList<>();
            try {
                for (CSVRecord r : parser) {
                    if (!r.isConsistent()) {
                        throw new InputException(file + ": line " + parser.getCurrentLineNumber() + ": " + r.size()
                                + " cells; the header has " + parser.getHeaderNames().size()
                                + " (the table was cut or edited)");
                    }
                    records.add(r);
                }
            } catch (java.io.UncheckedIOException | IllegalStateException e) {
                throw new InputException(file + ": line " + (parser.getCurrentLineNumber() + 1) + ": malformed CSV", e);
            }
            return records;
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputException(file + ": missing; the run directory is incomplete", e);
        }
    }

    private static double d(String text) {
        return text == null || text.isEmpty() ? Double.NaN : Double.parseDouble(text);
    }

    /** @return the top {@code fraction} of the candidates by fitness (at least one). */
    List<Candidate> top(double fraction) {
        int n = Math.max(1, (int) Math.ceil(fraction * candidates.size()));
        return candidates.subList(0, Math.min(n, candidates.size()));
    }

    @Override
    public String toString() {
        return "RunData[" + experiment.name() + ", " + generations.size() + " generations, " + candidates.size()
                + " candidates, " + Arrays.toString(front.toArray()) + "]";
    }
}
