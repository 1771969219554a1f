package io.flocktune.tuner.experiment;

import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.search.Strategy;
import io.flocktune.tuner.space.Parameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.*;

class ExperimentJsonTest {
    @ParameterizedTest
    @ValueSource(strings = {"default", "pareto", "seed001", "behaviorsearch-flocking", "mason-flockers", "mason-flockers-nsga2",
            "evoflock"})
    void builtInsReadAndRoundTrip(String name) throws Exception {
        Experiment e = Experiments.builtIn(name);
        Experiment again = ExperimentJson.parse(ExperimentJson.write(e), "again", null);
        assertEquals(e, again);
        assertEquals(ExperimentJson.write(e), ExperimentJson.write(again));
    }

    @Test
    void paretoDefaultsToNsga2AndDefaultIsSingleObjective() {
        assertEquals(new Selection.Nsga2(), Experiments.builtIn("pareto").genetics().selection());
        assertEquals(Combination.PARETO, Experiments.builtIn("pareto").combination());
        assertEquals(3, Experiments.builtIn("pareto").objectives().size());
        assertEquals(Combination.WEIGHTED_SUM, Experiments.builtIn("default").combination());
    }

    @Test
    void seed001TunesTheSeparationKernelAsAGene() {
        Experiment e = Experiments.builtIn("seed001");
        assertEquals("seed001", e.baseName());
        assertTrue(e.parameters().stream().anyMatch(p -> p instanceof io.flocktune.tuner.space.Parameter.Choice c
                && c.path().equals("separation") && c.labels().equals(java.util.List.of("seed000", "seed001", "seed003", "seed004"))));
    }

    /**
     * BehaviorSearch's tutorial search (peers.md section 2): 50 turtles, 100 ticks, the measure over
     * ticks 75..100, 5 replicates, the five genes on their 0.25 grids (the tutorial's search
     * space of 457 570 701 points), 12 000 model runs.
     */
    @Test
    void behaviorsearchFlockingIsTheTutorialsSearch() {
        Experiment e = Experiments.builtIn("behaviorsearch-flocking");
        assertEquals("netlogo-flocking", e.baseName());
        assertEquals(50, e.scenario().boids());
        assertEquals(100, e.scenario().steps());
        assertEquals(5, e.replication().perEvaluation());
        assertEquals(0, e.replication().perSurvival(), "a kept candidate is not re-run (BehaviorSearch caches)");
        assertEquals(12_000, e.stop().evaluations());
        assertEquals(1, e.objectives().size());
        var spec = e.objectives().getFirst().spec();
        assertEquals(new io.flocktune.objectives.Metric.HeadingSpread(), spec.metric());
        assertEquals(74, spec.warmup());
        assertEquals(1, spec.every());
        long size = 1;
        for (var p : e.parameters()) {
            var grid = assertInstanceOf(io.flocktune.tuner.space.Parameter.Grid.class, p);
            assertEquals(0.25, grid.step());
            assertEquals(0, grid.min());
            size *= grid.values();
        }
        assertEquals(457_570_701L, size, "the tutorial's search-space size");
    }

    @Test
    void aStepMakesARangeAGridAndIsCheckedInOneLine() throws Exception {
        Experiment e = ExperimentJson.parse(minimal("").replace("\"range\": [0.1, 1]}", "\"range\": [0.1, 1], \"step\": 0.05}"),
                "m.json", null);
        assertEquals(new io.flocktune.tuner.space.Parameter.Grid("cohesion.weight", 0.1, 1, 0.05), e.parameters().getFirst());
        assertEquals(e, ExperimentJson.parse(ExperimentJson.write(e), "again", null));
        InputException divide = assertThrows(InputException.class, () -> ExperimentJson.parse(
                minimal("").replace("\"range\": [0.1, 1]}", "\"range\": [0.1, 1], \"step\": 0.2}"), "m.json", null));
        assertTrue(divide.getMessage().startsWith("m.json: parameters[0]: cohesion.weight: step = 0.2: must divide"), divide.getMessage());
        InputException log = assertThrows(InputException.class, () -> ExperimentJson.parse(
                minimal("").replace("\"range\": [0.1, 1]}", "\"range\": [0.1, 1], \"scale\": \"log\", \"step\": 0.05}"), "m.json", null));
        assertTrue(log.getMessage().contains(".step: a range with a step is a linear grid"), log.getMessage());
        InputException integers = assertThrows(InputException.class, () -> ExperimentJson.parse(
                minimal("").replace("\"range\": [0.1, 1]}", "\"integers\": [1, 4], \"step\": 1}").replace("cohesion.weight", "boids.count"),
                "m.json", null));
        assertTrue(integers.getMessage().contains(".step: only a range has a step"), integers.getMessage());
        InputException negative = assertThrows(InputException.class, () -> ExperimentJson.parse(
                minimal("").replace("\"range\": [0.1, 1]}", "\"range\": [0.1, 1], \"step\": -0.05}"), "m.json", null));
        assertTrue(negative.getMessage().contains("step = -0.05: must be > 0"), negative.getMessage());
    }

