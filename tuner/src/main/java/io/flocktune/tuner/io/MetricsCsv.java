package io.flocktune.tuner.io;

import io.flocktune.objectives.Metric;
import io.flocktune.objectives.MetricSeries;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.StepObserver;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The metric series CSV of {@code simulate --metrics}: header {@code step,<metric>,...} with each
 * metric's text form (e.g. {@code collisionRate(distance=1)}), then one row every K steps from
 * step 0 (the initial state), values written with {@link Double#toString(double)} so they read
 * back exactly. Units are the metrics' own ({@link Metric}).
 */
public final class MetricsCsv {
    private MetricsCsv() {}

    /**
     * Opens the series of a simulation that has not run yet. The file appears only on
     * {@link Series#commit()}; closing without a commit discards it.
     *
     * @param metrics the columns, at least one, no metric twice; predator metrics need predators
     * @param every   write every K-th step, K &ge; 1
     * @throws IllegalArgumentException if the metrics do not fit the simulation (its message
     *                                  names the metric)
     * @throws InputException           naming the file if it cannot be created
     */
    public static Series open(Path file, Simulation simulation, List<Metric> metrics, int every) throws InputException {
        if (metrics.stream().distinct().count() < metrics.size()) {
            throw new IllegalArgumentException("metrics " + metrics.stream().map(Metric::text).toList() + ": a metric is given twice");
        }
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setHeader(columns(metrics))
                .setRecordSeparator('\n')
                .get();
        AtomicFile output = AtomicFile.create(file);
        try {
            CSVPrinter printer = new CSVPrinter(output.writer(), format);
            MetricSeries series = new MetricSeries(simulation, metrics, every, (step, values) -> row(file, printer, step, values));
            return new Series(file, output, printer, series);
        } catch (IOException e) {
            output.close();
            throw new InputException(file + ": cannot write: " + AtomicFile.reason(e), e);
        } catch (RuntimeException e) {
            output.close();
            throw e;
        }
    }

    private static void row(Path file, CSVPrinter printer, long step, double[] values) {
        try {
            printer.print(step);
            for (double value : values) printer.print(value);
            printer.println();
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write: " + AtomicFile.reason(e), e);
        }
    }

    private static String[] columns(List<Metric> metrics) {
        String[] header = new String[metrics.size() + 1];
        header[0] = "step";
        for (int k = 0; k < metrics.size(); k++) header[k + 1] = metrics.get(k).text();
        return header;
    }

    /** A streaming writer of the series; see {@link #open}. Not thread-safe. */
    public static final class Series implements StepObserver, AutoCloseable {
        private final Path file;
        private final AtomicFile output;
        private final CSVPrinter printer;
        private final MetricSeries series;

        private Series(Path file, AtomicFile output, CSVPrinter printer, MetricSeries series) {
            this.file = file;
            this.output = output;
            this.printer = printer;
            this.series = series;
        }

        /**
         * Reads the metrics and writes a row if {@code step} is a multiple of K.
         *
         * @throws UncheckedIOException whose message names the file, if writing fails
         */
        @Override
        public void observe(long step, Flock flock) {
            series.observe(step, flock);
        }

        /** Flushes and moves the file into place. */
        public void commit() throws InputException {
            try {
                printer.flush();
            } catch (IOException e) {
                output.close();
                throw new InputException(file + ": cannot write: " + AtomicFile.reason(e), e);
            }
            output.commit();
        }

        /** Discards the file unless it was committed. */
        @Override
        public void close() {
            output.close();
        }
    }
}
