package io.flocktune.tuner.experiment;

import io.flocktune.objectives.Direction;
import io.flocktune.objectives.FlockView;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.Untyped;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.search.Strategy;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.space.Scenarios;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Builds an {@link Experiment} in code, with typed values, from a base {@link Preset}: what
 * {@link ExperimentJson} reads from a file, field for field. Every field left unset takes the
 * default of the JSON form. {@link #build()} checks the experiment with the very checks of
 * {@link ExperimentJson} (the builder fills in the records a file is bound to, with typed values
 * where a file has JSON, and resolves them as a file's are; no JSON is written or read), so it
 * fails with the same one-line messages, starting with {@link #source(String) the source} (by default the
 * experiment's name), and an experiment built here equals the one parsed from the equivalent
 * JSON. A builder is not thread-safe; {@link #build()} may be called more than once.
 *
 * {@snippet :
 * Experiment e = ExperimentBuilder.from(Presets.all().get("reynolds"))
 *         .name("cohesive")
 *         .set("predators.count", 1)
 *         .logRange("cohesion.weight", 0.1, 3)             // sampled evenly in log(value)
 *         .range("neighbourhood.radius", 2, 10)            // world units
 *         .choices("separation", new Separation.Linear(2, 0.05), new Separation.InverseDistance(2, 1.5))
 *         .objective("polarization:mean:max", 1, 0.1)
 *         .objective("collisionRate(distance=0.5):mean:min:name=collisions", 2, 0.01)
 *         .scenario(100, 600, 200)                         // boids, steps, warm-up steps
 *         .replicates(2, 1, 30, 30, 5)
 *         .population(24).generations(20)
 *         .seed(1)
 *         .build();
 * }
 */
public final class ExperimentBuilder {
    private final Preset base;
    private String name = "experiment";
    private String description;
    private final LinkedHashMap<String, Untyped> set = new LinkedHashMap<>();
    private final List<ExperimentJson.ParameterJson> parameters = new ArrayList<>();
    private final List<ExperimentJson.ObjectiveJson> objectives = new ArrayList<>();
    private String combine;
    private ExperimentJson.ScenarioJson scenario;
    private ExperimentJson.ReplicatesJson replicates;
    private Integer population;
    private Double offspringFraction;
    private ExperimentJson.SelectorJson selector;
    private Integer elitism;
    private Double mutationRate;
    private Double mutationSigma;
    private Double crossoverRate;
    private Long maximalAge;
    private Long generations;
    private Long steadyGenerations;
    private Double wallTime;
    private Long evaluations;
    private ExperimentJson.SearchJson search;
    private Double evaluationTimeLimit;
    private Long seed;
    private String aggregate;
    private final List<ExperimentJson.VariantJson> variants = new ArrayList<>();
    private final Map<Integer, ObjectiveSpec> customs = new LinkedHashMap<>();
    private final Map<Integer, CustomMetric> metrics = new LinkedHashMap<>();   // custom metrics, specs made at build

    /** A custom metric objective whose warm-up is the scenario's, known at {@link #build()}. */
    private record CustomMetric(String name, ToDoubleFunction<FlockView> function, Direction direction) {}
    private String source;

    private ExperimentBuilder(Preset base) {
        this.base = PresetJson.requireJsonForm(base);   // an experiment is written as JSON with its run
    }

    /**
     * @param base the preset the genes are applied to (after {@link #set} overrides); written
     *             inline, named by its {@link Preset#name()}
     * @return a builder with every field at its default and no parameters or objectives yet
     */
    public static ExperimentBuilder from(Preset base) {
        return new ExperimentBuilder(Check.present("base", base));
    }

    /** @param name letters, digits, {@code _}, {@code .} or {@code -}; used in run directory names (default {@code experiment}) */
    public ExperimentBuilder name(String name) {
        this.name = name;
        return this;
    }

    /** @param description one line for listings (default empty) */
    public ExperimentBuilder description(String description) {
        this.description = description;
        return this;
    }

    /** @param source what error messages start with (default: the experiment's name) */
    public ExperimentBuilder source(String source) {
        this.source = source;
        return this;
    }

    // ------------------------------------------------------------------ base overrides

    /** Overrides {@code path} (dotted, e.g. {@code predators.count}) of the base, before the genes. */
    public ExperimentBuilder set(String path, int value) {
        return set(path, (Object) value);
    }

    /** @see #set(String, int) */
    public ExperimentBuilder set(String path, long value) {
        return set(path, (Object) value);
    }

    /** @see #set(String, int) */
    public ExperimentBuilder set(String path, double value) {
        return set(path, (Object) value);
    }

    /**
     * @param value a string, boolean, enum (e.g. {@code Preset.UpdateOrder.SEQUENTIAL}), or a rule
     *              variant or section record (e.g. a {@code Separation.Linear})
     * @see #set(String, int)
     */
    public ExperimentBuilder set(String path, Object value) {
        set.put(Check.present("path", path), Untyped.of(Check.present("value", value)));
        return this;
    }

    // ------------------------------------------------------------------ genes

    /** A real gene on a linear scale in [min, max), e.g. a weight or a radius in world units. */
    public ExperimentBuilder range(String path, double min, double max) {
        return range(path, min, max, Parameter.Scale.LINEAR);
    }

    /** A real gene on a log scale in [min, max), min &gt; 0: equal steps in order of magnitude. */
    public ExperimentBuilder logRange(String path, double min, double max) {
        return range(path, min, max, Parameter.Scale.LOG);
    }

    /** A real gene in [min, max) on {@code scale}. */
    public ExperimentBuilder range(String path, double min, double max, Parameter.Scale scale) {
        String scaleText = Check.present("scale", scale) == Parameter.Scale.LOG ? "log" : "linear";
        parameters.add(new ExperimentJson.ParameterJson(path, new double[] {min, max}, scaleText, null, null, null, null));
        return this;
    }

    /**
     * A real gene on the grid {@code min, min + step, …, max}, each value equally likely
     * ({@link Parameter.Grid}; BehaviorSearch's {@code [min, step, max]}); the step must divide
     * {@code max − min}.
     */
    public ExperimentBuilder grid(String path, double min, double max, double step) {
        parameters.add(new ExperimentJson.ParameterJson(path, new double[] {min, max}, null, step, null, null, null));
        return this;
    }

    /** A whole-number gene in [min, max], e.g. {@code boids.count}. */
    public ExperimentBuilder integers(String path, long min, long max) {
        parameters.add(new ExperimentJson.ParameterJson(path, null, null, null, new long[] {min, max}, null, null));
        return this;
    }

    /**
     * A categorical gene: one of {@code options} at {@code path}, labelled by their kind or text
     * ({@link Parameter.Choice#labelsOf}).
     *
     * @param options at least two: rule variant records (e.g. {@code new Separation.Linear(2, 0.05)}
     *                for {@code separation}), enums, numbers, strings or booleans
     */
    public ExperimentBuilder choices(String path, Object... options) {
        List<Untyped> list = new ArrayList<>();
        for (Object o : options) list.add(Untyped.of(Check.present("option", o)));
        parameters.add(new ExperimentJson.ParameterJson(path, null, null, null, null, list, null));
        return this;
    }

    /** A categorical gene with a label per option, in the map's iteration order (use a {@link LinkedHashMap}). */
    public ExperimentBuilder choices(String path, Map<String, ?> labelledOptions) {
        List<Untyped> list = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        labelledOptions.forEach((label, o) -> {
            labels.add(label);
            list.add(Untyped.of(Check.present("option", o)));
        });
        parameters.add(new ExperimentJson.ParameterJson(path, null, null, null, null, list, labels));
        return this;
    }

    // ------------------------------------------------------------------ objectives

    /**
     * An objective with weight 1 and scale 1.
     *
     * @param spec the objective's text form ({@link io.flocktune.objectives.ObjectiveSpec#parse}),
     *             its warm-up by default the scenario's
     */
    public ExperimentBuilder objective(String spec) {
        objectives.add(new ExperimentJson.ObjectiveJson(spec, null, null));
        return this;
    }

    /**
     * @param spec   as {@link #objective(String)}
     * @param weight its weight in a weighted sum or target distance, &gt; 0
     * @param scale  the amount of it that counts as one unit of cost, &gt; 0 ({@link Objective})
     */
    public ExperimentBuilder objective(String spec, double weight, double scale) {
        objectives.add(new ExperimentJson.ObjectiveJson(spec, weight, scale));
        return this;
    }

    /**
     * A typed objective, a {@link Metric.Custom custom metric} included: such an experiment runs
     * in this JVM only ({@link Experiment#customObjective}), e.g. with {@code Tuning.inMemory}.
     * Its checks are those of the JSON form, made on a built-in metric with the same window,
     * aggregation and direction (a custom metric needs no predators).
     *
     * @param spec   what is measured; its warm-up is its own (the scenario's does not apply)
     * @param weight its weight in a weighted sum or target distance, &gt; 0
     * @param scale  the amount of it that counts as one unit of cost, &gt; 0 ({@link Objective})
     */
    public ExperimentBuilder objective(ObjectiveSpec spec, double weight, double scale) {
        Check.present("spec", spec);
        if (spec.custom()) customs.put(objectives.size(), spec);
        objectives.add(new ExperimentJson.ObjectiveJson(placeholder(spec).text(), weight, scale));
        return this;
    }

    /** A custom metric's spec checked as the JSON form checks a built-in one with the same window, aggregation and direction. */
    private static ObjectiveSpec placeholder(ObjectiveSpec spec) {
        return spec.custom() ? new ObjectiveSpec(spec.name(), new Metric.Polarization(), spec.warmup(), spec.every(),
                spec.aggregation(), spec.threshold(), spec.direction()) : spec;
    }

    /**
     * A custom metric as an objective: {@code function}'s value at each step after the scenario's
     * warm-up, averaged over the run ({@link ObjectiveSpec#custom}). Such an experiment runs in this
     * JVM only ({@link Experiment#customObjective}).
     *
     * @param name      the objective's name: a letter, then letters, digits, {@code _}, {@code .} or {@code -}
     * @param function  the flock at a step to the metric's value; pure and thread-safe
     * @param direction {@code new Direction.Maximize()}, {@code Minimize()} or a {@code Target}
     * @param weight    its weight, &gt; 0
     * @param scale     the amount of it that counts as one unit of cost, &gt; 0
     */
    public ExperimentBuilder objective(String name, ToDoubleFunction<FlockView> function, Direction direction, double weight,
                                       double scale) {
        metrics.put(objectives.size(), new CustomMetric(name, Check.present("function", function), Check.present("direction", direction)));
        objectives.add(new ExperimentJson.ObjectiveJson(null, weight, scale));
        return this;
    }

    /** The objectives are ranked by NSGA-II on their cost vector, a Pareto front ({@code "combine": "pareto"}). */
    public ExperimentBuilder pareto() {
        return combine(Combination.PARETO);
    }

    /** One fitness: the weighted distance to the objectives' targets ({@code "combine": "targetDistance"}). */
    public ExperimentBuilder targetDistance() {
        return combine(Combination.TARGET_DISTANCE);
    }

    /** @param combination how the objectives become fitness (default weighted sum) */
    public ExperimentBuilder combine(Combination combination) {
        combine = Check.present("combination", combination).json();
        return this;
    }

    // ------------------------------------------------------------------ scenario, noise, GA, stop

    /**
     * @param boids  boid count of every candidate, 0 to keep the base's (default 0)
     * @param steps  simulation steps per replicate, &ge; 1 (default 600)
     * @param warmup steps before objectives are sampled unless an objective sets its own (default 0)
     */
    public ExperimentBuilder scenario(int boids, long steps, long warmup) {
        scenario = new ExperimentJson.ScenarioJson(boids, steps, warmup);
        return this;
    }

    /**
     * A further scenario every candidate is measured on (its overrides applied after the genes).
     *
     * @param set dotted path → value (numbers, strings, booleans, enums or rule records), in order
     */
    public ExperimentBuilder variant(String name, Map<String, ?> set) {
        LinkedHashMap<String, Untyped> overrides = new LinkedHashMap<>();
        set.forEach((path, value) -> overrides.put(path, Untyped.of(Check.present("value", value))));
        variants.add(new ExperimentJson.VariantJson(name, overrides));
        return this;
    }

    /** @param aggregate how the scenarios' values combine (default mean); only with a {@link #variant} */
    public ExperimentBuilder aggregate(Scenarios.Aggregate aggregate) {
        this.aggregate = Check.present("aggregate", aggregate).json();
        return this;
    }

    /**
     * @param perEvaluation   replicates of a new candidate, &ge; 1 (default 2)
     * @param perSurvival     extra replicates of a survivor per generation, &ge; 0 (default 1)
     * @param validationSeeds held-out seeds that rank the finalists, &ge; 2 (default 30)
     * @param testSeeds       fresh seeds of the reported numbers, &ge; 2 (default 30)
     * @param finalists       candidates validated at the end, &ge; 1 (default 5)
     */
    public ExperimentBuilder replicates(int perEvaluation, int perSurvival, int validationSeeds, int testSeeds, int finalists) {
        replicates = new ExperimentJson.ReplicatesJson(perEvaluation, perSurvival, validationSeeds, testSeeds, finalists, null,
                replicates == null ? null : replicates.race());
        return this;
    }

    /**
     * Makes the finalist stage a race ({@link io.flocktune.tuner.search.Race}, JSON {@code replicates.race}).
     *
     * @param pool  candidates that enter the race, in [2, 10 000], with {@code pool × round} within
     *              {@code finalists × validationSeeds}
     * @param round held-out seeds each candidate still racing runs per round, in [1, validationSeeds]
     * @param alpha family-wise error rate of one round's drops, in (0, 0.5]
     */
    public ExperimentBuilder race(int pool, int round, double alpha) {
        ExperimentJson.ReplicatesJson r = replicates == null
                ? new ExperimentJson.ReplicatesJson(null, null, null, null, null, null, null) : replicates;
        replicates = new ExperimentJson.ReplicatesJson(r.perEvaluation(), r.perSurvival(), r.validationSeeds(), r.testSeeds(),
                r.finalists(), r.combine(), new ExperimentJson.RaceJson(pool, round, alpha));
        return this;
    }

    /** @param population candidates per generation, in [4, 100 000] (default 24) */
    public ExperimentBuilder population(int population) {
        this.population = population;
        return this;
    }

    /** @param fraction share of each generation that is new offspring, in (0, 1) (default 0.6) */
    public ExperimentBuilder offspringFraction(double fraction) {
        this.offspringFraction = fraction;
        return this;
    }

    /** @param size a tournament of {@code size} for survivor and parent selection (the default, of 3, unless {@link #pareto()}) */
    public ExperimentBuilder tournament(int size) {
        selector = new ExperimentJson.SelectorJson("tournament", size);   // checked by build(), as in a file
        return this;
    }

    /** @param selection survivor and parent selection (default a tournament of 3; NSGA-II for Pareto) */
    public ExperimentBuilder selector(Selection selection) {
        selector = ExperimentJson.selectorJson(Check.present("selection", selection));
        return this;
    }

    /** @param elitism best survivors kept unchanged (default min(2, survivors − 1); 0 for Pareto) */
    public ExperimentBuilder elitism(int elitism) {
        this.elitism = elitism;
        return this;
    }

    /**
     * @param rate  per-gene mutation probability, in [0, 1] (default 0.15)
     * @param sigma standard deviation of a mutation in unit-gene space (default 0.1)
     */
    public ExperimentBuilder mutation(double rate, double sigma) {
        this.mutationRate = rate;
        this.mutationSigma = sigma;
        return this;
    }

    /** @param rate crossover probability, in [0, 1] (default 0.6) */
    public ExperimentBuilder crossoverRate(double rate) {
        this.crossoverRate = rate;
        return this;
    }

    /** @param generations a candidate's largest age in generations, &ge; 1 (default 1000) */
    public ExperimentBuilder maximalAge(long generations) {
        this.maximalAge = generations;
        return this;
    }

    /** @param generations the last generation, in [1, 1 000 000] (default 20) */
    public ExperimentBuilder generations(long generations) {
        this.generations = generations;
        return this;
    }

    /** @param generations stop after this many generations without improvement, 0 = never (default 0) */
    public ExperimentBuilder steadyGenerations(long generations) {
        this.steadyGenerations = generations;
        return this;
    }

    /** @param wallTime stop the search after this long, zero = never (default zero) */
    public ExperimentBuilder wallTime(Duration wallTime) {
        this.wallTime = Check.present("wallTime", wallTime).toNanos() / 1e9;
        return this;
    }

    /** @param evaluations stop after this many simulations, 0 = never (default 0) */
    public ExperimentBuilder evaluations(long evaluations) {
        this.evaluations = evaluations;
        return this;
    }

    /** @param strategy how new candidates are proposed and finalists chosen (default {@link Strategy#defaultFor}: the adaptive search, or the GA for a Pareto search) */
    public ExperimentBuilder search(Strategy strategy) {
        search = new ExperimentJson.SearchJson(Check.present("strategy", strategy).kind(), strategy.finalists().json(),
                strategy instanceof Strategy.Adaptive a ? Long.valueOf(a.modelFrom()) : null,
                strategy instanceof Strategy.Adaptive b ? Long.valueOf(b.modelPoints()) : null);
        return this;
    }

    /** @param limit wall time one replicate may take before it counts as failed, &gt; 0 (default 60 s) */
    public ExperimentBuilder evaluationTimeLimit(Duration limit) {
        evaluationTimeLimit = Check.present("limit", limit).toNanos() / 1e9;
        return this;
    }

    /** @param seed the experiment seed; every random number of a run derives from it (default 1) */
    public ExperimentBuilder seed(long seed) {
        this.seed = seed;
        return this;
    }

    // ------------------------------------------------------------------ building

    /**
     * @return the experiment, checked as {@link ExperimentJson#fromTree} checks a file
     * @throws InputException one line naming the source, the field and what is allowed, e.g.
     *                        {@code cohesive: parameters[0]: cohesion.weight: ...}
     */
    public Experiment build() throws InputException {
        String from = source != null ? source : String.valueOf(name);
        long warmup = scenario == null || scenario.warmup() == null ? 0 : scenario.warmup();
        List<ExperimentJson.ObjectiveJson> objectives = new ArrayList<>(this.objectives);
        for (var m : metrics.entrySet()) {
            ObjectiveSpec spec;
            try {
                spec = ObjectiveSpec.custom(m.getValue().name(), m.getValue().function(), warmup, m.getValue().direction());
            } catch (IllegalArgumentException x) {
                throw new InputException(from + ": objectives[" + m.getKey() + "]: " + x.getMessage(), x);
            }
            ExperimentJson.ObjectiveJson o = objectives.get(m.getKey());
            objectives.set(m.getKey(), new ExperimentJson.ObjectiveJson(placeholder(spec).text(), o.weight(), o.scale()));
            customs.put(m.getKey(), spec);
        }
        boolean ga = population != null || offspringFraction != null || selector != null || elitism != null || mutationRate != null
                || crossoverRate != null || maximalAge != null;
        boolean stop = generations != null || steadyGenerations != null || wallTime != null || evaluations != null;
        ExperimentJson.File f = new ExperimentJson.File(Experiment.FORMAT, name, description, null, null,
                set.isEmpty() ? null : new LinkedHashMap<>(set), List.copyOf(parameters), objectives.isEmpty() ? null : objectives,
                combine, scenario, replicates,
                ga ? new ExperimentJson.GaJson(population, offspringFraction, selector, elitism, mutationRate, mutationSigma,
                        crossoverRate, maximalAge) : null,
                stop ? new ExperimentJson.StopJson(generations, steadyGenerations, wallTime, evaluations) : null,
                evaluationTimeLimit, seed,
                aggregate != null || !variants.isEmpty()
                        ? new ExperimentJson.ScenariosJson(aggregate, variants.isEmpty() ? null : List.copyOf(variants)) : null,
                null, search);
        Experiment e = ExperimentJson.resolve(f, base, base.name(), from);
        if (customs.isEmpty()) return e;
        List<Objective> typed = new ArrayList<>(e.objectives());
        customs.forEach((k, spec) -> typed.set(k, new Objective(spec, typed.get(k).weight(), typed.get(k).scale())));
        try {
            return new Experiment(e.name(), e.description(), e.base(), e.baseName(), e.set(), e.parameters(), typed,
                    e.combination(), e.scenario(), e.replication(), e.genetics(), e.stop(), e.timeLimit(), e.seed(), e.scenarios(),
                    e.search());
        } catch (IllegalArgumentException x) {
            throw new InputException(from + ": " + x.getMessage(), x);
        }
    }
}
