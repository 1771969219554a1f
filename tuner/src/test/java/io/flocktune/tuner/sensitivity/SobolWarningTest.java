package io.flocktune.tuner.sensitivity;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.run.TinyExperiment;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** A Sobol' index outside [0, 1] with its whole interval is flagged; sampling noise that reaches back into [0, 1] is not. */
class SobolWarningTest {
    @Test
    void onlyIndicesWhoseWholeIntervalLiesOutsideZeroOneAreFlagged() throws Exception {
        Experiment e = TinyExperiment.of("", 1);
        String parameter = e.parameters().getFirst().path(), objective = e.objectives().getFirst().spec().name();
        List<Index> indices = List.of(
                new Index(0, 0, "S1", -0.31, -0.52, -0.12, 64),    // below, interval too: flagged
                new Index(0, 0, "ST", 1.2, 1.05, 1.4, 64),         // above, interval too: flagged
                new Index(0, 0, "S1", -0.05, -0.2, 0.1, 64),       // noise around 0: not flagged
                new Index(0, 0, "ST", 1.1, 0.9, 1.3, 64),          // noise around 1: not flagged
                new Index(0, 0, "muStar", -3, -4, -2, 10));        // Morris measures are not shares: not flagged
        List<String> warnings = Sensitivity.warnings(e, indices);
        assertEquals(2, warnings.size(), String.join("\n", warnings));
        assertTrue(warnings.get(0).startsWith("sensitivity: warning: S1 of " + parameter + " on " + objective
                + " = -0.310 [-0.520, -0.120] lies below [0, 1] with its whole interval: too few samples"), warnings.get(0));
        assertTrue(warnings.get(1).contains("ST of " + parameter + " on " + objective + " = 1.20 [1.05, 1.40] lies above [0, 1]"),
                warnings.get(1));
        assertTrue(warnings.get(1).contains("raise --samples"), warnings.get(1));
    }
}
