package io.flocktune.tuner.experiment;

import io.flocktune.objectives.Direction;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetPath;
import io.flocktune.tuner.search.Criterion;
import io.flocktune.tuner.search.Genetics;
import io.flocktune.tuner.search.Replication;
import io.flocktune.tuner.search.Scoring;
import io.flocktune.tuner.search.StopRules;
import io.flocktune.tuner.search.Strategy;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.space.Scenarios;

import java.time.Duration;
import java.util.List;

/**
 * A tuning experiment ({@value #FORMAT}): which preset to start from, which of its keys to
 * search over, what to optimise, on which scenario, with how much noise handling, GA settings
 * and stopping rules, and the seed. Read and written by {@link ExperimentJson}.
 *
 * @param name        short identifier, used in run directory names
 * @param description one line for {@code flocktune experiments}
 * @param base        the preset the overrides and genes are applied to
 * @param baseName    where the base came from: a built-in name or a file
 * @param set         overrides applied to the base before the genes, in order
 * @param parameters  the genes
 * @param objectives  what is measured, with weights and scales
 * @param combination how objectives become fitness
 * @param scenario    boids, steps and warm-up of every replicate
 * @param replication noise handling
 * @param genetics    GA settings
 * @param stop        stopping rules
 * @param timeLimit   wall time one replicate may take before it counts as failed (its simulation
 *                    stops at its next step), &gt; 0. Whether a replicate hits it depends on the
 *                    machine's load and the thread count: a run in which one did is not
 *                    guaranteed to repeat bit for bit (every other run is)
 * @param seed        the experiment seed; every random number of a run derives from it
 * @param scenarios   further scenarios every candidate is measured on, combined per objective
 *                    ({@link Scenarios#NONE}: the base scenario alone)
 * @param search      how new candidates are proposed ({@link Strategy}; by default
 *                    {@link Strategy#defaultFor}); {@code genetics} still sets population and
 *                    survivor selection for every strategy
 */
