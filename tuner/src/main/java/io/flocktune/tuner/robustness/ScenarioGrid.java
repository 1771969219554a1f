package io.flocktune.tuner.robustness;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.StrictJson;
import io.flocktune.tuner.io.Untyped;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

/**
 * The factors of a robustness run ({@value #FORMAT}), from a file or the default grid.
 *
 * <pre>{@code
 * {
 *   "format": "flocktune-scenarios/1",
 *   "factors": [
 *     {"name": "flock size", "path": "boids.count", "multipliers": [0.25, 0.5, 1, 2, 4]},
 *     {"name": "predators", "path": "predators.count", "values": [0, 1, 2, 4]}
 *   ]
 * }
 * }</pre>
 *
 * @param format  {@value #FORMAT}
 * @param factors at least one, distinct names
 */
public record ScenarioGrid(String format, List<Factor> factors) {
    /** The file format. */
    public static final String FORMAT = "flocktune-scenarios/1";

    public ScenarioGrid {
        if (!FORMAT.equals(format)) throw new IllegalArgumentException("format = " + format + ": must be \"" + FORMAT + "\"");
        if (factors == null || factors.isEmpty()) throw new IllegalArgumentException("factors: give at least one");
        factors = List.copyOf(factors);
        if (factors.stream().map(Factor::name).distinct().count() != factors.size()) {
            throw new IllegalArgumentException("factors: two factors have the same name");
        }
    }

    private static final JsonMapper MAPPER = StrictJson.builder().addModule(PresetJson.untypedValues()).build();

    /**
     * The default grid, one factor at a time around the preset: flock size ×0.25, ×0.5, ×1, ×2,
     * ×4 ({@code boids.count}); world size ×0.5 … ×2 ({@code world.size}, with the spawn box, so
     * the density changes as 1/m^d); time step ×0.5 … ×2 ({@code motion.dt}, same number of
     * steps, so ×0.5 simulates half the time); predators 0, 1, 2, 4 and the preset's own count;
     * initial spread ×0.1 … ×1 ({@code boids.spawnSize}).
     */
    public static ScenarioGrid defaults(Preset preset) {
        TreeSet<Integer> predators = new TreeSet<>(List.of(0, 1, 2, 4));
        predators.add(preset.predatorCount());
        return new ScenarioGrid(FORMAT, List.of(
                Factor.scaling("flock size", "boids.count", List.of(0.25, 0.5, 1.0, 2.0, 4.0)),
                Factor.scaling("world size", "world.size", List.of(0.5, 0.75, 1.0, 1.5, 2.0), "boids.spawnSize"),
                Factor.scaling("time step", "motion.dt", List.of(0.5, 0.75, 1.0, 1.5, 2.0)),
                new Factor("predators", "predators.count", null, predators.stream().map(Untyped::of).toList(), null),
                Factor.scaling("initial spread", "boids.spawnSize", List.of(0.1, 0.25, 0.5, 1.0))));
    }

    /**
     * Reads a scenarios file strictly ({@link StrictJson}): unknown or duplicate keys, null,
     * wrong types and missing fields are errors; a byte order mark and CRLF line ends are
     * accepted.
     *
     * @throws InputException one line naming the file and the field, e.g.
     *                        {@code grid.json: factors[1].colour: unknown key; allowed: name, path, ...}
     */
    public static ScenarioGrid read(Path file) throws InputException {
        return StrictJson.read(MAPPER, file, ScenarioGrid.class);
    }

    /**
     * Parses a scenarios file's text, as {@link #read} does.
     *
     * @param source names the text in messages
     */
    public static ScenarioGrid parse(String json, String source) throws InputException {
        return StrictJson.parse(MAPPER, json, source, ScenarioGrid.class);
    }
}
