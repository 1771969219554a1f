package io.flocktune.objectives;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectiveSpecTest {

    @Test
    void defaults() {
        ObjectiveSpec spec = ObjectiveSpec.parse("polarization");
        assertEquals(new ObjectiveSpec("polarization", new Metric.Polarization(), 0, 1, Aggregation.MEAN, 0,
                new Direction.Maximize()), spec);
        assertEquals(250, ObjectiveSpec.parse("polarization", 250).warmup());
        assertEquals(ObjectiveSpec.of(new Metric.Polarization()), spec);
    }

    @Test
    void examples() {
        assertEquals(new ObjectiveSpec("collisionRate(distance=1)", new Metric.CollisionRate(1), 0, 1, Aggregation.MEAN, 0,
                new Direction.Minimize()), ObjectiveSpec.parse("collisionRate(distance=1):mean:min"));
        assertEquals(new ObjectiveSpec("polarization", new Metric.Polarization(), 0, 1, Aggregation.MEAN, 0,
                new Direction.Target(0.5, 0.05)), ObjectiveSpec.parse("polarization:mean:target=0.5+-0.05"));
        assertEquals(new ObjectiveSpec("largestClusterFraction(link=5).final", new Metric.LargestClusterFraction(5), 0, 1,
                Aggregation.FINAL, 0, new Direction.Maximize()), ObjectiveSpec.parse("largestClusterFraction(link=5):final:max"));
        assertEquals(new ObjectiveSpec("aligned", new Metric.Polarization(), 200, 5, Aggregation.FRACTION_ABOVE, 0.9,
                new Direction.Maximize()), ObjectiveSpec.parse("polarization:above=0.9:maximize:warmup=200,every=5,name=aligned", 7));
        // a direction word may stand alone; min/max are read by position
        assertEquals(new Direction.Minimize(), ObjectiveSpec.parse("clusterCount(link=2):minimize").direction());
        ObjectiveSpec max = ObjectiveSpec.parse("polarization:max");
        assertEquals(Aggregation.MAX, max.aggregation());
        assertEquals(new Direction.Maximize(), max.direction());
        assertEquals(new Direction.Target(3, 0), ObjectiveSpec.parse("meanSpeed:target=3").direction());
        assertEquals(new Direction.Target(3, 0.5), ObjectiveSpec.parse(" meanSpeed : final : target=3±0.5 ").direction());
        assertEquals(12, ObjectiveSpec.parse("milling:warmup=12").warmup());
        assertEquals(new Metric.ClusterCount(2.5), ObjectiveSpec.parse("clusterCount( link = 2.5 )").metric());
    }

    @Test
    void textRoundTripsEveryMetric() {
        for (String kind : Metric.kinds()) {
            String metric = kind.replace("curvature=…", "curvature=1").replace("=…", "=1.5");
            for (String rest : List.of("", ":final:min", ":above=0.25:target=-2+-0.5:every=3,warmup=9", ":max:max:name=x")) {
                ObjectiveSpec spec = ObjectiveSpec.parse(metric + rest);
                assertEquals(spec, ObjectiveSpec.parse(spec.text()), spec.text());
            }
        }
        assertEquals(23, Metric.kinds().size());
        assertEquals("collisionOnsets(distance=0.5)", new Metric.CollisionOnsets(0.5).text());
    }

    @Test
    void windowSamplesBackFromTheLastStep() {
        ObjectiveSpec spec = ObjectiveSpec.of(new Metric.Polarization()).withWindow(3, 3);
        StringBuilder sampled = new StringBuilder();
        for (long t = 0; t <= 11; t++) if (spec.samples(t, 10)) sampled.append(t).append(' ');
        assertEquals("4 7 10 ", sampled.toString());
        ObjectiveSpec all = ObjectiveSpec.of(new Metric.Polarization());
        assertFalse(all.samples(0, 10));
        assertTrue(all.samples(1, 10));
        assertTrue(all.samples(10, 10));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''|missing metric",
            "polarisation|unknown metric \"polarisation\"; allowed: polarization, milling",
            "collisionRate|missing parameter \"distance\"; write collisionRate(distance=VALUE)",
            "collisionRate(radius=1)|unknown parameter \"radius\"; collisionRate takes distance",
            "collisionRate(1)|parameter \"1\" must be NAME=VALUE",
            "collisionRate(distance=1|missing closing parenthesis",
            "collisionRate(distance=abc)|distance = \"abc\": must be a finite number",
            "collisionRate(distance=-1)|distance = -1.0: must be > 0",
            "collisionRate(distance=1,distance=2)|given twice",
            "polarization(link=1)|polarization takes no parameters",
            "polarization:average|unknown part \"average\"; after the metric come an aggregation (mean, final, min, max, above=THRESHOLD)",
            "polarization:mean:final|unexpected \"final\"",
            "polarization:maximize:mean|unexpected \"mean\": only options",
            "polarization:max:max:min|unexpected \"min\"",
            "polarization:above|\"above\" needs a threshold",
            "polarization:above=x|above = \"x\": must be a finite number",
            "polarization:target=0.5+-|tolerance = \"\": must be a finite number",
            "polarization:target=0.5+--1|tolerance = -1.0: must be >= 0",
            "polarization:every=0|every = 0: must be in [1,",
            "polarization:every=2,every=3|option \"every\" given twice",
            "polarization:warmup=-5|warmup = -5: must be >= 0",
            "polarization:warmup=1.5|warmup = \"1.5\": must be a whole number",
            "polarization:every=2,speed=3|bad option \"speed=3\"; allowed: warmup=STEPS, every=STEPS, name=TEXT",
            "polarization:mean=1|\"mean=1\" takes no value",
            "polarization:name=|name = \"\": must be non-blank",
    })
    void badSyntaxNamesTheBadPart(String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ObjectiveSpec.parse(text));
        assertTrue(e.getMessage().startsWith("objective \"" + text + "\": "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, -1})
    void thresholdOnlyWithAbove(double threshold) {
        assertThrows(IllegalArgumentException.class, () -> new ObjectiveSpec("p", new Metric.Polarization(), 0, 1,
                Aggregation.MEAN, threshold, new Direction.Maximize()));
    }

    @Test
    void directionScoresHigherIsBetter() {
        assertEquals(2, new Direction.Maximize().score(2));
        assertEquals(-2, new Direction.Minimize().score(2));
        assertEquals(0, new Direction.Target(1, 0.5).score(1.4));
        assertEquals(-0.5, new Direction.Target(1, 0.5).score(2), 1e-15);
        assertEquals(-0.5, new Direction.Target(1, 0.5).score(0), 1e-15);
    }
}
