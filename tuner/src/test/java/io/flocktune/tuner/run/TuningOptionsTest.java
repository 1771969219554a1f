package io.flocktune.tuner.run;

import io.flocktune.objectives.Objectives;
import io.flocktune.tuner.experiment.EvaluatorFactory;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.search.GenerationSummary;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The open parts of {@link Tuning}: results in memory, a listener, the evaluator as an option. */
class TuningOptionsTest {

    private static List<List<String>> csvRows(Path file) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        for (CSVRecord r : CSVFormat.RFC4180.parse(new StringReader(Files.readString(file)))) rows.add(r.toList());
        return rows.subList(1, rows.size());   // without the header
    }

    @Test
    void aRunInMemoryHoldsTheRowsAndFinalistsOfTheSameRunInADirectory(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 3);
        Path dir = tmp.resolve("run");
        Tuning.Result onDisk = Tuning.start(e, dir, Tuning.Options.quiet(2));
        Tuning.Result inMemory = Tuning.inMemory(e, Tuning.Options.quiet(1));

        assertNull(inMemory.directory());
        assertTrue(onDisk.history().isEmpty(), "a run in a directory keeps its rows in history.csv");
        assertEquals(csvRows(dir.resolve("history.csv")), inMemory.history().stream().map(Tuning.HistoryRow::cells).toList());
        assertEquals(onDisk.generations() + 1, inMemory.summaries().size());
        assertEquals(csvRows(dir.resolve("generations.csv")).size(), inMemory.summaries().size());
        assertEquals(onDisk.reason(), inMemory.reason());
        assertEquals(onDisk.finalists().size(), inMemory.finalists().size());
        for (int k = 0; k < onDisk.finalists().size(); k++) {
            Tuning.Finalist a = onDisk.finalists().get(k), b = inMemory.finalists().get(k);
            assertEquals(a.candidate(), b.candidate());
            assertEquals(a.fitness(), b.fitness());
            assertEquals(a.selectionFitness(), b.selectionFitness());
            assertEquals(a.preset(), b.preset());
            assertNull(b.presetFile());
            if (a.presetFile() != null) assertEquals(Files.readString(a.presetFile()), PresetJson.write(b.preset()));
        }
        assertEquals(Tuning.HistoryRow.class, inMemory.history().getLast().getClass());
        assertEquals("baseline", inMemory.history().getLast().role());
        assertEquals(-1, inMemory.history().getLast().candidate());
        assertTrue(tmp.resolve("run").toFile().list().length > 0);
    }

    @Test
    void theListenerHearsEveryGenerationThenTheFinalistsThenTheEnd() throws Exception {
        Experiment e = TinyExperiment.of("", 2);
        List<String> heard = new ArrayList<>();
        List<GenerationSummary> summaries = new ArrayList<>();
        Tuning.Listener listener = new Tuning.Listener() {
            @Override
            public void generation(GenerationSummary summary) {
                heard.add("generation " + summary.generation());
                summaries.add(summary);
            }

            @Override
            public void validated(List<Tuning.Finalist> finalists) {
                heard.add("validated " + finalists.size());
            }

            @Override
            public void finished(Tuning.Result result) {
                heard.add("finished " + result.generations());
            }
        };
        Tuning.Result r = Tuning.inMemory(e, Tuning.Options.quiet(2).withListener(listener));
        assertEquals(List.of("generation 0", "generation 1", "generation 2", "validated " + r.finalists().size(), "finished 2"), heard);
        assertEquals(r.summaries(), summaries);
    }

    @Test
    void theEvaluatorIsAnOption() throws Exception {
        Experiment e = TinyExperiment.of("", 1);
        // the standard measurement, supplied as a researcher's own: the same run
        EvaluatorFactory same = EvaluatorFactory.ofPresets((preset, seed) -> Objectives.evaluate(preset, seed, e.scenario().steps(), e.specs()));
        Tuning.Result standard = Tuning.inMemory(e, Tuning.Options.quiet(2));
        Tuning.Result own = Tuning.inMemory(e, Tuning.Options.quiet(2).withEvaluators(same));
        assertEquals(standard.history(), own.history());

        // another measurement: its values are what the history holds
        EvaluatorFactory constant = EvaluatorFactory.ofPresets((preset, seed) -> new double[] {preset.boids().count(), 0, 0});
        Tuning.Result counted = Tuning.inMemory(e, Tuning.Options.quiet(2).withEvaluators(constant));
        for (Tuning.HistoryRow row : counted.history()) {
            assertTrue(row.ok());
            if (row.candidate() >= 0) assertEquals(Double.parseDouble(row.parameters().get(4)), row.values().getFirst());
        }
    }

    @Test
    void anEvaluatorThatCannotTravelIsRefusedByARemoteRunner() throws Exception {
        Experiment e = TinyExperiment.of("", 1);
        EvaluatorFactory local = EvaluatorFactory.ofPresets((preset, seed) -> new double[] {1, 0, 0});
        Tuning.Options options = Tuning.Options.quiet(1).withEvaluators(local).withRunners(WrappedRunners.local(1, true, batch -> {}));
        InputException x = assertThrows(InputException.class, () -> Tuning.inMemory(e, options));
        assertTrue(x.getMessage().contains("cannot be sent to another JVM"), x.getMessage());
    }
}
