package io.flocktune.tuner.bench;

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
 * A JMH profiler for thread scaling on a shared machine: {@code cpu.cores}, the process CPU
 * time over the iteration's wall time (how many cores the benchmark actually got), and
 * {@code cpu.ns/op}, the process CPU time per operation. Scaling that falls short with
 * {@code cpu.cores} short of the thread count is lost to other processes; with
 * {@code cpu.ns/op} rising, it is lost in the process (contention, memory, GC, JIT).
 *
 * <pre>
 * -Djmh.args="GenerationPerf -prof io.flocktune.tuner.bench.CoresUsedProfiler"
 * </pre>
 */
public final class CoresUsedProfiler implements InternalProfiler {
    private final com.sun.management.OperatingSystemMXBean system =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuBefore, wallBefore;

    @Override
    public String getDescription() {
        return "cores used (process CPU time / wall time) and CPU time per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuBefore = system.getProcessCpuTime();
        wallBefore = System.nanoTime();
    }

    @Override
    public List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                       IterationResult result) {
        double cpuNanos = system.getProcessCpuTime() - cpuBefore, wallNanos = System.nanoTime() - wallBefore;
        long operations = result.getMetadata().getMeasuredOps();
        List<Result> results = new ArrayList<>();
        results.add(new ScalarResult("cpu.cores", cpuNanos / wallNanos, "cores", AggregationPolicy.AVG));
        if (operations > 0) results.add(new ScalarResult("cpu.ns/op", cpuNanos / operations, "ns/op", AggregationPolicy.AVG));
        return results;
    }
}
