package io.flocktune.tuner.experiment;

import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The experiment's evaluator runs from the typed experiment here and travels (to Spark) as its JSON, with the same values. */
class ExperimentEvaluatorTest {

    @Test
    void aSerializedCopyGivesTheSameValues() throws Exception {
        Experiment e = withScenarios();
        assertTrue(e.scenarios().any());
        ExperimentEvaluator local = ExperimentEvaluator.of(e);
        Object copy = serializedCopy(local);
        ExperimentEvaluator remote = assertInstanceOf(ExperimentEvaluator.class, copy);
        assertNotSame(local, remote);
        SplittableRandom random = new SplittableRandom(4);
        for (int n = 0; n < 3; n++) {
            double[] genes = random.doubles(e.parameters().size()).toArray();
            assertArrayEquals(local.evaluate(genes, 11 + n), remote.evaluate(genes, 11 + n));
        }
    }

    /** The evaluator of presets (the base preset's test runs) travels too: a preset is packed as its JSON text and measured alike. */
    @Test
    void theEvaluatorOfPresetsTravelsWithItsScenarios() throws Exception {
        Experiment e = withScenarios();
        var local = ExperimentEvaluator.ofPresets(e);
        Object copy = serializedCopy(local);
        @SuppressWarnings("unchecked")
        var remote = (io.flocktune.tuner.eval.PortableEvaluator<io.flocktune.sim.Preset>) copy;
        io.flocktune.sim.Preset base = e.effectiveBase();
        io.flocktune.sim.Preset sent = remote.unpack(local.pack(base));
        assertEquals(base, sent);
        assertArrayEquals(local.evaluate(base, 3), remote.evaluate(sent, 3));
        var alone = new io.flocktune.tuner.eval.PresetEvaluator(e.scenario().steps(), e.specs());
        assertFalse(java.util.Arrays.equals(alone.evaluate(base, 3), local.evaluate(base, 3)),
                "measured across the scenarios (the worst of the base and a small world), not the base alone");
    }

    /** The tiny experiment with a second scenario (a small world), combined by the worst. */
    private static Experiment withScenarios() throws Exception {
        return ExperimentJson.parse(TinyExperiment.json("", 2)
                .replace("\"stop\"", "\"scenarios\": {\"aggregate\": \"worst\", \"list\": [{\"name\": \"small\", \"set\": {\"world.size\": 30}}]},\n  \"stop\""),
                "tiny.json", null);
    }

    /** @return {@code object} written with Java serialization and read back, as Spark ships it */
    private static Object serializedCopy(Object object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
