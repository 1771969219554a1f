package io.flocktune.sim.bench;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * The all-pairs baseline: one {@link NaiveReynolds} step of the {@code reynolds} rules on the
 * same workload as {@code StepPerf} (same world size, same initial state), for comparison in the
 * same run ({@code -Djmh.args="StepPerf|NaivePerf"}). Scores and the {@code boidUpdates}
 * secondary score read as in {@link StepPerf}.
 *
 * <p>Only N = 1 000 and 5 000: the cost grows as N² (about 9 ms per step at N = 1 000 on the
 * 2-core reference machine), so N = 20 000 would take about 3.5 s and N = 100 000 about 90 s per
 * step, too long for a benchmark run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class NaivePerf {

    @Param({"1000", "5000"})
    int boids;

    private NaiveReynolds naive;

    @Setup
    public void setUp() {
        Preset.RuleSet scaled = BenchFlocks.scaled(Presets.rules("reynolds"), boids);
        naive = new NaiveReynolds(scaled, Simulation.of(scaled, 42).flock());
    }

    /** One all-pairs step. */
    @Benchmark
    public void step(StepPerf.BoidUpdates counter, Blackhole blackhole) {
        naive.step();
        counter.boidUpdates += naive.count();
        blackhole.consume(naive.x());
    }
}
