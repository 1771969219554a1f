package io.flocktune.tuner.export;

/**
 * Turns a preset into the files of one front end. An exporter never drops a parameter silently:
 * whatever the target cannot express (a rule variant it lacks, a third dimension, predators,
 * obstacles, noise, an update order) is listed in {@link Export#unrepresented()}, and the files
 * still carry the closest values with a comment saying what differs.
 *
 * <pre>{@code
 * Export export = Exporters.find("python").orElseThrow().export(TunedPreset.load("results/run"));
 * export.files();          // file name -> content
 * export.unrepresented();  // e.g. "world.boundary.kind = wrap: ..."
 * }</pre>
 */
public interface Exporter {

    /** @return the name given to {@code --to}, e.g. {@code "python"} */
    String format();

    /**
     * @return whether the files are settings for a seed document's own program (which runs only
     *         that seed's rules), not a flocktune engine; {@code --to all} leaves these out
     */
    default boolean seedProgram() {
        return false;
    }

    /** @return one line: the target and what the files are */
    String description();

    /** @return the files for the target and what it cannot represent; a pure function of its argument */
    Export export(TunedPreset preset);
}
