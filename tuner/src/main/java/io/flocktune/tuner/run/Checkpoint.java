package io.flocktune.tuner.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.search.Individual;
import io.flocktune.tuner.search.Replicate;
import io.flocktune.tuner.search.SearchState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The state after a completed generation ({@code checkpoint/state.json}) and how long the
 * run's tables were then: a resumed run cuts {@code history.csv} and {@code generations.csv}
 * back to these lengths (dropping rows of a generation in flight) and continues from the state.
 * Written atomically (temporary file, then rename), so a crash leaves the previous checkpoint.
 *
 * @param state            the search state
 * @param historyBytes     length of {@code history.csv} at the checkpoint
 * @param generationsBytes length of {@code generations.csv} at the checkpoint
 */
public record Checkpoint(SearchState state, long historyBytes, long generationsBytes) {

    /** The checkpoint format this version reads and writes. */
    public static final String FORMAT = "flocktune-checkpoint/1";

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** Writes the checkpoint atomically, creating its directory. */
    public void write(Path file) throws InputException {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new InputException(file.getParent() + ": cannot create directory: " + e.getMessage(), e);
        }
        try (AtomicFile out = AtomicFile.create(file)) {
            out.writer().write(MAPPER.writeValueAsString(toTree()));
            out.writer().write('\n');
            out.commit();
        } catch (IOException e) {
            throw new InputException(file + ": cannot write: " + e.getMessage(), e);
        }
    }

    ObjectNode toTree() {
        ObjectNode t = MAPPER.createObjectNode();
        SearchState s = state;
        t.put("format", FORMAT);
        t.put("generation", s.generation());
        t.put("nextId", s.nextId());
        t.put("evaluations", s.evaluations());
        t.put("bestScore", Tables.number(s.bestScore()));
        t.put("improvedAt", s.improvedAt());
        ArrayNode reference = t.putArray("reference");
        for (double r : s.reference()) reference.add(r);
        t.put("elapsedNanos", s.elapsedNanos());
        t.put("evaluationNanos", s.evaluationNanos());
        t.put("historyBytes", historyBytes);
        t.put("generationsBytes", generationsBytes);
        ArrayNode individuals = t.putArray("individuals");
        for (Individual i : s.individuals()) {
            ObjectNode n = individuals.addObject();
            n.put("id", i.id());
            n.put("born", i.born());
            ArrayNode genes = n.putArray("genes");
            for (double g : i.genes()) genes.add(g);
            ArrayNode reps = n.putArray("replicates");
            for (Replicate r : i.replicates()) {
                ObjectNode rn = reps.addObject();
                rn.put("generation", r.generation()).put("index", r.index()).put("seed", r.seed()).put("nanos", r.outcome().nanos());
                switch (r.outcome()) {
                    case Outcome.Success ok -> {
                        ArrayNode values = rn.putArray("values");
                        for (double v : ok.values()) values.add(v);
                    }
                    case Outcome.Failure f -> rn.put("failure", f.reason());
                }
            }
        }
        ArrayNode population = t.putArray("population");
        for (SearchState.Slot slot : s.population()) population.addArray().add(slot.id()).add(slot.generation());
        return t;
    }

    /**
     * Reads a checkpoint.
     *
     * @throws InputException naming the file if it is missing, malformed or of another format
     */
    public static Checkpoint read(Path file) throws InputException {
        JsonNode t;
        try {
            t = MAPPER.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no checkpoint; the run has not completed its first generation", e);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read checkpoint: " + e.getMessage(), e);
        }
        if (t == null || !FORMAT.equals(t.path("format").asText())) {
            throw new InputException(file + ": not a checkpoint (format must be \"" + FORMAT + "\")");
        }
        try {
            List<Individual> individuals = new ArrayList<>();
            for (JsonNode n : t.withArray("individuals")) {
                double[] genes = doubles(n.withArray("genes"));
                List<Replicate> reps = new ArrayList<>();
                for (JsonNode rn : n.withArray("replicates")) {
                    long nanos = rn.path("nanos").asLong();
                    Outcome outcome = rn.has("failure") ? new Outcome.Failure(rn.get("failure").asText(), nanos)
                            : new Outcome.Success(doubles(rn.withArray("values")), nanos);
                    reps.add(new Replicate(rn.path("generation").asLong(), rn.path("index").asInt(), rn.path("seed").asLong(), outcome));
                }
                individuals.add(new Individual(n.path("id").asLong(), genes, n.path("born").asLong(), reps));
            }
            List<SearchState.Slot> population = new ArrayList<>();
            for (JsonNode slot : t.withArray("population")) population.add(new SearchState.Slot(slot.get(0).asLong(), slot.get(1).asLong()));
            SearchState state = new SearchState(t.path("generation").asLong(), individuals, population, t.path("nextId").asLong(),
                    t.path("evaluations").asLong(), Double.parseDouble(t.path("bestScore").asText()), t.path("improvedAt").asLong(),
                    doubles(t.withArray("reference")), t.path("elapsedNanos").asLong(), t.path("evaluationNanos").asLong());
            return new Checkpoint(state, t.path("historyBytes").asLong(), t.path("generationsBytes").asLong());
        } catch (RuntimeException e) {
            throw new InputException(file + ": damaged checkpoint: " + e.getMessage(), e);
        }
    }

    private static double[] doubles(ArrayNode a) {
        double[] d = new double[a.size()];
        for (int k = 0; k < d.length; k++) d[k] = a.get(k).doubleValue();
        return d;
    }

    /** @return the JSON text of this checkpoint (for tests and debugging). */
    @Override
    public String toString() {
        try {
            return MAPPER.writeValueAsString(toTree());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