public record Experiment(String name, String description, Preset base, String baseName, List<Edit> set,
                         List<Parameter> parameters, List<Objective> objectives, Combination combination,
                         Scenario scenario, Replication replication, Genetics genetics, StopRules stop,
                         Duration timeLimit, long seed, Scenarios scenarios, Strategy search) {

    /** The experiment format this version reads and writes. */
    public static final String FORMAT = "flocktune-experiment/1";

    /** The columns of a run's {@code history.csv} before its parameters' ({@code run.Tables}). */
    public static final List<String> LEADING_COLUMNS = List.of("generation", "candidate", "role", "replicate", "seed");

    /** The columns of a run's {@code history.csv} after its objectives'. */
    public static final List<String> TRAILING_COLUMNS = List.of("status", "reason");

    /**
     * The columns a run's {@code history.csv} has besides one per parameter and one per objective:
     * a table read by its header needs every column named once, so no objective may take one of
     * these names or a parameter's path.
     */
    public static final List<String> OWN_COLUMNS = java.util.stream.Stream.concat(LEADING_COLUMNS.stream(), TRAILING_COLUMNS.stream()).toList();

    public Experiment {
        Check.present("name", name);
        Check.present("description", description);
        Check.present("base", base);
        Check.present("baseName", baseName);
        set = List.copyOf(Check.present("set", set));
        parameters = List.copyOf(Check.present("parameters", parameters));
        objectives = List.copyOf(Check.present("objectives", objectives));
        Check.present("combination", combination);
        Check.present("scenario", scenario);
        Check.present("replication", replication);
        Check.present("genetics", genetics);
        Check.present("stop", stop);
        Check.present("timeLimit", timeLimit);
        Check.present("scenarios", scenarios);
        Check.present("search", search);
        if (parameters.isEmpty()) throw new IllegalArgumentException("parameters: give at least one");
        if (objectives.isEmpty()) throw new IllegalArgumentException("objectives: give at least one");
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("evaluationTimeLimit = " + timeLimit.toNanos() / 1e9 + ": must be > 0");
        }
        switch (combination) {
            case PARETO -> {
                if (objectives.size() < 2) throw new IllegalArgumentException("combine = pareto needs at least 2 objectives");
                if (replication.race() != null) {
                    throw new IllegalArgumentException("replicates.race: a race ranks by one fitness; a Pareto search's finalists "
                            + "are its front, so combine = pareto takes no race");
                }
                if (!genetics.selection().pareto()) {
                    throw new IllegalArgumentException("ga.selector: combine = pareto needs nsga2 or ufTournament");
                }
            }
            case TARGET_DISTANCE -> {
                for (Objective o : objectives) {
                    if (!(o.spec().direction() instanceof Direction.Target)) {
                        throw new IllegalArgumentException("objective " + o.spec().name()
                                + ": combine = targetDistance needs every objective to be a target (target=VALUE+-TOL)");
                    }
                }
                requireSingle(genetics);
            }
            case WEIGHTED_SUM -> requireSingle(genetics);
        }
        java.util.Set<String> columns = new java.util.HashSet<>(OWN_COLUMNS);
        for (Parameter p : parameters) columns.add(p.path());
        for (Objective o : objectives) {
            String column = o.spec().name();
            if (!columns.add(column)) {
                String other = parameters.stream().anyMatch(p -> p.path().equals(column)) ? "parameter " + column
                        : OWN_COLUMNS.contains(column) ? "a column of history.csv of its own" : "another objective";
                throw new IllegalArgumentException("objective " + column + ": the name of " + other + " too, and a run's tables need "
                        + "a column each; name the objective otherwise (name=... in its spec)");
            }
        }
        for (Objective o : objectives) {
            if (o.spec().warmup() >= scenario.steps()) {
                throw new IllegalArgumentException("objective " + o.spec().name() + ": warmup = " + o.spec().warmup()
                        + " must be < scenario.steps = " + scenario.steps());
            }
        }
    }

    private static void requireSingle(Genetics genetics) {
        if (genetics.selection().pareto()) {
            throw new IllegalArgumentException("ga.selector: a single-objective search needs tournament, linearRank or truncation");
        }
    }

    /**
     * @return the base with the overrides ({@code set}, checked on its own first) and the
     *         scenario's boid count applied: the preset the genes are set on
     * @throws InputException naming the experiment: an override's path does not exist, or the
     *                        result is no valid preset
     */
    public Preset effectiveBase() throws InputException {
        return effectiveBase(base, set, scenario, name);
    }

    /** {@link #effectiveBase()}; {@code source} starts every message. */
    static Preset effectiveBase(Preset base, List<Edit> set, Scenario scenario, String source) throws InputException {
        Preset with = set.isEmpty() ? base
                : Edit.setAll(new PresetEdit(base), set, source + ": set.").build(source + ": base with set");
        if (scenario.boids() == 0) return with;
        return new PresetEdit(with).set(PresetPath.of("boids.count"), scenario.boids(), source + ": scenario.boids")
                .build(source + ": base with set and scenario");
    }

    /** @return this experiment with another seed. */
    public Experiment withSeed(long newSeed) {
        return new Experiment(name, description, base, baseName, set, parameters, objectives, combination, scenario,
                replication, genetics, stop, timeLimit, newSeed, scenarios, search);
    }

    /** @return this experiment with another search strategy. */
    public Experiment withSearch(Strategy strategy) {
        return new Experiment(name, description, base, baseName, set, parameters, objectives, combination, scenario,
                replication, genetics, stop, timeLimit, seed, scenarios, strategy);
    }

    /** @return this experiment with other stopping rules. */
    public Experiment withStop(StopRules rules) {
        return new Experiment(name, description, base, baseName, set, parameters, objectives, combination, scenario,
                replication, genetics, rules, timeLimit, seed, scenarios, search);
    }

    /** An experiment measured on its base scenario alone, with the default search. */
    public Experiment(String name, String description, Preset base, String baseName, List<Edit> set,
                      List<Parameter> parameters, List<Objective> objectives, Combination combination,
                      Scenario scenario, Replication replication, Genetics genetics, StopRules stop,
                      Duration timeLimit, long seed) {
        this(name, description, base, baseName, set, parameters, objectives, combination, scenario, replication, genetics,
                stop, timeLimit, seed, Scenarios.NONE, Strategy.defaultFor(combination == Combination.PARETO));
    }

    /** An experiment with the default search ({@link Strategy#defaultFor}). */
    public Experiment(String name, String description, Preset base, String baseName, List<Edit> set,
                      List<Parameter> parameters, List<Objective> objectives, Combination combination,
                      Scenario scenario, Replication replication, Genetics genetics, StopRules stop,
                      Duration timeLimit, long seed, Scenarios scenarios) {
        this(name, description, base, baseName, set, parameters, objectives, combination, scenario, replication, genetics,
                stop, timeLimit, seed, scenarios, Strategy.defaultFor(combination == Combination.PARETO));
    }

    /**
     * @return the first objective on a {@link io.flocktune.objectives.Metric.Custom} metric, if
     *         any: such an experiment runs in this JVM only (its JSON form cannot hold the
     *         function, so it is neither written to a run directory nor sent to Spark)
     */
    public java.util.Optional<io.flocktune.objectives.ObjectiveSpec> customObjective() {
        return specs().stream().filter(io.flocktune.objectives.ObjectiveSpec::custom).findFirst();
    }

    /** @return the objective specs, in order. */
    public List<io.flocktune.objectives.ObjectiveSpec> specs() {
        return objectives.stream().map(Objective::spec).toList();
    }

    /** @return the scoring the search ranks by. */
    public Scoring<?> scoring() {
        List<Criterion> criteria = objectives.stream().map(Objective::criterion).toList();
        return switch (combination) {
            case WEIGHTED_SUM -> new Scoring.WeightedSum(criteria);
            case TARGET_DISTANCE -> new Scoring.TargetDistance(criteria);
            case PARETO -> new Scoring.Pareto(criteria);
        };
    }
}
