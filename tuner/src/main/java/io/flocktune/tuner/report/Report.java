package io.flocktune.tuner.report;

import io.flocktune.sim.Preset;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.search.Seeds;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws the charts ({@code charts/*.png|svg}) and the self-contained {@code report.html} of a
 * run directory from its files alone, so a report can be drawn again at any time
 * ({@code flocktune report DIR}). The moving preview replays the best preset and the base preset
 * on the first held-out seed.
 */
public final class Report {
    private Report() {}

    /** Frames of the moving preview. */
    static final int FRAMES = 120;

    /**
     * Starts loading the chart libraries (AWT, fonts, XChart, VectorGraphics2D) on a background
     * daemon thread, by drawing a small chart once. On a fresh JVM that takes seconds; started
     * when a run begins, it overlaps with the search instead of delaying the report.
     */
    public static void prepare() {
        Thread warmUp = new Thread(() -> {
            System.setProperty("java.awt.headless", "true");
            try {
                Charts.warmUp();
            } catch (IOException | RuntimeException ignored) {
                // only a warm-up: the report itself will report any real problem
            }
        }, "flocktune-report-warm-up");
        warmUp.setDaemon(true);
        warmUp.setPriority(Thread.MIN_PRIORITY);
        warmUp.start();
    }

    /**
     * @throws InputException       if the directory is not a run directory or cannot be written
     * @throws InterruptedException if the thread is interrupted (Ctrl-C): every chart and the
     *                              report are whole or absent, never partial
     */
    public static void write(RunFiles files, PrintWriter log) throws InputException, InterruptedException {
        System.setProperty("java.awt.headless", "true");
        RunData data = RunData.read(files);
        Experiment e = data.experiment();
        try {
            Files.createDirectories(files.charts());
            List<Charts.Figure> figures = Charts.all(data);
            checkInterrupted();
            List<Html.Rendered> rendered = new ArrayList<>();
            for (byte[] png : figures.parallelStream().map(f -> Charts.save(f, files.charts())).toList()) {
                rendered.add(new Html.Rendered(figures.get(rendered.size()), png));
            }
            checkInterrupted();
            List<Trajectory> trajectories = new ArrayList<>();
            if (Files.isRegularFile(files.best().resolve("best.json"))) {
                long seed = Seeds.test(e.seed(), 0);
                Preset base = PresetJson.fromTree(ExperimentJson.effectiveBase(e), e.name() + ": base");
                Preset best = PresetJson.read(files.best().resolve("best.json"));
                trajectories.add(Trajectory.record("base preset: " + e.baseName(), base, seed, e.scenario().steps(), FRAMES));
                trajectories.add(Trajectory.record("best preset: best/best.json", best, seed, e.scenario().steps(), FRAMES));
            }
            checkInterrupted();
            try (AtomicFile out = AtomicFile.create(files.report())) {
                out.writer().write(Html.page(data, rendered, trajectories));
                out.commit();
            }
        } catch (IOException | java.io.UncheckedIOException ex) {
            throw new InputException(files.root() + ": cannot write the report: " + ex.getMessage(), ex);
        }
    }

    private static void checkInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted; every chart and report.html is whole or absent, never partial");
        }
    }
}
