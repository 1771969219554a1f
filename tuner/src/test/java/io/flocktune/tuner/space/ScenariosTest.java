package io.flocktune.tuner.space;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Experiments measured across several scenarios: the combination, the evaluator and the JSON field. */
class ScenariosTest {
    static final List<ObjectiveSpec> SPECS = List.of(ObjectiveSpec.parse("polarization:mean:max"),
            ObjectiveSpec.parse("collisionRate(distance=1):mean:min"), ObjectiveSpec.parse("milling:mean:target=0.5+-0.1"));

    static Scenarios of(Scenarios.Aggregate aggregate) {
        return new Scenarios(aggregate, List.of(new Scenarios.Variant("a", List.of(Edit.of("boids.count", 20))),
                new Scenarios.Variant("b", List.of(Edit.of("boids.count", 40)))));
    }

    @Test
    void meanAndWorstPerObjectiveByItsDirection() {
        double[][] values = {{0.9, 0.01, 0.55}, {0.5, 0.03, 0.9}};
        assertArrayEquals(new double[] {0.7, 0.02, 0.725}, of(Scenarios.Aggregate.MEAN).combine(values, SPECS), 1e-12);
        // worst: the smaller polarization, the larger collision rate, the milling farther outside its band
        assertArrayEquals(new double[] {0.5, 0.03, 0.9}, of(Scenarios.Aggregate.WORST).combine(values, SPECS), 0);
        double[][] withNaN = {{0.9, Double.NaN, 0.5}, {0.5, 0.03, 0.9}};
        assertTrue(Double.isNaN(of(Scenarios.Aggregate.WORST).combine(withNaN, SPECS)[1]));
    }

    @Test
    void theGeneEvaluatorIsTheWorstOfEachScenarioOnTheSameSeed() throws InputException {
        Experiment e = TinyExperiment.of("", 1);
        Preset base = e.effectiveBase();
        ParameterSpace space = ParameterSpace.of(base, e.parameters(), "tiny");
        PresetEvaluator presets = new PresetEvaluator(60, SPECS.subList(0, 2));
        double[] genes = {0.7, 0.4, 0.3, 0.6, 0.5};
        double[] worst = assertDoesNotThrow(() -> presets.ofGenes(space, of(Scenarios.Aggregate.WORST)).evaluate(genes, 99));
        double[][] each = new double[2][];
        for (int s = 0; s < 2; s++) {
            Preset p = PresetJson.override(space.preset(genes), "test", List.of("boids.count=" + 20 * (s + 1)));
            each[s] = Objectives.evaluate(p, 99, 60, SPECS.subList(0, 2));
        }
        assertEquals(Math.min(each[0][0], each[1][0]), worst[0], 0);
        assertEquals(Math.max(each[0][1], each[1][1]), worst[1], 0);
        // without scenarios the evaluator is the plain one, bit for bit
        assertArrayEquals(assertDoesNotThrow(() -> presets.ofGenes(space).evaluate(genes, 5)),
                assertDoesNotThrow(() -> presets.ofGenes(space, Scenarios.NONE).evaluate(genes, 5)));
    }

    static String experiment(String scenarios) {
        return TinyExperiment.json("", 1).replace("\"seed\": 7", "\"seed\": 7,\n  \"scenarios\": " + scenarios);
    }

    @Test
    void theFieldReadsAndWritesBack() throws InputException {
        Experiment e = ExperimentJson.parse(experiment("""
                {"aggregate": "worst", "list": [{"name": "small", "set": {"predators.count": 2}},
                                                {"name": "wide", "set": {"world.size": 150, "boids.spawnSize": 150}}]}"""), "s.json", null);
        assertEquals(Scenarios.Aggregate.WORST, e.scenarios().aggregate());
        assertEquals(List.of("small", "wide"), e.scenarios().list().stream().map(Scenarios.Variant::name).toList());
        String written = ExperimentJson.write(e);
        assertEquals(e, ExperimentJson.parse(written, "written", null));
        assertTrue(!ExperimentJson.write(TinyExperiment.of("", 1)).contains("\"scenarios\""), "absent when there are none");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"aggregate\": \"median\", \"list\": [{\"name\": \"a\", \"set\": {\"predators.count\": 0}}]}",
            "{\"aggregate\": \"mean\", \"list\": []}",
            "{\"list\": [{\"name\": \"a\", \"set\": {\"alignment.weight\": 1}}]}",
            "{\"list\": [{\"name\": \"a\", \"set\": {\"boids.count\": 0}}]}",
            "{\"list\": [{\"name\": \"a\", \"set\": {\"boids.colour\": 1}}]}",
            "{\"list\": [{\"name\": \"a\", \"set\": {\"predators.count\": 0}}, {\"name\": \"a\", \"set\": {\"predators.count\": 2}}]}",
            "{\"list\": [{\"name\": \"a\", \"set\": {\"predators.count\": 0}, \"weight\": 2}]}",
            "{\"list\": [{\"name\": \"a b\", \"set\": {\"predators.count\": 0}}]}",
            "{\"list\": [{\"name\": \"a\", \"set\": {\"predators.count\": 0}}]}",
    })
    void badScenariosAreOneLine(String scenarios) {
        InputException bad = assertThrows(InputException.class, () -> ExperimentJson.parse(experiment(scenarios), "s.json", null));
        assertTrue(bad.getMessage().startsWith("s.json: ") && bad.getMessage().contains("scenarios"), bad.getMessage());
        assertEquals(1, bad.getMessage().lines().count());
    }

    private static <T> T assertDoesNotThrow(org.junit.jupiter.api.function.ThrowingSupplier<T> s) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(s);
    }
}