    static String minimal(String extra) {
        return """
                {"format": "flocktune-experiment/1", "name": "m", "base": "reynolds",
                 "parameters": [{"path": "cohesion.weight", "range": [0.1, 1]}],
                 "objectives": ["polarization"]%s}
                """.formatted(extra);
    }

    @Test
    void defaultsFillTheRest() throws Exception {
        Experiment e = ExperimentJson.parse(minimal(""), "m.json", null);
        assertEquals(1, e.seed());
        assertEquals(24, e.genetics().population());
        assertEquals(new Selection.Tournament(3), e.genetics().selection());
        assertEquals(20, e.stop().generations());
        assertEquals(30, e.replication().validationSeeds());
        assertEquals(30, e.replication().testSeeds(), "30 fresh test seeds for the reported numbers");
    }

    @Test
    void testSeedsAreCheckedAndReadBack() throws Exception {
        Experiment e = ExperimentJson.parse(minimal(", \"replicates\": {\"testSeeds\": 12}"), "m.json", null);
        assertEquals(12, e.replication().testSeeds());
        assertEquals(12, ExperimentJson.parse(ExperimentJson.write(e), "again.json", null).replication().testSeeds());
        InputException one = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"replicates\": {\"testSeeds\": 1}"), "m.json", null));
        assertTrue(one.getMessage().contains("testSeeds"), one.getMessage());
    }

    @Test
    void replicatesCombineDefaultsToMeanReadsWorstAndRefusesOthers() throws Exception {
        assertEquals(io.flocktune.tuner.search.Replication.Combine.MEAN,
                ExperimentJson.parse(minimal(""), "m.json", null).replication().combine());
        Experiment worst = ExperimentJson.parse(minimal(", \"replicates\": {\"combine\": \"worst\"}"), "m.json", null);
        assertEquals(io.flocktune.tuner.search.Replication.Combine.WORST, worst.replication().combine());
        assertEquals(io.flocktune.tuner.search.Replication.Combine.WORST,
                ExperimentJson.parse(ExperimentJson.write(worst), "again.json", null).replication().combine());
        InputException bad = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"replicates\": {\"combine\": \"median\"}"), "m.json", null));
        assertEquals("m.json: replicates.combine = \"median\": must be mean or worst", bad.getMessage());
    }

    @Test
    void evoflockTunesItsFifteenParametersForTheWorstOfFourReplicates() {
        Experiment e = Experiments.builtIn("evoflock");
        assertEquals(15, e.parameters().size());
        assertEquals(4, e.replication().perEvaluation());
        assertEquals(io.flocktune.tuner.search.Replication.Combine.WORST, e.replication().combine());
        assertEquals(new io.flocktune.objectives.Metric.EvoFlockFitness(1), e.objectives().getFirst().spec().metric());
        assertEquals(500, e.scenario().steps());
    }

    @Test
    void searchKindDefaultsToTheAdaptiveSearchAndRoundTrips() throws Exception {
        assertEquals(new Strategy.Adaptive(), ExperimentJson.parse(minimal(""), "m.json", null).search());
        Experiment adaptive = ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"adaptive\", \"modelFrom\": 40}"), "m.json", null);
        assertEquals(new Strategy.Adaptive(Strategy.Finalists.BOTH, 40), adaptive.search());
        assertEquals(adaptive, ExperimentJson.parse(ExperimentJson.write(adaptive), "again", null));
        Experiment capped = ExperimentJson.parse(minimal(", \"search\": {\"modelPoints\": 300}"), "m.json", null);
        assertEquals(new Strategy.Adaptive(Strategy.Finalists.BOTH, Strategy.Adaptive.MODEL_FROM, 300), capped.search());
        assertEquals(capped, ExperimentJson.parse(ExperimentJson.write(capped), "again", null));
        InputException low = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"search\": {\"modelFrom\": 7}"), "m.json", null));
        assertTrue(low.getMessage().startsWith("m.json: search.modelFrom = 7"), low.getMessage());
        InputException other = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"ga\", \"modelFrom\": 40}"), "m.json", null));
        assertEquals("m.json: search.modelFrom: only the adaptive search has it, not kind \"ga\"", other.getMessage());
        Experiment random = ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"random\"}"), "m.json", null);
        assertEquals(new Strategy.Random(), random.search());
        assertEquals(random, ExperimentJson.parse(ExperimentJson.write(random), "again", null));
        assertEquals(new Strategy.Random(), random.withSeed(5).search());
    }

    @Test
    void finalistsAreChosenAsTheSearchSaysAndRoundTrip() throws Exception {
        Experiment posterior = ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"ga\", \"finalists\": \"posterior\"}"), "m.json", null);
        assertEquals(new Strategy.Genetic(Strategy.Finalists.POSTERIOR), posterior.search());
        assertEquals(posterior, ExperimentJson.parse(ExperimentJson.write(posterior), "again", null));
        assertEquals(new Strategy.Model(Strategy.Finalists.POSTERIOR),
                ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"model\"}"), "m.json", null).search());
        assertEquals(new Strategy.Random(Strategy.Finalists.POPULATION),
                ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"random\"}"), "m.json", null).search());
        assertEquals(new Strategy.Adaptive(Strategy.Finalists.BOTH, Strategy.Adaptive.MODEL_FROM),
                ExperimentJson.parse(minimal(""), "m.json", null).search());
        String twoObjectives = minimal(", \"combine\": \"pareto\"").replace("[\"polarization\"]",
                "[\"polarization\", \"collisionRate(distance=0.5):mean:min\"]");
        assertEquals(new Strategy.Genetic(Strategy.Finalists.POPULATION), ExperimentJson.parse(twoObjectives, "m.json", null).search(),
                "a Pareto search's finalists are its front");
        InputException bad = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"search\": {\"finalists\": \"best\"}"), "m.json", null));
        assertEquals("m.json: search.finalists = \"best\": must be population, posterior or both", bad.getMessage());
        String pareto = minimal(", \"combine\": \"pareto\", \"search\": {\"kind\": \"model\"}")
                .replace("[\"polarization\"]", "[\"polarization\", \"collisionRate(distance=0.5):mean:min\"]");
        InputException model = assertThrows(InputException.class, () -> ExperimentJson.parse(pareto, "m.json", null));
        assertEquals("m.json: search.kind = \"model\": a Gaussian process models one fitness, "
                + "so it needs combine weightedSum or targetDistance, not pareto", model.getMessage());
        InputException adaptive = assertThrows(InputException.class,
                () -> ExperimentJson.parse(pareto.replace("\"model\"", "\"adaptive\""), "m.json", null));
        assertEquals("m.json: search.kind = \"adaptive\": a Gaussian process models one fitness, "
                + "so it needs combine weightedSum or targetDistance, not pareto", adaptive.getMessage());
        InputException posteriorFront = assertThrows(InputException.class, () -> ExperimentJson.parse(
                twoObjectives.replace("\"combine\"", "\"search\": {\"finalists\": \"both\"}, \"combine\""), "m.json", null));
        assertEquals("m.json: search.finalists = \"both\": a Pareto search's finalists are its front, so it must be population "
                + "(or left out)", posteriorFront.getMessage());
    }

    @Test
    void badSearchKindIsOneLine() {
        InputException kind = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"cmaes\"}"), "m.json", null));
        assertEquals("m.json: search.kind = \"cmaes\": must be adaptive, ga, random or model", kind.getMessage());
        InputException key = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"search\": {\"kind\": \"random\", \"sigma\": 1}"), "m.json", null));
        assertTrue(key.getMessage().startsWith("m.json: search.sigma: unknown key"), key.getMessage());
    }

    @Test
    void mismatchedCombinationsAreErrors() {
        InputException pareto = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"combine\": \"pareto\""), "m.json", null));
        assertTrue(pareto.getMessage().contains("pareto needs at least 2 objectives"), pareto.getMessage());
        InputException target = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"combine\": \"targetDistance\""), "m.json", null));
        assertTrue(target.getMessage().contains("every objective to be a target"), target.getMessage());
        InputException selector = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"ga\": {\"selector\": \"nsga2\"}"), "m.json", null));
        assertTrue(selector.getMessage().contains("single-objective"), selector.getMessage());
    }

    @Test
    void badBaseAndOverridesAreNamed() {
        InputException base = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal("").replace("\"reynolds\"", "\"nosuch\""), "m.json", null));
        assertTrue(base.getMessage().startsWith("m.json: base = \"nosuch\""), base.getMessage());
        InputException set = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"set\": {\"boids.count\": 0}"), "m.json", null));
        assertTrue(set.getMessage().contains("count"), set.getMessage());
    }

    /** One JSON style with presets: records bound strictly, comments allowed, null never means "absent". */
    @Test
    void strictLikePresetsButWithComments() throws Exception {
        Experiment e = ExperimentJson.parse(minimal(", // the seed\n \"seed\": 5 /* five */"), "m.json", null);
        assertEquals(5, e.seed());
        InputException nul = assertThrows(InputException.class, () -> ExperimentJson.parse(minimal(", \"seed\": null"), "m.json", null));
        assertEquals("m.json: seed is null; give a value or leave the key out", nul.getMessage());
        InputException text = assertThrows(InputException.class, () -> ExperimentJson.parse(minimal(", \"seed\": \"5\""), "m.json", null));
        assertTrue(text.getMessage().startsWith("m.json: seed: expected an integer"), text.getMessage());
        InputException dup = assertThrows(InputException.class, () -> ExperimentJson.parse(minimal(", \"seed\": 5, \"seed\": 6"), "m.json", null));
        assertTrue(dup.getMessage().contains("malformed JSON: seed: duplicate key"), dup.getMessage());
    }

    /** Overrides and choices are read as their path's type into typed records, and written back in that type, whole numbers as given. */
    @Test
    void overridesAndChoicesAreTypedAndWrittenAsGiven() throws Exception {
        Experiment e = ExperimentJson.parse("""
                {"format": "flocktune-experiment/1", "name": "m", "base": "reynolds",
                 "set": {"predators.count": 1, "world.size": 80, "separation": {"kind": "linear", "radius": 2, "weight": 0.5}},
                 "parameters": [{"path": "update", "choices": ["synchronous", "sequential"]},
                                {"path": "neighbourhood", "choices": [{"kind": "metric", "radius": 5}, {"kind": "topological", "count": 7}]}],
                 "objectives": ["polarization"]}""", "m.json", null);
        assertEquals(java.util.List.of(Edit.of("predators.count", 1), Edit.of("world.size", 80.0),
                Edit.of("separation", new Separation.Linear(2, 0.5))), e.set());
        assertEquals(java.util.List.of(Preset.UpdateOrder.SYNCHRONOUS, Preset.UpdateOrder.SEQUENTIAL),
                ((Parameter.Choice) e.parameters().get(0)).options());
        assertEquals(java.util.List.of(new Neighbourhood.Metric(5), new Neighbourhood.Topological(7)),
                ((Parameter.Choice) e.parameters().get(1)).options());
        assertEquals(java.util.List.of("metric", "topological"), ((Parameter.Choice) e.parameters().get(1)).labels());
        String written = ExperimentJson.write(e);
        var tree = new com.fasterxml.jackson.databind.json.JsonMapper().readTree(written);
        assertEquals("80", tree.at("/set/world.size").toString(), written);
        assertEquals("{\"kind\":\"linear\",\"radius\":2,\"weight\":0.5}", tree.at("/set/separation").toString());
        assertEquals("{\"kind\":\"metric\",\"radius\":5}", tree.at("/parameters/1/choices/0").toString());
        assertEquals(e, ExperimentJson.parse(written, "written", null));
        assertEquals(written, ExperimentJson.write(ExperimentJson.parse(written, "written", null)));
    }

    /** A choice that is no value of its path is refused up front, naming the option by its label. */
    @Test
    void aChoiceThatIsNoValueOfItsPathIsRefusedWithItsLabel() {
        InputException wide = assertThrows(InputException.class, () -> ExperimentJson.parse("""
                {"format": "flocktune-experiment/1", "name": "m", "base": "reynolds",
                 "parameters": [{"path": "neighbourhood", "choices": [{"kind": "metric", "radius": 5},
                                 {"kind": "fieldOfView", "radius": 5, "angle": 400}], "labels": ["metric", "wide"]}],
                 "objectives": ["polarization"]}""", "m.json", null));
        assertEquals("m.json: parameters[0] (neighbourhood): choice wide is not valid here, the preset is invalid: "
                + "neighbourhood.angle = 400.0: must be in (0, 360]", wide.getMessage());
        InputException type = assertThrows(InputException.class,
                () -> ExperimentJson.parse(minimal(", \"set\": {\"boids.count\": \"many\"}"), "m.json", null));
        assertTrue(type.getMessage().startsWith("m.json: base with set: boids.count"), type.getMessage());
    }
}
