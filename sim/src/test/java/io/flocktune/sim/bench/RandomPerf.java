package io.flocktune.sim.bench;

import io.flocktune.sim.BoidRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The per-boid random draws of one step ({@link BoidRandom}): a boid's stream started, then three
 * standard normal deviates, as {@code couzin}'s heading error draws them in 3D, or three uniform
 * draws for comparison. Nanoseconds per boid:
 *
 * <pre>
 * mvn -o -B -Dbench=sim -DskipTests -pl sim -am test -Djmh.args="RandomPerf"
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RandomPerf {
    private final BoidRandom random = new BoidRandom(42);
    private int id;

    /** Three normal deviates (Box–Muller, each from two uniforms). */
    @Benchmark
    public double threeGaussians() {
        random.start(7, id++);
        return random.nextGaussian() + random.nextGaussian() + random.nextGaussian();
    }

    /** Three uniform draws. */
    @Benchmark
    public double threeUniforms() {
        random.start(7, id++);
        return random.nextDouble() + random.nextDouble() + random.nextDouble();
    }
}
