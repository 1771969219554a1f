package io.flocktune.tuner.run;

import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.search.Race;
import io.flocktune.tuner.search.Search;
import io.flocktune.tuner.search.Scoring;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@value #FILE}: how the finalist race of a run went, one row per candidate that raced, in
 * the race's order (survivors by held-out fitness, then the dropped ones, later drops first).
 * Columns: {@code place} (1 = the best), {@code candidate}, {@code held_out_seeds} it ran,
 * {@code fitness} of its held-out means (lower is better; empty if a replicate failed),
 * {@code dropped_after_round} (0 = survived), {@code holm_p} (its Holm-adjusted one-sided
 * p-value against the incumbent in the last round it was tested; empty if never tested).
 */
final class RaceCsv {
    /** The file's name in the run directory. */
    static final String FILE = "race.csv";

    private RaceCsv() {}

    static <C extends Comparable<? super C>> void write(Path file, Race.Result race, Scoring<C> scoring,
                                                        Search<C> search) throws IOException, InputException {
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(csv, Table.FORMAT)) {
            out.printRecord("place", "candidate", "held_out_seeds", "fitness", "dropped_after_round", "holm_p");
            int place = 1;
            for (Race.Entry entry : race.ranking()) {
                Search.Validated v = entry.validated();
                out.printRecord(place++, v.individual().id(), v.replicates().size(),
                        v.failed() ? "" : Table.number(scoring.scalar(search.validatedFitness(v))), entry.eliminated(),
                        Double.isNaN(entry.p()) ? "" : Table.number(entry.p()));
            }
        }
        AtomicFile.write(file, csv.toString());
    }
}
