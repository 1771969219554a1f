package io.flocktune.api;

import io.flocktune.objectives.Aggregation;
import io.flocktune.objectives.Direction;
import io.flocktune.objectives.FlockView;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.tuner.eval.Measuring;
import io.flocktune.tuner.io.InputException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Measures a preset's objectives over independent replicates, as {@code flocktune measure} does
 * and with the same code: replicate r runs with a seed derived from {@code seed} and r, so the
 * values are those the command prints for the same options, whatever the thread count.
 *
 * <p>An immutable set of settings; the {@code with...} methods return changed copies. The
 * defaults are the command's: seed 1, 1000 steps, warmup half the steps, 8 replicates, the
 * default objectives, every processor.
 *
 * {@snippet :
 * Measure.Result r = Measure.of(FlockPreset.load("reynolds"))
 *         .withSteps(200).withReplicates(4).withObjectives("polarization", "collisionRate(distance=1)")
 *         .run();
 * double polarization = r.mean("polarization");
 * double[] ci = r.ci95("polarization");
 * }
 *
 * A researcher's own metric, a named function of the flock at a step, is measured beside the
 * built-in ones, over the same window:
 * {@snippet :
 * Measure.Result r = Measure.of(FlockPreset.load("reynolds")).withSteps(200).withReplicates(4)
 *         .withObjectives("polarization")
 *         .withMetric("meanVx", view -> {                    // mean x velocity, world units per unit time
 *             double sum = 0;
 *             for (int i = 0; i < view.count(); i++) sum += view.vx(i);
 *             return sum / view.count();
 *         })
 *         .run();
 * double[] ci = r.ci95("meanVx");
 * }
 *
 * @param preset      what to measure
 * @param seed        root seed of the replicates ({@code --seed})
 * @param steps       steps per replicate, &ge; 1 ({@code --steps})
 * @param warmup      steps skipped before sampling, or null for half of {@code steps}
 *                    ({@code --warmup}); an objective's own {@code warmup=} wins
 * @param replicates  independent runs, &ge; 1 ({@code --replicates})
 * @param objectives  {@link ObjectiveSpec}s, their text ({@code --objective}) or custom metrics
 *                    ({@link Metric.Custom}, measured from the warm-up on, every step, as a mean);
 *                    empty for the defaults (read-only)
 * @param execution   where the replicates run ({@code --threads}, {@code --executor})
 */
