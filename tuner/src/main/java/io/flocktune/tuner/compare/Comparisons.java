package io.flocktune.tuner.compare;

import io.flocktune.tuner.io.BuiltIns;
import io.flocktune.tuner.io.InputException;

import java.util.List;

/**
 * The built-in comparisons, JSON resources under {@code io/flocktune/tuner/comparisons/}:
 * <ul>
 *   <li>{@code seeds}: the five seed rule sets on one common 2D scenario and objective set.</li>
 *   <li>{@code separation-kernels}: the separation kernels of seeds 000/002 (linear), 001
 *       (1/d), 003 (1/d², clamped) and 004 (normalised) inside the {@code reynolds} model, each
 *       tuned first on the same budget.</li>
 *   <li>{@code neighbourhoods}: metric, field-of-view and topological neighbourhoods in the
 *       {@code reynolds} model.</li>
 * </ul>
 */
public final class Comparisons {
    private Comparisons() {}

    /** Built-in comparison names, in listing order. */
    public static final List<String> NAMES = List.of("seeds", "separation-kernels", "neighbourhoods");

    /**
     * @return the built-in comparison {@code name}
     * @throws IllegalArgumentException if there is none of that name
     */
    public static Comparison builtIn(String name) {
        return BuiltIns.load("/io/flocktune/tuner/comparisons", "comparison", name, NAMES, (json, source) -> ComparisonJson.parse(json, source, null));
    }

    /**
     * @return the JSON text of the built-in comparison {@code name}, as shipped: a template to
     *         save, edit and pass to {@code flocktune compare}
     * @throws InputException if there is none of that name (the message lists the built-ins)
     */
    public static String template(String name) throws InputException {
        if (!NAMES.contains(name)) {
            throw new InputException(name + ": no built-in comparison of that name; built-in: " + String.join(", ", NAMES));
        }
        return BuiltIns.load("/io/flocktune/tuner/comparisons", "comparison", name, NAMES, (json, source) -> json);
    }

    /**
     * A built-in comparison by name, or else a comparison file.
     *
     * @throws InputException neither a built-in name nor a readable, valid comparison file
     */
    public static Comparison resolve(String nameOrFile) throws InputException {
        if (NAMES.contains(nameOrFile)) return builtIn(nameOrFile);
        return ComparisonJson.read(BuiltIns.file(nameOrFile, "comparison", NAMES));
    }
}
