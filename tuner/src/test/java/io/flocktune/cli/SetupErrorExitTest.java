package io.flocktune.cli;

import io.flocktune.tuner.eval.spark.SparkSetupException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.*;

/** Spark's set-up failing is the user's to fix: one line saying what to check and exit code 2, not "a bug: please report it". */
class SetupErrorExitTest {
    @Test
    void aSparkSetUpFailureIsOneLineAndExitTwo() {
        StringWriter err = new StringWriter();
        int exit = Main.failure(new SparkSetupException("Spark gave up on a batch of 12 trials: Master removed our application: FAILED",
                new IllegalStateException("cause")), new CommandLine(new CompareCommand()), new PrintWriter(err, true), false);
        assertEquals(Main.BAD_INPUT, exit);
        String text = err.toString();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("flocktune: Spark gave up on a batch of 12 trials: Master removed our application: FAILED; a Spark"
                + " set-up problem: check that the master has live workers"), text);
        assertFalse(text.contains("bug"), text);
    }
}
