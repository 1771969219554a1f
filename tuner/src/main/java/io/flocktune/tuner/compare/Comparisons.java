package io.flocktune.tuner.compare;

import io.flocktune.tuner.io.InputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
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
        if (!NAMES.contains(name)) throw new IllegalArgumentException("no built-in comparison " + name);
        String resource = "/io/flocktune/tuner/comparisons/" + name + ".json";
        try (InputStream in = Comparisons.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing resource " + resource);
            return ComparisonJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "built-in comparison " + name, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InputException e) {
            throw new IllegalStateException("built-in comparison " + name + " is invalid: " + e.getMessage(), e);
        }
    }

    /**
     * A built-in comparison by name, or else a comparison file.
     *
     * @throws InputException neither a built-in name nor a readable, valid comparison file
     */
    public static Comparison resolve(String nameOrFile) throws InputException {
        if (NAMES.contains(nameOrFile)) return builtIn(nameOrFile);
        Path file;
        try {
            file = Path.of(nameOrFile);
        } catch (InvalidPathException e) {
            file = null;
        }
        if (file == null || !Files.isRegularFile(file)) {
            throw new InputException(nameOrFile + ": no built-in comparison and no file of that name; built-in: "
                    + String.join(", ", NAMES));
        }
        return ComparisonJson.read(file);
    }
}
