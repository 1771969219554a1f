package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.peer.EvoFlock;
import io.flocktune.sim.rule.Neighbourhood;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Entry points: run a preset and evaluate objectives, once or over replicates. Every result is
 * a pure function of the arguments: the same preset, seed and specs give bit-identical values
 * on any thread. The methods are thread-safe; callers run replicates or candidates in parallel.
 *
 * <pre>{@code
 * List<ObjectiveSpec> specs = List.of(ObjectiveSpec.parse("polarization", 200),
 *         ObjectiveSpec.parse("collisionRate(distance=1):mean:min", 200));
 * Measurement m = Objectives.measure(Presets.get("reynolds"), 42, 1000, 8, specs);
 * double[] ci = m.ci95(0);   // by the objective's interval kind, within [0, 1] for a polarization
 * System.out.println(m.mean(0) + " [" + ci[0] + ", " + ci[1] + "]");
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
     * @throws CancellationException    if the thread was interrupted: the run stops at its next
     *                                  step (the interrupt flag stays set)
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

    /**
     * Runs and records; the thread's interrupt flag is checked before every step (one volatile
     * read outside the kernel, no allocation), so an evaluation that is cancelled (a time limit, a
     * Ctrl-C) stops at its next step with a {@link CancellationException} instead of running on.
     */
    private static double[] run(Simulation simulation, long steps, List<ObjectiveSpec> specs) {
        Recorder recorder = new Recorder(simulation, steps, specs);
        Thread thread = Thread.currentThread();
        simulation.run(steps, (step, flock) -> {
            if (thread.isInterrupted()) throw new CancellationException("evaluation cancelled at step " + step);
            recorder.observe(step, flock);
        });
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
        for (int r = 0; r < replicates; r++) store(values, r, evaluate(preset, seeds[r], steps, specs));
        return new Measurement(specs, values);
    }

    /**
     * R replicates run as tasks on {@code executor}, one task per replicate; the result is
     * bit-identical to {@link #measure(Preset, long, long, int, List)}'s, whatever the executor's
     * thread count or scheduling, because each replicate is a pure function of its seed and lands
     * in its own slot.
     *
     * @param executor runs the replicates; not shut down here
     * @throws IllegalArgumentException if a spec does not fit the run or R &lt; 1
     * @throws ArithmeticException      if a replicate's state became non-finite
     * @throws InterruptedException     if interrupted while waiting; unfinished replicates are
     *                                  cancelled
     */
    public static Measurement measure(Preset preset, long seed, long steps, int replicates, List<ObjectiveSpec> specs,
                                      ExecutorService executor) throws InterruptedException {
        if (replicates < 1) throw new IllegalArgumentException("replicates = " + replicates + ": must be >= 1");
        validate(preset, steps, specs);
        List<Callable<double[]>> tasks = new ArrayList<>(replicates);
        for (long replicateSeed : replicateSeeds(seed, replicates)) {
            tasks.add(() -> evaluate(preset, replicateSeed, steps, specs));
        }
        List<Future<double[]>> futures = executor.invokeAll(tasks);
        double[][] values = new double[specs.size()][replicates];
        for (int r = 0; r < replicates; r++) {
            try {
                store(values, r, futures.get(r).get());
            } catch (ExecutionException e) {
                switch (e.getCause()) {
                    case RuntimeException unchecked -> throw unchecked;
                    case Error error -> throw error;
                    case Throwable other -> throw new IllegalStateException(other);
                }
            }
        }
        return new Measurement(specs, values);
    }

    private static void store(double[][] values, int replicate, double[] replicateValues) {
        for (int k = 0; k < replicateValues.length; k++) values[k][replicate] = replicateValues[k];
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
     * A general-purpose set of objectives for describing a preset's flock, each the mean over
     * the steps after {@code warmup}: {@code polarization}, {@code milling},
     * {@code nearestNeighbourDistance}, {@code largestClusterFraction(link=L)} with L the
     * neighbourhood radius (twice the separation radius for topological or global
     * neighbourhoods, which have none), {@code collisionRate(distance=D)} with D half the
     * separation radius (minimized); and when the preset has predators also
     * {@code survivalFraction} (final value), {@code captureRate} (minimized) and
     * {@code predatorDistance}. Directions matter only to a tuner; the others maximize. A peer's
     * model names neither radius: there L is 1 world unit and D 0.5.
     *
     * @param warmup steps skipped at the start of each run, &ge; 0
     */
    public static List<ObjectiveSpec> defaults(Preset preset, long warmup) {
        double separationRadius, link;
        switch (preset) {
            case Preset.RuleSet rules -> {
                separationRadius = rules.separation().radius();
                link = switch (rules.neighbourhood()) {
                    case Neighbourhood.Metric metric -> metric.radius();
                    case Neighbourhood.MetricExcludingCoincident metric -> metric.radius();
                    case Neighbourhood.FieldOfView fieldOfView -> fieldOfView.radius();
                    case Neighbourhood.Topological topological -> 2 * separationRadius;
                    case Neighbourhood.Global global -> 2 * separationRadius;
                };
            }
            case Preset.Peer peer -> {
                separationRadius = 1;
                link = 1;
            }
        }
        Direction maximize = new Direction.Maximize(), minimize = new Direction.Minimize();
        List<ObjectiveSpec> specs = new ArrayList<>(List.of(
                ObjectiveSpec.of(new Metric.Polarization()),
                ObjectiveSpec.of(new Metric.Milling()),
                ObjectiveSpec.of(new Metric.NearestNeighbourDistance()),
                ObjectiveSpec.of(new Metric.LargestClusterFraction(link)),
                ObjectiveSpec.of(new Metric.CollisionRate(separationRadius / 2), Aggregation.MEAN, 0, minimize)));
        if (preset.predatorCount() > 0) {
            specs.addAll(List.of(
                    ObjectiveSpec.of(new Metric.SurvivalFraction(), Aggregation.FINAL, 0, maximize),
                    ObjectiveSpec.of(new Metric.CaptureRate(), Aggregation.MEAN, 0, minimize),
                    ObjectiveSpec.of(new Metric.PredatorDistance())));
        }
        specs.replaceAll(spec -> spec.withWindow(warmup, 1));
        return List.copyOf(specs);
    }

    /**
     * Checks, before anything runs, that the specs can be evaluated on runs of this preset.
     *
     * @throws IllegalArgumentException one line naming the objective and the problem: no specs,
     *                                  steps &lt; 1, a warm-up that leaves no sampled step, or a
     *                                  metric that needs predators the preset does not have
     */
    public static void validate(Preset preset, long steps, List<ObjectiveSpec> specs) {
        validate(steps, specs, preset.predatorCount(), preset);
    }

    static void validate(long steps, List<ObjectiveSpec> specs, int predators, Preset preset) {
        if (specs.isEmpty()) throw new IllegalArgumentException("objectives: give at least one");
        if (steps < 1) throw new IllegalArgumentException("steps = " + steps + ": must be >= 1");
        for (ObjectiveSpec spec : specs) {
            if (spec.warmup() >= steps) {
                throw new IllegalArgumentException("objective \"" + spec.name() + "\": warmup = " + spec.warmup()
                        + " must be < steps = " + steps);
            }
            try {
                checkPredators(spec.metric(), predators);
                checkPeer(spec.metric(), preset);
                if (spec.metric().evoFlock() && spec.aggregation() != Aggregation.FINAL) {
                    throw new IllegalArgumentException(spec.metric().kind() + " is the score of the run so far: "
                            + "use the final aggregation, not " + spec.aggregation().word());
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("objective \"" + spec.name() + "\": " + e.getMessage(), e);
            }
        }
    }

    /** EvoFlock's metrics read its kernel's records: they need {@code peer.kind = evoFlock}. */
    static void checkPeer(Metric metric, Preset preset) {
        if (!metric.evoFlock()) return;
        String runs = switch (preset) {
            case Preset.Peer peer when peer.peer() instanceof EvoFlock -> null;
            case Preset.Peer peer -> "peer.kind = " + io.flocktune.sim.Kinds.of(peer.peer());
            case Preset.RuleSet rules -> "the preset runs the engine's rules, no peer model";
        };
        if (runs != null) {
            throw new IllegalArgumentException(metric.kind() + " reads EvoFlock's records and needs a preset with "
                    + "peer.kind = evoFlock, but " + runs);
        }
    }

    static void checkPredators(Metric metric, int predators) {
        boolean needsPredators = metric instanceof Metric.PredatorDistance || metric instanceof Metric.CaptureRate
                || metric instanceof Metric.TimeToFirstCapture;
        if (needsPredators && predators == 0) {
            throw new IllegalArgumentException(metric.kind() + " needs predators, but predators.count = 0");
        }
    }
}
