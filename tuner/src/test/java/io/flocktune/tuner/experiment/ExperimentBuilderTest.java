package io.flocktune.tuner.experiment;

import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.search.Strategy;
import io.flocktune.tuner.space.Scenarios;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class ExperimentBuilderTest {

    /** The built-in {@code default} experiment, written in code. */
    static ExperimentBuilder defaultInCode() {
        return ExperimentBuilder.from(Presets.get("reynolds"))
                .name("default")
                .description(Experiments.builtIn("default").description())
                .set("predators.count", 1)
                .logRange("separation.weight", 0.3, 6)
                .range("separation.radius", 0.5, 3)
                .logRange("alignment.weight", 0.05, 3)
                .logRange("cohesion.weight", 0.05, 3)
                .range("neighbourhood.radius", 2, 12)
                .range("predators.fleeWeight", 0, 4)
                .objective("polarization:mean:max:every=5", 1, 0.1)
                .objective("largestClusterFraction(link=5):mean:max:every=5,name=cohesion", 1, 0.1)
                .objective("collisionRate(distance=0.5):mean:min:every=5,name=collisions", 1, 0.001)
                .objective("captureRate:mean:min:name=captures", 1, 10)
                .combine(Combination.WEIGHTED_SUM)
                .scenario(100, 400, 150)
                .replicates(2, 1, 30, 30, 5)
                .population(20).offspringFraction(0.6).selector(new Selection.Tournament(3)).elitism(2)
                .mutation(0.2, 0.12).crossoverRate(0.6)
                .generations(12)
                .evaluationTimeLimit(Duration.ofSeconds(60))
                .seed(1);
    }

    @Test
    void theDefaultExperimentBuiltInCodeEqualsTheParsedOne() throws Exception {
        Experiment built = defaultInCode().build();
        assertEquals(Experiments.builtIn("default"), built);
        assertEquals(ExperimentJson.write(Experiments.builtIn("default")), ExperimentJson.write(built));
    }

    @Test
    void unsetFieldsTakeTheDefaultsOfTheJsonForm() throws Exception {
        Experiment built = ExperimentBuilder.from(Presets.get("reynolds")).name("m").range("cohesion.weight", 0.1, 2)
                .objective("polarization").build();
        Experiment parsed = ExperimentJson.parse("""
                {"format": "flocktune-experiment/1", "name": "m", "base": "reynolds",
                 "parameters": [{"path": "cohesion.weight", "range": [0.1, 2]}], "objectives": ["polarization"]}
                """, "m", null);
        assertEquals(parsed, built);
    }

    @Test
    void ruleVariantsScenariosAndSearchSettingsAreTyped() throws Exception {
        Map<String, Object> small = new LinkedHashMap<>();
        small.put("boids.count", 20);
        Experiment built = ExperimentBuilder.from(Presets.get("reynolds")).name("tiny").source("tiny.json")
                .set("predators.count", 1)
                .choices("separation", new Separation.Linear(2, 0.05), new Separation.InverseDistance(2, 1.5))
                .logRange("separation.weight", 0.02, 3)
                .integers("boids.count", 20, 40)
                .grid("neighbourhood.radius", 2, 6, 0.5)
                .objective("polarization:mean:max", 1, 0.1)
                .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
                .scenario(0, 60, 20)
                .variant("windy", Map.of("noise.strength", 0.1))
                .aggregate(Scenarios.Aggregate.WORST)
                .search(new Strategy.Random())
                .steadyGenerations(3).wallTime(Duration.ofSeconds(90)).evaluations(1000).maximalAge(50)
                .seed(7)
                .build();
        Experiment parsed = ExperimentJson.parse("""
                {"format": "flocktune-experiment/1", "name": "tiny", "base": "reynolds", "set": {"predators.count": 1},
                 "parameters": [
                   {"path": "separation", "choices": [{"kind": "linear", "radius": 2.0, "weight": 0.05},
                                                      {"kind": "inverseDistance", "radius": 2.0, "weight": 1.5}]},
                   {"path": "separation.weight", "range": [0.02, 3], "scale": "log"},
                   {"path": "boids.count", "integers": [20, 40]},
                   {"path": "neighbourhood.radius", "range": [2, 6], "step": 0.5}],
                 "objectives": [{"spec": "polarization:mean:max", "scale": 0.1},
                                {"spec": "collisionRate(distance=0.5):mean:min:name=collisions", "scale": 0.01}],
                 "scenario": {"steps": 60, "warmup": 20},
                 "scenarios": {"aggregate": "worst", "list": [{"name": "windy", "set": {"noise.strength": 0.1}}]},
                 "search": {"kind": "random"},
                 "ga": {"maximalAge": 50},
                 "stop": {"steadyGenerations": 3, "wallTime": 90, "evaluations": 1000},
                 "seed": 7}
                """, "tiny.json", null);
        assertEquals(parsed, built);
        assertEquals(java.util.List.of("linear", "inverseDistance"),
                ((io.flocktune.tuner.space.Parameter.Choice) built.parameters().getFirst()).labels());
        // and the same genes as the test experiment written in JSON
        assertEquals(TinyExperiment.of("", 4).parameters().getFirst().path(), built.parameters().getFirst().path());
    }

    @Test
    void aBadRangeFailsWithTheMessageOfTheJsonForm() {
        InputException built = assertThrows(InputException.class, () -> defaultInCode().range("cohesion.weight", 3, 0.05).build());
        String json = """
                {"format": "flocktune-experiment/1", "name": "default", "base": "reynolds",
                 "set": {"predators.count": 1},
                 "parameters": [
                   {"path": "separation.weight", "range": [0.3, 6], "scale": "log"},
                   {"path": "separation.radius", "range": [0.5, 3]},
                   {"path": "alignment.weight", "range": [0.05, 3], "scale": "log"},
                   {"path": "cohesion.weight", "range": [0.05, 3], "scale": "log"},
                   {"path": "neighbourhood.radius", "range": [2, 12]},
                   {"path": "predators.fleeWeight", "range": [0, 4]},
                   {"path": "cohesion.weight", "range": [3, 0.05]}],
                 "objectives": ["polarization"]}
                """;
        InputException parsed = assertThrows(InputException.class, () -> ExperimentJson.parse(json, "default", null));
        assertEquals(parsed.getMessage(), built.getMessage());
        assertTrue(built.getMessage().startsWith("default: parameters[6]: "), built.getMessage());

        InputException logOfZero = assertThrows(InputException.class, () -> ExperimentBuilder.from(Presets.get("reynolds"))
                .name("m").logRange("cohesion.weight", 0, 2).objective("polarization").build());
        InputException logOfZeroJson = assertThrows(InputException.class, () -> ExperimentJson.parse("""
                {"format": "flocktune-experiment/1", "name": "m", "base": "reynolds",
                 "parameters": [{"path": "cohesion.weight", "range": [0, 2], "scale": "log"}], "objectives": ["polarization"]}
                """, "m", null));
        assertEquals(logOfZeroJson.getMessage(), logOfZero.getMessage());
    }

    @Test
    void otherBadFieldsFailAsInTheJsonForm() {
        InputException warmup = assertThrows(InputException.class, () -> defaultInCode().scenario(100, 100, 150).build());
        assertTrue(warmup.getMessage().startsWith("default: scenario."), warmup.getMessage());
        InputException name = assertThrows(InputException.class, () -> defaultInCode().name("a b").build());
        assertEquals("a b: name = \"a b\": must be letters, digits, '_', '.' or '-'", name.getMessage());
        InputException none = assertThrows(InputException.class, () -> ExperimentBuilder.from(Presets.get("reynolds"))
                .range("cohesion.weight", 0.1, 2).build());
        assertEquals("experiment: objectives: give at least one", none.getMessage());
    }

    /**
     * The builder assembles the typed experiment without the JSON library: no class it uses is a
     * Jackson class (it fills the file's form records, whose base and versions it leaves out).
     */
    @Test
    void theBuilderUsesNoJson() throws Exception {
        try (var in = ExperimentBuilder.class.getResourceAsStream("ExperimentBuilder.class")) {
            var model = java.lang.classfile.ClassFile.of().parse(in.readAllBytes());
            java.util.List<String> used = new java.util.ArrayList<>();
            for (var entry : model.constantPool()) {
                if (entry instanceof java.lang.classfile.constantpool.ClassEntry c) used.add(c.asInternalName());
            }
            assertTrue(used.contains("io/flocktune/tuner/io/Untyped"), "the scan reads the classes it uses: " + used);
            assertEquals(java.util.List.of(), used.stream().filter(c -> c.startsWith("com/fasterxml")).toList());
        }
    }

    /** A race set in code is the one a file's replicates.race gives, with the file's checks. */
    @org.junit.jupiter.api.Test
    void aRaceInCodeIsTheFilesRace() throws Exception {
        Experiment raced = defaultInCode().race(8, 5, 0.05).build();
        assertEquals(new io.flocktune.tuner.search.Race(8, 5, 0.05), raced.replication().race());
        assertEquals(raced.replication(), ExperimentJson.parse(ExperimentJson.write(raced), "written.json", null).replication());
        Experiment reordered = defaultInCode().race(8, 5, 0.05).replicates(2, 1, 30, 30, 5).build();
        assertEquals(raced.replication(), reordered.replication(), "replicates(...) keeps the race");
        assertThrows(io.flocktune.tuner.io.InputException.class, () -> defaultInCode().race(100, 5, 0.05).build());
    }
}
