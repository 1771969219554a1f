package io.flocktune.sim.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A JMH profiler that reports CPU time instead of wall time, for runs on a shared machine where
 * other processes steal the cores: {@code cpu.ns/op}, the process CPU time per operation, and,
 * for benchmarks with a {@code boids} parameter, {@code cpu.boidUpdates/s}, boid updates per
 * CPU-second. Process CPU time includes the JIT and GC threads, which are idle after warm-up for
 * an allocation-free step.
 *
 * <pre>
 * -Djmh.args="StepPerf -prof io.flocktune.sim.bench.CpuTimeProfiler"
 * </pre>
 */
public final class CpuTimeProfiler implements InternalProfiler {
    private final com.sun.management.OperatingSystemMXBean system =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuBefore;

    @Override
    public String getDescription() {
        return "process CPU time per operation (robust to other processes sharing the cores)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuBefore = system.getProcessCpuTime();
    }

    @Override
    public List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                       IterationResult result) {
        double cpuNanos = system.getProcessCpuTime() - cpuBefore;
        long operations = result.getMetadata().getMeasuredOps();
        List<Result> results = new ArrayList<>();
        if (operations == 0) return results;
        results.add(new ScalarResult("cpu.ns/op", cpuNanos / operations, "ns/op", AggregationPolicy.AVG));
        String boids = benchmarkParams.getParam("boids");
        if (boids != null) {
            double updates = (double) operations * Integer.parseInt(boids);
            results.add(new ScalarResult("cpu.boidUpdates/s", updates / (cpuNanos * 1e-9), "ops/s", AggregationPolicy.AVG));
        }
        return results;
    }
}
