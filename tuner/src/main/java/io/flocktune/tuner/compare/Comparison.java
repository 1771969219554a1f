package io.flocktune.tuner.compare;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.Scenario;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.stats.PairedTests;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A comparison of rule variants ({@value #FORMAT}): two or more arms measured on the same
 * replicate seeds, the objectives, the scenario every replicate runs, how many replicates, and
 * the error rate. Read and written by {@link ComparisonJson}; run by {@link Comparing}.
 *
 * @param name        short identifier, used in directory names
 * @param description one line for {@code flocktune compare --list}
 * @param set         the overrides every arm shares, in order (each value as the first arm's
 *                    path has it), already applied to every arm; kept so the report can say what
 *                    the arms share
 * @param arms        what is compared, &ge; 2, distinct names
 * @param objectives  what is measured, &ge; 1, distinct names
 * @param scenario    boids (0: each arm's own), steps and default warm-up of every replicate
 * @param replicates  how many paired replicates, fixed or sequential
 * @param alpha       family-wise error rate over all pairs, objectives and looks, in (0, 0.5]
 * @param bootstrap   resamples of the A12 interval, in [100, 1 000 000]
 * @param budget      the tuning budget of every "tune first" arm, or null to require that
 *                    their experiments already share one
 * @param timeLimit   wall time one replicate may take before it counts as failed, &gt; 0
 * @param seed        the comparison seed; every replicate seed derives from it
 */
public record Comparison(String name, String description, List<Edit> set, List<Arm> arms, List<ObjectiveSpec> objectives,
                         Scenario scenario, Replicates replicates, double alpha, int bootstrap, Budget budget,
                         Duration timeLimit, long seed) {

    /** The comparison format this version reads and writes. */
    public static final String FORMAT = "flocktune-comparison/1";

    public Comparison {
        Check.present("name", name);
        if (name.isBlank() || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("name = \"" + name + "\": use letters, digits, '.', '_' and '-' only");
        }
        Check.present("description", description);
        set = List.copyOf(Check.present("set", set));
        arms = List.copyOf(Check.present("arms", arms));
        objectives = List.copyOf(Check.present("objectives", objectives));
        Check.present("scenario", scenario);
        Check.present("replicates", replicates);
        Check.present("timeLimit", timeLimit);
        if (arms.size() < 2) throw new IllegalArgumentException("arms: give at least 2, found " + arms.size());
        Set<String> names = new HashSet<>();
        for (Arm a : arms) if (!names.add(a.name())) throw new IllegalArgumentException("arms: the name \"" + a.name() + "\" is used twice");
        if (objectives.isEmpty()) throw new IllegalArgumentException("objectives: give at least one");
        Set<String> objectiveNames = new HashSet<>();
        for (ObjectiveSpec o : objectives) {
            if (!objectiveNames.add(o.name())) throw new IllegalArgumentException("objectives: the name \"" + o.name() + "\" is used twice");
            if (o.warmup() >= scenario.steps()) {
                throw new IllegalArgumentException("objective " + o.name() + ": warmup = " + o.warmup()
                        + " must be < scenario.steps = " + scenario.steps());
            }
        }
        if (!(alpha > 0 && alpha <= 0.5)) throw new IllegalArgumentException("alpha = " + alpha + ": must be in (0, 0.5]");
        Check.inRange("bootstrap", bootstrap, 100, 1_000_000);
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("evaluationTimeLimit = " + timeLimit.toNanos() / 1e9 + ": must be > 0");
        }
    }

    /** @return this comparison with another seed. */
    public Comparison withSeed(long newSeed) {
        return new Comparison(name, description, set, arms, objectives, scenario, replicates, alpha, bootstrap, budget, timeLimit, newSeed);
    }

    /** @return the number of (pair, objective) hypotheses, the size of the Holm family. */
    public int hypotheses() {
        return arms.size() * (arms.size() - 1) / 2 * objectives.size();
    }

    /**
     * @return what the arm is, against its base: e.g. "preset reynolds with neighbourhood:
     *         topological(count 7)", "preset seed000 as it is", or "tuned first: experiment
     *         kernel-linear on reynolds, tuning separation.weight, separation.radius with
     *         separation: linear(radius 2, weight 0.05)" (the common {@link #set} is not repeated)
     */
    public static String describe(Arm arm) {
        String with = arm.changes().isEmpty() ? "" : " with " + Overrides.text(arm.changes());
        return switch (arm) {
            case Arm.Fixed f -> "preset " + f.source() + (with.isEmpty() ? " as it is" : with);
            case Arm.Tuned t -> "tuned first: experiment " + t.experiment().name() + " on " + t.experiment().baseName() + ", tuning "
                    + String.join(", ", t.experiment().parameters().stream().map(Parameter::path).toList())
                    + with;
        };
    }

    /**
     * Whether the replicate counts can reach significance at all. With n paired replicates the
     * smallest two-sided exact Wilcoxon p is 2 / 2ⁿ (every difference of one sign: 0.25 at
     * n = 3), and Holm's first step over the {@link #hypotheses} h, at the level α / K of K
     * looks, needs h · 2 / 2ⁿ ≤ α / K.
     *
     * @return null when the first look can already reach significance, else one line: that no
     *         difference can be significant (with the smallest count that could), or from which
     *         look on one can
     */
    public String significanceWarning() {
        int looks = replicates.looks();
        double level = alpha / looks;
        int needed = 1;
        while (hypotheses() * PairedTests.smallestP(needed) > level) needed++;
        if (replicates.min() >= needed) return null;
        String smallest = short3(PairedTests.smallestP(replicates.min()));
        if (replicates.max() < needed) {
            int fixed = 1;
            while (hypotheses() * PairedTests.smallestP(fixed) > alpha) fixed++;
            return "warning: no difference can be significant at " + replicates.max() + " paired replicates: the smallest"
                    + " Wilcoxon p at n = " + replicates.min() + " is " + smallest + " and Holm over " + hypotheses()
                    + " hypotheses at level " + short3(level) + " needs n ≥ " + needed
                    + " (a fixed count of replicates needs ≥ " + fixed + ")";
        }
        return "note: the looks below " + needed + " paired replicates cannot reach significance (smallest Wilcoxon p at n = "
                + replicates.min() + " is " + smallest + "; Holm over " + hypotheses() + " hypotheses at level "
                + short3(level) + "); they can only stop on negligible differences";
    }

    /** @return v to 3 significant digits without trailing zeros: 0.05, 0.0625, 0.00167. */
    private static String short3(double v) {
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /**
     * One arm of a comparison.
     */
    public sealed interface Arm {
        /** @return the arm's label, letters, digits, '.', '_', '-' */
        String name();

        /**
         * @return the arm's own overrides (its rule variants, then its {@code set}, in order),
         *         already applied; the comparison's common {@link #set} is not among them
         */
        List<Edit> changes();

        /**
         * A preset with overrides (the comparison's common {@code set}, the arm's rule variants
         * and its {@code set}, in that order, already applied).
         *
         * @param name   label
         * @param source where the preset came from: a built-in name, a file, or "inline"
         * @param preset the preset with every override applied
         * @param changes the arm's own overrides, see {@link Arm#changes}
         */
        record Fixed(String name, String source, Preset preset, List<Edit> changes) implements Arm {
            public Fixed {
                checkName(name);
                Check.present("source", source);
                changes = List.copyOf(Check.present("changes", changes));
                Check.present("preset", preset);
            }
        }

        /**
         * "Tune first": the experiment's validated best preset becomes the arm.
         *
         * @param name       label
         * @param source     where the experiment came from: a built-in name, a file, or "inline"
         * @param experiment the experiment to run, with the overrides in its {@code set} and the
         *                   comparison's budget already applied (its seed is replaced per arm)
         * @param changes    the arm's own overrides, see {@link Arm#changes}
         */
        record Tuned(String name, String source, Experiment experiment, List<Edit> changes) implements Arm {
            public Tuned {
                checkName(name);
                Check.present("source", source);
                changes = List.copyOf(Check.present("changes", changes));
                Check.present("experiment", experiment);
            }
        }

        private static void checkName(String name) {
            Check.present("name", name);
            if (!name.matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException("name = \"" + name + "\": use letters, digits, '.', '_' and '-' only");
            }
        }
    }

    /**
     * How many paired replicates: {@code min} first, then batches of {@code batch} until every
     * hypothesis is settled or {@code max} is reached. A fixed count has min = max.
     *
     * @param min   replicates of the first look, in [3, 100 000]
     * @param max   the most replicates, in [min, 100 000]
     * @param batch replicates added per further look, in [1, 100 000]
     */
    public record Replicates(int min, int max, int batch) {
        public Replicates {
            Check.inRange("replicates.min", min, 3, 100_000);
            Check.inRange("replicates.max", max, min, 100_000);
            Check.inRange("replicates.batch", batch, 1, 100_000);
        }

        /** @return a fixed count. */
        public static Replicates fixed(int count) {
            return new Replicates(count, count, count);
        }

        /** @return whether the count is fixed (one look). */
        public boolean fixed() {
            return min == max;
        }

        /** @return the planned looks K = 1 + ⌈(max − min) / batch⌉. */
        public int looks() {
            return 1 + (max - min + batch - 1) / batch;
        }

        /** @return replicates at look k (0-based): min(max, min + k · batch). */
        public int at(int look) {
            return (int) Math.min(max, min + (long) look * batch);
        }
    }

    /**
     * The search budget every "tune first" arm gets, replacing its experiment's.
     *
     * @param generations   last generation, in [1, 1 000 000]
     * @param population    GA population, in [4, 100 000]
     * @param perEvaluation replicates per evaluation, in [1, 10 000]
     * @param validationSeeds held-out seeds per finalist, in [2, 100 000]
     * @param finalists     finalists validated, in [1, 10 000]
     */
    public record Budget(int generations, int population, int perEvaluation, int validationSeeds, int finalists) {
        public Budget {
            Check.inRange("budget.generations", generations, 1, 1_000_000);
            Check.inRange("budget.population", population, 4, 100_000);
            Check.inRange("budget.perEvaluation", perEvaluation, 1, 10_000);
            Check.inRange("budget.validationSeeds", validationSeeds, 2, 100_000);
            Check.inRange("budget.finalists", finalists, 1, 10_000);
        }
    }
}
