package io.flocktune.tuner.run;

import io.flocktune.tuner.search.GenerationSummary;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Reports a run's progress: a progress bar with generation, evaluations per second, best so far
 * and ETA on a terminal; one plain line per generation otherwise (CI logs).
 */
public sealed interface Progress extends AutoCloseable {

    /** A completed generation; {@code last} is the final generation the stop rules allow. */
    void generation(GenerationSummary summary, long last, double evaluationsPerSecond);

    /** A phase after the search, e.g. "validating 5 finalists on 30 held-out seeds". */
    void phase(String text);

    @Override
    void close();

    /**
     * @return a bar on the terminal ({@code System.err}) when {@code terminal}, plain lines on
     *         {@code out} otherwise
     */
    static Progress on(PrintWriter out, boolean terminal, String task, long firstGeneration, long lastGeneration) {
        return terminal ? new Bar(task, firstGeneration, lastGeneration) : new Lines(out);
    }

    /** @return the short text of a generation: best fitness or hypervolume. */
    static String best(GenerationSummary s) {
        return Double.isNaN(s.hypervolume())
                ? String.format(Locale.ROOT, "best %.4g (candidate %d, %d replicates)", s.best(), s.bestId(), s.bestReplicates())
                : String.format(Locale.ROOT, "hypervolume %.4g (front of %d)", s.hypervolume(), s.frontSize());
    }

    /** The me.tongfei progress bar, one step per generation. */
    final class Bar implements Progress {
        private final ProgressBar bar;

        Bar(String task, long first, long last) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(last + 1)
                    .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err))
                    .setUpdateIntervalMillis(250).continuousUpdate()
                    .startsFrom(first, java.time.Duration.ZERO)
                    .build();
        }

        @Override
        public void generation(GenerationSummary s, long last, double rate) {
            bar.stepTo(s.generation() + 1);
            bar.setExtraMessage(String.format(Locale.ROOT, "gen %d/%d %.1f eval/s %s", s.generation(), last, rate, best(s)));
        }

        @Override
        public void phase(String text) {
            bar.setExtraMessage(text);
        }

        @Override
        public void close() {
            bar.close();
        }
    }

    /** Plain lines with an ETA from the mean generation time so far. */
    final class Lines implements Progress {
        private final PrintWriter out;
        private final long start = System.nanoTime();
        private long generationsSeen;

        Lines(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void generation(GenerationSummary s, long last, double rate) {
            generationsSeen++;
            double elapsed = (System.nanoTime() - start) / 1e9;
            double eta = elapsed / generationsSeen * Math.max(0, last - s.generation());
            out.printf(Locale.ROOT, "generation %d/%d: %s, %d evaluations, %.1f eval/s, ETA %.0f s%n",
                    s.generation(), last, best(s), s.evaluations(), rate, eta);
            out.flush();
        }

        @Override
        public void phase(String text) {
            out.println(text);
            out.flush();
        }

        @Override
        public void close() {
            out.flush();
        }
    }
}
