package io.flocktune.tuner.space;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

class ParameterSpaceTest {
    @Test
    void rangesDecodeLinearlyAndLogarithmically() {
        Parameter.Range linear = new Parameter.Range("a", 2, 10, Parameter.Scale.LINEAR);
        assertEquals(2, linear.numeric(0));
        assertEquals(6, linear.numeric(0.5));
        Parameter.Range log = new Parameter.Range("a", 0.1, 10, Parameter.Scale.LOG);
        assertEquals(1, log.numeric(0.5), 1e-12);
        assertEquals(0.1, log.numeric(0), 1e-15);
        assertTrue(log.numeric(Math.nextDown(1.0)) < 10);
    }

    @Test
    void integersAreEquallyLikelyUnderUniformGenes() {
        Parameter.Integers p = new Parameter.Integers("boids.count", 3, 6);
        int[] counts = new int[4];
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 40_000; i++) counts[(int) p.whole(random.nextDouble()) - 3]++;
        for (int c : counts) assertEquals(10_000, c, 400, java.util.Arrays.toString(counts));
        assertEquals(6, p.whole(Math.nextDown(1.0)));
    }

    /** A range with a step (BehaviorSearch's [min, step, max]): every grid value equally likely, both ends on the grid. */
    @Test
    void gridValuesAreEquallyLikelyAndOnTheGrid() {
        Parameter.Grid p = new Parameter.Grid("peer.vision", 0, 10, 0.25);
        assertEquals(41, p.values());
        int[] counts = new int[41];
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 410_000; i++) {
            double v = p.numeric(random.nextDouble());
            assertEquals(v, Math.rint(v * 4) / 4, 0, "on the 0.25 grid: " + v);
            counts[(int) Math.rint(v * 4)]++;
        }
        for (int c : counts) assertEquals(10_000, c, 500, java.util.Arrays.toString(counts));
        assertEquals(0, p.numeric(0));
        assertEquals(10, p.numeric(Math.nextDown(1.0)));
        assertEquals("10.0", p.label(Math.nextDown(1.0)));
        assertEquals(0.1 + 3 * 0.1, new Parameter.Grid("g", 0.1, 0.7, 0.1).numeric(0.5), 1e-15, "index 3 of 7 values");
    }

    @Test
    void badGridsAreRejectedWithThePath() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Grid("peer.vision", 0, 10, 0.3))
                .getMessage().startsWith("peer.vision: step = 0.3: must divide max − min = 10.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Grid("g", 0, 1, 0))
                .getMessage().contains("g: step = 0.0: must be > 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Grid("g", 0, 1, Double.NaN))
                .getMessage().contains("must be > 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Grid("g", 0, 1, 1e-12))
                .getMessage().contains("at most 1000000000 steps"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Grid("g", 1, 1, 0.5))
                .getMessage().contains("is empty"));
    }

    @Test
    void badRangesAreRejectedWithThePath() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Range("x.y", 1, 1, Parameter.Scale.LINEAR))
                .getMessage().contains("x.y: range [1.0, 1.0] is empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Range("x.y", 2, 1, Parameter.Scale.LINEAR))
                .getMessage().contains("reversed"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Parameter.Range("x.y", 0, 1, Parameter.Scale.LOG))
                .getMessage().contains("log scale needs min > 0"));
        assertThrows(IllegalArgumentException.class, () -> new Parameter.Integers("n", 5, 4));
    }

    @Test
    void choiceLabelsAreKindsMadeDistinct() throws Exception {
        List<Separation> options = List.of(new Separation.Linear(1, 1), new Separation.Linear(2, 1), new Separation.Normalized(1, 1));
        assertEquals(List.of("linear#0", "linear#1", "normalized"), Parameter.Choice.labelsOf(options));
        assertEquals(List.of("synchronous", "sequential", "2.0", "5", "true", "wrap", "option"), Parameter.Choice.labelsOf(List.of(
                Preset.UpdateOrder.SYNCHRONOUS, Preset.UpdateOrder.SEQUENTIAL, 2.0, 5, true, "wrap",
                Presets.rules("reynolds").goal())));
        Parameter.Choice c = Parameter.Choice.of("separation", options);
        assertEquals(0, c.index(0.0));
        assertEquals(2, c.index(Math.nextDown(1.0)));
    }

    @Test
    void choicesApplyBeforeTheNumericGenesInsideThem() throws Exception {
        Parameter.Choice separation = Parameter.Choice.of("separation", List.of(
                new Separation.Linear(2, 0.05), new Separation.Normalized(3, 1)));
        Parameter.Range weight = new Parameter.Range("separation.weight", 0.5, 1.5, Parameter.Scale.LINEAR);
        // the numeric gene is declared first but applied after the choice
        ParameterSpace space = ParameterSpace.of(Presets.rules("reynolds"), List.of(weight, separation), "test");
        Preset.RuleSet p = assertInstanceOf(Preset.RuleSet.class, space.preset(new double[] {0.5, 0.9}));
        assertEquals(new Separation.Normalized(3, 1.0), p.separation());
        assertEquals(List.of("1.0", "normalized"), space.labels(new double[] {0.5, 0.9}));
        assertArrayEquals(new int[] {0, 2}, space.levels());
    }

    @Test
    void unknownPathsAreNamed() throws Exception {
        var base = Presets.rules("reynolds");
        InputException unknown = assertThrows(InputException.class, () -> ParameterSpace.of(base,
                List.of(new Parameter.Range("cohesion.wieght", 0.1, 1, Parameter.Scale.LINEAR)), "exp.json: parameters"));
        assertTrue(unknown.getMessage().startsWith("exp.json: parameters[0].path = cohesion.wieght: no key \"wieght\""), unknown.getMessage());
        Parameter.Choice separation = Parameter.Choice.of("separation", List.of(
                new Separation.Linear(2, 0.05), new Separation.InverseSquareClamped(2, 1, 1, 1)));
        InputException inside = assertThrows(InputException.class, () -> ParameterSpace.of(base,
                List.of(separation, new Parameter.Range("separation.strength", 0.1, 1, Parameter.Scale.LINEAR)), "exp.json: parameters"));
        assertTrue(inside.getMessage().contains("(with separation = linear)"), inside.getMessage());
    }

    /** Genes that are valid alone can still clash: such candidates fail with the preset's message. */
    @Test
    void genesThatMakeAnInvalidPresetFailWithThePresetsMessage() throws Exception {
        ParameterSpace space = ParameterSpace.of(Presets.rules("reynolds"),
                List.of(new Parameter.Range("boids.minSpeed", 0.2, 0.9, Parameter.Scale.LINEAR),
                        new Parameter.Range("boids.maxSpeed", 0.3, 1.5, Parameter.Scale.LINEAR)), "test");
        assertEquals(0.55, space.preset(new double[] {0.5, 0.9}).boids().minSpeed(), 1e-12);
        InputException e = assertThrows(InputException.class, () -> space.preset(new double[] {0.9, 0.0}));
        assertTrue(e.getMessage().contains("maxSpeed"), e.getMessage());
    }

    /** A range that reaches outside a field's valid values is refused before any simulation, with the preset's rule. */
    @Test
    void rangesAndChoicesOutsideThePresetsRulesAreRefusedUpFront() throws Exception {
        var base = Presets.rules("reynolds");
        InputException speed = assertThrows(InputException.class, () -> ParameterSpace.of(base,
                List.of(new Parameter.Range("boids.minSpeed", 1.5, 2, Parameter.Scale.LINEAR)), "exp.json: parameters"));
        assertEquals("exp.json: parameters[0] (boids.minSpeed): range [1.5, 2.0] reaches outside the valid values: at 1.5, "
                + "the preset is invalid: boids.maxSpeed = 1.0: must be >= minSpeed = 1.5", speed.getMessage());
        InputException angle = assertThrows(InputException.class, () -> ParameterSpace.of(base,
                List.of(new Parameter.Choice("neighbourhood", List.of(new Neighbourhood.Metric(5), Preset.UpdateOrder.SEQUENTIAL),
                        List.of("metric", "wrong"))), "exp.json: parameters"));
        assertEquals("exp.json: parameters[0] (neighbourhood): choice wrong is not valid here, the preset is invalid: "
                + "neighbourhood: expected a neighbourhood (metric, metricExcludingCoincident, fieldOfView, topological, global), "
                + "found sequential", angle.getMessage());
        InputException kind = assertThrows(InputException.class, () -> ParameterSpace.of(base,
                List.of(Parameter.Choice.of("separation.kind", List.of("linear", "normalized"))),
                "exp.json: parameters"));
        assertTrue(kind.getMessage().startsWith("exp.json: parameters[0].path = separation.kind: a rule's kind cannot be a gene"),
                kind.getMessage());
    }
}
