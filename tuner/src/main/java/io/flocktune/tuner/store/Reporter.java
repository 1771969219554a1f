package io.flocktune.tuner.store;

import io.flocktune.tuner.io.InputException;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Draws a study's report (charts and {@code report.html}) from the files in its directory. A
 * study is handed its reporter by the caller, which knows the report's code, so that the study
 * itself never depends on it; the study calls it at its finishing step, before it is marked
 * finished ({@link Study#finish}). Drawing happens in two steps so that a study can start the
 * charts of its tables early and let them draw while it computes the rest.
 */
@FunctionalInterface
public interface Reporter {
    /** Draws nothing. */
    Reporter NONE = (directory, log) -> Optional.empty();

    /**
     * Starts drawing the report of the study in {@code directory}, whose tables so far are
     * written and flushed.
     *
     * @param log where a warning goes, e.g. that Java finds no fonts, so the report is skipped
     * @return the drawing under way, or empty if the report is skipped (the line on {@code log}
     *         said why and how to draw it later)
     * @throws InputException if the directory cannot be read or written
     */
    Optional<Drawing> begin(Path directory, PrintWriter log) throws InputException;

    /**
     * Starts loading what drawing needs (e.g. chart libraries and fonts) on a background thread,
     * so that it overlaps with the study's simulations; nothing by default.
     */
    default void prepare() {}

    /**
     * Draws the report at once, as {@link #begin} then {@link Drawing#finish}.
     *
     * @return whether it was drawn
     * @throws InputException       as {@link #begin}
     * @throws InterruptedException interrupted: each chart and the report are whole or absent
     */
    default boolean draw(Path directory, PrintWriter log) throws InputException, InterruptedException {
        Optional<Drawing> drawing = begin(directory, log);
        if (drawing.isEmpty()) return false;
        try (Drawing d = drawing.get()) {
            d.finish();
        }
        return true;
    }

    /** A report being drawn; closing it waits for what is still being drawn on other threads. */
    interface Drawing extends AutoCloseable {
        /**
         * Draws the rest from the study's final files and writes {@code report.html}.
         *
         * @throws InputException       if a file cannot be read or written
         * @throws InterruptedException interrupted: each chart and the report are whole or absent
         */
        void finish() throws InputException, InterruptedException;

        /**
         * Returns once the drawing has read the study's tables it began from, so that the study
         * may append to them; at once if it read them when it began.
         *
         * @throws InterruptedException interrupted while waiting
         */
        default void awaitInputs() throws InterruptedException {}

        @Override
        void close();
    }
}
