package io.flocktune.api;

import io.flocktune.sim.Preset;
import io.flocktune.tuner.export.Export;
import io.flocktune.tuner.export.Exporter;
import io.flocktune.tuner.export.Exporters;
import io.flocktune.tuner.export.TunedPreset;
import io.flocktune.tuner.io.AtomicDirectory;
import io.flocktune.tuner.io.InputException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exports a preset, or a tuning run's best preset, to a front end's format, as
 * {@code flocktune export} does (the command calls this class): {@code json}, {@code web},
 * {@code python}, {@code unity}, {@code cpp} and the seeds' own programs ({@code seed-python},
 * ...), or {@value #ALL} of them at once, each in a sub-folder named after its format. Nothing
 * is dropped silently: what a target cannot represent is listed in {@link Result#unrepresented()}.
 *
 * {@snippet :
 * Exports.Result web = Exports.of(FlockPreset.load("reynolds"), "web");
 * web.write(Path.of("export/reynolds-web"));            // a self-contained HTML player
 * List<String> lost = Exports.of("results/run", "seed-python").unrepresented();
 * Exports.write(Path.of("export/reynolds"), Exports.all("reynolds"));   // every format, or nothing
 * }
 */
public final class Exports {
    private Exports() {}

    /** The {@code --to} name that exports every format, each into its sub-folder. */
    public static final String ALL = "all";

    /** @return the format names, in {@code --to}'s order (without {@value #ALL}). */
    public static List<String> formats() {
        return List.copyOf(Exporters.all().keySet());
    }

    /**
     * Exports a built-in preset, a preset file, or a tuning run directory (its {@code best/best.json},
     * with the run's tuned parameters marked).
     *
     * @throws InputException the command's messages: unknown format ({@code --to}), or the name,
     *                        file or directory at fault
     */
    public static Result of(String presetOrRunDirectory, String format) throws InputException {
        Exporter exporter = exporter(format);
        return result(exporter, TunedPreset.load(presetOrRunDirectory));
    }

    /**
     * Exports a preset (no parameter marked as tuned).
     *
     * @throws InputException unknown format
     */
    public static Result of(FlockPreset preset, String format) throws InputException {
        Exporter exporter = exporter(format);
        return result(exporter, new TunedPreset(preset.preset(), List.of(), preset.source()));
    }

    /**
     * Exports a built-in preset, a preset file, or a tuning run directory to every format that runs
     * flocktune's engine (json, web, python, unity, cpp; not the seeds' own programs).
     *
     * @return one result per format, in {@link #formats()}'s order
     * @throws InputException the name, file or directory at fault
     */
    public static List<Result> all(String presetOrRunDirectory) throws InputException {
        TunedPreset preset = TunedPreset.load(presetOrRunDirectory);
        List<Result> results = new ArrayList<>();
        for (Exporter exporter : Exporters.all().values()) {
            if (!exporter.seedProgram()) results.add(result(exporter, preset));
        }
        return List.copyOf(results);
    }

    /**
     * Writes several exports into {@code directory}, each into the sub-folder of its format, all
     * at once: every file is written before any is moved into place, and on a failure none is.
     *
     * @return the written files, in order
     * @throws InputException naming the directory if it cannot be written
     */
    public static List<Path> write(Path directory, List<Result> results) throws InputException {
        Map<String, String> files = new LinkedHashMap<>();
        for (Result result : results) result.files().forEach((name, content) -> files.put(result.format() + "/" + name, content));
        return writeFiles(directory, files);
    }

    /** The formats that carry a peer-model preset: the preset itself, and the web player's replay of a run. */
    private static final List<String> PEER_FORMATS = List.of("json", "web");

    private static Exporter exporter(String format) throws InputException {
        return Exporters.find(format).orElseThrow(() -> new InputException("--to " + format
                + ": unknown format; formats: " + String.join(", ", Exporters.all().keySet()) + ", " + ALL));
    }

    private static Result result(Exporter exporter, TunedPreset preset) {
        Preset p = preset.preset();
        if (p instanceof Preset.Peer peer && !PEER_FORMATS.contains(exporter.format())) {
            return new Result(exporter.format(), p.name(), preset.origin(), Map.of(), List.of("peer: preset " + p.name()
                    + " runs the peer model " + io.flocktune.sim.Kinds.of(peer.peer()) + ", which the " + exporter.format()
                    + " code does not implement (nothing written); formats for a peer model: " + String.join(", ", PEER_FORMATS)));
        }
        Export export = exporter.export(preset);
        return new Result(exporter.format(), p.name(), preset.origin(), export.files(),
                export.unrepresented().stream().map(Export.Unrepresented::toString).toList());
    }

    private static List<Path> writeFiles(Path directory, Map<String, String> files) throws InputException {
        Map<String, byte[]> bytes = new LinkedHashMap<>();
        files.forEach((name, content) -> bytes.put(name, content.getBytes(StandardCharsets.UTF_8)));
        AtomicDirectory.write(directory, bytes);
        return bytes.keySet().stream().map(directory::resolve).toList();
    }

    /**
     * An export.
     *
     * @param format        the format
     * @param preset        the preset's name
     * @param origin        where the preset came from (a name, a file, or a run's {@code best/best.json})
     * @param files         relative path ('/'-separated) to content, in order (read-only); empty when the
     *                      format cannot run the preset at all (a peer model outside json and web)
     * @param unrepresented one line per parameter the format cannot represent, e.g.
     *                      {@code world.boundary.kind: wrap ...} (read-only)
     */
    public record Result(String format, String preset, String origin, Map<String, String> files, List<String> unrepresented) {
        public Result {
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
            unrepresented = List.copyOf(unrepresented);
        }

        /**
         * Writes the files into {@code directory} (sub-folders as their paths say) all at once
         * (none are left half-written).
         *
         * @return the written files, in order
         * @throws InputException naming the directory if it cannot be written
         */
        public List<Path> write(Path directory) throws InputException {
            return writeFiles(directory, files);
        }
    }
}
