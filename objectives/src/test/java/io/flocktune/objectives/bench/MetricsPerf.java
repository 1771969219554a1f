package io.flocktune.objectives.bench;

import io.flocktune.objectives.Metric;
import io.flocktune.objectives.MetricProbe;
import io.flocktune.objectives.MetricSeries;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Cost of the metrics on one snapshot against the cost of one simulation step, on the
 * {@code reynolds} preset scaled to N boids at constant density (100 × 100 per 200 boids,
 * periodic), after a short warm-up run so the flock has structure. {@code perStepObjectives}
 * reads seven metrics (four of them grid-based) every step through {@link MetricSeries},
 * {@code typicalObjectives} a tuning set (polarization, milling, collision rate); compare them
 * with {@code simulationStep}. Run with {@code -prof gc} to check that measuring allocates nothing.
 *
 * <pre>
 * mvn -o -B -Dbench=objectives -DskipTests -pl objectives -am test -Djmh.args="MetricsPerf -prof gc"
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class MetricsPerf {

    @Param({"1000", "10000", "100000"})
    int boids;

    private Simulation simulation;
    private Flock flock;
    private MetricProbe probe;
    private MetricSeries series, typicalSeries;
    private Blackhole sink;
    private long step;

    @Setup(Level.Trial)
    public void setUp(Blackhole blackhole) {
        Preset.RuleSet base = Presets.rules("reynolds");
        double size = base.world().size() * Math.sqrt(boids / (double) base.boids().count());
        Preset.Boids b = base.boids();
        Preset.RuleSet preset = new Preset.RuleSet(base.format(), base.name(), base.description(),
                new Preset.World(2, size, new Boundary.Wrap()),
                new Preset.Boids(boids, b.minSpeed(), b.maxSpeed(), b.initialSpeed(), size),
                base.update(), base.neighbourhood(), base.separation(), base.alignment(), base.cohesion(), base.motion(),
                base.predators(), base.obstacles(), base.goal(), base.noise());
        simulation = Simulation.of(preset, 1);
        simulation.run(50, (s, f) -> {});
        flock = simulation.flock().copy();
        probe = MetricProbe.of(preset);
        sink = blackhole;
        // a fresh simulation only to own the series (captures list, preset); the state read is `flock`
        Simulation owner = Simulation.of(preset, 1);
        series = new MetricSeries(owner, List.of(new Metric.Polarization(), new Metric.Milling(),
                new Metric.RadiusOfGyration(), new Metric.NearestNeighbourDistance(), new Metric.LargestClusterFraction(5),
                new Metric.CollisionRate(1), new Metric.CollisionOnsets(1)), 1, (s, values) -> sink.consume(values));
        typicalSeries = new MetricSeries(Simulation.of(preset, 1), List.of(new Metric.Polarization(), new Metric.Milling(),
                new Metric.CollisionRate(1)), 1, (s, values) -> sink.consume(values));
    }

    @Benchmark
    public void simulationStep() {
        simulation.step();
    }

    @Benchmark
    public void perStepObjectives() {
        series.observe(step++, flock);
    }

    @Benchmark
    public void typicalObjectives() {
        typicalSeries.observe(step++, flock);
    }

    @Benchmark
    public double polarization() {
        return probe.polarization(flock);
    }

    @Benchmark
    public double milling() {
        return probe.milling(flock);
    }

    @Benchmark
    public double radiusOfGyration() {
        return probe.radiusOfGyration(flock);
    }

    @Benchmark
    public double nearestNeighbourDistance() {
        return probe.nearestNeighbourDistance(flock);
    }

    @Benchmark
    public int clusters() {
        return probe.clusters(flock, 5);
    }

    @Benchmark
    public long collisionPairs() {
        return probe.collisionPairs(flock, 1);
    }
}
