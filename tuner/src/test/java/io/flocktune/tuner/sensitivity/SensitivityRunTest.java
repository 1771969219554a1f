package io.flocktune.tuner.sensitivity;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A whole analysis of the tiny experiment: thread-count independence, common seeds, resumption. */
class SensitivityRunTest {
    static final List<String> FILES = List.of("experiment.json", "sensitivity.json", "samples.csv", "indices.csv",
            "charts/morris.png", "charts/morris.svg", "report.html");

    static Sensitivity.Options options(int threads) {
        return new Sensitivity.Options(threads, new PrintWriter(new StringWriter(), true));
    }

    static Plan morris(int trajectories) {
        return new Plan(Plan.FORMAT, Plan.Method.MORRIS, trajectories, 4, 3 * trajectories, 16, 2, 5);
    }

    @Test
    void theFilesAreTheSameForOneAndTwoThreadsAndEveryPointSharesTheReplicateSeeds(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 1);
        Sensitivity.Result one = Sensitivity.start(e, morris(4), tmp.resolve("one"), options(1));
        Sensitivity.Result two = Sensitivity.start(e, morris(4), tmp.resolve("two"), options(2));
        for (String f : FILES) assertTrue(Files.isRegularFile(tmp.resolve("one").resolve(f)), f);
        for (String f : List.of("experiment.json", "sensitivity.json", "samples.csv", "indices.csv", "report.html")) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("one").resolve(f)), Files.readAllBytes(tmp.resolve("two").resolve(f)), f);
        }
        assertEquals(one.indices(), two.indices());
        assertEquals(4 * 6 * 2, one.simulations());
        // common random numbers: replicate r has the same seed at every point
        List<String> rows = Files.readAllLines(tmp.resolve("one/samples.csv"));
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",");
            assertEquals(rows.get(1 + Integer.parseInt(cells[1])).split(",")[2], cells[2], row);
        }
        assertEquals(1 + 4 * 6 * 2, rows.size());
        assertEquals(e.parameters().size() * e.objectives().size() * 3, one.indices().size());
    }

    @Test
    void aResumedAnalysisEndsWithTheFilesOfAnUninterruptedOne(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 1);
        Plan plan = new Plan(Plan.FORMAT, Plan.Method.SOBOL, 2, 4, 2, 16, 2, 3);   // 16 · 7 points · 2 = 224 simulations, 4 batches
        Path whole = tmp.resolve("whole"), cut = tmp.resolve("cut");
        Sensitivity.start(e, plan, whole, options(2));
        Sensitivity.start(e, plan, cut, options(2));
        // a crash after the first batch, in the middle of writing a row
        String samples = Files.readString(cut.resolve("samples.csv"));
        int end = 0;
        for (int line = 0; line < 1 + Sensitivity.BATCH + 1; line++) end = samples.indexOf('\n', end) + 1;
        Files.writeString(cut.resolve("samples.csv"), samples.substring(0, end + 17));
        Files.delete(cut.resolve("indices.csv"));
        Files.delete(cut.resolve("report.html"));
        StringWriter log = new StringWriter();
        Sensitivity.resume(cut, new Sensitivity.Options(1, new PrintWriter(log, true)));
        assertTrue(log.toString().contains("resuming after 65 of 224"), log.toString());
        for (String f : List.of("samples.csv", "indices.csv", "report.html", "charts/sobol.png")) {
            assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(cut.resolve(f)), f);
        }
    }

    @Test
    void aDamagedSamplesFileIsBadInput(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 1);
        Path dir = tmp.resolve("run");
        Sensitivity.start(e, morris(2), dir, options(2));
        List<String> rows = Files.readAllLines(dir.resolve("samples.csv"), StandardCharsets.UTF_8);
        rows.set(3, rows.get(3).replaceFirst("^1,0,", "7,0,"));
        Files.write(dir.resolve("samples.csv"), rows);
        InputException bad = assertThrows(InputException.class, () -> Sensitivity.resume(dir, options(1)));
        assertTrue(bad.getMessage().contains("samples.csv") && bad.getMessage().contains("row 4"), bad.getMessage());
    }
}
