package io.flocktune.tuner.io;

import io.flocktune.sim.Check;

import java.util.List;

/**
 * One override of a preset: a dotted path and the typed value set there, as {@link PresetEdit#set}
 * takes it (a section or rule variant record, an enum constant, a {@code Double}, {@code Integer}
 * or {@code Long} as the path's component is declared, a {@code Boolean}, a {@code String}, or a
 * list of these). The {@code set} of an experiment, of a scenario and of a comparison is a list of
 * edits applied in order. A file's {@code "set": {"predators.count": 1}} becomes edits by reading
 * each value as the type its path has ({@link PresetJson#edit}); an edit holds no JSON, and is
 * written back by {@link PresetJson#overrideTree}.
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
