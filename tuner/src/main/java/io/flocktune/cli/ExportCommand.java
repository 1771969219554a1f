package io.flocktune.cli;

import io.flocktune.api.Exports;
import io.flocktune.tuner.io.AtomicDirectory;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code flocktune export PRESET|RUN_DIR --to FORMAT|all [--out DIR] [--strict]}: writes a preset
 * (or a run's best preset) in a front end's format, or in every format ({@code --to all}, each in
 * the sub-folder of its format, all written or none). Exit 0 when everything was represented,
 * {@value #UNREPRESENTED} when the files were written but some parameters could not be
 * represented, or a format cannot run the preset at all (listed on standard error, one per
 * line), 2 with {@code --strict} in that case (nothing written) and for bad input, an
 * unwritable {@code --out} included (refused before anything is exported). The export itself
 * is the API's {@link Exports}.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Exports a preset, or a tuning run's best preset, to a front end's format.",
                "Parameters the target cannot represent are listed, one per line, and the exit code is 4."},
        footer = {"", "Formats: json (the preset and its JSON Schema), web (a self-contained HTML",
                "player), python (the flocktune engine as a numpy package), unity (the engine",
                "as a Unity package), cpp (the engine as a C++17 header with a CMake example),",
                "seed-python, seed-unity, seed-cpp (settings for the seeds' own programs:",
                "000/002's numpy code, 004's BoidsGenerator, 003's SFML program), all (every",
                "format but the seed programs, each in DIR/FORMAT/, all written or none).",
                "Exit codes: 0 exported faithfully, 4 exported with unrepresented parameters",
                "(or a format that cannot run the preset: nothing written for it), 2 bad input",
                "or usage, an unwritable --out, or unrepresented parameters with --strict",
                "(nothing written)."})
final class ExportCommand implements Callable<Integer> {
    /** Exit code of an export that was written but could not represent every parameter. */
    static final int UNREPRESENTED = 4;

    @Parameters(paramLabel = "PRESET|RUN_DIR",
            description = "A built-in preset, a preset file, or a tuning run directory (its best/best.json).")
    String source;

    @Option(names = "--to", required = true, paramLabel = "FORMAT",
            description = "json, web, python, unity, cpp, seed-python, seed-unity, seed-cpp, or all.")
    String format;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory to write (default: RUN_DIR/export/FORMAT for a run, export/NAME-FORMAT for a preset; "
                    + "with --to all RUN_DIR/export and export/NAME).")
    Path out;

    @Option(names = "--strict", description = "Fail (exit 2, nothing written) if any parameter cannot be represented.")
    boolean strict;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException {
        if (out != null) AtomicDirectory.requireWritable(out);
        boolean all = format.equals(Exports.ALL);
        List<Exports.Result> results = all ? Exports.all(source) : List.of(Exports.of(source, format));
        List<String> unrepresented = new ArrayList<>();
        for (Exports.Result result : results) {
            for (String u : result.unrepresented()) unrepresented.add("not represented in " + result.format() + ": " + u);
        }
        if (strict && !unrepresented.isEmpty()) {
            Exports.Result first = results.getFirst();
            throw new InputException("--strict: " + format + " cannot represent " + unrepresented.size()
                    + " parameter(s) of " + first.origin() + ": " + String.join("; ", all ? unrepresented
                    : first.unrepresented()));
        }
        boolean run = Files.isDirectory(Path.of(source));
        String name = results.getFirst().preset();
        Path directory = out != null ? out
                : run ? (all ? Path.of(source, "export") : Path.of(source, "export", format))
                : Path.of("export", all ? name : name + "-" + format);
        List<Path> written = all ? Exports.write(directory, results)
                : results.getFirst().files().isEmpty() ? List.of() : results.getFirst().write(directory);

        PrintWriter stdout = spec.commandLine().getOut();
        for (Path file : written) stdout.println(file);
        PrintWriter stderr = spec.commandLine().getErr();
        for (String line : unrepresented) stderr.println(line);
        return unrepresented.isEmpty() ? Main.OK : UNREPRESENTED;
    }
}
