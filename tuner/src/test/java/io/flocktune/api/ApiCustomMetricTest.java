package io.flocktune.api;

import io.flocktune.objectives.Direction;
import io.flocktune.objectives.FlockView;
import io.flocktune.tuner.experiment.ExperimentBuilder;
import org.junit.jupiter.api.Test;

import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Custom metrics ({@link Measure#withMetric}, {@link Tune#builder}), through the API only. */
class ApiCustomMetricTest {

    /** Polarization, |mean unit heading|, written against the flock view. */
    static final ToDoubleFunction<FlockView> POLARIZATION = view -> {
        double sumX = 0, sumY = 0, sumZ = 0;
        for (int i = 0; i < view.count(); i++) {
            double vx = view.vx(i), vy = view.vy(i), vz = view.vz(i);
            double speed = Math.sqrt(vx * vx + vy * vy + vz * vz);
            if (speed > 0) {
                sumX += vx / speed;
                sumY += vy / speed;
                sumZ += vz / speed;
            }
        }
        return Math.sqrt(sumX * sumX + sumY * sumY + sumZ * sumZ) / view.count();
    };

    @Test
    void aCustomPolarizationMeasuresExactlyTheBuiltInsValues() throws Exception {
        for (String preset : new String[] {"reynolds", "couzin"}) {
            Measure.Result r = Measure.of(FlockPreset.load(preset).with("boids.count", 40)).withSteps(120).withReplicates(4)
                    .withThreads(2).withObjectives("polarization").withMetric("mine", POLARIZATION).run();
            assertArrayEquals(r.values("polarization"), r.values("mine"), preset + ": every replicate, bit for bit");
            assertEquals(r.mean("polarization"), r.mean("mine"));
            // a custom metric declares no range, so its interval is not cut to polarization's [0, 1]
            double[] mine = r.ci95("mine");
            assertArrayEquals(new double[] {Math.max(mine[0], 0), Math.min(mine[1], 1)}, r.ci95("polarization"));
        }
    }

    @Test
    void aCustomMetricAloneIsMeasuredFromTheWarmup() throws Exception {
        Measure m = Measure.of(FlockPreset.load("reynolds").with("boids.count", 40)).withSteps(100).withWarmup(30)
                .withReplicates(3).withThreads(2);
        Measure.Result builtIn = m.withObjectives("polarization").run();
        Measure.Result custom = m.withMetric("polarization", POLARIZATION).run();
        assertEquals(1, custom.objectives().size(), "only the custom metric, not the defaults");
        assertArrayEquals(builtIn.values("polarization"), custom.values("polarization"));
    }

    @Test
    void tuningForACustomPolarizationGivesTheBuiltInsRun() throws Exception {
        io.flocktune.tuner.run.Tuning.Result custom = ApiTuneBuilderTest.quiet(experiment(true).build()).runInMemory();
        io.flocktune.tuner.run.Tuning.Result builtIn = ApiTuneBuilderTest.quiet(experiment(false).build()).runInMemory();
        assertEquals(builtIn.history(), custom.history());
        assertEquals(builtIn.best().preset(), custom.best().preset());
        assertEquals(builtIn.best().fitness(), custom.best().fitness());
    }

    private static ExperimentBuilder experiment(boolean custom) throws Exception {
        ExperimentBuilder b = Tune.builder(FlockPreset.load("reynolds")).name("polarized").set("boids.count", 30)
                .logRange("alignment.weight", 0.05, 2).range("neighbourhood.radius", 2, 10);
        b = custom ? b.objective("polarization", POLARIZATION, new Direction.Maximize(), 1, 0.1)
                : b.objective("polarization:mean:max", 1, 0.1);
        return b.scenario(0, 60, 20).replicates(2, 1, 4, 4, 2).population(8).generations(2).seed(5);
    }

    @Test
    void aBadNameIsTheCheckedMessage() {
        Exception e = assertThrows(Exception.class,
                () -> Measure.of(FlockPreset.load("reynolds")).withMetric("2nd", POLARIZATION));
        assertEquals(io.flocktune.tuner.io.InputException.class, e.getClass());
        assertEquals("--objective: custom metric name = \"2nd\": must be a letter, then letters, digits, '_', '.' or '-'", e.getMessage());
    }
}
