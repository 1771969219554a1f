package io.flocktune.objectives;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every built-in metric stays in the range it declares ({@link Metric#range}), which the
 * confidence intervals are cut to: the smallest and largest value of each metric over runs of
 * every built-in preset that can measure it, from three seeds.
 */
class MetricRangeTest {
    /** Every metric kind but custom, with parameters; the EvoFlock scores take {@code final} only. */
    private static final List<String> METRICS = List.of("polarization", "milling", "radiusOfGyration",
            "meanDistanceToCentroid", "nearestNeighbourDistance", "largestClusterFraction(link=2)",
            "clusterCount(link=2)", "collisionRate(distance=1)", "meanNeighbourCount(radius=3)",
            "collisionOnsets(distance=1)", "captureRate", "survivalFraction", "timeToFirstCapture",
            "predatorDistance", "meanSpeed", "speedSpread", "headingSpread", "goalDistance");
    private static final List<String> EVOFLOCK = List.of("evoFlockAvoid", "evoFlockSeparate", "evoFlockSpeed",
            "evoFlockCurvature", "evoFlockFitness(curvature=1)", "evoFlockFitness(curvature=0)");
    private static final long STEPS = 60;

    @Test
    void everyMetricStaysInItsRangeOnEveryBuiltInPreset() {
        Set<String> covered = new TreeSet<>();
        int checked = 0;
        for (Map.Entry<String, Preset> entry : Presets.all().entrySet()) {
            Preset preset = entry.getValue();
            List<ObjectiveSpec> specs = new ArrayList<>();
            for (String metric : METRICS) {
                for (String aggregation : List.of("min", "max")) accept(preset, metric + ":" + aggregation, specs);
            }
            for (String metric : EVOFLOCK) accept(preset, metric + ":final", specs);
            for (long seed = 1; seed <= 3; seed++) {
                double[] values = Objectives.evaluate(preset, seed, STEPS, specs);
                for (int k = 0; k < specs.size(); k++) {
                    ObjectiveSpec spec = specs.get(k);
                    Metric.Range range = spec.range();
                    double value = values[k];
                    long s = seed;
                    assertTrue(range.contains(value), () -> entry.getKey() + " seed " + s + ": " + spec.name() + " = "
                            + value + " outside " + range);
                    covered.add(spec.metric().kind());
                    checked++;
                }
            }
        }
        Set<String> kinds = new TreeSet<>();
        for (String metric : METRICS) kinds.add(ObjectiveSpec.parse(metric).metric().kind());
        for (String metric : EVOFLOCK) kinds.add(ObjectiveSpec.parse(metric + ":final").metric().kind());
        assertEquals(kinds, covered, "every metric measured on some built-in preset");
        assertEquals(Metric.kinds().size(), kinds.size(), "the lists above name every metric kind but custom");
        assertTrue(checked > 1000, "values checked: " + checked);
    }

    @Test
    void aFractionOfStepsIsInTheUnitIntervalWhateverItsMetric() {
        assertEquals(Metric.Range.UNIT, ObjectiveSpec.parse("radiusOfGyration:above=3").range());
        assertEquals(Metric.Range.NON_NEGATIVE, ObjectiveSpec.parse("radiusOfGyration:max").range());
        assertEquals(new Metric.Range(0.8, 1), ObjectiveSpec.parse("evoFlockCurvature:final").range());
    }

    private static void accept(Preset preset, String text, List<ObjectiveSpec> specs) {
        ObjectiveSpec spec = ObjectiveSpec.parse(text);
        try {
            Objectives.validate(preset, STEPS, List.of(spec));
        } catch (IllegalArgumentException notForThisPreset) {
            return;
        }
        specs.add(spec);
    }
}
