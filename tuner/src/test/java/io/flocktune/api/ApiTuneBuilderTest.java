package io.flocktune.api;

import io.flocktune.objectives.Direction;
import io.flocktune.tuner.experiment.ExperimentBuilder;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.GenerationSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Tune#builder}, {@link Tune#runInMemory()} and {@link Tune#onGeneration}, through the API only. */
class ApiTuneBuilderTest {

    /** The experiment of {@link ApiFixtures#tinyExperiment}, built in code. */
    static ExperimentBuilder tiny(int generations) throws Exception {
        return Tune.builder(FlockPreset.load("reynolds")).name("tiny").description("tiny test experiment")
                .set("boids.count", 30)
                .logRange("separation.weight", 0.02, 3)
                .logRange("alignment.weight", 0.05, 2)
                .objective("polarization:mean:max", 1, 0.1)
                .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
                .scenario(0, 60, 20)
                .replicates(2, 1, 4, 5, 2)
                .population(8).offspringFraction(0.5).elitism(1)
                .generations(generations)
                .seed(7);
    }

    static Tune quiet(io.flocktune.tuner.experiment.Experiment e) {
        return quiet(Tune.of(e));
    }

    static Tune quiet(Tune t) {
        return t.withThreads(2).withReport(false).withLog(new PrintWriter(new StringWriter()));
    }

    @Test
    void anInMemoryRunOfABuiltExperimentHasTheDirectoryRunsFinalistsAndHistory(@TempDir Path tmp) throws Exception {
        Tune tune = quiet(tiny(3).build());
        List<GenerationSummary> heardInDirectory = new ArrayList<>(), heardInMemory = new ArrayList<>();
        Tuning.Result inDirectory = tune.onGeneration(heardInDirectory::add).run(tmp.resolve("run"));
        Tuning.Result inMemory = tune.onGeneration(heardInMemory::add).runInMemory();

        assertNull(inMemory.directory());
        assertEquals(inDirectory.reason(), inMemory.reason());
        assertEquals(inDirectory.generations(), inMemory.generations());
        assertEquals(inDirectory.selectionSeeds(), inMemory.selectionSeeds());
        assertEquals(3, inMemory.finalists().size(), "the base preset and 2 finalists");
        for (int i = 0; i < inDirectory.finalists().size(); i++) {
            Tuning.Finalist d = inDirectory.finalists().get(i), m = inMemory.finalists().get(i);
            assertEquals(d.rank(), m.rank());
            assertEquals(d.candidate(), m.candidate());
            assertEquals(d.fitness(), m.fitness());
            assertEquals(d.selectionFitness(), m.selectionFitness());
            assertEquals(d.searchFitness(), m.searchFitness());
            assertArrayEquals(d.searchMeans(), m.searchMeans());
            assertEquals(d.measurement(), m.measurement());
            assertEquals(d.preset(), m.preset());
            assertEquals(FlockPreset.of(d.preset()).toJson(), FlockPreset.of(m.preset()).toJson());
            assertNull(m.presetFile());
        }
        assertEquals(Files.readString(inDirectory.best().presetFile()), FlockPreset.of(inMemory.best().preset()).toJson(),
                "the in-memory best preset is the directory run's best/ file");
        assertEquals(Tune.history(inDirectory.directory()), inMemory.history(), "the rows history.csv holds");
        assertEquals(heardInDirectory.stream().map(ApiTuneBuilderTest::row).toList(),
                heardInMemory.stream().map(ApiTuneBuilderTest::row).toList());
        assertEquals(inMemory.summaries().stream().map(ApiTuneBuilderTest::row).toList(),
                heardInMemory.stream().map(ApiTuneBuilderTest::row).toList(), "the rows generations.csv holds");
    }

    /** A generation's figures without its wall times, which differ from run to run. */
    static List<Object> row(GenerationSummary s) {
        return List.of(s.generation(), s.evaluations(), s.failures(), s.best(), s.mean(), s.p10(), s.p90(), s.bestId(),
                java.util.Arrays.toString(s.bestMeans()), s.hypervolume(), s.frontSize());
    }

    @Test
    void theBuilderMakesTheExperimentTheJsonFormDescribes(@TempDir Path tmp) throws Exception {
        Tuning.Result built = quiet(tiny(2).build()).runInMemory();
        Tuning.Result json = quiet(Tune.fromJson(ApiFixtures.tinyExperiment(2))).runInMemory();
        assertEquals(json.history(), built.history());
        assertEquals(json.best().preset(), built.best().preset());
    }

    @Test
    void aListenerSeesEveryGenerationInOrder() throws Exception {
        List<GenerationSummary> heard = new ArrayList<>();
        Tuning.Result r = quiet(tiny(4).build()).onGeneration(heard::add).runInMemory();
        assertEquals(4, r.generations());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), heard.stream().map(GenerationSummary::generation).toList(),
                "generation 0 (the initial population) through the last");
        assertEquals(r.summaries().stream().map(ApiTuneBuilderTest::row).toList(), heard.stream().map(ApiTuneBuilderTest::row).toList());
        for (int g = 1; g < heard.size(); g++) {
            assertTrue(heard.get(g).evaluations() > heard.get(g - 1).evaluations());
            assertTrue(heard.get(g).best() <= heard.get(g).mean());
        }
        assertEquals(2, heard.getFirst().bestMeans().length, "one mean per objective");
        assertThrows(UnsupportedOperationException.class, () -> r.summaries().clear());
        double[] means = heard.getFirst().bestMeans();
        means[0] = 99;
        assertFalse(heard.getFirst().bestMeans()[0] == 99, "arrays are copied out");
    }

    @Test
    void aListenerThatThrowsStopsTheRun() throws Exception {
        Tune tune = quiet(tiny(4).build()).onGeneration(g -> {
            if (g.generation() == 1) throw new IllegalStateException("enough");
        });
        assertEquals("enough", assertThrows(IllegalStateException.class, tune::runInMemory).getMessage());
    }

    @Test
    void aBadFieldFailsAsExperimentJsonDoes() throws Exception {
        Exception e = assertThrows(Exception.class, () -> tiny(3).population(2).build());
        assertEquals(io.flocktune.tuner.io.InputException.class, e.getClass());
        assertTrue(e.getMessage().startsWith("tiny: ga.population"), e.getMessage());
        Exception json = assertThrows(Exception.class,
                () -> Tune.fromJson(ApiFixtures.tinyExperiment(3).replace("\"population\": 8", "\"population\": 2")));
        assertEquals(json.getMessage().substring(json.getMessage().indexOf("ga.population")),
                e.getMessage().substring(e.getMessage().indexOf("ga.population")));
    }

    @Test
    void anExperimentWithACustomMetricRunsInMemoryOnly(@TempDir Path tmp) throws Exception {
        Tune tune = quiet(Tune.builder(FlockPreset.load("reynolds")).name("custom")
                .set("boids.count", 30)
                .logRange("alignment.weight", 0.05, 2)
                .objective("polarization", ApiCustomMetricTest.POLARIZATION, new Direction.Maximize(), 1, 0.1)
                .scenario(0, 60, 20).replicates(2, 1, 4, 5, 2).population(8).generations(1).seed(7)
                .build());
        Tuning.Result r = tune.runInMemory();
        assertEquals(1, r.history().getFirst().values().size(), "one objective: polarization");
        Exception e = assertThrows(Exception.class, () -> tune.run(tmp.resolve("run")));
        assertTrue(e.getMessage().contains("custom metric"), e.getMessage());
    }
}
