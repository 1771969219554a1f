package io.flocktune.api;

import io.flocktune.tuner.run.Tuning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Tune}, through the API only, on a tiny experiment. */
class ApiTuneTest {

    @Test
    void tuneReturnsFinalistsWhoseBestPresetReloadsBitForBitAndTheHistoryRows(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        Tune tune = Tune.fromJson(ApiFixtures.tinyExperiment(3)).withThreads(2).withReport(false)
                .withLog(new PrintWriter(new StringWriter()));
        Tuning.Result r = tune.run(dir);

        assertEquals(dir, r.directory());
        assertEquals(3, r.finalists().size(), "the base preset and 2 finalists");
        assertEquals(0, r.base().rank());
        assertNull(r.base().presetFile());
        Tuning.Finalist best = r.best();
        assertEquals(1, best.rank());
        assertEquals(5, best.measurement().replicates(), "measured on the 5 test seeds");
        assertEquals(List.of("polarization", "collisions"),
                best.measurement().specs().stream().map(s -> s.name()).toList());
        assertTrue(Files.isRegularFile(best.presetFile()));
        FlockPreset reloaded = FlockPreset.read(best.presetFile());
        assertEquals(best.preset(), reloaded.preset());
        assertEquals(FlockPreset.of(best.preset()).toJson(), reloaded.toJson());
        assertEquals(Files.readString(best.presetFile()), reloaded.toJson(), "best/ holds exactly toJson()");

        assertEquals(List.of(), r.history(), "a run in a directory keeps its history in history.csv");
        List<Tuning.HistoryRow> history = Tune.history(dir);
        assertEquals(Files.readAllLines(dir.resolve("history.csv")).size() - 1, history.size());
        assertEquals(10, history.stream().filter(h -> h.role().equals("test")).count(), "2 finalists x 5 test seeds");
        assertEquals(5, history.stream().filter(h -> h.role().equals("baseline")).count());
        Tuning.HistoryRow first = history.getFirst();
        assertEquals("new", first.role());
        assertEquals(2, first.parameters().size(), "separation.weight, alignment.weight");
        assertEquals(2, first.values().size(), "polarization, collisions");
        List<String> lines = Files.readAllLines(dir.resolve("history.csv"));
        for (int k = 0; k < history.size(); k++) {
            assertEquals(lines.get(k + 1), String.join(",", history.get(k).cells()), "row " + k + " reads back as written");
        }
        assertThrows(UnsupportedOperationException.class, () -> first.values().set(0, 1.0));

        Exception again = assertThrows(Exception.class, () -> tune.run(dir));
        assertEquals(dir + ": exists and is not empty; continue it with --resume " + dir + " or choose another --out",
                again.getMessage());
    }
}
