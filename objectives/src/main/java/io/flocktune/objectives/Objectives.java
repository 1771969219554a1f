package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Entry points: run a preset and evaluate objectives, once or over replicates. Every result is
 * a pure function of the arguments: the same preset, seed and specs give bit-identical values
 * on any thread. The methods are thread-safe; callers run replicates or candidates in parallel.
 *
 * <pre>{@code
 * List<ObjectiveSpec> specs = List.of(ObjectiveSpec.parse("polarization", 200),
 *         ObjectiveSpec.parse("collisionRate(distance=1):mean:min", 200));
 * Measurement m = Objectives.measure(Presets.get("reynolds"), 42, 1000, 8, specs);
 * System.out.println(m.mean(0) + " ± " + m.halfWidth95(0));
 * }</pre>
 */
public final class Objectives {
    private Objectives() {}

    /**
     * One replicate from the preset's random initial state.
     *
     * @param seed  simulation seed (see {@link Simulation#of(Preset, long)})
     * @param steps run length, &ge; 1
     * @return one value per spec, in order
     * @throws IllegalArgumentException if a spec does not fit the run ({@link #validate})
     * @throws ArithmeticException      if the simulation state became non-finite
     */
    public static double[] evaluate(Preset preset, long seed, long steps, List<ObjectiveSpec> specs) {
        return run(Simulation.of(preset, seed), steps, specs);
    }

    /**
     * One replicate from a given initial state (copied; its boid and predator counts win).
     *
     * @param seed drives the simulation's noise
     * @see #evaluate(Preset, long, long, List)
     */
    public static double[] evaluate(Preset preset, long seed, Flock initial, long steps, List<ObjectiveSpec> specs) {
        return run(Simulation.of(preset, seed, initial), steps, specs);
    }

    private static double[] run(Simulation simulation, long steps, List<ObjectiveSpec> specs) {
        Recorder recorder = new Recorder(simulation, steps, specs);
        simulation.run(steps, recorder);
        return recorder.values();
    }

    /**
     * R replicates; replicate r runs with {@link #replicateSeed replicateSeed(seed, r)}.
     *
     * @param replicates R, &ge; 1
     * @throws IllegalArgumentException if a spec does not fit the run or R &lt; 1
     * @throws ArithmeticException      if a replicate's state became non-finite
     */
    public static Measurement measure(Preset preset, long seed, long steps, int replicates, List<ObjectiveSpec> specs) {
        if (replicates < 1) throw new IllegalArgumentException("replicates = " + replicates + ": must be >= 1");
        validate(preset, steps, specs);
        long[] seeds = replicateSeeds(seed, replicates);
        double[][] values = new double[specs.size()][replicates];
        for (int r = 0; r < replicates; r++) {
            double[] replicate = evaluate(preset, seeds[r], steps, specs);
            for (int k = 0; k < replicate.length; k++) values[k][r] = replicate[k];
        }
        return new Measurement(specs, values);
    }

    /**
     * The seed of replicate {@code replicate}: a {@link SplittableRandom} seeded with
     * {@code seed} is split once per replicate, in order 0, 1, 2, …, and replicate r takes the
     * first {@code nextLong()} of the r-th split. Independent of how many replicates there are.
     *
     * @param replicate r, &ge; 0
     */
    public static long replicateSeed(long seed, int replicate) {
        if (replicate < 0) throw new IllegalArgumentException("replicate = " + replicate + ": must be >= 0");
        return replicateSeeds(seed, replicate + 1)[replicate];
    }

    private static long[] replicateSeeds(long seed, int count) {
        SplittableRandom root = new SplittableRandom(seed);
        long[] seeds = new long[count];
        for (int r = 0; r < count; r++) seeds[r] = root.split().nextLong();
        return seeds;
    }

    /**
     * Checks, before anything runs, that the specs can be evaluated on runs of this preset.
     *
     * @throws IllegalArgumentException one line naming the objective and the problem: no specs,
     *                                  steps &lt; 1, a warm-up that leaves no sampled step, or a
     *                                  metric that needs predators the preset does not have
     */
    public static void validate(Preset preset, long steps, List<ObjectiveSpec> specs) {
        validate(steps, specs, preset.predators().count());
    }

    static void validate(long steps, List<ObjectiveSpec> specs, int predators) {
        if (specs.isEmpty()) throw new IllegalArgumentException("objectives: give at least one");
        if (steps < 1) throw new IllegalArgumentException("steps = " + steps + ": must be >= 1");
        for (ObjectiveSpec spec : specs) {
            if (spec.warmup() >= steps) {
                throw new IllegalArgumentException("objective \"" + spec.name() + "\": warmup = " + spec.warmup()
                        + " must be < steps = " + steps);
            }
            try {
                checkPredators(spec.metric(), predators);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("objective \"" + spec.name() + "\": " + e.getMessage(), e);
            }
        }
    }

    static void checkPredators(Metric metric, int predators) {
        if (metric instanceof Metric.PredatorDistance && predators == 0) {
            throw new IllegalArgumentException(metric.kind() + " needs predators, but predators.count = 0");
        }
    }
}
