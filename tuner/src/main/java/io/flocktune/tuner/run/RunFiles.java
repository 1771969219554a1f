package io.flocktune.tuner.run;

import io.flocktune.sim.Check;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.store.Study;

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

    /**
     * Wall times: per evaluation and per generation. Kept out of the other tables so that those
     * are bit-identical for any thread count.
     */
    public Path timings() { return root.resolve("timings.csv"); }

    /** The checkpoint of the last completed generation. */
    public Path checkpoint() { return root.resolve("checkpoint").resolve("state.json"); }

    /** Locked while a {@code tune} or {@code tune --resume} works in the directory ({@link Study}). */
    public Path lock() { return root.resolve(Study.LOCK); }

    /** Written once the run, its report included, is finished ({@link Study#finish}). */
    public Path finished() { return root.resolve(Study.FINISHED); }

    /**
     * @return the SHA-256 of {@code experiment.json} as 64 hex digits: a checkpoint records it, so
     *         a resumed run can tell that its experiment was edited
     * @throws InputException naming the file if it cannot be read
     */
    public String hash() throws InputException {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(java.nio.file.Files.readAllBytes(experiment()));
            return java.util.HexFormat.of().formatHex(digest);
        } catch (java.io.IOException e) {
            throw new InputException(experiment() + ": cannot read: " + e.getMessage(), e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
