package io.flocktune.api;

import io.flocktune.objectives.Direction;
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

/** {@link Tune.Builder}, {@link Tune#runInMemory()} and {@link Tune.Listener}, through the API only. */
class ApiTuneBuilderTest {

    /** The experiment of {@link ApiFixtures#tinyExperiment}, built in code. */
    static Tune.Builder tiny(int generations) throws Exception {
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

    static Tune quiet(Tune t) {
        return t.withThreads(2).withReport(false).withLog(new PrintWriter(new StringWriter()));
    }

    @Test
    void anInMemoryRunOfABuiltExperimentHasTheDirectoryRunsFinalistsAndHistory(@TempDir Path tmp) throws Exception {
        Tune tune = quiet(tiny(3).build());
        Tune.Result inDirectory = tune.run(tmp.resolve("run"));
        Tune.Result inMemory = tune.runInMemory();

        assertNull(inMemory.directory());
        assertEquals(inDirectory.stoppedBy(), inMemory.stoppedBy());
        assertEquals(inDirectory.generations(), inMemory.generations());
        assertEquals(inDirectory.selectionSeeds(), inMemory.selectionSeeds());
        assertEquals(3, inMemory.finalists().size(), "the base preset and 2 finalists");
        for (int i = 0; i < inDirectory.finalists().size(); i++) {
            Tune.Finalist d = inDirectory.finalists().get(i), m = inMemory.finalists().get(i);
            assertEquals(d.rank(), m.rank());
            assertEquals(d.candidate(), m.candidate());
            assertEquals(d.fitness(), m.fitness());
            assertEquals(d.selectionFitness(), m.selectionFitness());
            assertEquals(d.searchFitness(), m.searchFitness());
            assertArrayEquals(d.searchMeans(), m.searchMeans());
            assertEquals(d.measurement(), m.measurement());
            assertEquals(d.preset(), m.preset());
            assertEquals(d.preset().toJson(), m.preset().toJson());
            assertNull(m.presetFile());
        }
        assertEquals(Files.readString(inDirectory.best().presetFile()), inMemory.best().preset().toJson(),
                "the in-memory best preset is the directory run's best/ file");
        assertEquals(inDirectory.history(), inMemory.history(), "the rows history.csv holds");
        assertEquals(inDirectory.progress(), inMemory.progress());
    }

    @Test
    void theBuilderMakesTheExperimentTheJsonFormDescribes(@TempDir Path tmp) throws Exception {
        Tune.Result built = quiet(tiny(2).build()).runInMemory();
        Tune.Result json = quiet(Tune.fromJson(ApiFixtures.tinyExperiment(2))).runInMemory();
        assertEquals(json.history(), built.history());
        assertEquals(json.best().preset(), built.best().preset());
    }

    @Test
    void aListenerSeesEveryGenerationInOrder() throws Exception {
        List<Tune.Generation> heard = new ArrayList<>();
        Tune.Result r = quiet(tiny(4).build()).withListener(heard::add).runInMemory();
        assertEquals(4, r.generations());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), heard.stream().map(Tune.Generation::generation).toList(),
                "generation 0 (the initial population) through the last");
        assertEquals(r.progress(), heard);
        for (int g = 1; g < heard.size(); g++) {
            assertTrue(heard.get(g).evaluations() > heard.get(g - 1).evaluations());
            assertTrue(heard.get(g).best() <= heard.get(g).mean());
        }
        assertEquals(2, heard.getFirst().bestMeans().length, "one mean per objective");
        assertThrows(UnsupportedOperationException.class, () -> r.progress().clear());
        double[] means = heard.getFirst().bestMeans();
        means[0] = 99;
        assertFalse(heard.getFirst().bestMeans()[0] == 99, "arrays are copied out");
    }

    @Test
    void aListenerThatThrowsStopsTheRun() throws Exception {
        Tune tune = quiet(tiny(4).build()).withListener(g -> {
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
        Tune.Result r = tune.runInMemory();
        assertEquals(List.of("polarization"), List.copyOf(r.history().getFirst().objectives().keySet()));
        Exception e = assertThrows(Exception.class, () -> tune.run(tmp.resolve("run")));
        assertTrue(e.getMessage().contains("custom metric"), e.getMessage());
    }
}
