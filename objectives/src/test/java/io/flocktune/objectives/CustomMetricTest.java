package io.flocktune.objectives;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class CustomMetricTest {

    /** Polarization |Σ v̂_i| / N written by a researcher against the view, in the probe's order of operations. */
    static final Metric.Custom MY_POLARIZATION = new Metric.Custom("myPolarization", view -> {
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

    @Test
    void aCustomPolarizationMeasuresExactlyTheBuiltInOne() {
        for (String name : List.of("reynolds", "vicsek")) {
            Preset.RuleSet preset = Presets.rules(name);
            List<ObjectiveSpec> specs = new ArrayList<>();
            for (Metric m : List.of(new Metric.Polarization(), MY_POLARIZATION)) {
                specs.add(ObjectiveSpec.of(m).withWindow(10, 3));
                specs.add(ObjectiveSpec.of(m, Aggregation.FINAL, 0, new Direction.Maximize()));
                specs.add(ObjectiveSpec.of(m, Aggregation.MIN, 0, new Direction.Maximize()).withWindow(5, 1));
                specs.add(ObjectiveSpec.of(m, Aggregation.FRACTION_ABOVE, 0.5, new Direction.Maximize()));
            }
            Measurement m = Objectives.measure(preset, 3, 80, 4, specs);
            for (int k = 0; k < 4; k++) {
                for (int r = 0; r < 4; r++) {
                    assertEquals(Double.doubleToRawLongBits(m.value(k, r)), Double.doubleToRawLongBits(m.value(k + 4, r)),
                            name + " " + specs.get(k).name() + " replicate " + r);
                }
            }
        }
    }

    @Test
    void everyStepOfTheSeriesAgrees() {
        Preset.RuleSet preset = Presets.rules("reynolds");
        Simulation simulation = Simulation.of(preset, 11);
        List<double[]> rows = new ArrayList<>();
        MetricSeries series = new MetricSeries(simulation, List.of(new Metric.Polarization(), MY_POLARIZATION), 1,
                (step, values) -> rows.add(values.clone()));
        simulation.run(30, series);
        assertFalse(rows.isEmpty());
        for (double[] row : rows) assertEquals(row[0], row[1]);
    }

    @Test
    void itIsNamedByItsNameAndHasNoTextForm() {
        ObjectiveSpec spec = ObjectiveSpec.of(MY_POLARIZATION);
        assertEquals("myPolarization", spec.name());
        assertTrue(spec.custom());
        assertFalse(ObjectiveSpec.of(new Metric.Polarization()).custom());
        assertEquals("custom(myPolarization)", MY_POLARIZATION.text());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> ObjectiveSpec.parse(spec.text()));
        assertTrue(x.getMessage().contains("a custom metric is a Java function and has no text form"), x.getMessage());
        assertEquals(23, Metric.kinds().size(), "the listing of metric kinds names the built-in ones");
        assertThrows(IllegalArgumentException.class, () -> new Metric.Custom("no spaces", v -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Metric.Custom("ok", null));
    }
}
