package io.flocktune.tuner.run;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a known number of simulations, for the analyses that run a fixed design
 * ({@code sensitivity}, {@code robustness}): one line at every tenth of the work and at the end,
 * e.g. {@code robustness: 120 of 600 simulations (20 %), ETA 41 s}, the ETA from the mean rate of
 * this session so far (simulations resumed from disk do not count toward the rate).
 */
public final class Countdown {
    private final PrintWriter log;
    private final String task;
    private final long total;
    private final long first;
    private final long start = System.nanoTime();
    private long reported;

    /**
     * @param log   where the lines go
     * @param task  the line's prefix, e.g. "robustness"
     * @param done  simulations already done (resumed), in [0, total]
     * @param total simulations in all, &ge; 0
     */
    public Countdown(PrintWriter log, String task, long done, long total) {
        if (total < 0 || done < 0 || done > total) throw new IllegalArgumentException("done = " + done + ", total = " + total);
        this.log = log;
        this.task = task;
        this.total = total;
        this.first = done;
        this.reported = total == 0 ? 0 : 10 * done / total;
    }

    /** Records that {@code done} simulations are finished; prints a line when a new tenth (or the end) is reached. */
    public void to(long done) {
        long tenth = total == 0 ? 10 : 10 * done / total;
        if (tenth == reported && done < total) return;
        reported = tenth;
        double elapsed = (System.nanoTime() - start) / 1e9;
        long ran = done - first;
        String eta = done >= total ? "done in " + seconds(elapsed)
                : ran == 0 ? "ETA unknown" : "ETA " + seconds(elapsed / ran * (total - done));
        log.printf(Locale.ROOT, "%s: %d of %d simulations (%d %%), %s%n", task, done, total, total == 0 ? 100 : 100 * done / total, eta);
        log.flush();
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.0f s", s);
    }
}
