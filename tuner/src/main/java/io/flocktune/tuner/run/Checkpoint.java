package io.flocktune.tuner.run;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.StrictJson;
import io.flocktune.tuner.search.Individual;
import io.flocktune.tuner.search.Replicate;
import io.flocktune.tuner.search.SearchState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The state after a completed generation ({@code checkpoint/state.json}), which experiment it
 * belongs to, and how long the run's tables were then: a resumed run cuts {@code history.csv},
 * {@code generations.csv} and {@code timings.csv} back to these lengths (dropping rows of a
 * generation in flight) and continues from the state. Written atomically (temporary file,
 * fsync, rename), so a crash leaves the previous checkpoint.
 *
 * <p>The JSON is the record {@link Json}, bound strictly ({@link StrictJson}): every field is
 * required and typed, so a damaged checkpoint is refused with one line naming the field before
 * any file of the run is touched ({@link #read(Path, Experiment, String)} also checks that it
 * fits the experiment).
 *
 * @param state            the search state
 * @param experimentHash   SHA-256 of the run's {@code experiment.json} (see {@link RunFiles#hash})
 * @param historyBytes     length of {@code history.csv} at the checkpoint
 * @param generationsBytes length of {@code generations.csv} at the checkpoint
 * @param timingsBytes     length of {@code timings.csv} at the checkpoint
 */
public record Checkpoint(SearchState state, String experimentHash, long historyBytes, long generationsBytes,
                         long timingsBytes) {

    /** The checkpoint format this version reads and writes. */
    public static final String FORMAT = "flocktune-checkpoint/3";

    private static final JsonMapper MAPPER = StrictJson.builder()
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .disable(SerializationFeature.INDENT_OUTPUT)
            .build();

    /** The file's JSON form. */
    record Json(String format, String experimentSha256, long generation, long nextId, long evaluations,
                double bestScore, long improvedAt, double[] reference, long elapsedNanos, long evaluationNanos,
                long historyBytes, long generationsBytes, long timingsBytes, List<IndividualJson> individuals,
                List<SlotJson> population, List<IndividualJson> retired) {}

    record IndividualJson(long id, long born, double[] genes, List<ReplicateJson> replicates) {}

    record ReplicateJson(long generation, int index, long seed, long nanos, OutcomeJson outcome) {}

    record SlotJson(long id, long generation) {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({@JsonSubTypes.Type(value = SuccessJson.class, name = "success"),
            @JsonSubTypes.Type(value = FailureJson.class, name = "failure")})
    sealed interface OutcomeJson {}

    record SuccessJson(double[] values) implements OutcomeJson {}

    record FailureJson(String reason) implements OutcomeJson {}

    /** Writes the checkpoint atomically, creating its directory. */
    public void write(Path file) throws InputException {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new InputException(file.getParent() + ": cannot create directory: " + e.getMessage(), e);
        }
        try (AtomicFile out = AtomicFile.create(file)) {
            out.writer().write(toString());
            out.writer().write('\n');
            out.commit();
        } catch (IOException e) {
            throw new InputException(file + ": cannot write: " + e.getMessage(), e);
        }
    }

    Json json() {
        SearchState s = state;
        List<SlotJson> population = s.population().stream().map(p -> new SlotJson(p.id(), p.generation())).toList();
        return new Json(FORMAT, experimentHash, s.generation(), s.nextId(), s.evaluations(), s.bestScore(), s.improvedAt(),
                s.reference(), s.elapsedNanos(), s.evaluationNanos(), historyBytes, generationsBytes, timingsBytes,
                json(s.individuals()), population, json(s.retired()));
    }

    private static List<IndividualJson> json(List<Individual> individuals) {
        return individuals.stream().map(i -> new IndividualJson(i.id(), i.born(), i.genes(),
                i.replicates().stream().map(r -> new ReplicateJson(r.generation(), r.index(), r.seed(), r.outcome().nanos(),
                        switch (r.outcome()) {
                            case Outcome.Success ok -> new SuccessJson(ok.values());
                            case Outcome.Failure f -> new FailureJson(f.reason());
                        })).toList())).toList();
    }

    /**
     * Reads a checkpoint and checks its structure (not yet that it fits an experiment).
     *
     * @throws InputException one line naming the file and the field: missing, unreadable, not
     *                        JSON, of another format, or damaged
     */
    public static Checkpoint read(Path file) throws InputException {
        if (Files.isDirectory(file)) throw new InputException(file + ": is a directory, not a checkpoint file");
        String source = file.toString();
        JsonNode tree = StrictJson.readTree(MAPPER, StrictJson.readText(file), source);
        JsonNode format = tree.get("format");
        if (format == null || !FORMAT.equals(format.textValue())) {
            throw new InputException(source + ": format = " + (format == null ? "(missing)" : format)
                    + ": must be \"" + FORMAT + "\" (a checkpoint of this flocktune version)");
        }
        Json j = StrictJson.bind(MAPPER, tree, Json.class, source);
        try {
            if (j.experimentSha256().length() != 64) throw new IllegalArgumentException("experimentSha256: must be 64 hex digits");
            nonNegative("historyBytes", j.historyBytes());
            nonNegative("generationsBytes", j.generationsBytes());
            nonNegative("timingsBytes", j.timingsBytes());
            nonNegative("nextId", j.nextId());
            nonNegative("evaluations", j.evaluations());
            Set<Long> ids = new HashSet<>();
            List<Individual> individuals = individuals(j, j.individuals(), "individuals", ids);
            List<Individual> retired = individuals(j, j.retired(), "retired", ids);
            List<SearchState.Slot> population = j.population().stream().map(p -> new SearchState.Slot(p.id(), p.generation())).toList();
            SearchState state = new SearchState(j.generation(), individuals, population, j.nextId(), j.evaluations(),
                    j.bestScore(), j.improvedAt(), j.reference(), j.elapsedNanos(), j.evaluationNanos(), retired);
            return new Checkpoint(state, j.experimentSha256(), j.historyBytes(), j.generationsBytes(), j.timingsBytes());
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": damaged checkpoint: " + e.getMessage(), e);
        }
    }

    /** Binds the individuals of list {@code field}; an id must be new across the lists ({@code ids}). */
    private static List<Individual> individuals(Json j, List<IndividualJson> list, String field, Set<Long> ids) {
        List<Individual> individuals = new java.util.ArrayList<>();
        for (int k = 0; k < list.size(); k++) {
            IndividualJson i = list.get(k);
            String at = field + "[" + k + "]";
            if (i.id() < 0 || i.id() >= j.nextId()) {
                throw new IllegalArgumentException(at + ".id = " + i.id() + ": must be in [0, nextId = " + j.nextId() + ")");
            }
            if (!ids.add(i.id())) throw new IllegalArgumentException(at + ".id = " + i.id() + ": appears twice");
            if (i.born() < 0 || i.born() > j.generation()) {
                throw new IllegalArgumentException(at + ".born = " + i.born() + ": must be in [0, generation = " + j.generation() + "]");
            }
            List<Replicate> replicates = new java.util.ArrayList<>();
            for (int r = 0; r < i.replicates().size(); r++) {
                ReplicateJson rep = i.replicates().get(r);
                nonNegative(at + ".replicates[" + r + "].nanos", rep.nanos());
                Outcome outcome = switch (rep.outcome()) {
                    case SuccessJson ok -> new Outcome.Success(ok.values(), rep.nanos());
                    case FailureJson f -> new Outcome.Failure(f.reason(), rep.nanos());
                };
                try {
                    replicates.add(new Replicate(rep.generation(), rep.index(), rep.seed(), outcome));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(at + ".replicates[" + r + "]." + e.getMessage(), e);
                }
            }
            try {
                individuals.add(new Individual(i.id(), i.genes(), i.born(), replicates));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(at + "." + e.getMessage() + " (unit genes lie in [0, 1))", e);
            }
        }
        return individuals;
    }

    /**
     * Reads a checkpoint and checks that it belongs to this run: the hash of its experiment file,
     * one gene per parameter, one value per objective, a full population, a generation within
     * the stopping rule.
     *
     * @param experimentHash {@link RunFiles#hash} of the run's {@code experiment.json}
     * @throws InputException one line naming the file and what does not fit
     */
    public static Checkpoint read(Path file, Experiment e, String experimentHash) throws InputException {
        Checkpoint c = read(file);
        String source = file.toString();
        if (!c.experimentHash().equals(experimentHash)) {
            throw new InputException(source + ": belongs to another experiment: experiment.json was changed after the run "
                    + "started (or the checkpoint comes from another run); restore experiment.json or start a new run");
        }
        SearchState s = c.state();
        int genes = e.parameters().size(), objectives = e.objectives().size();
        if (s.generation() > e.stop().generations()) {
            throw new InputException(source + ": damaged checkpoint: generation = " + s.generation()
                    + ": must be <= stop.generations = " + e.stop().generations());
        }
        if (s.population().size() != e.genetics().population()) {
            throw new InputException(source + ": damaged checkpoint: population has " + s.population().size()
                    + " slots; the experiment's ga.population is " + e.genetics().population());
        }
        if (s.reference().length != 0 && s.reference().length != objectives) {
            throw new InputException(source + ": damaged checkpoint: reference has " + s.reference().length
                    + " values for " + objectives + " objectives");
        }
        for (Individual i : java.util.stream.Stream.concat(s.individuals().stream(), s.retired().stream()).toList()) {
            if (i.genes().length != genes) {
                throw new InputException(source + ": damaged checkpoint: individual " + i.id() + " has " + i.genes().length
                        + " genes; the experiment has " + genes + " parameters");
            }
            for (Replicate r : i.replicates()) {
                if (r.outcome() instanceof Outcome.Success ok && ok.values().length != objectives) {
                    throw new InputException(source + ": damaged checkpoint: individual " + i.id() + " has a replicate with "
                            + ok.values().length + " values; the experiment has " + objectives + " objectives");
                }
            }
        }
        return c;
    }

    private static void nonNegative(String field, long value) {
        if (value < 0) throw new IllegalArgumentException(field + " = " + value + ": must be >= 0");
    }

    /** @return the JSON text of this checkpoint. */
    @Override
    public String toString() {
        try {
            return MAPPER.writeValueAsString(json());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
