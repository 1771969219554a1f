package io.flocktune.tuner.space;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Separation;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.PresetPath;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A candidate is decoded from its genes into a preset by the typed path setters
 * ({@link PresetEdit}), not through JSON, and gives exactly the preset (or the message) the JSON
 * tree of the same genes gives; {@code --set} and genes share the setter and its messages.
 */
class CandidateDecodeTest {

    /** The decoder's classes do not use the JSON library or the JSON layer: a candidate costs no JSON. */
    @Test
    void theDecoderHasNoJsonDependency() throws IOException {
        List<Class<?>> decoder = new ArrayList<>(List.of(PresetEdit.class, PresetPath.class, Edit.class, Scenarios.class,
                ParameterSpace.class, Parameter.class));
        decoder.addAll(List.of(PresetEdit.class.getDeclaredClasses()));
        assertTrue(decoder.size() > 2, "the edit's nested classes are checked too: " + decoder);
        for (Class<?> c : decoder) {
            String constants = classFileText(c);
            for (String forbidden : List.of("com/fasterxml", "io/flocktune/tuner/io/PresetJson", "io/flocktune/tuner/io/StrictJson")) {
                assertFalse(constants.contains(forbidden), c.getName() + " refers to " + forbidden);
            }
        }
    }

    private static String classFileText(Class<?> c) throws IOException {
        String file = c.getName().substring(c.getPackageName().length() + 1) + ".class";
        try (InputStream in = c.getResourceAsStream(file)) {
            assertNotNull(in, file);
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** Random candidates of the default experiment (and one with a rule choice): the typed decode equals binding the genes' JSON tree. */
    @Test
    void typedDecodeEqualsTheJsonTreeOfTheSameGenes() throws Exception {
        Experiment e = ExperimentJson.parse(new String(ExperimentJson.class
                .getResourceAsStream("/io/flocktune/tuner/experiments/default.json").readAllBytes(), StandardCharsets.UTF_8), "default.json", null);
        ParameterSpace numbers = ParameterSpace.of(e.effectiveBase(), e.parameters(), "default");
        ParameterSpace choices = ParameterSpace.of(Presets.get("reynolds"), List.of(
                Parameter.Choice.of("separation", List.of(new Separation.Linear(2, 0.05), new Separation.InverseDistance(2, 1.5))),
                Parameter.Choice.of("update", List.of(Preset.UpdateOrder.SYNCHRONOUS, Preset.UpdateOrder.SEQUENTIAL)),
                new Parameter.Range("separation.weight", 0.01, 3, Parameter.Scale.LOG),
                new Parameter.Integers("boids.count", 10, 60),
                new Parameter.Range("boids.minSpeed", 0, 0.9, Parameter.Scale.LINEAR),
                new Parameter.Range("boids.maxSpeed", 0.6, 2, Parameter.Scale.LINEAR)), "choices");
        SplittableRandom random = new SplittableRandom(19);
        int invalid = 0;
        for (ParameterSpace space : List.of(numbers, choices)) {
            for (int n = 0; n < 300; n++) {
                double[] genes = random.doubles(space.size()).toArray();
                ObjectNode tree = tree(space, genes);
                Preset viaJson;
                try {
                    viaJson = PresetJson.fromTree(tree, "candidate");
                } catch (InputException refused) {
                    InputException typed = assertThrows(InputException.class, () -> space.preset(genes));
                    assertEquals(refused.getMessage(), typed.getMessage());
                    invalid++;
                    continue;
                }
                assertEquals(viaJson, space.preset(genes));
            }
        }
        assertTrue(invalid > 0, "some candidates (minSpeed above maxSpeed) are refused, with the same message");
    }

    /** The JSON tree of {@code genes}: each gene's value in its JSON form set at its path of the base's tree, choices first. */
    private static ObjectNode tree(ParameterSpace space, double[] genes) throws InputException {
        ObjectNode tree = PresetJson.toTree(space.basePreset());
        for (boolean choices : new boolean[] {true, false}) {
            for (int k = 0; k < space.size(); k++) {
                Parameter p = space.parameters().get(k);
                if (p instanceof Parameter.Choice == choices) PresetJson.set(tree, p.path(), PresetJson.partToTree(p.value(genes[k])), "test");
            }
        }
        return tree;
    }

    /** The same bad value gives the same message whether it comes from {@code --set} or from a gene. */
    @Test
    void setAndGenesShareOneSetterAndItsMessages() throws Exception {
        String bySet = assertThrows(InputException.class,
                () -> PresetJson.resolve("reynolds", List.of("boids.minSpeed=0.9", "boids.maxSpeed=0.6"))).getMessage();
        ParameterSpace space = ParameterSpace.of(Presets.get("reynolds"),
                List.of(new Parameter.Range("boids.minSpeed", 0, 0.9, Parameter.Scale.LINEAR),
                        new Parameter.Range("boids.maxSpeed", 0.6, 3, Parameter.Scale.LINEAR)), "x");
        String byGene = assertThrows(InputException.class, () -> space.preset(new double[] {1, 0})).getMessage();
        String rule = "boids.maxSpeed = 0.6: must be >= minSpeed = 0.9";
        assertEquals("reynolds with --set boids.minSpeed=0.9 --set boids.maxSpeed=0.6: " + rule, bySet);
        assertEquals("candidate: " + rule, byGene);

        String edited = assertThrows(InputException.class, () -> new PresetEdit(Presets.get("reynolds"))
                .set(PresetPath.of("boids.minSpeed"), 0.9, "api")
                .set(PresetPath.of("boids.maxSpeed"), 0.6, "api").build("api")).getMessage();
        assertEquals("api: " + rule, edited);
    }

    /** Sets are judged together: a minimum above the old maximum is fine when a later set raises the maximum. */
    @Test
    void aSequenceOfSetsIsCheckedAsAWhole() throws Exception {
        Preset p = PresetJson.resolve("reynolds", List.of("boids.minSpeed=3", "boids.maxSpeed=4"));
        assertEquals(3, p.boids().minSpeed());
        assertEquals(4, p.boids().maxSpeed());
        Preset same = new PresetEdit(Presets.get("reynolds"))
                .set(PresetPath.of("boids.minSpeed"), 3.0, "api")
                .set(PresetPath.of("boids.maxSpeed"), 4L, "api")    // an integer for a double, as in JSON
                .build("api");
        assertEquals(p, same);
    }

    /** A path's unchanged parts are the base's own records: only the records on the path are rebuilt. */
    @Test
    void onlyTheEditedPathIsRebuilt() throws Exception {
        Preset.RuleSet base = (Preset.RuleSet) Presets.get("reynolds");
        Preset.RuleSet p = (Preset.RuleSet) new PresetEdit(base).set(PresetPath.of("separation.weight"), 2.0, "api").build("api");
        assertSame(base.boids(), p.boids());
        assertSame(base.world(), p.world());
        assertNotSame(base.separation(), p.separation());
        assertEquals(2.0, p.separation().weight());
        assertSame(base, new PresetEdit(base).build("api"), "an empty edit is the preset itself");
    }
}
