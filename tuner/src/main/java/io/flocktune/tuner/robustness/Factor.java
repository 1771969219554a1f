package io.flocktune.tuner.robustness;

import io.flocktune.tuner.io.Untyped;

import java.util.List;

/**
 * One scenario factor of a robustness grid: a preset field and the levels it takes, one at a
 * time, the preset's other fields staying as they are.
 *
 * @param name        short label for charts and tables, e.g. {@code "flock size"}
 * @param path        dotted preset path, e.g. {@code "boids.count"}; must hold a number when
 *                    {@code multipliers} are given
 * @param multipliers levels as multiples of the preset's value (e.g. 0.25 … 4), each finite and
 *                    &gt; 0; an integer field is rounded to the nearest integer; or null
 * @param values      levels as values for {@code path} (numbers, texts or whole sub-objects, as
 *                    a grid file or code gives them), read as the path's type against the preset
 *                    measured; or null. Exactly one of multipliers and values is given.
 * @param alsoScale   other numeric paths multiplied by the same multiplier (e.g. the spawn box
 *                    with the world size); only with multipliers; may be null or empty
 */
public record Factor(String name, String path, List<Double> multipliers, List<Untyped> values, List<String> alsoScale) {
    public Factor {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("name is missing");
        if (path == null || path.isBlank()) throw new IllegalArgumentException("path is missing");
        if ((multipliers == null) == (values == null)) {
            throw new IllegalArgumentException("factor \"" + name + "\": give exactly one of multipliers and values");
        }
        if (multipliers != null) {
            if (multipliers.isEmpty()) throw new IllegalArgumentException("multipliers: give at least one");
            for (Double m : multipliers) {
                if (m == null || !Double.isFinite(m) || m <= 0) {
                    throw new IllegalArgumentException("multipliers: " + m + ": must be finite and > 0");
                }
            }
            multipliers = List.copyOf(multipliers);
        }
        if (values != null) {
            if (values.isEmpty()) throw new IllegalArgumentException("values: give at least one");
            if (values.stream().anyMatch(java.util.Objects::isNull)) throw new IllegalArgumentException("values: null is not a value");
            values = List.copyOf(values);
            if (alsoScale != null && !alsoScale.isEmpty()) throw new IllegalArgumentException("alsoScale: only with multipliers");
        }
        alsoScale = alsoScale == null ? List.of() : List.copyOf(alsoScale);
    }

    /** @return the number of levels. */
    public int levels() {
        return multipliers != null ? multipliers.size() : values.size();
    }

    /** @return whether the levels are multiples of the preset's value. */
    public boolean scaled() {
        return multipliers != null;
    }

    /** @return a factor scaling {@code path} by {@code multipliers}. */
    public static Factor scaling(String name, String path, List<Double> multipliers, String... alsoScale) {
        return new Factor(name, path, multipliers, null, List.of(alsoScale));
    }
}
