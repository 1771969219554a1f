package io.flocktune.api;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A preset to simulate, measure or tune: loaded from a built-in name, a file or a JSON string,
 * derived with {@link #with(String, Object)} overrides that are checked exactly like the command
 * line's {@code --set} (same rule, same messages), and written back as JSON.
 *
 * <p>Immutable: {@code with} returns a new preset. Each one remembers where it came from and its
 * overrides in order, and is re-derived from that source on every {@code with}, so
 * {@code load("reynolds").with("boids.count", 500).with("separation.weight", 2.0)} is the preset
 * (and gives the errors) of {@code --preset reynolds --set boids.count=500 --set separation.weight=2.0}.
 *
 * {@snippet :
 * FlockPreset p = FlockPreset.load("reynolds").with("separation.weight", 2.0);
 * String json = p.toJson();                       // the format of 'flocktune presets show'
 * FlockPreset again = FlockPreset.fromJson(json);  // equal to p
 * }
 */
public final class FlockPreset {
    private final String source;
    private final Preset base;
    private final List<String> overrides;
    private final Preset preset;

    private FlockPreset(String source, Preset base, List<String> overrides) throws InputException {
        this.source = source;
        this.base = base;
        this.overrides = List.copyOf(overrides);
        this.preset = PresetJson.override(base, source, this.overrides);
    }

    /** @return the names of the built-in presets, in the order {@code flocktune presets} lists them. */
    public static List<String> builtIns() {
        return List.copyOf(Presets.all().keySet());
    }

    /**
     * A built-in preset by name, or else a preset file: the {@code --preset NAME|FILE} rule.
     *
     * @throws InputException as {@code --preset}: unknown name (the built-ins are listed),
     *                        unreadable file, malformed JSON or an invalid field
     */
    public static FlockPreset load(String nameOrFile) throws InputException {
        return load(nameOrFile, List.of());
    }

    /**
     * {@link #load(String)} with {@code KEY=VALUE} overrides, as {@code --preset nameOrFile --set ...}:
     * the overrides are checked together once all apply, so a later one may make an earlier one
     * valid (e.g. a {@code boids.maxSpeed} above a new {@code boids.minSpeed}).
     *
     * @throws InputException with the messages of {@code --preset} and {@code --set}
     */
    public static FlockPreset load(String nameOrFile, List<String> overrides) throws InputException {
        return new FlockPreset(nameOrFile, PresetJson.resolve(nameOrFile, List.of()), overrides);
    }

    /**
     * A preset file.
     *
     * @throws InputException naming the file: unreadable, malformed JSON or an invalid field
     */
    public static FlockPreset read(Path file) throws InputException {
        return new FlockPreset(file.toString(), PresetJson.read(file), List.of());
    }

    /**
     * Preset JSON text (format {@value Preset#FORMAT}), named {@code preset JSON} in messages.
     *
     * @throws InputException malformed JSON (with line and column) or an invalid field
     */
    public static FlockPreset fromJson(String json) throws InputException {
        return fromJson(json, "preset JSON");
    }

    /** As {@link #fromJson(String)}; {@code source} names the text at the start of every message. */
    public static FlockPreset fromJson(String json, String source) throws InputException {
        return new FlockPreset(source, PresetJson.parse(json, source), List.of());
    }

    /** Wraps an engine preset (e.g. one built in code); its name names it in messages. */
    public static FlockPreset of(Preset preset) {
        try {
            return new FlockPreset(preset.name(), PresetJson.requireJsonForm(preset), List.of());
        } catch (InputException e) {   // a Preset record is valid by construction
            throw new IllegalStateException("preset " + preset.name() + " does not read back: " + e.getMessage(), e);
        }
    }

    /**
     * This preset with the field at {@code path} replaced, checked like {@code --set path=value}.
     * A number or boolean is written as Java prints it ({@code 2.0}, {@code 500}, {@code true});
     * a string is taken as {@code --set} takes its text: a JSON literal if it is one
     * ({@code "{\"kind\": \"wrap\"}"}), else a string ({@code "sequential"}).
     *
     * @param path  dotted, e.g. {@code separation.weight}, {@code obstacles.spheres.0.radius}
     * @param value a {@link CharSequence}, {@link Number} or {@link Boolean}
     * @throws InputException the message of {@code --set path=value}: unknown path (the keys that
     *                        exist are listed) or a value out of range
     */
    public FlockPreset with(String path, Object value) throws InputException {
        Objects.requireNonNull(path, "path");
        if (!(value instanceof CharSequence || value instanceof Number || value instanceof Boolean)) {
            throw new IllegalArgumentException("value of " + path + ": give a string, number or boolean, not "
                    + (value == null ? "null" : value.getClass().getName()));
        }
        return withOverrides(path + "=" + value);
    }

    /**
     * This preset with {@code KEY=VALUE} overrides appended, exactly as {@code --set} options.
     *
     * @throws InputException the message {@code --set} gives
     */
    public FlockPreset withOverrides(String... assignments) throws InputException {
        List<String> all = new ArrayList<>(overrides);
        all.addAll(List.of(assignments));
        return new FlockPreset(source, base, all);
    }

    /** @return the engine's preset record (immutable), for code that uses the engine directly. */
    public Preset preset() {
        return preset;
    }

    /** @return the preset's {@code name} field. */
    public String name() {
        return preset.name();
    }

    /** @return the preset's {@code description} field. */
    public String description() {
        return preset.description();
    }

    /** @return where it was loaded from: a built-in name, a file, or the JSON text's source name. */
    public String source() {
        return source;
    }

    /** @return the {@code KEY=VALUE} overrides applied to the source, in order (read-only). */
    public List<String> overrides() {
        return overrides;
    }

    /**
     * @return the preset as pretty-printed JSON with a trailing newline, as
     *         {@code flocktune presets show} prints it; it reads back to an equal preset, numbers bit for bit
     */
    public String toJson() {
        return PresetJson.write(preset);
    }

    /** Two presets are equal when their fields are (bit for bit), wherever they came from. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FlockPreset other && preset.equals(other.preset);
    }

    @Override
    public int hashCode() {
        return preset.hashCode();
    }

    @Override
    public String toString() {
        return "FlockPreset[" + preset.name() + (overrides.isEmpty() ? "" : " with " + String.join(", ", overrides)) + "]";
    }
}
