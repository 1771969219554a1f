package io.flocktune.tuner.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.PresetPath;
import io.flocktune.tuner.io.StrictJson;
import io.flocktune.tuner.io.Untyped;
import io.flocktune.tuner.search.Genetics;
import io.flocktune.tuner.search.Race;
import io.flocktune.tuner.search.Replication;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.search.StopRules;
import io.flocktune.tuner.search.Strategy;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.space.ParameterSpace;
import io.flocktune.tuner.space.Scenarios;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes experiment JSON ({@value Experiment#FORMAT}) in the one JSON style of
 * flocktune ({@link StrictJson}): the text is bound to the records of {@link File}, as presets
 * are; unknown and duplicate keys, {@code null} (leave a key out for its default), trailing
 * content and a wrong type are errors, every error one line naming the source, the field and what
 * is allowed. Comments ({@code //}, {@code /* *}{@code /}) are allowed. Omitted optional fields
 * take the defaults shown by {@link #write} of a resolved experiment.
 *
 * <p>The values of {@code set}, of a scenario's {@code set} and of {@code choices} are bound as
 * {@link Untyped} and read as the type their path has in the base preset, so the experiment holds
 * typed {@link Edit}s and options; {@link #write} writes them in that type, whole numbers without
 * a fraction ({@link PresetJson#overrideTree}).
 *
 * <p>Before any simulation runs, every gene is checked against the base preset's rules over its
 * whole range ({@link ParameterSpace#of}), and {@code set} is checked on its own, before the
 * scenario's boid count is applied (giving both is an error).
 *
 * <pre>{@code
 * {
 *   "format": "flocktune-experiment/1",
 *   "name": "cohesive",
 *   "description": "Tune reynolds for an aligned, cohesive flock",
 *   "base": "reynolds",                      // built-in name, preset file, or an inline preset
 *   "set": {"predators.count": 1},           // overrides before the genes
 *   "parameters": [
 *     {"path": "cohesion.weight", "range": [0.1, 3], "scale": "log"},
 *     {"path": "boids.count", "integers": [50, 200]},
 *     {"path": "neighbourhood.radius", "range": [2, 10], "step": 0.25},   // a grid: 2, 2.25, …, 10
 *     {"path": "separation", "choices": [{"kind": "linear", "radius": 2, "weight": 0.05},
 *                                         {"kind": "inverseDistance", "radius": 2, "weight": 1.5}]},
 *     {"path": "separation.weight", "range": [0.01, 3], "scale": "log"}
 *   ],
 *   "objectives": ["polarization:mean:max",
 *                  {"spec": "collisionRate(distance=0.5):mean:min", "weight": 2, "scale": 0.01}],
 *   "combine": "weightedSum",                // or targetDistance, pareto
 *   "scenario": {"steps": 600, "warmup": 200, "boids": 0},
 *   "replicates": {"perEvaluation": 2, "perSurvival": 1, "validationSeeds": 30, "testSeeds": 30, "finalists": 5,
 *                  "combine": "mean"},
 *   "ga": {"population": 24, "offspringFraction": 0.6, "selector": {"kind": "tournament", "size": 3},
 *          "elitism": 2, "mutationRate": 0.15, "mutationSigma": 0.1, "crossoverRate": 0.6, "maximalAge": 1000},
 *   "stop": {"generations": 20, "steadyGenerations": 0, "wallTime": 0, "evaluations": 0},
 *   "search": {"kind": "adaptive",           // the GA, then a Gaussian process from 250 candidates; or "ga", "model",
 *                                            // "random" (uniform draws, the baseline); a Pareto search's default is "ga"
 *              "modelFrom": 250,             // adaptive only: candidates evaluated before the model proposes
 *              "modelPoints": 1000,          // adaptive only: candidates the model conditions on, at most
 *              "finalists": "both"},      // or "population" (own means), "posterior" (a Gaussian process over all)
 *   "evaluationTimeLimit": 60,
 *   "seed": 1
 * }
 * }</pre>
 */
public final class ExperimentJson {
    private ExperimentJson() {}

    private static final JsonMapper MAPPER = StrictJson.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(PresetJson.untypedValues())
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * The file's JSON form: absent optional fields are null here and take their defaults.
     *
     * @param base      a built-in preset name, a preset file, or an inline preset object
     * @param baseName  where an inline base came from (written by {@link #toTree})
     * @param versions  written by a run into its experiment.json; ignored when read
     */
    record File(String format, String name, String description, JsonNode base, String baseName,
                LinkedHashMap<String, Untyped> set, List<ParameterJson> parameters, List<ObjectiveJson> objectives,
                String combine, ScenarioJson scenario, ReplicatesJson replicates, GaJson ga, StopJson stop,
                Double evaluationTimeLimit, Long seed, ScenariosJson scenarios, JsonNode versions,
                SearchJson search) {}

    /** Further scenarios every candidate is measured on: {@code mean} or {@code worst} over {@code list}. */
    record ScenariosJson(String aggregate, List<VariantJson> list) {}

    /** One scenario: a name and its overrides. */
    record VariantJson(String name, LinkedHashMap<String, Untyped> set) {}

    /** The search strategy: {@code {"kind": "adaptive"}} (default; a Pareto search's is {@code "ga"}), {@code "ga"}, {@code "random"} or {@code "model"} ({@link Strategy}). */
    record SearchJson(String kind, String finalists, Long modelFrom, Long modelPoints) {}

    /** A gene: a path and exactly one of range (with scale), integers, choices (with labels). */
    record ParameterJson(String path, double[] range, String scale, Double step, long[] integers, List<Untyped> choices,
                         List<String> labels) {}

    /** An objective: a spec text, or {spec, weight, scale}. */
    record ObjectiveJson(String spec, Double weight, Double scale) {
        @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
        ObjectiveJson {}

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static ObjectiveJson of(String spec) {
            return new ObjectiveJson(spec, null, null);
        }
    }

    record ScenarioJson(Integer boids, Long steps, Long warmup) {}

    record ReplicatesJson(Integer perEvaluation, Integer perSurvival, Integer validationSeeds, Integer testSeeds, Integer finalists,
                          String combine, RaceJson race) {}

    /** The finalist race: every field optional (pool 3 × finalists, round 5, alpha 0.05). */
    record RaceJson(Integer pool, Integer round, Double alpha) {}

    record GaJson(Integer population, Double offspringFraction, SelectorJson selector, Integer elitism,
                  Double mutationRate, Double mutationSigma, Double crossoverRate, Long maximalAge) {}

    /** A selector: a kind name, or {kind, size}. */
    record SelectorJson(String kind, Integer size) {
        @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
        SelectorJson {}

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static SelectorJson of(String kind) {
            return new SelectorJson(kind, null);
        }
    }

    record StopJson(Long generations, Long steadyGenerations, Double wallTime, Long evaluations) {}

    /**
     * Reads an experiment file; a base preset file is looked up relative to the experiment's
     * directory first, then to the working directory.
     *
     * @throws InputException unreadable file, not UTF-8, malformed JSON or an invalid experiment
     */
    public static Experiment read(Path file) throws InputException {
        String json = StrictJson.readText(file);
        Path directory = file.toAbsolutePath().getParent();
        return parse(json, file.toString(), directory);
    }

    /**
     * @param source    named at the start of every error message
     * @param directory where relative base preset files are looked for first (may be null)
     */
    public static Experiment parse(String json, String source, Path directory) throws InputException {
        JsonNode tree = StrictJson.readTree(MAPPER, json, source);
        if (!tree.isObject()) throw new InputException(source + ": expected a JSON object at the top level");
        return fromTree((ObjectNode) tree, source, directory);
    }

    /** @see #parse */
    public static Experiment fromTree(ObjectNode tree, String source, Path directory) throws InputException {
        StrictJson.rejectNulls(tree, source);
        JsonNode formatNode = tree.get("format");
        if (formatNode == null || !Experiment.FORMAT.equals(formatNode.textValue())) {
            throw new InputException(source + ": format = " + (formatNode == null ? "(missing)" : formatNode)
                    + ": must be \"" + Experiment.FORMAT + "\"");
        }
        File f = StrictJson.bind(MAPPER, tree, File.class, source);
        checkName(f.name(), source);
        JsonNode baseNode = f.base();
        if (baseNode == null) throw new InputException(source + ": base is missing; give a preset name, a preset file or an inline preset");
        String baseName;
        Preset base;
        if (baseNode.isTextual()) {
            if (f.baseName() != null) throw new InputException(source + ": baseName: only an inline base has a baseName");
            baseName = baseNode.textValue();
            base = basePreset(baseName, source, directory);
        } else if (baseNode.isObject()) {
            baseName = or(f.baseName(), "inline");
            base = PresetJson.fromTree(baseNode, source + ": base");
        } else {
            throw new InputException(source + ": base must be a preset name, a preset file or an inline preset object");
        }
        return resolve(f, base, baseName, source);
    }

    private static void checkName(String name, String source) throws InputException {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new InputException(source + ": name = " + (name == null ? "(missing)" : "\"" + name + "\"")
                    + ": must be letters, digits, '_', '.' or '-'");
        }
    }

    /**
     * The experiment of a form whose base is resolved: every default filled in and every check of
     * a file made (what {@link ExperimentBuilder} builds, too). {@code f.base()} and
     * {@code f.baseName()} are not read.
     */
    static Experiment resolve(File f, Preset base, String baseName, String source) throws InputException {
        checkName(f.name(), source);
        String name = f.name();
        String description = or(f.description(), "");
        Map<String, Untyped> setJson = f.set() == null ? Map.of() : f.set();
        ScenarioJson sc = or(f.scenario(), new ScenarioJson(null, null, null));
        if (sc.boids() != null && sc.boids() > 0 && setJson.containsKey("boids.count")) {
            throw new InputException(source + ": set.boids.count and scenario.boids both give the boid count; keep one");
        }
        Scenario scenario = build(source, "scenario", () -> new Scenario(
                (int) range("scenario.boids", or(sc.boids(), 0), 0, 10_000_000, source),
                range("scenario.steps", or(sc.steps(), 600L), 1, Long.MAX_VALUE, source),
                range("scenario.warmup", or(sc.warmup(), 0L), 0, Long.MAX_VALUE, source)));
        List<Edit> set = edits(base, setJson, source + ": set.", source + ": base with set");
        Preset effective = Experiment.effectiveBase(base, set, scenario, source);

        // genes
        if (f.parameters() == null) throw new InputException(source + ": parameters is missing");
        List<Parameter> parameters = parameters(f.parameters(), effective, source);
        ParameterSpace.of(effective, parameters, source + ": parameters");

        // objectives
        if (f.objectives() == null || f.objectives().isEmpty()) throw new InputException(source + ": objectives: give at least one");
        List<Objective> objectives = new ArrayList<>();
        for (int k = 0; k < f.objectives().size(); k++) {
            objectives.add(objective(f.objectives().get(k), source, "objectives[" + k + "]", scenario.warmup()));
        }
        String combineText = or(f.combine(), "weightedSum");
        Combination combination = Combination.ofJson(combineText);
        if (combination == null) {
            throw new InputException(source + ": combine = \"" + combineText + "\": must be weightedSum, targetDistance or pareto");
        }

        // noise handling, GA, stopping
        ReplicatesJson rep = or(f.replicates(), new ReplicatesJson(null, null, null, null, null, null, null));
        String combineReplicates = or(rep.combine(), "mean");
        Replication.Combine replicateCombine = Replication.Combine.ofJson(combineReplicates);
        if (replicateCombine == null) {
            throw new InputException(source + ": replicates.combine = \"" + combineReplicates + "\": must be mean or worst");
        }
        int validationSeeds = (int) range("replicates.validationSeeds", or(rep.validationSeeds(), 30), 2, 100_000, source);
        int finalists = (int) range("replicates.finalists", or(rep.finalists(), 5), 1, 10_000, source);
        Race race = null;
        if (rep.race() != null) {   // defaults: rounds of 5 seeds, 3 × finalists candidates, as the budget allows
            int round = (int) range("replicates.race.round", or(rep.race().round(), Math.min(5, validationSeeds)), 1, 100_000, source);
            int pool = (int) range("replicates.race.pool", or(rep.race().pool(),
                    (int) Math.max(2, Math.min(3L * finalists, (long) finalists * validationSeeds / round))), 2, 10_000, source);
            race = build(source, "replicates.race", () -> new Race(pool, round, or(rep.race().alpha(), 0.05)));
        }
        Race raced = race;
        Replication replication = build(source, "replicates", () -> new Replication(
                (int) range("replicates.perEvaluation", or(rep.perEvaluation(), 2), 1, 10_000, source),
                (int) range("replicates.perSurvival", or(rep.perSurvival(), 1), 0, 10_000, source),
                validationSeeds,
                (int) range("replicates.testSeeds", or(rep.testSeeds(), 30), 2, 100_000, source),
                finalists, replicateCombine, raced));
        GaJson ga = or(f.ga(), new GaJson(null, null, null, null, null, null, null, null));
        boolean pareto = combination == Combination.PARETO;
        Selection selection = selection(ga.selector(), pareto, source);
        int population = (int) range("ga.population", or(ga.population(), 24), 4, 100_000, source);
        double offspringFraction = or(ga.offspringFraction(), 0.6);
        int survivors = population - (int) Math.rint(population * offspringFraction);
        int elitism = (int) range("ga.elitism", or(ga.elitism(), pareto ? 0 : Math.max(0, Math.min(2, survivors - 1))),
                0, Integer.MAX_VALUE, source);
        Genetics genetics = build(source, "ga", () -> new Genetics(population, offspringFraction, selection, elitism,
                or(ga.mutationRate(), 0.15), or(ga.mutationSigma(), 0.1), or(ga.crossoverRate(), 0.6),
                range("ga.maximalAge", or(ga.maximalAge(), 1000L), 1, Long.MAX_VALUE, source)));
        StopJson st = or(f.stop(), new StopJson(null, null, null, null));
        StopRules stop = build(source, "stop", () -> new StopRules(
                range("stop.generations", or(st.generations(), 20L), 1, 1_000_000, source),
                range("stop.steadyGenerations", or(st.steadyGenerations(), 0L), 0, Long.MAX_VALUE, source),
                seconds(or(st.wallTime(), 0.0), source, "stop.wallTime"),
                range("stop.evaluations", or(st.evaluations(), 0L), 0, Long.MAX_VALUE, source)));
        Duration timeLimit = seconds(or(f.evaluationTimeLimit(), 60.0), source, "evaluationTimeLimit");
        long seed = or(f.seed(), 1L);
        Strategy strategy = strategy(or(f.search(), new SearchJson(null, null, null, null)), pareto, source);
        Scenarios scenarios = scenarios(f.scenarios(), effective, parameters, objectives, scenario.steps(), source);
        return build(source, null, () -> new Experiment(name, description, base, baseName, set, parameters, objectives,
                combination, scenario, replication, genetics, stop, timeLimit, seed, scenarios, strategy));
    }

    /**
     * The {@code search} field: the strategy named by {@code kind} (default the GA) with its
     * default finalists, or the {@code finalists} given; a Pareto search's finalists are its front.
     */
    private static Strategy strategy(SearchJson json, boolean pareto, String source) throws InputException {
        String kind = or(json.kind(), Strategy.defaultFor(pareto).kind());
        Strategy search = Strategy.ofKind(kind);
        if (search == null) throw new InputException(source + ": search.kind = \"" + kind + "\": must be adaptive, ga, random or model");
        if (pareto && search.proposesByModel()) {
            throw new InputException(source + ": search.kind = \"" + kind + "\": a Gaussian process models one fitness, "
                    + "so it needs combine weightedSum or targetDistance, not pareto");
        }
        if (json.modelFrom() != null || json.modelPoints() != null) {
            if (!(search instanceof Strategy.Adaptive a)) {
                throw new InputException(source + ": search." + (json.modelFrom() != null ? "modelFrom" : "modelPoints")
                        + ": only the adaptive search has it, not kind \"" + kind + "\"");
            }
            search = new Strategy.Adaptive(a.finalists(),
                    (int) range("search.modelFrom", or(json.modelFrom(), (long) a.modelFrom()), Strategy.Adaptive.MODEL_FROM_MIN, Integer.MAX_VALUE, source),
                    (int) range("search.modelPoints", or(json.modelPoints(), (long) a.modelPoints()), Strategy.Adaptive.MODEL_FROM_MIN, Integer.MAX_VALUE, source));
        }
        if (json.finalists() == null) return pareto ? search.withFinalists(Strategy.Finalists.POPULATION) : search;
        Strategy.Finalists finalists = Strategy.Finalists.ofJson(json.finalists());
        if (finalists == null) {
            throw new InputException(source + ": search.finalists = \"" + json.finalists() + "\": must be population, posterior or both");
        }
        if (pareto && finalists != Strategy.Finalists.POPULATION) {
            throw new InputException(source + ": search.finalists = \"" + json.finalists()
                    + "\": a Pareto search's finalists are its front, so it must be population (or left out)");
        }
        return search.withFinalists(finalists);
    }

    /**
     * The {@code scenarios} field: each scenario's overrides must give a valid preset with the
     * base's genes in place on which every objective can be measured, and may not touch a gene's
     * path (the gene would be overwritten).
     */
    private static Scenarios scenarios(ScenariosJson json, Preset effective, List<Parameter> parameters,
                                       List<Objective> objectives, long steps, String source) throws InputException {
        if (json == null) return Scenarios.NONE;
        String aggregateText = or(json.aggregate(), "mean");
        Scenarios.Aggregate aggregate = Scenarios.Aggregate.ofJson(aggregateText);
        if (aggregate == null) throw new InputException(source + ": scenarios.aggregate = \"" + aggregateText + "\": must be mean or worst");
        if (json.list() == null || json.list().isEmpty()) throw new InputException(source + ": scenarios.list: give at least one scenario");
        List<Scenarios.Variant> variants = new ArrayList<>();
        for (int i = 0; i < json.list().size(); i++) {
            VariantJson v = json.list().get(i);
            String where = "scenarios.list[" + i + "]";
            if (v.name() == null || !v.name().matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
                throw new InputException(source + ": " + where + ".name = " + (v.name() == null ? "(missing)" : "\"" + v.name() + "\"")
                        + ": must be letters, digits, '_', '.' or '-'");
            }
            if (v.set() == null || v.set().isEmpty()) throw new InputException(source + ": " + where + ".set: give at least one override");
            for (String path : v.set().keySet()) {
                for (Parameter p : parameters) {
                    if (path.equals(p.path()) || path.startsWith(p.path() + ".") || p.path().startsWith(path + ".")) {
                        throw new InputException(source + ": " + where + ".set." + path + ": overrides the gene " + p.path()
                                + "; a scenario may not change a tuned parameter");
                    }
                }
            }
            String named = source + ": scenarios.list[" + i + "] (" + v.name() + ")";
            variants.add(new Scenarios.Variant(v.name(), edits(effective, v.set(), source + ": scenarios." + v.name() + ".set.", named)));
        }
        Scenarios scenarios;
        try {
            scenarios = new Scenarios(aggregate, variants);
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": scenarios." + e.getMessage(), e);
        }
        List<Preset> presets = scenarios.apply(effective, source);
        for (int i = 0; i < presets.size(); i++) {
            String where = source + ": scenarios.list[" + i + "] (" + variants.get(i).name() + ")";
            ParameterSpace.of(presets.get(i), parameters, where + ": parameters");
            try {
                io.flocktune.objectives.Objectives.validate(presets.get(i), steps, objectives.stream().map(Objective::spec).toList());
            } catch (IllegalArgumentException e) {
                throw new InputException(where + ": " + e.getMessage(), e);
            }
        }
        return scenarios;
    }

    /**
     * @param json   overrides as the form has them, path → untyped value (a file's JSON or a Java value), in order
     * @param where  names an override in a message about its path, e.g. {@code "my.json: set."}
     * @param result names the result in a message about a value, e.g. {@code "my.json: base with set"}
     * @return the overrides as typed edits: each value read as the type its path has on
     *         {@code base} with the overrides before it
     * @throws InputException a path that does not exist, a value of another type, or overrides
     *                        that make no valid preset
     */
    private static List<Edit> edits(Preset base, Map<String, Untyped> json, String where, String result) throws InputException {
        PresetEdit edit = new PresetEdit(base);
        List<Edit> edits = List.copyOf(Edit.read(edit, json, where).values());
        edit.build(result);
        return edits;
    }

    /** @return the overrides in their file form, path → JSON value, in order. */
    private static ObjectNode tree(List<Edit> edits) {
        ObjectNode set = NODES.objectNode();
        for (Edit e : edits) set.set(e.path().text(), PresetJson.overrideTree(e.value()));
        return set;
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }

    private static long range(String field, long value, long min, long max, String source) throws InputException {
        if (value < min || value > max) {
            throw new InputException(source + ": " + field + " = " + value + ": must be in [" + min + ", " + max + "]");
        }
        return value;
    }

    private static Preset basePreset(String nameOrFile, String source, Path directory) throws InputException {
        Preset builtIn = Presets.all().get(nameOrFile);
        if (builtIn != null) return builtIn;
        List<Path> candidates = new ArrayList<>();
        if (directory != null) candidates.add(directory.resolve(nameOrFile));
        candidates.add(Path.of(nameOrFile));
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) return PresetJson.read(p);
        }
        throw new InputException(source + ": base = \"" + nameOrFile + "\": no built-in preset and no file of that name; built-in: "
                + String.join(", ", Presets.all().keySet()));
    }

    /**
     * The genes, in order; a choice's options are read as the type of its path on
     * {@code effective} (inside a choice that holds the path: with that choice's first option).
     */
    private static List<Parameter> parameters(List<ParameterJson> json, Preset effective, String source) throws InputException {
        List<Parameter> parameters = new ArrayList<>();
        for (int k = 0; k < json.size(); k++) parameters.add(parameter(json.get(k), source, "parameters[" + k + "]"));
        Integer[] byDepth = java.util.stream.IntStream.range(0, json.size()).boxed()     // a covering choice before those inside it
                .sorted(java.util.Comparator.comparingInt(k -> json.get(k).path().length())).toArray(Integer[]::new);
        for (int k : byDepth) {
            if (!(parameters.get(k) instanceof Parameter.Choice c)) continue;
            PresetEdit at = new PresetEdit(effective);
            Parameter.Choice covering = null;
            for (Parameter q : parameters) {
                if (q instanceof Parameter.Choice o && o != c && c.path().startsWith(o.path() + ".")
                        && (covering == null || o.path().length() > covering.path().length())) covering = o;
            }
            if (covering != null) at.set(PresetPath.of(covering.path()), covering.options().getFirst(), "parameter " + covering.path());
            PresetPath path = PresetPath.of(c.path());
            String where = source + ": parameters[" + k + "].path = " + c.path();
            java.lang.reflect.Type type = at.type(path, where);
            List<Object> options = new ArrayList<>();
            for (int o = 0; o < c.options().size(); o++) {
                try {
                    options.add(at.typed(path, ((Untyped) c.options().get(o)).as(type, c.path()), where));
                } catch (IllegalArgumentException invalid) {
                    throw new InputException(source + ": parameters[" + k + "] (" + c.path() + "): choice " + c.labels().get(o)
                            + " is not valid here, the preset is invalid: " + invalid.getMessage(), invalid);
                }
            }
            parameters.set(k, new Parameter.Choice(c.path(), options, c.labels()));
        }
        return parameters;
    }

    /** Default labels of options as the form gives them ({@link Untyped#label}), made distinct. */
    private static List<String> labels(List<Untyped> options) {
        return Parameter.Choice.unique(options.stream().map(Untyped::label).toList());
    }

    private static Parameter parameter(ParameterJson p, String source, String where) throws InputException {
        String path = p.path();
        if (path == null || path.isBlank()) throw new InputException(source + ": " + where + ".path is missing");
        int kinds = (p.range() != null ? 1 : 0) + (p.integers() != null ? 1 : 0) + (p.choices() != null ? 1 : 0);
        if (kinds != 1) {
            throw new InputException(source + ": " + where + " (" + path + "): give exactly one of \"range\": [min, max], "
                    + "\"integers\": [min, max] or \"choices\": [...]");
        }
        if (p.scale() != null && p.range() == null) throw new InputException(source + ": " + where + ".scale: only a range has a scale");
        if (p.step() != null && p.range() == null) throw new InputException(source + ": " + where + ".step: only a range has a step");
        if (p.step() != null && "log".equals(p.scale())) {
            throw new InputException(source + ": " + where + ".step: a range with a step is a linear grid; leave out \"scale\": \"log\"");
        }
        if (p.labels() != null && p.choices() == null) throw new InputException(source + ": " + where + ".labels: only choices have labels");
        try {
            if (p.range() != null) {
                if (p.range().length != 2) {
                    throw new InputException(source + ": " + where + ".range: expected [min, max] of two numbers, got "
                            + p.range().length + " numbers");
                }
                String scale = or(p.scale(), "linear");
                Parameter.Scale s = switch (scale) {
                    case "linear" -> Parameter.Scale.LINEAR;
                    case "log" -> Parameter.Scale.LOG;
                    default -> throw new InputException(source + ": " + where + ".scale = \"" + scale + "\": must be linear or log");
                };
                if (p.step() != null) return new Parameter.Grid(path, p.range()[0], p.range()[1], p.step());
                return new Parameter.Range(path, p.range()[0], p.range()[1], s);
            }
            if (p.integers() != null) {
                if (p.integers().length != 2) {
                    throw new InputException(source + ": " + where + ".integers: expected [min, max] of two integers, got "
                            + p.integers().length + " numbers");
                }
                return new Parameter.Integers(path, p.integers()[0], p.integers()[1]);
            }
            // the options stay untyped until parameters() reads them as the type of the path
            return new Parameter.Choice(path, List.copyOf(p.choices()), p.labels() != null ? p.labels() : labels(p.choices()));
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + where + ": " + e.getMessage(), e);
        }
    }

    private static Objective objective(ObjectiveJson o, String source, String where, long defaultWarmup) throws InputException {
        if (o.spec() == null) throw new InputException(source + ": " + where + ".spec is missing, e.g. \"polarization:mean:max\"");
        try {
            return new Objective(ObjectiveSpec.parse(o.spec(), defaultWarmup), or(o.weight(), 1.0), or(o.scale(), 1.0));
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + where + ": " + e.getMessage(), e);
        }
    }

    private static Selection selection(SelectorJson node, boolean pareto, String source) throws InputException {
        if (node == null) return pareto ? new Selection.Nsga2() : new Selection.Tournament(3);
        String kind = node.kind();
        if (kind == null) throw new InputException(source + ": ga.selector.kind is missing");
        if (node.size() != null && !kind.equals("tournament")) {
            throw new InputException(source + ": ga.selector.size: only a tournament has a size");
        }
        int size = (int) range("ga.selector.size", or(node.size(), 3), 2, 1000, source);
        return switch (kind) {
            case "tournament" -> new Selection.Tournament(size);
            case "linearRank" -> new Selection.LinearRank();
            case "truncation" -> new Selection.Truncation();
            case "nsga2" -> new Selection.Nsga2();
            case "ufTournament" -> new Selection.UfTournament();
            default -> throw new InputException(source + ": ga.selector = \"" + kind
                    + "\": must be tournament, linearRank, truncation, nsga2 or ufTournament");
        };
    }

    private static Duration seconds(double s, String source, String where) throws InputException {
        if (!(s >= 0) || !Double.isFinite(s) || s > 1e9) {
            throw new InputException(source + ": " + where + " = " + s + ": must be seconds in [0, 1e9]");
        }
        return Duration.ofNanos(Math.round(s * 1e9));
    }

    @FunctionalInterface
    private interface Builder<T> {
        T build() throws InputException;
    }

    /** Runs a record constructor, turning its argument check into an input error. */
    private static <T> T build(String source, String section, Builder<T> builder) throws InputException {
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + (section == null ? "" : section + ".") + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ writing

    /** @return the experiment with every field explicit and the base preset inline. */
    public static ObjectNode toTree(Experiment e) {
        ObjectNode t = NODES.objectNode();
        t.put("format", Experiment.FORMAT);
        t.put("name", e.name());
        t.put("description", e.description());
        t.put("baseName", e.baseName());
        t.set("base", PresetJson.toTree(e.base()));
        t.set("set", tree(e.set()));
        ArrayNode parameters = t.putArray("parameters");
        for (Parameter p : e.parameters()) {
            ObjectNode n = parameters.addObject();
            n.put("path", p.path());
            switch (p) {
                case Parameter.Range r -> {
                    n.putArray("range").add(r.min()).add(r.max());
                    n.put("scale", r.scale() == Parameter.Scale.LOG ? "log" : "linear");
                }
                case Parameter.Grid g -> {
                    n.putArray("range").add(g.min()).add(g.max());
                    n.put("step", g.step());
                }
                case Parameter.Integers i -> n.putArray("integers").add(i.min()).add(i.max());
                case Parameter.Choice c -> {
                    ArrayNode options = n.putArray("choices");
                    c.options().forEach(o -> options.add(PresetJson.overrideTree(o)));
                    ArrayNode labels = n.putArray("labels");
                    c.labels().forEach(labels::add);
                }
            }
        }
        ArrayNode objectives = t.putArray("objectives");
        for (Objective o : e.objectives()) {
            objectives.addObject().put("spec", o.spec().text()).put("weight", o.weight()).put("scale", o.scale());
        }
        t.put("combine", e.combination().json());
        t.putObject("scenario").put("boids", e.scenario().boids()).put("steps", e.scenario().steps())
                .put("warmup", e.scenario().warmup());
        Replication r = e.replication();
        t.putObject("replicates").put("perEvaluation", r.perEvaluation()).put("perSurvival", r.perSurvival())
                .put("validationSeeds", r.validationSeeds()).put("testSeeds", r.testSeeds()).put("finalists", r.finalists())
                .put("combine", r.combine().json());
        if (r.race() != null) {
            ((ObjectNode) t.get("replicates")).putObject("race").put("pool", r.race().pool()).put("round", r.race().round())
                    .put("alpha", r.race().alpha());
        }
        Genetics g = e.genetics();
        ObjectNode ga = t.putObject("ga");
        ga.put("population", g.population()).put("offspringFraction", g.offspringFraction());
        ga.set("selector", selectorTree(g.selection()));
        ga.put("elitism", g.elitism()).put("mutationRate", g.mutationRate()).put("mutationSigma", g.mutationSigma())
                .put("crossoverRate", g.crossoverRate()).put("maximalAge", g.maximalAge());
        StopRules s = e.stop();
        t.putObject("stop").put("generations", s.generations()).put("steadyGenerations", s.steadyGenerations())
                .put("wallTime", s.wallTime().toNanos() / 1e9).put("evaluations", s.evaluations());
        t.put("evaluationTimeLimit", e.timeLimit().toNanos() / 1e9);
        t.put("seed", e.seed());
        ObjectNode search = t.putObject("search").put("kind", e.search().kind()).put("finalists", e.search().finalists().json());
        if (e.search() instanceof Strategy.Adaptive a) search.put("modelFrom", a.modelFrom()).put("modelPoints", a.modelPoints());
        if (e.scenarios().any()) {
            ObjectNode sc = t.putObject("scenarios");
            sc.put("aggregate", e.scenarios().aggregate().json());
            ArrayNode list = sc.putArray("list");
            for (Scenarios.Variant v : e.scenarios().list()) {
                ObjectNode n = list.addObject();
                n.put("name", v.name());
                n.set("set", tree(v.set()));
            }
        }
        return t;
    }

    /** @return the {@code ga.selector} of {@code selection}: its kind, and a tournament's size. */
    static SelectorJson selectorJson(Selection selection) {
        return switch (selection) {
            case Selection.Tournament tour -> new SelectorJson("tournament", tour.size());
            case Selection.LinearRank l -> new SelectorJson("linearRank", null);
            case Selection.Truncation tr -> new SelectorJson("truncation", null);
            case Selection.Nsga2 n -> new SelectorJson("nsga2", null);
            case Selection.UfTournament u -> new SelectorJson("ufTournament", null);
        };
    }

    /** @return {@link #selectorJson} as the {@code ga.selector} object. */
    private static ObjectNode selectorTree(Selection selection) {
        SelectorJson json = selectorJson(selection);
        ObjectNode selector = NODES.objectNode().put("kind", json.kind());
        if (json.size() != null) selector.put("size", json.size());
        return selector;
    }

    /** @return {@link #toTree} as pretty-printed JSON with a trailing newline. */
    public static String write(ObjectNode tree) {
        try {
            return MAPPER.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("cannot write experiment JSON", ex);
        }
    }

    /** @return the experiment as pretty-printed JSON. */
    public static String write(Experiment e) {
        return write(toTree(e));
    }
}
