package io.flocktune.tuner.report;

import io.flocktune.sim.Preset;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.search.Seeds;
import io.flocktune.tuner.store.Reporter;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Draws the charts ({@code charts/*.png|svg}) and the self-contained {@code report.html} of a
 * run directory from its files alone, so a report can be drawn again at any time
 * ({@code flocktune report DIR}). The moving preview replays the best preset and the base preset
 * on the first held-out seed.
 */
public final class Report {
    private Report() {}

    /** Whether text can be drawn, found once per JVM: the failure's message, or empty. */
    private static final class FontCheck {
        static final Optional<String> PROBLEM = probe();

        /**
         * Draws one string headless. Without fonts Java fails while it sets up its font
         * manager: a RuntimeException ("Fontconfig head is null"), an InternalError or a
         * LinkageError (a missing libfreetype, or the font manager's class failed to initialize
         * earlier); only these are caught, and only here.
         */
        private static Optional<String> probe() {
            System.setProperty("java.awt.headless", "true");
            try {
                Graphics2D g = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB).createGraphics();
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                g.drawString("0.5", 0, 8);
                g.dispose();
                return Optional.empty();
            } catch (RuntimeException | InternalError | LinkageError e) {
                String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                return Optional.of(message.lines().findFirst().orElse("").strip());
            }
        }
    }

    /** @return why charts cannot be drawn in this JVM (no usable fonts), or empty if they can */
    public static Optional<String> fontProblem() {
        return FontCheck.PROBLEM;
    }

    /**
     * The report of a tuning run, as a {@link Reporter} that a run draws at its end
     * ({@code Tuning.Options.withReporter(Report.TUNING)}): {@link #beginOrSkip}, and
     * {@link #prepare} while the search runs.
     */
    public static final Reporter TUNING = new Reporter() {
        @Override
        public Optional<Reporter.Drawing> begin(java.nio.file.Path directory, PrintWriter log) throws InputException {
            return beginOrSkip(new RunFiles(directory), log).map(d -> d);
        }

        @Override
        public void prepare() {
            Report.prepare();
        }
    };

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
                if (fontProblem().isEmpty()) Charts.warmUp();
            } catch (IOException | RuntimeException ignored) {
                // only a warm-up: the report itself will report any real problem
            }
        }, "flocktune-report-warm-up");
        warmUp.setDaemon(true);
        warmUp.setPriority(Thread.MIN_PRIORITY);
        warmUp.start();
    }

    /**
     * Draws the report as {@link #write} does, or, on a machine where Java finds no usable fonts
     * (a typical cluster node or container: "Fontconfig head is null"), draws nothing and prints
     * one line on {@code log} that says how to draw it elsewhere. The run's result files are
     * not touched either way.
     *
     * @return whether the report was drawn
     * @throws InputException       as {@link #write}
     * @throws InterruptedException as {@link #write}
     */
    public static boolean writeOrSkip(RunFiles files, PrintWriter log) throws InputException, InterruptedException {
        Optional<Drawing> drawing = beginOrSkip(files, log);
        if (drawing.isEmpty()) return false;
        try (Drawing d = drawing.get()) {
            d.finish();
        }
        return true;
    }

    /**
     * @throws InputException       if the directory is not a run directory or cannot be written,
     *                              or Java finds no usable fonts to draw the charts with
     * @throws InterruptedException if the thread is interrupted (Ctrl-C): every chart and the
     *                              report are whole or absent, never partial
     */
    public static void write(RunFiles files, PrintWriter log) throws InputException, InterruptedException {
        try (Drawing d = begin(files)) {
            d.finish();
        }
    }

    /**
     * Starts drawing the report: the charts of the search alone (convergence, parameters,
     * sensitivity), which read only {@code generations.csv} and the candidates of
     * {@code history.csv}, are read and drawn on other threads from now on, so a tuning run
     * draws them while its finalists are validated; {@link Drawing#finish} draws the rest. Call
     * it when the search has ended and its tables are flushed, and append nothing to them before
     * {@link Drawing#awaitInputs}.
     *
     * @throws InputException as {@link #write}
     */
    public static Drawing begin(RunFiles files) throws InputException {
        Optional<String> problem = fontProblem();
        if (problem.isPresent()) {
            throw new InputException(files.root() + ": cannot draw the charts: Java finds no usable fonts (" + problem.get()
                    + "); install fonts (Debian: apt-get install fonts-dejavu-core) or draw the report on another machine");
        }
        try {
            Files.createDirectories(files.charts());
        } catch (IOException ex) {
            throw new InputException(files.root() + ": cannot write the report: " + ex.getMessage(), ex);
        }
        CompletableFuture<RunData> read = CompletableFuture.supplyAsync(() -> {
            try {
                return RunData.read(files);
            } catch (InputException ex) {
                throw new CompletionException(ex);
            }
        });
        // async even when the read is done already: thenApply would then draw on the calling thread
        return new Drawing(files, read, read.thenApplyAsync(search -> save(Charts.ofSearch(search), files)));
    }

    /** As {@link #begin}, or empty after the one line {@link #writeOrSkip} prints where Java finds no usable fonts. */
    public static Optional<Drawing> beginOrSkip(RunFiles files, PrintWriter log) throws InputException {
        Optional<String> problem = fontProblem();
        if (problem.isPresent()) {
            log.println("flocktune: warning: charts and report.html skipped, Java finds no usable fonts (" + problem.get()
                    + "); every result file is written; draw the report where fonts are installed with: ./flocktune report "
                    + files.root());
            log.flush();
            return Optional.empty();
        }
        return Optional.of(begin(files));
    }

    /** Saves the figures on the common pool's threads, each as PNG and SVG. */
    private static List<Html.Rendered> save(List<Charts.Figure> figures, RunFiles files) {
        return figures.parallelStream().map(f -> new Html.Rendered(f, Charts.save(f, files.charts()))).toList();
    }

    /** A report being drawn ({@link #begin}); closing it waits for the charts still being drawn. */
    public static final class Drawing implements Reporter.Drawing {
        private final RunFiles files;
        private final CompletableFuture<RunData> read;
        private final CompletableFuture<List<Html.Rendered>> search;

        private Drawing(RunFiles files, CompletableFuture<RunData> read, CompletableFuture<List<Html.Rendered>> search) {
            this.files = files;
            this.read = read;
            this.search = search;
        }

        /**
         * Waits until the search's tables have been read (or failed to be; {@link #finish} says
         * how), after which the run may append to them.
         */
        @Override
        public void awaitInputs() throws InterruptedException {
            try {
                read.get();
            } catch (ExecutionException ex) {
                if (ex.getCause() instanceof Error error) throw error;
                // reported by finish()
            }
        }

        /**
         * Draws the figures of the results (Pareto front, validation) and the moving preview,
         * waits for the search's charts, and writes {@code report.html}: the same files as
         * drawing it all at once. Call it once the run's results are written.
         *
         * @throws InputException       as {@link #write}
         * @throws InterruptedException as {@link #write}
         */
        public void finish() throws InputException, InterruptedException {
            RunData data = RunData.read(files);
            Experiment e = data.experiment();
            try {
                checkInterrupted();
                List<Html.Rendered> rendered = new ArrayList<>(save(Charts.ofResults(data), files));
                checkInterrupted();
                List<Pages.Recording> previews = new ArrayList<>();
                if (Files.isRegularFile(files.best().resolve("best.json"))) {
                    long seed = Seeds.test(e.seed(), 0);
                    Preset base = e.effectiveBase();
                    Preset best = PresetJson.read(files.best().resolve("best.json"));
                    previews.add(Pages.record("base preset: " + e.baseName(), base, seed, e.scenario().steps(), FRAMES));
                    previews.add(Pages.record("best preset: best/best.json", best, seed, e.scenario().steps(), FRAMES));
                }
                checkInterrupted();
                rendered.addAll(search.get());
                rendered.sort(Charts.inReportOrder(r -> r.figure().name()));
                try (AtomicFile out = AtomicFile.create(files.report())) {
                    out.writer().write(Html.page(data, rendered, previews));
                    out.commit();
                }
            } catch (ExecutionException ex) {
                if (ex.getCause() instanceof Error error) throw error;
                if (ex.getCause() instanceof InputException input) throw input;   // reading the search's tables
                if (!(ex.getCause() instanceof java.io.UncheckedIOException cause)) throw new IllegalStateException(ex.getCause());
                throw new InputException(files.root() + ": cannot write the report: " + cause.getMessage(), cause);
            } catch (IOException | java.io.UncheckedIOException ex) {
                throw new InputException(files.root() + ": cannot write the report: " + ex.getMessage(), ex);
            }
        }

        /** Waits for the search's charts (whole or absent, never partial), whatever became of them. */
        @Override
        public void close() {
            boolean interrupted = false;
            while (!search.isDone()) {
                try {
                    search.get();
                } catch (InterruptedException ex) {
                    interrupted = true;
                } catch (ExecutionException ex) {
                    break;   // reported by finish(), or moot after an earlier failure
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private static void checkInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted; every chart and report.html is whole or absent, never partial");
        }
    }
}
