package io.flocktune.tuner.bench;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentEvaluator;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.space.ParameterSpace;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * One tuning generation's evaluations: {@code population × replicates} trials of a built-in
 * experiment (its base preset, parameter space, scenario and objectives, as
 * {@link ExperimentEvaluator} runs them) on a {@link LocalRunner} with {@code threads} workers.
 * The genes are uniform random in [0, 1) (fixed seed), the same for every thread count, so the
 * work is the same and only the parallelism changes. The primary score is generations per
 * second; the secondary {@code evaluations} score is replicate simulations per second. Core
 * scaling = score(threads = k) / score(threads = 1).
 *
 * <pre>
 * mvn -B -Dbench=tuner -DskipTests -pl tuner -am test -Djmh.args="GenerationPerf -p threads=1,2"
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class GenerationPerf {

    /** Worker threads of the local runner. */
    @Param({"1", "2", "4"})
    int threads;

    /** A built-in experiment ({@link Experiments#NAMES}) or an experiment JSON file (relative to the tuner module). */
    @Param("default")
    String experiment;

    /** Candidates per generation; 0 = the experiment's population. */
    @Param("0")
    int population;

    private LocalRunner runner;
    private ExperimentEvaluator evaluator;
    private List<Trial<double[]>> trials;

    /** Replicate simulations per second, reported next to generations per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Evaluations {
        /** Trials evaluated during the current iteration. */
        public long evaluations;

        @Setup(Level.Iteration)
        public void reset() {
            evaluations = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Experiment e = Experiments.resolve(experiment);
        ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
        evaluator = ExperimentEvaluator.of(e);
        int candidates = population > 0 ? population : e.genetics().population();
        int replicates = e.replication().perEvaluation();
        SplittableRandom random = new SplittableRandom(42);
        trials = new ArrayList<>();
        for (int c = 0; c < candidates; c++) {
            double[] genes = new double[space.size()];
            for (int g = 0; g < genes.length; g++) genes[g] = random.nextDouble();
            for (int r = 0; r < replicates; r++) trials.add(new Trial<>(genes, 1000L + r));
        }
        runner = new LocalRunner(threads, Duration.ofMinutes(10));
        System.out.printf(Locale.ROOT, "%n%s: %d candidates x %d replicates, %d boids, %d steps, %d threads%n",
                experiment, candidates, replicates, e.scenario().boids(), e.scenario().steps(), threads);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        runner.close();
    }

    /** One generation: every trial, on the runner's threads. */
    @Benchmark
    public List<Outcome> generation(Evaluations counter) throws InterruptedException {
        List<Outcome> outcomes = runner.run(evaluator, trials);
        counter.evaluations += outcomes.size();
        return outcomes;
    }
}
