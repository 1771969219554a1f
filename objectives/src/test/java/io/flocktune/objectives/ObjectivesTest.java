package io.flocktune.objectives;

import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.PredatorBehaviour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectivesTest {
    private static final Preset.RuleSet REYNOLDS = Presets.rules("reynolds");

    /** Reynolds with two predators that catch (and remove) boids within 3 world units. */
    private static Preset.RuleSet hunted() {
        Preset.RuleSet p = REYNOLDS;
        return new Preset.RuleSet(p.format(), "hunted", p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(),
                new Preset.Predators(2, new PredatorBehaviour.ChaseCentroid(0.05), 1.5, 10, 0.3, 3, true),
                p.obstacles(), p.goal(), p.noise());
    }

    private static List<ObjectiveSpec> specs(String... texts) {
        return java.util.Arrays.stream(texts).map(ObjectiveSpec::parse).toList();
    }

    @Test
    void captureMetricsMatchTheCaptureLog() {
        Preset.RuleSet preset = hunted();
        long steps = 300, seed = 11;
        double[] values = Objectives.evaluate(preset, seed, steps, specs(
                "captureRate:mean:min", "survivalFraction:final", "timeToFirstCapture:final",
                "predatorDistance:mean", "captureRate:mean:min:warmup=100,every=1"));
        Simulation simulation = Simulation.of(preset, seed);
        simulation.run(steps, (step, flock) -> {});
        List<Capture> captures = simulation.captures();
        System.out.println("captures: " + captures.size() + ", first at step " + (captures.isEmpty() ? "-" : captures.getFirst().step()));
        assertTrue(captures.size() >= 2, "the scenario must catch boids to test anything");
        assertEquals(captures.size() * 1000.0 / (2 * steps), values[0], 1e-9);
        Set<Integer> caught = new HashSet<>();
        for (Capture c : captures) caught.add(c.boid());
        assertEquals(1 - caught.size() / 200.0, values[1], 1e-12);
        assertEquals(simulation.flock().count() / 200.0, values[1], 1e-12);   // removal: survivors
        assertEquals(captures.getFirst().step(), values[2]);
        assertTrue(values[3] > 0);
        long late = captures.stream().filter(c -> c.step() > 100).count();
        assertEquals(late * 1000.0 / (2 * 200), values[4], 1e-9);
    }

    @Test
    void captureRateIsPerThousandTimeUnitsWhateverTheTimeStep() {
        Preset.RuleSet p = hunted();
        double dt = 0.5;
        Preset.RuleSet halfStep = new Preset.RuleSet(p.format(), "hunted-half-step", p.description(), p.world(), p.boids(), p.update(),
                p.neighbourhood(), p.separation(), p.alignment(), p.cohesion(), new io.flocktune.sim.rule.Motion.Steering(dt, 0.1),
                p.predators(), p.obstacles(), p.goal(), p.noise());
        assertEquals(new io.flocktune.sim.rule.Motion.Steering(1, 0.1), p.motion(), "the base runs at dt = 1");
        long steps = 600, seed = 11;
        double[] values = Objectives.evaluate(halfStep, seed, steps, specs("captureRate:mean:min:every=1", "timeToFirstCapture:final"));
        Simulation simulation = Simulation.of(halfStep, seed);
        simulation.run(steps, (step, flock) -> {});
        List<Capture> captures = simulation.captures();
        assertTrue(captures.size() >= 2, "the scenario must catch boids to test anything: " + captures.size());
        // captures per predator per 1 000 time units: 600 steps of dt = 0.5 are 300 time units
        assertEquals(captures.size() * 1000.0 / (2 * steps * dt), values[0], 1e-9);
        assertEquals(captures.getFirst().step(), values[1], "time to first capture stays in steps");
    }

    @Test
    void captureMetricsWithoutPredators() {
        long steps = 50;
        double[] values = Objectives.evaluate(REYNOLDS, 3, steps, specs("survivalFraction:final"));
        assertArrayEquals(new double[] {1}, values);
        for (String metric : List.of("predatorDistance", "captureRate", "timeToFirstCapture")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Objectives.evaluate(REYNOLDS, 3, steps, specs("polarization", metric)));
            assertEquals("objective \"" + metric + "\": " + metric + " needs predators, but predators.count = 0", e.getMessage());
        }
    }

    @Test
    void validationNamesTheProblem() {
        IllegalArgumentException warmup = assertThrows(IllegalArgumentException.class,
                () -> Objectives.validate(REYNOLDS, 100, specs("milling:warmup=100")));
        assertEquals("objective \"milling\": warmup = 100 must be < steps = 100", warmup.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Objectives.validate(REYNOLDS, 0, specs("milling")));
        assertThrows(IllegalArgumentException.class, () -> Objectives.validate(REYNOLDS, 10, List.of()));
        assertThrows(IllegalArgumentException.class, () -> Objectives.measure(REYNOLDS, 1, 10, 0, specs("milling")));
    }

    /**
     * The recorder's windows and aggregations equal the same aggregations computed by hand from
     * the per-step series of an identical run, for every metric and a window that skips steps.
     */
    @ParameterizedTest
    @ValueSource(strings = {"reynolds", "seed000", "seed002", "seed004"})
    void recorderAgreesWithTheSeries(String presetName) {
        Preset.RuleSet preset = presetName.equals("reynolds") ? hunted() : Presets.rules(presetName);
        long steps = 60, seed = 5;
        List<Metric> metrics = new ArrayList<>();
        for (String kind : Metric.kinds()) metrics.add(Metric.parse(kind.replace("link=…", "link=8").replace("distance=…", "distance=3")
                .replace("radius=…", "radius=5").replace("curvature=…", "curvature=1")));
        metrics.removeIf(Metric::evoFlock);   // EvoFlock's need its preset (EvoFlockMetricsTest)
        if (preset.predators().count() == 0) {
            metrics.removeIf(m -> m instanceof Metric.PredatorDistance || m instanceof Metric.CaptureRate
                    || m instanceof Metric.TimeToFirstCapture);
        }
        List<ObjectiveSpec> specs = new ArrayList<>();
        for (Metric m : metrics) {
            specs.add(ObjectiveSpec.of(m).withWindow(7, 3));
            specs.add(ObjectiveSpec.of(m, Aggregation.FINAL, 0, new Direction.Minimize()).withWindow(0, 4));
            specs.add(ObjectiveSpec.of(m, Aggregation.MIN, 0, new Direction.Minimize()).withWindow(20, 1));
            specs.add(ObjectiveSpec.of(m, Aggregation.MAX, 0, new Direction.Minimize()).withWindow(2, 5));
            specs.add(ObjectiveSpec.of(m, Aggregation.FRACTION_ABOVE, 0.3, new Direction.Minimize()).withWindow(1, 2));
        }
        double[] recorded = Objectives.evaluate(preset, seed, steps, specs);

        double[][] series = new double[(int) steps + 1][];
        Simulation simulation = Simulation.of(preset, seed);
        simulation.run(steps, new MetricSeries(simulation, metrics, 1, (step, values) -> series[(int) step] = values.clone()));
        for (int k = 0; k < specs.size(); k++) {
            ObjectiveSpec spec = specs.get(k);
            int column = metrics.indexOf(spec.metric());
            List<Double> sampled = new ArrayList<>();
            for (long t = 0; t <= steps; t++) if (spec.samples(t, steps)) sampled.add(series[(int) t][column]);
            double expected = switch (spec.aggregation()) {
                case MEAN -> sampled.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                case FINAL -> series[(int) steps][column];
                case MIN -> sampled.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
                case MAX -> sampled.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
                case FRACTION_ABOVE -> sampled.stream().filter(v -> v > spec.threshold()).count() / (double) sampled.size();
            };
            assertEquals(expected, recorded[k], 1e-12 * Math.max(1, Math.abs(expected)), presetName + " " + spec.text());
        }
    }

    @Test
    void seriesEveryKStillSeesOnsets() {
        long steps = 40;
        List<Metric> metrics = List.of(new Metric.CollisionOnsets(3), new Metric.Polarization());
        List<double[]> everyStep = new ArrayList<>(), everyFifth = new ArrayList<>();
        Simulation a = Simulation.of(REYNOLDS, 8);
        a.run(steps, new MetricSeries(a, metrics, 1, (step, values) -> everyStep.add(values.clone())));
        Simulation b = Simulation.of(REYNOLDS, 8);
        List<Long> rows = new ArrayList<>();
        b.run(steps, new MetricSeries(b, metrics, 5, (step, values) -> {
            rows.add(step);
            everyFifth.add(values.clone());
        }));
        assertEquals(List.of(0L, 5L, 10L, 15L, 20L, 25L, 30L, 35L, 40L), rows);
        for (int r = 0; r < rows.size(); r++) assertArrayEquals(everyStep.get((int) (long) rows.get(r)), everyFifth.get(r));
        assertTrue(everyStep.stream().anyMatch(v -> v[0] > 0), "some onsets expected");
    }

    @Test
    void onsetsCountPairsEnteringContact() {
        Preset.RuleSet preset = REYNOLDS;   // dt = 1
        MetricProbe probe = MetricProbe.of(preset);
        Gauge gauge = new Gauge(new Metric.CollisionOnsets(1), preset, probe);
        Flock before = Flocks.at2D(0, 0, 0.5, 0, 10, 0, 12, 0);
        Flock after = Flocks.at2D(0, 0, 0.5, 0, 10, 0, 10.5, 0);
        assertEquals(0, gauge.read(0, before, List.of()));
        assertEquals(1 / 4.0, gauge.read(1, after, List.of()));
        assertEquals(0, gauge.read(2, after, List.of()));
        assertThrows(IllegalStateException.class, () -> gauge.read(4, after, List.of()));
        gauge.prepare(9, before);
        assertEquals(1 / 4.0, gauge.read(10, after, List.of()));
    }

    @Test
    void nonFiniteStateIsReportedNotHidden() {
        Simulation simulation = Simulation.of(REYNOLDS, 1);
        Recorder recorder = new Recorder(simulation, 1, specs("polarization:above=0.5"));
        recorder.observe(0, simulation.flock());
        Flock broken = simulation.flock().copy();
        broken.vx()[3] = Double.NaN;
        recorder.observe(1, broken);
        ArithmeticException e = assertThrows(ArithmeticException.class, recorder::values);
        assertEquals("the flock's state is not finite at step 1, so its objectives are not numbers", e.getMessage());
        assertThrows(IllegalStateException.class, new Recorder(Simulation.of(REYNOLDS, 1), 5, specs("milling"))::values);
    }

    @Test
    void runsRepeatExactlyOnAnyThread() throws Exception {
        List<ObjectiveSpec> specs = specs("polarization", "milling:final", "nearestNeighbourDistance", "clusterCount(link=5)",
                "collisionOnsets(distance=1.5):mean:min:every=2");
        double[] here = Objectives.evaluate(REYNOLDS, 99, 80, specs);
        double[] there = CompletableFuture.supplyAsync(() -> Objectives.evaluate(REYNOLDS, 99, 80, specs)).get();
        assertArrayEquals(here, there);
        assertNotEquals(here[0], Objectives.evaluate(REYNOLDS, 100, 80, specs)[0]);
    }

    @Test
    void givenInitialStateRunsFromIt() {
        // reynolds has no noise, so the run depends on the initial state only
        List<ObjectiveSpec> specs = specs("polarization", "radiusOfGyration:final");
        Flock initial = Simulation.of(REYNOLDS, 5).flock().copy();
        assertArrayEquals(Objectives.evaluate(REYNOLDS, 5, 50, specs), Objectives.evaluate(REYNOLDS, 1234, initial, 50, specs));
    }

    @Test
    void replicatesUseDerivedSeeds() {
        List<ObjectiveSpec> specs = specs("polarization", "meanSpeed");
        Measurement three = Objectives.measure(REYNOLDS, 42, 30, 3, specs);
        Measurement two = Objectives.measure(REYNOLDS, 42, 30, 2, specs);
        assertEquals(three, Objectives.measure(REYNOLDS, 42, 30, 3, specs));
        for (int r = 0; r < 3; r++) {
            double[] replicate = Objectives.evaluate(REYNOLDS, Objectives.replicateSeed(42, r), 30, specs);
            assertEquals(replicate[0], three.value(0, r));
            assertEquals(replicate[1], three.value(1, r));
            if (r < 2) assertEquals(three.value(0, r), two.value(0, r));
        }
        Set<Long> seeds = new HashSet<>();
        for (int r = 0; r < 1000; r++) seeds.add(Objectives.replicateSeed(42, r));
        assertEquals(1000, seeds.size());
        assertNotEquals(Objectives.replicateSeed(42, 0), Objectives.replicateSeed(43, 0));
    }

    /** Replicates run on 1, 2 or 5 threads land bit for bit where the sequential loop puts them. */
    @Test
    void parallelReplicatesEqualSequentialOnesWhateverTheThreadCount() throws Exception {
        List<ObjectiveSpec> specs = specs("polarization", "milling:final", "collisionRate(distance=1):mean:min");
        Measurement sequential = Objectives.measure(REYNOLDS, 7, 40, 5, specs);
        for (int threads : new int[] {1, 2, 5}) {
            try (ExecutorService executor = Executors.newFixedThreadPool(threads)) {
                assertEquals(sequential, Objectives.measure(REYNOLDS, 7, 40, 5, specs, executor), threads + " threads");
            }
        }
    }

    @Test
    void parallelReplicatesReportTheFirstProblem() throws Exception {
        try (ExecutorService executor = Executors.newFixedThreadPool(2)) {
            assertThrows(IllegalArgumentException.class, () -> Objectives.measure(REYNOLDS, 7, 40, 0, specs("polarization"), executor));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Objectives.measure(REYNOLDS, 7, 40, 2, specs("predatorDistance"), executor));
            assertEquals("objective \"predatorDistance\": predatorDistance needs predators, but predators.count = 0", e.getMessage());
        }
    }

    @Test
    void defaultsFollowThePresetsScalesAndPredators() {
        List<ObjectiveSpec> plain = Objectives.defaults(Presets.rules("vicsek"), 100);
        assertEquals(List.of("polarization", "milling", "nearestNeighbourDistance", "largestClusterFraction(link=1)",
                "collisionRate(distance=0.5)"), plain.stream().map(ObjectiveSpec::name).toList());
        assertTrue(plain.stream().allMatch(spec -> spec.warmup() == 100 && spec.every() == 1));
        assertEquals(new Direction.Minimize(), plain.get(4).direction());

        List<ObjectiveSpec> hunted = Objectives.defaults(hunted(), 0);
        assertEquals(List.of("survivalFraction.final", "captureRate", "predatorDistance"),
                hunted.subList(5, 8).stream().map(ObjectiveSpec::name).toList());
        // every default can be evaluated on its preset
        assertEquals(8, Objectives.evaluate(hunted(), 3, 20, hunted).length);
        Preset.RuleSet topological = REYNOLDS.toBuilder().neighbourhood(new Neighbourhood.Topological(7)).build();
        assertEquals(new Metric.LargestClusterFraction(2 * REYNOLDS.separation().radius()),
                Objectives.defaults(topological, 0).get(3).metric());
    }
}
