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
        Experiment e = ExperimentJson.parse(TinyExperiment.json("", 2)
                .replace("\"stop\"", "\"scenarios\": {\"aggregate\": \"worst\", \"list\": [{\"name\": \"small\", \"set\": {\"world.size\": 30}}]},\n  \"stop\""),
                "tiny.json", null);
        assertTrue(e.scenarios().any());
        ExperimentEvaluator local = ExperimentEvaluator.of(e);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(local);
        }
        Object copy;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = in.readObject();
        }
        ExperimentEvaluator remote = assertInstanceOf(ExperimentEvaluator.class, copy);
        assertNotSame(local, remote);
        SplittableRandom random = new SplittableRandom(4);
        for (int n = 0; n < 3; n++) {
            double[] genes = random.doubles(e.parameters().size()).toArray();
            assertArrayEquals(local.evaluate(genes, 11 + n), remote.evaluate(genes, 11 + n));
        }
    }
}
