package io.flocktune.tuner.report;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.run.Tuning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A tuning run draws its search's charts while the finalists are validated
 * ({@link Report#begin}); the report it leaves is, byte for byte, the one drawn afterwards from
 * the run's files alone ({@code flocktune report DIR}).
 */
class ReportDuringValidationTest {

    @Test
    void theReportDrawnDuringTheRunIsTheOneDrawnFromItsFiles(@TempDir Path tmp) throws Exception {
        assumeTrue(Report.fontProblem().isEmpty(), "no usable fonts: " + Report.fontProblem().orElse(""));
        Experiment e = TinyExperiment.of("", 3);
        Path run = tmp.resolve("run");
        Tuning.start(e, run, new Tuning.Options(2, false, new PrintWriter(new StringWriter(), true), true).withReporter(Report.TUNING));
        RunFiles files = new RunFiles(run);
        Map<String, byte[]> during = drawn(files);
        assertEquals(11, during.size(), "five charts as PNG and SVG, and report.html: " + during.keySet());

        for (Path p : during.keySet().stream().map(run::resolve).toList()) Files.delete(p);
        Report.write(files, new PrintWriter(new StringWriter(), true));
        Map<String, byte[]> after = drawn(files);
        assertEquals(during.keySet(), after.keySet());
        for (String name : during.keySet()) assertArrayEquals(after.get(name), during.get(name), name);
    }

    /** @return charts/* and report.html by their path in the run directory. */
    private static Map<String, byte[]> drawn(RunFiles files) throws IOException {
        Map<String, byte[]> drawn = new TreeMap<>();
        try (Stream<Path> charts = Files.list(files.charts())) {
            for (Path p : charts.toList()) drawn.put(files.root().relativize(p).toString(), Files.readAllBytes(p));
        }
        drawn.put(files.root().relativize(files.report()).toString(), Files.readAllBytes(files.report()));
        return drawn;
    }
}
