package io.flocktune.tuner.eval;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Measuring a preset's objectives over replicates, the one implementation behind
 * {@code flocktune measure} and the API's {@code io.flocktune.api.Measure}: replicate r runs with
 * seed {@link Objectives#replicateSeed Objectives.replicateSeed(seed, r)}; the result does not
 * depend on the runner or its thread count. Messages are those of the command's options.
 */
public final class Measuring {
    private Measuring() {}

    /** A replicate has no time limit here: 100 years stands for none. */
    private static final Duration NO_TIME_LIMIT = Duration.ofDays(36_525);

    /**
     * Checks the run length, warmup and replicate count.
     *
     * @param warmup steps skipped before sampling, or null for half of {@code steps}
     * @return the warmup
     * @throws InputException as {@code --steps}, {@code --warmup} or {@code --replicates}
     */
    public static long warmup(long steps, Long warmup, int replicates) throws InputException {
        if (steps < 1) throw new InputException("--steps = " + steps + ": must be >= 1");
        long skipped = warmup == null ? steps / 2 : warmup;
        if (skipped < 0 || skipped >= steps) throw new InputException("--warmup = " + skipped + ": must be in [0, " + steps + ") (--steps = " + steps + ")");
        if (replicates < 1) throw new InputException("--replicates = " + replicates + ": must be >= 1");
        return skipped;
    }

    /**
     * The objectives: each item an {@link ObjectiveSpec}, or its text (parsed with {@code warmup}
     * as its default warmup); no items means {@link Objectives#defaults}. All are checked against
     * the preset and run length, and their names must differ.
     *
     * @throws InputException as {@code --objective}
     */
    public static List<ObjectiveSpec> objectives(Preset preset, long steps, long warmup, List<?> items) throws InputException {
        List<ObjectiveSpec> specs = new ArrayList<>();
        try {
            if (items.isEmpty()) specs.addAll(Objectives.defaults(preset, warmup));
            for (Object item : items) {
                specs.add(switch (item) {
                    case ObjectiveSpec spec -> spec;
                    case String text -> ObjectiveSpec.parse(text, warmup);
                    case null, default -> throw new IllegalArgumentException("an objective is an ObjectiveSpec or its text, not "
                            + (item == null ? "null" : item.getClass().getName()));
                });
            }
            Objectives.validate(preset, steps, specs);
        } catch (IllegalArgumentException e) {
            throw new InputException("--objective: " + e.getMessage(), e);
        }
        return requireDistinctNames(specs);
    }

    /**
     * @return {@code specs}
     * @throws InputException as {@code --objective}, if two of them have the same name
     */
    public static List<ObjectiveSpec> requireDistinctNames(List<ObjectiveSpec> specs) throws InputException {
        List<String> names = specs.stream().map(ObjectiveSpec::name).toList();
        for (String name : names) {
            if (names.indexOf(name) != names.lastIndexOf(name)) {
                throw new InputException("--objective: two objectives are named \"" + name + "\"; rename one with name=TEXT");
            }
        }
        return specs;
    }

    /**
     * Runs the replicates on {@code runners} and collects the objectives.
     *
     * @throws InputException       if the preset's dynamics diverge (a replicate fails with an
     *                              {@link ArithmeticException})
     * @throws InterruptedException if interrupted while waiting for the replicates
     */
    public static Measurement measure(Preset preset, long seed, long steps, int replicates, List<ObjectiveSpec> specs,
                                      RunnerFactory runners) throws InputException, InterruptedException {
        List<Trial<Preset>> trials = new ArrayList<>(replicates);
        for (int r = 0; r < replicates; r++) trials.add(new Trial<>(preset, Objectives.replicateSeed(seed, r)));
        List<Outcome> outcomes;
        try (TrialRunner runner = runners.open(NO_TIME_LIMIT)) {
            outcomes = runner.run(new PresetEvaluator(steps, specs), trials);
        }
        double[][] values = new double[specs.size()][replicates];
        for (int r = 0; r < replicates; r++) {
            switch (outcomes.get(r)) {
                case Outcome.Success ok -> {
                    for (int k = 0; k < specs.size(); k++) values[k][r] = ok.value(k);
                }
                case Outcome.Failure f when f.reason().startsWith(ArithmeticException.class.getSimpleName()) ->
                        // the preset's dynamics diverged
                        throw new InputException(preset.name() + ": replicate " + r + ": " + f.reason()
                                + "; check the preset's weights and speeds");
                case Outcome.Failure f -> throw new IllegalStateException(preset.name() + ": replicate " + r + " failed: " + f.reason());
            }
        }
        return new Measurement(specs, values);
    }

    /** @return the seeds of replicates 0 … replicates−1 under {@code seed}. */
    public static long[] replicateSeeds(long seed, int replicates) {
        long[] seeds = new long[replicates];
        for (int r = 0; r < replicates; r++) seeds[r] = Objectives.replicateSeed(seed, r);
        return seeds;
    }
}
