package io.flocktune.tuner.run;

import io.flocktune.sim.Check;

import java.nio.file.Path;

/**
 * The layout of a results directory {@code results/<run-id>/}.
 *
 * @param root the run's directory
 */
public record RunFiles(Path root) {
    public RunFiles {
        Check.present("root", root);
    }

    /** The fully resolved experiment, with seed and versions. */
    public Path experiment() { return root.resolve("experiment.json"); }

    /** One row per simulation: training replicates, then validation. */
    public Path history() { return root.resolve("history.csv"); }

    /** One row per generation. */
    public Path generations() { return root.resolve("generations.csv"); }

    /** The finalists and the base preset on held-out seeds. */
    public Path validation() { return root.resolve("validation.csv"); }

    /** The first Pareto front of the final population. */
    public Path pareto() { return root.resolve("pareto.csv"); }

    /** Best presets, loadable with {@code flocktune simulate --preset}. */
    public Path best() { return root.resolve("best"); }

    /** Charts as PNG and SVG. */
    public Path charts() { return root.resolve("charts"); }

    /** The self-contained HTML report. */
    public Path report() { return root.resolve("report.html"); }

    /** The checkpoint of the last completed generation. */
    public Path checkpoint() { return root.resolve("checkpoint").resolve("state.json"); }
}
