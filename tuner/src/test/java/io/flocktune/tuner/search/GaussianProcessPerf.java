package io.flocktune.tuner.search;

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

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Fitting the Gaussian process that picks the model-based finalists (and proposes candidates in
 * the model search): {@code n} observations of {@code genes} ordered genes plus
 * {@code categorical} three-option genes, two replicates each on seeds shared by a generation of
 * 15, as a search's archive has them. Beside {@link GaussianProcess} because {@code fit} is
 * package-private. The default {@code n = 183, genes = 6} is the archive the default {@code tune}
 * fits at its end; {@code -p n=670} is the archive of the adaptive search near the end of a run
 * of four times the default budget, where {@link #posterior} (the model's 2 000 proposal points,
 * once per generation) costs most.
 *
 * <pre>
 * mvn -o -B -Dbench=tuner -DskipTests -pl tuner -am test -Djmh.args="GaussianProcessPerf"
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class GaussianProcessPerf {

    /** Observations. */
    @Param("183")
    int n;

    /** Ordered genes. */
    @Param("6")
    int genes;

    /** Categorical genes (3 options each), after the ordered ones. */
    @Param("0")
    int categorical;

    private double[][] x;
    private double[] y;
    private long[][] seeds;
    private int[] levels;
    private GaussianProcess model;
    private double[][] pool;

    @Setup
    public void data() {
        SplittableRandom random = new SplittableRandom(11);
        int d = genes + categorical;
        levels = new int[d];
        for (int j = genes; j < d; j++) levels[j] = 3;
        x = new double[n][d];
        y = new double[n];
        seeds = new long[n][];
        for (int i = 0; i < n; i++) {
            double bowl = 0;
            for (int j = 0; j < d; j++) {
                x[i][j] = random.nextDouble();
                bowl += (x[i][j] - 0.4) * (x[i][j] - 0.4);
            }
            y[i] = bowl + 0.3 * random.nextGaussian();
            int generation = i / 15;
            seeds[i] = new long[] {2L * generation, 2L * generation + 1};
        }
        model = fit();
        pool = new double[ModelProposals.UNIFORM + ModelProposals.LOCAL][d];
        for (double[] p : pool) for (int j = 0; j < d; j++) p[j] = random.nextDouble();
    }

    @Benchmark
    public GaussianProcess fit() {
        return GaussianProcess.fit(x, y, seeds, levels);
    }

    /** The posterior at the model search's proposal pool, on every core (its points are independent). */
    @Benchmark
    public GaussianProcess.Posterior posterior() {
        return model.new Posterior(pool);
    }
}
