package io.flocktune.tuner.eval.spark;

import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A standalone master without workers cannot start an executor: the runner says so as a set-up
 * error naming what to check, within its wait, instead of waiting for ever.
 */
@Tag("spark")
class SparkSetupErrorTest {
    @Test
    void aMasterWithoutWorkersIsASetUpErrorNotAHang() throws Exception {
        try (StandaloneCluster cluster = new StandaloneCluster(Path.of("target", "spark-setup-error-test"), 0, 1)) {
            System.setProperty(SparkRunner.EXECUTOR_WAIT, "5");
            try {
                long start = System.nanoTime();
                InputException e = assertThrows(InputException.class, () -> SparkRunner.start(cluster.url(), Duration.ofSeconds(60)));
                assertTrue((System.nanoTime() - start) / 1e9 < 60, "within the wait, not for ever");
                assertTrue(e.getMessage().startsWith("--master " + cluster.url() + ": no executor could start within 5 s; this is a Spark"
                        + " set-up problem: check that the master has live workers"), e.getMessage());
            } finally {
                System.clearProperty(SparkRunner.EXECUTOR_WAIT);
            }
        }
    }
}
