package io.flocktune.tuner.report;

import io.flocktune.tuner.run.RunFiles;

import java.io.PrintWriter;

/** Draws the charts and the HTML report of a run directory. */
public final class Report {
    private Report() {}

    /** Writes {@code charts/} and {@code report.html} from the files of a finished run. */
    public static void write(RunFiles files, PrintWriter log) throws io.flocktune.tuner.io.InputException {
        // charts and HTML follow
    }
}
