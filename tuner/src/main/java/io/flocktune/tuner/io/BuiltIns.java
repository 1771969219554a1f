package io.flocktune.tuner.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * Built-in inputs shipped as JSON resources (experiments, comparisons), found by name, and the
 * "built-in name, or else a file" rule the commands share.
 */
public final class BuiltIns {
    private BuiltIns() {}

    /** Parses a built-in's JSON text; {@code source} names it in messages. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(String json, String source) throws InputException;
    }

    /**
     * @param folder resource folder, e.g. {@code /io/flocktune/tuner/experiments}
     * @param kind   what it is, for messages, e.g. {@code experiment}
     * @return the built-in {@code name}, parsed
     * @throws IllegalArgumentException if {@code names} does not list it
     * @throws IllegalStateException    if its resource is missing or invalid (a bug)
     */
    public static <T> T load(String folder, String kind, String name, List<String> names, Parser<T> parser) {
        if (!names.contains(name)) throw new IllegalArgumentException("no built-in " + kind + " " + name);
        String resource = folder + "/" + name + ".json";
        try (InputStream in = BuiltIns.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing resource " + resource);
            return parser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "built-in " + kind + " " + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InputException e) {
            throw new IllegalStateException("built-in " + kind + " " + name + " is invalid: " + e.getMessage(), e);
        }
    }

    /**
     * @return {@code nameOrFile} as a regular file
     * @throws InputException if it is neither one of {@code names} (the caller checks those first)
     *                        nor a regular file; the message lists the built-ins
     */
    public static Path file(String nameOrFile, String kind, List<String> names) throws InputException {
        Path file;
        try {
            file = Path.of(nameOrFile);
        } catch (InvalidPathException e) {
            file = null;
        }
        if (file == null || !Files.isRegularFile(file)) {
            throw new InputException(nameOrFile + ": no built-in " + kind + " and no file of that name; built-in: "
                    + String.join(", ", names));
        }
        return file;
    }
}