public record Measure(FlockPreset preset, long seed, long steps, Long warmup, int replicates, List<Object> objectives,
                      Execution execution) {
    public Measure {
        Objects.requireNonNull(preset, "preset");
        objectives = List.copyOf(objectives);
        Objects.requireNonNull(execution, "execution");
    }

    /** @return the command's defaults for {@code preset}. */
    public static Measure of(FlockPreset preset) {
        return new Measure(preset, 1, 1000, null, 8, List.of(), Execution.local());
    }

    public Measure withSeed(long seed) { return new Measure(preset, seed, steps, warmup, replicates, objectives, execution); }

    public Measure withSteps(long steps) { return new Measure(preset, seed, steps, warmup, replicates, objectives, execution); }

    public Measure withWarmup(long warmup) { return new Measure(preset, seed, steps, warmup, replicates, objectives, execution); }

    public Measure withReplicates(int replicates) { return new Measure(preset, seed, steps, warmup, replicates, objectives, execution); }

    /** @return these settings with {@code threads} simulations at once on this JVM ({@code --threads}), checked when run */
    public Measure withThreads(int threads) {
        return new Measure(preset, seed, steps, warmup, replicates, objectives, new Execution.Local(threads));
    }

    /** @return these settings with the replicates where {@code execution} puts them ({@code --threads}, {@code --executor}) */
    public Measure withExecution(Execution execution) {
        return new Measure(preset, seed, steps, warmup, replicates, objectives, execution);
    }

    /** @param objectives spec texts such as {@code polarization} or {@code collisionRate(distance=1):mean:min} */
    public Measure withObjectives(String... objectives) {
        return new Measure(preset, seed, steps, warmup, replicates, List.of((Object[]) objectives), execution);
    }

    /**
     * @param objectives specs built in code, e.g. {@code ObjectiveSpec.parse("milling")}, their
     *                   text, or {@link Metric.Custom} metrics
     */
    public Measure withObjectives(List<?> objectives) {
        return new Measure(preset, seed, steps, warmup, replicates, new ArrayList<>(objectives), execution);
    }

    /**
     * Adds a custom metric to the objectives (after the defaults' place: with no other objective
     * set, only it is measured): {@code function}'s value at each step from the warm-up on,
     * averaged over the run, as the mean of objective {@code name}.
     *
     * @param name     a letter, then letters, digits, {@code _}, {@code .} or {@code -}
     * @param function the flock at a step ({@link FlockView}) to the metric's value; a pure,
     *                 thread-safe function (replicates run in parallel)
     * @throws InputException a name that is not allowed, as {@code --objective} reports it
     */
    public Measure withMetric(String name, ToDoubleFunction<FlockView> function) throws InputException {
        Metric.Custom metric;
        try {
            metric = new Metric.Custom(name, function);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InputException("--objective: " + e.getMessage(), e);
        }
        List<Object> more = new ArrayList<>(objectives);
        more.add(metric);
        return new Measure(preset, seed, steps, warmup, replicates, more, execution);
    }

    /**
     * Runs the replicates.
     *
     * @throws InputException       the command's messages: {@code --steps}, {@code --warmup},
     *                              {@code --replicates}, {@code --threads} or {@code --objective}
     *                              out of range, or a preset whose dynamics diverge
     * @throws InterruptedException if interrupted while waiting for the replicates
     */
    public Result run() throws InputException, InterruptedException {
        long skipped = Measuring.warmup(steps, warmup, replicates);
        Execution.checkThreads(execution.threads());
        List<Object> items = new ArrayList<>();
        for (Object o : objectives) {
            items.add(o instanceof Metric.Custom c ? ObjectiveSpec.custom(c.name(), c.function(), skipped, new Direction.Maximize()) : o);
        }
        List<ObjectiveSpec> specs = Measuring.objectives(preset.preset(), steps, skipped, items);
        Measurement m = Measuring.measure(preset.preset(), seed, steps, replicates, specs, execution.runners());
        return new Result(preset.name(), seed, steps, skipped, Measuring.replicateSeeds(seed, replicates), m);
    }

    /**
     * A measurement with the settings that produced it.
     *
     * @param preset         the preset's name
     * @param seed           root seed
     * @param steps          steps per replicate
     * @param warmup         the default warmup the objective texts were read with
     * @param replicateSeeds the seed of each replicate (a copy is kept and returned)
     * @param measurement    every objective in every replicate, with means, sd and 95 % intervals
     *                       (an immutable record)
     */
    public record Result(String preset, long seed, long steps, long warmup, long[] replicateSeeds, Measurement measurement) {
        public Result {
            replicateSeeds = replicateSeeds.clone();
        }

        @Override
        public long[] replicateSeeds() {
            return replicateSeeds.clone();
        }

        /** @return the objectives, in order. */
        public List<ObjectiveSpec> objectives() {
            return measurement.specs();
        }

        /** @return the mean over the replicates of the objective called {@code name}. */
        public double mean(String name) {
            return measurement.mean(index(name));
        }

        /** @return its sample standard deviation. */
        public double sd(String name) {
            return measurement.sd(index(name));
        }

        /** @return its 95 % confidence interval {low, high}, by the objective's interval kind; (−∞, +∞) for one replicate. */
        public double[] ci95(String name) {
            return measurement.ci95(index(name));
        }

        /** @return its value in each replicate. */
        public double[] values(String name) {
            return measurement.values(index(name));
        }

        private int index(String name) {
            int k = measurement.indexOf(name);
            if (k < 0) {
                throw new IllegalArgumentException("no objective \"" + name + "\"; there are: "
                        + String.join(", ", measurement.specs().stream().map(ObjectiveSpec::name).toList()));
            }
            return k;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && preset.equals(r.preset) && seed == r.seed && steps == r.steps && warmup == r.warmup
                    && Arrays.equals(replicateSeeds, r.replicateSeeds) && measurement.equals(r.measurement);
        }

        @Override
        public int hashCode() {
            return Objects.hash(preset, seed, steps, warmup, Arrays.hashCode(replicateSeeds), measurement);
        }

        @Override
        public String toString() {
            return "Measure.Result[" + preset + ", seed " + seed + ", " + steps + " steps, " + measurement + "]";
        }
    }
}
