package io.flocktune.tuner.cli;

import io.flocktune.api.Exports;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code flocktune export PRESET|RUN_DIR --to FORMAT [--out DIR] [--strict]}: writes a preset
 * (or a run's best preset) in a front end's format. Exit 0 when everything was represented,
 * {@value #UNREPRESENTED} when the files were written but some parameters could not be
 * represented (listed on standard error, one per line), 2 with {@code --strict} in that case
 * (nothing written) and for bad input. The export itself is the API's {@link Exports}.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Exports a preset, or a tuning run's best preset, to a front end's format.",
                "Parameters the target cannot represent are listed, one per line, and the exit code is 4."},
        footer = {"", "Formats: json (the preset and its JSON Schema), web (a self-contained HTML",
                "player), unity (seed 004: C# ScriptableObject and JSON asset), python (seeds",
                "000/002: numpy constants), cpp (seed 003: constexpr config struct).",
                "Exit codes: 0 exported faithfully, 4 exported with unrepresented parameters,",
                "2 bad input or usage, or unrepresented parameters with --strict (nothing",
                "written)."})
final class ExportCommand implements Callable<Integer> {
    /** Exit code of an export that was written but could not represent every parameter. */
    static final int UNREPRESENTED = 4;

    @Parameters(paramLabel = "PRESET|RUN_DIR",
            description = "A built-in preset, a preset file, or a tuning run directory (its best/best.json).")
    String source;

    @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "json, web, unity, python or cpp.")
    String format;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory to write (default: RUN_DIR/export/FORMAT for a run, export/NAME-FORMAT for a preset).")
    Path out;

    @Option(names = "--strict", description = "Fail (exit 2, nothing written) if any parameter cannot be represented.")
    boolean strict;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException {
        Exports.Result export = Exports.of(source, format);
        if (strict && !export.unrepresented().isEmpty()) {
            throw new InputException("--strict: " + format + " cannot represent " + export.unrepresented().size()
                    + " parameter(s) of " + export.origin() + ": " + String.join("; ", export.unrepresented()));
        }
        Path directory = out != null ? out
                : Files.isDirectory(Path.of(source)) ? Path.of(source, "export", format)
                : Path.of("export", export.preset() + "-" + format);
        List<Path> written = export.write(directory);

        PrintWriter stdout = spec.commandLine().getOut();
        for (Path file : written) stdout.println(file);
        PrintWriter stderr = spec.commandLine().getErr();
        for (String u : export.unrepresented()) stderr.println("not represented in " + format + ": " + u);
        return export.unrepresented().isEmpty() ? Main.OK : UNREPRESENTED;
    }
}
