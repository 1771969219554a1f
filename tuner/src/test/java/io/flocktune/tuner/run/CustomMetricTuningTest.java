package io.flocktune.tuner.run;

import io.flocktune.objectives.Aggregation;
import io.flocktune.objectives.Direction;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentBuilder;
import io.flocktune.tuner.experiment.ExperimentEvaluator;
import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** Tuning for a researcher's own metric ({@link Metric.Custom}), which runs in this JVM only. */
class CustomMetricTuningTest {

    /** Polarization written against the flock view, in the probe's order of operations. */
    static final Metric.Custom POLARIZATION = new Metric.Custom("myPolarization", view -> {
        double sumX = 0, sumY = 0, sumZ = 0;
        for (int i = 0; i < view.count(); i++) {
            double vx = view.vx(i), vy = view.vy(i), vz = view.vz(i);
            double speed = Math.sqrt(vx * vx + vy * vy + vz * vz);
            if (speed > 0) {
                sumX += vx / speed; sumY += vy / speed; sumZ += vz / speed;
            }
        }
        return Math.sqrt(sumX * sumX + sumY * sumY + sumZ * sumZ) / view.count();
    });

    /** A tiny experiment maximizing {@code polarization} (over steps 21 … 60) and minimizing collisions. */
    static Experiment tiny(Metric polarization) throws InputException {
        ObjectiveSpec spec = new ObjectiveSpec("polarization", polarization, 20, 1, Aggregation.MEAN, 0, new Direction.Maximize());
        return ExperimentBuilder.from(Presets.get("reynolds")).name("tiny")
                .logRange("separation.weight", 0.02, 3)
                .logRange("alignment.weight", 0.05, 2)
                .range("neighbourhood.radius", 2, 10)
                .objective(spec, 1, 0.1)
                .objective("collisionRate(distance=0.5):mean:min:name=collisions", 1, 0.01)
                .scenario(30, 60, 20)
                .replicates(2, 1, 4, 5, 2)
                .population(8).offspringFraction(0.5).elitism(1)
                .generations(2)
                .seed(7)
                .build();
    }

    @Test
    void theBuilderKeepsTheCustomMetric() throws Exception {
        Experiment e = tiny(POLARIZATION);
        assertSame(POLARIZATION, e.specs().getFirst().metric());
        assertEquals("polarization", e.specs().getFirst().name());
        assertEquals(20, e.specs().getFirst().warmup());
        assertEquals("polarization", e.customObjective().orElseThrow().name());
        assertTrue(tiny(new Metric.Polarization()).customObjective().isEmpty());
        assertEquals(tiny(new Metric.Polarization()).specs().getLast(), e.specs().getLast());
    }

    @Test
    void tuningForACustomMetricRunsAndIsDeterministic() throws Exception {
        Experiment custom = tiny(POLARIZATION);
        Tuning.Result one = Tuning.inMemory(custom, Tuning.Options.quiet(1));
        Tuning.Result two = Tuning.inMemory(custom, Tuning.Options.quiet(2));
        assertFalse(one.history().isEmpty());
        assertEquals(one.history(), two.history());
        assertEquals(one.summaries(), two.summaries());
        assertEquals(one.best().preset(), two.best().preset());
        assertTrue(one.history().stream().allMatch(Tuning.HistoryRow::ok));

        // the custom polarization is the built-in one, so the whole run is
        Tuning.Result builtIn = Tuning.inMemory(tiny(new Metric.Polarization()), Tuning.Options.quiet(2));
        assertEquals(builtIn.history(), one.history());
        assertEquals(builtIn.best().preset(), one.best().preset());
    }

    @Test
    void aRunInADirectoryRefusesItBeforeTouchingTheDisk(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        InputException x = assertThrows(InputException.class, () -> Tuning.start(tiny(POLARIZATION), dir, Tuning.Options.quiet(1)));
        assertEquals("experiment tiny: objective \"polarization\" is a custom metric, a Java function, which the run directory's "
                + "experiment.json cannot hold (the run could not be resumed); run it with Tuning.inMemory", x.getMessage());
        assertFalse(Files.exists(dir));
    }

    @Test
    void itCannotTravelToSparkAndSaysSo() throws Exception {
        Experiment e = tiny(POLARIZATION);
        InputException evaluator = assertThrows(InputException.class, () -> ExperimentEvaluator.of(e));
        assertTrue(evaluator.getMessage().startsWith("experiment tiny: objective \"polarization\" is a custom metric, a Java "
                + "function: it cannot be written as JSON nor sent to another JVM"), evaluator.getMessage());

        NotSerializableException serialized = assertThrows(NotSerializableException.class, () -> {
            try (ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream())) {
                out.writeObject(new PresetEvaluator(60, e.specs()));
            }
        });
        assertTrue(serialized.getMessage().contains("custom metric"), serialized.getMessage());

        Tuning.Options remote = Tuning.Options.quiet(1).withRunners(WrappedRunners.local(1, true, batch -> {}));
        InputException run = assertThrows(InputException.class, () -> Tuning.inMemory(e, remote));
        assertEquals("experiment tiny: its evaluator cannot be sent to another JVM (objective \"polarization\" is a custom "
                + "metric, a Java function); run it on local threads", run.getMessage());
    }
}
