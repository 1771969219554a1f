package io.flocktune.tuner.io;

import io.flocktune.sim.Check;

import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One override of a preset: a dotted path and the typed value set there, as {@link PresetEdit#set}
 * takes it (a section or rule variant record, an enum constant, a {@code Double}, {@code Integer}
 * or {@code Long} as the path's component is declared, a {@code Boolean}, a {@code String}, or a
 * list of these). The {@code set} of an experiment, of a scenario and of a comparison is a list of
 * edits applied in order. A file's {@code "set": {"predators.count": 1}} becomes edits by reading
 * each value as the type its path has ({@link #read}); an edit holds no JSON, and is written back
 * by {@link PresetJson#overrideTree}.
 *
 * @param path  where the value goes, e.g. {@code predators.count}, {@code separation}
 * @param value the value, not null; a list is kept as an unmodifiable copy
 */
public record Edit(PresetPath path, Object value) {
    public Edit {
        Check.present("path", path);
        Check.present(path.text(), value);
        if (value instanceof List<?> list) value = List.copyOf(list);
    }

    /** @return the edit of {@code value} at the dotted {@code path}. */
    public static Edit of(String path, Object value) {
        return new Edit(PresetPath.of(path), value);
    }

    /**
     * Reads overrides into typed edits and sets them on {@code edit}, in order: each value as the
     * type its path has in {@code edit} as it stands ({@link Untyped#as}, then
     * {@link PresetEdit#typed}). A value that is no value of the type is reported by
     * {@link PresetEdit#build}, with its path.
     *
     * @param values path → value, in order, as a form gives them
     * @param where  names an override in a message about its path: {@code where + path}
     * @return path → edit, in order (without the values that are none)
     * @throws InputException if a path does not exist
     */
    public static Map<String, Edit> read(PresetEdit edit, Map<String, ? extends Untyped> values, String where) throws InputException {
        Map<String, Edit> edits = new LinkedHashMap<>();
        for (Map.Entry<String, ? extends Untyped> e : values.entrySet()) {
            Edit read = read(edit, PresetPath.of(e.getKey()), e.getValue(), where + e.getKey());
            if (read != null) edits.put(e.getKey(), read);
        }
        return edits;
    }

    /**
     * As {@link #read(PresetEdit, Map, String)} for one value.
     *
     * @param source names the setting in a message about the path, e.g. {@code --set boids.cont=5}
     * @return the edit set, or null if {@code value} is no value of the path's type
     */
    public static Edit read(PresetEdit edit, PresetPath path, Untyped value, String source) throws InputException {
        Type type = edit.type(path, source);
        try {
            Object typed = edit.typed(path, value.as(type, path.text()), source);
            edit.set(path, typed, source);
            return new Edit(path, typed);
        } catch (IllegalArgumentException invalid) {
            edit.fail(invalid);
            return null;
        }
    }

    /**
     * Sets {@code edits} on {@code edit}, in order.
     *
     * @param source names an edit in a message about its path: {@code source + path}, e.g.
     *               {@code "my.json: set."} gives {@code my.json: set.boids.cont: no key ...}
     * @throws InputException if a path does not exist (a wrong value is reported by {@link PresetEdit#build})
     */
    public static PresetEdit setAll(PresetEdit edit, List<Edit> edits, String source) throws InputException {
        for (Edit e : edits) edit.set(e.path(), e.value(), source + e.path().text());
        return edit;
    }
}
