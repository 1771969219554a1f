package io.flocktune.tuner.compare;

import io.flocktune.sim.Check;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The layout of a comparison directory.
 *
 * @param root the comparison's directory
 */
public record ComparisonFiles(Path root) {
    public ComparisonFiles {
        Check.present("root", root);
    }

    /** @return whether {@code directory} holds a comparison (its comparison.json). */
    public static boolean isComparison(Path directory) {
        return Files.isRegularFile(directory.resolve("comparison.json"));
    }

    /** The fully resolved comparison, with seed and versions. */
    public Path comparison() { return root.resolve("comparison.json"); }

    /** One row per arm and replicate: seed, every objective, status. */
    public Path replicates() { return root.resolve("replicates.csv"); }

    /** Per arm and objective: mean, sd, 95 % CI. */
    public Path summary() { return root.resolve("summary.csv"); }

    /** Per pair of arms and objective: tests, p, p_Holm, A12 and its interval, verdict. */
    public Path pairs() { return root.resolve("pairs.csv"); }

    /** One row per look of the sequential procedure. */
    public Path looks() { return root.resolve("looks.csv"); }

    /** The preset every arm ran, as loaded by {@code flocktune simulate --preset}. */
    public Path arms() { return root.resolve("arms"); }

    /** The tuning run of a "tune first" arm. */
    public Path tuning(String arm) { return root.resolve("tuning").resolve(arm); }

    /** Charts as PNG and SVG. */
    public Path charts() { return root.resolve("charts"); }

    /** The self-contained HTML report. */
    public Path report() { return root.resolve("report.html"); }
}
