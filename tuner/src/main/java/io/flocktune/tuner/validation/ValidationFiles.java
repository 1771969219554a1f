package io.flocktune.tuner.validation;

import io.flocktune.objectives.CollectiveState;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.tuner.io.AtomicDirectory;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;

import io.flocktune.tuner.store.Study;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a validation's results into a directory as {@code NAME.csv}, {@code NAME.png} and
 * {@code NAME.svg} (NAME = {@link Validation#name()}), each file whole or not at all.
 *
 * <p>The CSV has one row per swept value: the parameter's column ({@link Validation#parameter()}),
 * then for each objective {@code <name>_mean}, {@code <name>_sd} (sample sd over the seeds),
 * {@code <name>_ci95_low} and {@code <name>_ci95_high} (the 95 % interval of the mean by the
 * objective's interval kind, cut to the range its values can take, {@link Measurement#interval};
 * empty for one seed), and for Couzin the {@code state} of the means ({@link CollectiveState}) and
 * {@code replicate_states}, each seed's own state, separated by {@code ;} (they differ where two
 * states are stable, e.g. torus and dynamic parallel near Δr_o = 2).
 */
public final class ValidationFiles {
    private ValidationFiles() {}

    /**
     * Checks, before the first simulation, that {@link #write} can write into {@code directory}:
     * it is a directory or can be created, and its names fit the file system. Other files there
     * are left alone (one directory holds several validations).
     *
     * @throws InputException one line naming the directory and what is in the way
     */
    public static void check(Validation validation, Path directory) throws InputException {
        for (Path name : directory.toAbsolutePath().normalize()) Study.checkName(directory.toString(), name.toString(), "");
        Study.checkName("validation", validation.name(), ".csv");
        AtomicDirectory.requireWritable(directory);
    }

    /**
     * @param directory created if missing
     * @return the files written: CSV, PNG, SVG
     * @throws InputException naming the file or directory that cannot be written
     */
    public static List<Path> write(Validation validation, List<SweepPoint> points, Path directory) throws InputException {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new InputException(directory + ": cannot create the directory: " + e.getMessage(), e);
        }
        Path csv = directory.resolve(validation.name() + ".csv");
        Path png = directory.resolve(validation.name() + ".png");
        Path svg = directory.resolve(validation.name() + ".svg");
        byte[] table = csv(validation, points);
        XYChart chart = ValidationChart.of(validation, points);
        ByteArrayOutputStream pngBytes = new ByteArrayOutputStream(), svgBytes = new ByteArrayOutputStream();
        try {
            BitmapEncoder.saveBitmap(chart, pngBytes, BitmapEncoder.BitmapFormat.PNG);
            VectorGraphicsEncoder.saveVectorGraphic(chart, svgBytes, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {   // in-memory streams: only the encoders themselves can fail
            throw new IllegalStateException("cannot encode the " + validation.name() + " chart", e);
        }
        Map<Path, byte[]> files = new LinkedHashMap<>();
        files.put(csv, table);
        files.put(png, pngBytes.toByteArray());
        files.put(svg, svgBytes.toByteArray());
        AtomicFile.writeAll(files);   // no CSV without its charts
        return List.of(csv, png, svg);
    }

    private static byte[] csv(Validation validation, List<SweepPoint> points) {
        List<String> header = new ArrayList<>(List.of(validation.parameter()));
        for (ObjectiveSpec objective : validation.objectives()) {
            header.addAll(List.of(objective.name() + "_mean", objective.name() + "_sd", objective.name() + "_ci95_low",
                    objective.name() + "_ci95_high"));
        }
        Validation.Couzin couzin = switch (validation) {
            case Validation.Vicsek vicsek -> null;
            case Validation.Couzin withStates -> withStates;
        };
        if (couzin != null) header.addAll(List.of("state", "replicate_states"));
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new)).setRecordSeparator('\n').get();
        StringBuilder text = new StringBuilder();
        {
            try {
                CSVPrinter printer = new CSVPrinter(text, format);
                for (SweepPoint point : points) {
                    Measurement measurement = point.measurement();
                    printer.print(point.value());
                    for (int k = 0; k < measurement.specs().size(); k++) {
                        double[] ci = measurement.ci95(k);
                        printer.print(measurement.mean(k));
                        printer.print(measurement.sd(k));
                        printer.print(Double.isFinite(ci[0]) ? ci[0] : "");
                        printer.print(Double.isFinite(ci[1]) ? ci[1] : "");
                    }
                    if (couzin != null) {
                        printer.print(couzin.state(point).label());
                        printer.print(String.join(";", couzin.replicateStates(point).stream().map(CollectiveState::label).toList()));
                    }
                    printer.println();
                }
                printer.flush();
            } catch (IOException e) {   // a StringBuilder does not fail
                throw new IllegalStateException(e);
            }
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}
