package io.flocktune.api;

import io.flocktune.tuner.compare.ComparisonFiles;
import io.flocktune.tuner.compare.ComparisonReport;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.report.Charts;
import io.flocktune.tuner.report.Report;
import io.flocktune.tuner.run.RunFiles;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The standard charts of a finished run, drawn by the same code as its {@code report.html}, as
 * {@link Figure}s: XChart objects to show or restyle, or PNG and SVG. The figures are read back
 * from the run's files, so a run made by the command line or by {@link Tune} or {@link Compare}
 * works alike.
 *
 * {@snippet :
 * Tuning.Result run = Tune.of("default").withReport(false).run(Path.of("results/api-demo"));
 * Figure convergence = Plots.tuning(run.directory(), "convergence");
 * byte[] png = convergence.png();
 * org.knowm.xchart.XYChart fitness = (org.knowm.xchart.XYChart) convergence.charts().getLast();
 * }
 */
public final class Plots {
    private Plots() {}

    /**
     * @return the figures of a tuning run, in report order: {@code convergence}, {@code pareto}
     *         (two objectives or more), {@code parameters}, {@code sensitivity}, {@code validation}
     *         (once validated)
     * @throws InputException not a run directory, or tables that cannot be read
     */
    public static List<Figure> tuning(Path runDirectory) throws InputException {
        return Charts.figures(runDirectory).stream().map(Figure::of).toList();
    }

    /**
     * @return the tuning run's figure called {@code name}
     * @throws InputException as {@link #tuning(Path)}, or no such figure (the message lists those there are)
     */
    public static Figure tuning(Path runDirectory, String name) throws InputException {
        return named(tuning(runDirectory), name, runDirectory);
    }

    /**
     * @return the figures of a finished comparison: {@code replicates} and {@code a12} (the forest plot of A12)
     * @throws InputException not a finished comparison directory
     */
    public static List<Figure> comparison(Path directory) throws InputException {
        return ComparisonReport.figures(directory).stream().map(Figure::of).toList();
    }

    /**
     * Draws the charts and {@code report.html} of a finished run or comparison directory again from
     * its files, as {@code flocktune report DIR} does.
     *
     * @param log where warnings go (e.g. a chart that could not be drawn)
     * @return the report's path
     * @throws InputException       neither a run nor a comparison directory, or files that cannot be read or written
     * @throws InterruptedException interrupted while drawing a run's report
     */
    public static Path report(Path directory, PrintWriter log) throws InputException, InterruptedException {
        if (ComparisonFiles.isComparison(directory)) {
            ComparisonReport.write(directory, log);
            return new ComparisonFiles(directory).report();
        }
        RunFiles files = new RunFiles(directory);
        Report.write(files, log);
        return files.report();
    }

    private static Figure named(List<Figure> figures, String name, Path directory) throws InputException {
        for (Figure f : figures) if (f.name().equals(name)) return f;
        throw new InputException(directory + ": no figure \"" + name + "\"; there are: "
                + String.join(", ", figures.stream().map(Figure::name).toList()));
    }
}
