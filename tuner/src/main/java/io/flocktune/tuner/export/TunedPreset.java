package io.flocktune.tuner.export;

import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.space.Parameter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A preset to export and the paths a tuning run searched in it, so exporters can point the
 * tuned parameters out.
 *
 * @param preset     the validated preset
 * @param tunedPaths dotted preset paths of the run's genes (e.g. {@code separation.weight}, or
 *                   {@code separation} for a variant gene), in the experiment's order; empty
 *                   for a preset that does not come from a run
 * @param origin     where it came from, for the generated files' headers (a name or a path)
 */
public record TunedPreset(Preset preset, List<String> tunedPaths, String origin) {
    public TunedPreset {
        PresetJson.requireJsonForm(Check.present("preset", preset));   // an exporter would drop custom rules
        tunedPaths = List.copyOf(Check.present("tunedPaths", tunedPaths));
        Check.present("origin", origin);
    }

    /**
     * Reads a built-in preset name, a preset file, or a run directory (its {@code best/best.json},
     * with the genes of its {@code experiment.json}).
     *
     * @throws InputException naming the name, file or directory at fault
     */
    public static TunedPreset load(String presetOrRunDirectory) throws InputException {
        Path path = Path.of(presetOrRunDirectory);
        if (!Files.isDirectory(path)) {
            return new TunedPreset(PresetJson.resolve(presetOrRunDirectory, List.of()), List.of(), presetOrRunDirectory);
        }
        RunFiles run = new RunFiles(path);
        Path best = run.best().resolve("best.json");
        if (!Files.isRegularFile(best)) {
            throw new InputException(presetOrRunDirectory + ": a directory but not a tuning run: no " + best);
        }
        Preset preset = PresetJson.read(best);
        List<String> tuned = ExperimentJson.read(run.experiment()).parameters().stream().map(Parameter::path).toList();
        return new TunedPreset(preset, tuned, best.toString());
    }

    /**
     * @return whether a run tuned the field at {@code path}: a gene at that path, at a
     *         sub-object containing it (a variant gene), or inside it
     */
    public boolean tuned(String path) {
        for (String gene : tunedPaths) {
            if (gene.equals(path) || path.startsWith(gene + ".") || gene.startsWith(path + ".")) return true;
        }
        return false;
    }

    /** @return {@code " (tuned)"} when {@link #tuned(String)}, else an empty string: for comments. */
    public String mark(String path) {
        return tuned(path) ? " (tuned)" : "";
    }
}
