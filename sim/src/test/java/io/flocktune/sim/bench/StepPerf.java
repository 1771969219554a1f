package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.openjdk.jmh.annotations.AuxCounters;
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

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One {@link Simulation#step()} of a built-in preset's rules at N boids, in a periodic world
 * sized for about {@value BenchFlocks#MEAN_NEIGHBOURS} neighbours per boid (see
 * {@link BenchFlocks#scaled}). The primary score is steps per second; the secondary
 * {@code boidUpdates} score is boid-updates per second (steps/s × N), the figure the targets
 * are stated in. Time per step is 1 / score, or run with {@code -bm avgt -tu us}.
 *
 * <p>Every invocation steps the same state: the flock after {@code warmInSteps} steps from a
 * uniform random spawn, restored before each step (an O(N) array copy, outside the timing).
 * Left free, a flock clusters at a rate that depends on its preset and the number of steps a
 * run happens to make (many more at N = 1 000 than at 100 000), which would confound the cost
 * per boid across N. The mean neighbour count of that state is printed at setup;
 * {@code -p warmInSteps=500} measures a clustered flock instead.
 *
 * <p>The default parameters span 11 presets × 5 neighbourhoods × 5 sizes (hours): narrow them
 * with {@code -p}, e.g. {@code -p preset=reynolds -p neighbourhood=preset -p boids=5000}.
 *
 * <pre>
 * mvn -o -B -Dbench=sim -DskipTests -pl sim -am test -Djmh.args="StepPerf -p preset=reynolds -p neighbourhood=preset -prof gc"
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class StepPerf {

    /** Number of boids; the 10⁶ point needs the fork's -Xmx4g. */
    @Param({"1000", "5000", "20000", "100000", "1000000"})
    int boids;

    /** Every built-in preset ({@code Presets.all()}; {@code BenchFlocksTest} keeps the list complete). */
    @Param({"reynolds", "seed000", "seed000-fixed", "seed001", "seed001-fixed", "seed002", "seed003",
            "seed003-fixed", "seed004", "vicsek", "couzin"})
    String preset;

    /**
     * The preset's own neighbourhood ({@code preset}), or one put in its place at the workload's
     * counting radius r ({@link BenchFlocks#withNeighbourhood}): {@code metric} (radius r),
     * {@code fieldOfView} (radius r, 270°), {@code topological} (the 10 nearest),
     * {@code global}. Couzin's zones refuse topological and global (a setup error JMH reports
     * and skips).
     */
    @Param({"preset", "metric", "fieldOfView", "topological", "global"})
    String neighbourhood;

    /**
     * Threads of {@link Simulation#parallel} (synchronous presets with at least
     * {@link Simulation#PARALLEL_MIN_BOIDS} boids; others step serially whatever the value).
     */
    @Param("1")
    int threads;

    /** Steps run from the spawn before the measured state is taken, &ge; 0. */
    @Param("0")
    int warmInSteps;

    /**
     * {@code false}: every step starts from the measured state (the default); {@code true}: the
     * flock flies on from it, step after step, as in a run (its cost then drifts as it clusters).
     */
    @Param("false")
    boolean freeFlight;

    private Simulation simulation;
    private Flock measured;

    /** Boid-updates per second, reported next to steps per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class BoidUpdates {
        /** Boids updated during the current iteration. */
        public long boidUpdates;

        @Setup(Level.Iteration)
        public void reset() {
            boidUpdates = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        Preset.RuleSet workload = BenchFlocks.scaled(Presets.rules(preset), boids);
        Preset.RuleSet scaled = BenchFlocks.withNeighbourhood(workload, neighbourhood);
        simulation = Simulation.of(scaled, 42).parallel(threads);
        for (int k = 0; k < warmInSteps; k++) simulation.step();
        measured = simulation.flock().copy();
        double radius = BenchFlocks.countingRadius(workload);
        System.out.printf(Locale.ROOT, "%n%s (%s) N=%d: world %.1f, %dD, radius %.1f, mean neighbours %.2f after %d steps%n",
                preset, scaled.neighbourhood(), boids, scaled.world().size(), scaled.world().dimension(), radius,
                BenchFlocks.meanNeighbours(measured, radius, scaled.world().size()), warmInSteps);
    }

    @Setup(Level.Invocation)
    public void restore() {
        if (!freeFlight) BenchFlocks.restore(measured, simulation.flock());
    }

    /** One step of the engine. */
    @Benchmark
    public void step(BoidUpdates counter, Blackhole blackhole) {
        simulation.step();
        counter.boidUpdates += simulation.flock().count();
        blackhole.consume(simulation.flock().x());
    }
}
