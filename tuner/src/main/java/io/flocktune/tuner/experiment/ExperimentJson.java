package io.flocktune.tuner.experiment;

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
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.search.Genetics;
import io.flocktune.tuner.search.Replication;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.search.StopRules;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.space.ParameterSpace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes experiment JSON ({@value Experiment#FORMAT}). Unknown keys are errors at
 * every level; every error is one line naming the source, the field and what is allowed.
 * Omitted optional sections take the defaults shown by {@link #write} of a resolved experiment.
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
 *     {"path": "separation", "choices": [{"kind": "linear", "radius": 2, "weight": 0.05},
 *                                         {"kind": "inverseDistance", "radius": 2, "weight": 1.5}]},
 *     {"path": "separation.weight", "range": [0.01, 3], "scale": "log"}
 *   ],
 *   "objectives": ["polarization:mean:max",
 *                  {"spec": "collisionRate(distance=0.5):mean:min", "weight": 2, "scale": 0.01}],
 *   "combine": "weightedSum",                // or targetDistance, pareto
 *   "scenario": {"steps": 600, "warmup": 200, "boids": 0},
 *   "replicates": {"perEvaluation": 2, "perSurvival": 1, "validationSeeds": 30, "testSeeds": 30, "finalists": 5},
 *   "ga": {"population": 24, "offspringFraction": 0.6, "selector": {"kind": "tournament", "size": 3},
 *          "elitism": 2, "mutationRate": 0.15, "mutationSigma": 0.1, "crossoverRate": 0.6, "maximalAge": 1000},
 *   "stop": {"generations": 20, "steadyGenerations": 0, "wallTime": 0, "evaluations": 0},
 *   "evaluationTimeLimit": 60,
 *   "seed": 1
 * }
 * }</pre>
 */
public final class ExperimentJson {
    private ExperimentJson() {}

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final Set<String> TOP = Set.of("format", "name", "description", "base", "baseName", "set",
            "parameters", "objectives", "combine", "scenario", "replicates", "ga", "stop", "evaluationTimeLimit",
            "seed", "versions");

    /**
     * Reads an experiment file; a base preset file is looked up relative to the experiment's
     * directory first, then to the working directory.
     *
     * @throws InputException unreadable file, malformed JSON or an invalid experiment
     */
    public static Experiment read(Path file) throws InputException {
        String json;
        try {
            json = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file", e);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        }
        Path directory = file.toAbsolutePath().getParent();
        return parse(json, file.toString(), directory);
    }

    /**
     * @param source    named at the start of every error message
     * @param directory where relative base preset files are looked for first (may be null)
     */
    public static Experiment parse(String json, String source, Path directory) throws InputException {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : "line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": ";
            throw new InputException(source + ": " + where + "malformed JSON: " + e.getOriginalMessage().lines().findFirst().orElse(""), e);
        }
        if (tree == null || !tree.isObject()) throw new InputException(source + ": expected a JSON object at the top level");
        return fromTree((ObjectNode) tree, source, directory);
    }

    /** @see #parse */
    public static Experiment fromTree(ObjectNode tree, String source, Path directory) throws InputException {
        Fields top = new Fields(tree, source, "", TOP);
        String format = top.text("format", null);
        if (!Experiment.FORMAT.equals(format)) {
            throw new InputException(source + ": format = " + (format == null ? "(missing)" : "\"" + format + "\"")
                    + ": must be \"" + Experiment.FORMAT + "\"");
        }
        String name = top.text("name", null);
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new InputException(source + ": name = " + name + ": must be letters, digits, '_', '.' or '-'");
        }
        String description = top.text("description", "");

        // base preset, overrides, scenario
        JsonNode baseNode = top.required("base");
        String baseName;
        ObjectNode base;
        if (baseNode.isTextual()) {
            baseName = baseNode.textValue();
            base = basePreset(baseName, source, directory);
        } else if (baseNode.isObject()) {
            baseName = top.text("baseName", "inline");
            PresetJson.fromTree(baseNode, source + ": base");
            base = (ObjectNode) baseNode.deepCopy();
        } else {
            throw new InputException(source + ": base must be a preset name, a preset file or an inline preset object");
        }
        Map<String, JsonNode> set = new LinkedHashMap<>();
        JsonNode setNode = top.optional("set");
        if (setNode != null) {
            if (!setNode.isObject()) throw new InputException(source + ": set must be an object of \"path\": value");
            for (Iterator<Map.Entry<String, JsonNode>> it = setNode.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                set.put(e.getKey(), e.getValue());
            }
        }
        Fields scenarioFields = top.object("scenario", Set.of("boids", "steps", "warmup"));
        Scenario scenario = build(source, "scenario", () -> new Scenario(
                (int) scenarioFields.integer("boids", 0, 0, 10_000_000),
                scenarioFields.integer("steps", 600, 1, Long.MAX_VALUE),
                scenarioFields.integer("warmup", 0, 0, Long.MAX_VALUE)));
        ObjectNode effective = effectiveBase(base, set, scenario, source);

        // genes
        ArrayNode parameterNodes = top.array("parameters");
        List<Parameter> parameters = new ArrayList<>();
        for (int k = 0; k < parameterNodes.size(); k++) parameters.add(parameter(parameterNodes.get(k), source, "parameters[" + k + "]"));
        ParameterSpace.of(effective, parameters, source + ": parameters");

        // objectives
        ArrayNode objectiveNodes = top.array("objectives");
        if (objectiveNodes.isEmpty()) throw new InputException(source + ": objectives: give at least one");
        List<Objective> objectives = new ArrayList<>();
        for (int k = 0; k < objectiveNodes.size(); k++) {
            objectives.add(objective(objectiveNodes.get(k), source, "objectives[" + k + "]", scenario.warmup()));
        }
        String combineText = top.text("combine", "weightedSum");
        Combination combination = Combination.ofJson(combineText);
        if (combination == null) {
            throw new InputException(source + ": combine = \"" + combineText + "\": must be weightedSum, targetDistance or pareto");
        }

        // noise handling, GA, stopping
        Fields rep = top.object("replicates", Set.of("perEvaluation", "perSurvival", "validationSeeds", "testSeeds", "finalists"));
        Replication replication = build(source, "replicates", () -> new Replication(
                (int) rep.integer("perEvaluation", 2, 1, 10_000), (int) rep.integer("perSurvival", 1, 0, 10_000),
                (int) rep.integer("validationSeeds", 30, 2, 100_000), (int) rep.integer("testSeeds", 30, 2, 100_000),
                (int) rep.integer("finalists", 5, 1, 10_000)));
        Fields ga = top.object("ga", Set.of("population", "offspringFraction", "selector", "elitism", "mutationRate",
                "mutationSigma", "crossoverRate", "maximalAge"));
        boolean pareto = combination == Combination.PARETO;
        Selection selection = selection(ga.optional("selector"), pareto, source);
        int population = (int) ga.integer("population", 24, 4, 100_000);
        double offspringFraction = ga.number("offspringFraction", 0.6);
        int survivors = population - (int) Math.rint(population * offspringFraction);
        Genetics genetics = build(source, "ga", () -> new Genetics(population, offspringFraction, selection,
                (int) ga.integer("elitism", pareto ? 0 : Math.max(0, Math.min(2, survivors - 1)), 0, Integer.MAX_VALUE),
                ga.number("mutationRate", 0.15), ga.number("mutationSigma", 0.1), ga.number("crossoverRate", 0.6),
                ga.integer("maximalAge", 1000, 1, Long.MAX_VALUE)));
        Fields st = top.object("stop", Set.of("generations", "steadyGenerations", "wallTime", "evaluations"));
        StopRules stop = build(source, "stop", () -> new StopRules(st.integer("generations", 20, 1, 1_000_000),
                st.integer("steadyGenerations", 0, 0, Long.MAX_VALUE), seconds(st.number("wallTime", 0), source, "stop.wallTime"),
                st.integer("evaluations", 0, 0, Long.MAX_VALUE)));
        Duration timeLimit = seconds(top.number("evaluationTimeLimit", 60), source, "evaluationTimeLimit");
        long seed = top.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        return build(source, null, () -> new Experiment(name, description, base, baseName, set, parameters, objectives,
                combination, scenario, replication, genetics, stop, timeLimit, seed));
    }

    /**
     * @return the base with the overrides and the scenario's boid count applied, checked to be
     *         a valid preset
     */
    public static ObjectNode effectiveBase(Experiment e) throws InputException {
        return effectiveBase(e.base(), e.set(), e.scenario(), e.name());
    }

    private static ObjectNode effectiveBase(ObjectNode base, Map<String, JsonNode> set, Scenario scenario, String source)
            throws InputException {
        ObjectNode tree = base.deepCopy();
        for (Map.Entry<String, JsonNode> e : set.entrySet()) {
            PresetJson.set(tree, e.getKey(), e.getValue().deepCopy(), source + ": set." + e.getKey());
        }
        if (scenario.boids() > 0) PresetJson.set(tree, "boids.count", NODES.numberNode(scenario.boids()), source + ": scenario.boids");
        PresetJson.fromTree(tree, source + ": base with set and scenario");
        return tree;
    }

    private static ObjectNode basePreset(String nameOrFile, String source, Path directory) throws InputException {
        Preset builtIn = Presets.all().get(nameOrFile);
        if (builtIn != null) return PresetJson.toTree(builtIn);
        List<Path> candidates = new ArrayList<>();
        if (directory != null) candidates.add(directory.resolve(nameOrFile));
        candidates.add(Path.of(nameOrFile));
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) return PresetJson.toTree(PresetJson.read(p));
        }
        throw new InputException(source + ": base = \"" + nameOrFile + "\": no built-in preset and no file of that name; built-in: "
                + String.join(", ", Presets.all().keySet()));
    }

    private static Parameter parameter(JsonNode node, String source, String where) throws InputException {
        if (!node.isObject()) throw new InputException(source + ": " + where + ": expected an object with \"path\" and one of range, integers, choices");
        Fields f = new Fields((ObjectNode) node, source, where + ".", Set.of("path", "range", "scale", "integers", "choices", "labels"));
        String path = f.text("path", null);
        if (path == null || path.isBlank()) throw new InputException(source + ": " + where + ".path is missing");
        int kinds = (node.has("range") ? 1 : 0) + (node.has("integers") ? 1 : 0) + (node.has("choices") ? 1 : 0);
        if (kinds != 1) {
            throw new InputException(source + ": " + where + " (" + path + "): give exactly one of \"range\": [min, max], "
                    + "\"integers\": [min, max] or \"choices\": [...]");
        }
        if (node.has("scale") && !node.has("range")) throw new InputException(source + ": " + where + ".scale: only a range has a scale");
        if (node.has("labels") && !node.has("choices")) throw new InputException(source + ": " + where + ".labels: only choices have labels");
        try {
            if (node.has("range")) {
                double[] mm = pair(node.get("range"), source, where + ".range", false);
                String scale = f.text("scale", "linear");
                Parameter.Scale s = switch (scale) {
                    case "linear" -> Parameter.Scale.LINEAR;
                    case "log" -> Parameter.Scale.LOG;
                    default -> throw new InputException(source + ": " + where + ".scale = \"" + scale + "\": must be linear or log");
                };
                return new Parameter.Range(path, mm[0], mm[1], s);
            }
            if (node.has("integers")) {
                double[] mm = pair(node.get("integers"), source, where + ".integers", true);
                return new Parameter.Integers(path, (long) mm[0], (long) mm[1]);
            }
            JsonNode choices = node.get("choices");
            if (!choices.isArray()) throw new InputException(source + ": " + where + ".choices must be an array of values");
            List<JsonNode> options = new ArrayList<>();
            choices.forEach(options::add);
            if (node.has("labels")) {
                List<String> labels = new ArrayList<>();
                node.get("labels").forEach(l -> labels.add(l.asText()));
                return new Parameter.Choice(path, options, labels);
            }
            return Parameter.Choice.of(path, options);
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + where + ": " + e.getMessage(), e);
        }
    }

    private static double[] pair(JsonNode node, String source, String where, boolean integers) throws InputException {
        if (!node.isArray() || node.size() != 2 || !node.get(0).isNumber() || !node.get(1).isNumber()
                || integers && !(node.get(0).isIntegralNumber() && node.get(1).isIntegralNumber())) {
            throw new InputException(source + ": " + where + " = " + node + ": expected [min, max] of two "
                    + (integers ? "integers" : "numbers"));
        }
        return new double[]{node.get(0).doubleValue(), node.get(1).doubleValue()};
    }

    private static Objective objective(JsonNode node, String source, String where, long defaultWarmup) throws InputException {
        String text;
        double weight = 1, scale = 1;
        if (node.isTextual()) {
            text = node.textValue();
        } else if (node.isObject()) {
            Fields f = new Fields((ObjectNode) node, source, where + ".", Set.of("spec", "weight", "scale"));
            text = f.text("spec", null);
            if (text == null) throw new InputException(source + ": " + where + ".spec is missing, e.g. \"polarization:mean:max\"");
            weight = f.number("weight", 1);
            scale = f.number("scale", 1);
        } else {
            throw new InputException(source + ": " + where + ": expected an objective text or {\"spec\": ..., \"weight\": ..., \"scale\": ...}");
        }
        try {
            return new Objective(ObjectiveSpec.parse(text, defaultWarmup), weight, scale);
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + where + ": " + e.getMessage(), e);
        }
    }

    private static Selection selection(JsonNode node, boolean pareto, String source) throws InputException {
        if (node == null) return pareto ? new Selection.Nsga2() : new Selection.Tournament(3);
        String kind;
        Fields f = null;
        if (node.isTextual()) {
            kind = node.textValue();
        } else if (node.isObject()) {
            f = new Fields((ObjectNode) node, source, "ga.selector.", Set.of("kind", "size"));
            kind = f.text("kind", null);
        } else {
            throw new InputException(source + ": ga.selector must be a name or {\"kind\": ..., ...}");
        }
        if (kind == null) throw new InputException(source + ": ga.selector.kind is missing");
        if (f != null && node.has("size") && !kind.equals("tournament")) {
            throw new InputException(source + ": ga.selector.size: only a tournament has a size");
        }
        int size = f == null ? 3 : (int) f.integer("size", 3, 2, 1000);
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
        t.set("base", e.base());
        ObjectNode set = t.putObject("set");
        e.set().forEach((k, v) -> set.set(k, v.deepCopy()));
        ArrayNode parameters = t.putArray("parameters");
        for (Parameter p : e.parameters()) {
            ObjectNode n = parameters.addObject();
            n.put("path", p.path());
            switch (p) {
                case Parameter.Range r -> {
                    n.putArray("range").add(r.min()).add(r.max());
                    n.put("scale", r.scale() == Parameter.Scale.LOG ? "log" : "linear");
                }
                case Parameter.Integers i -> n.putArray("integers").add(i.min()).add(i.max());
                case Parameter.Choice c -> {
                    ArrayNode options = n.putArray("choices");
                    c.options().forEach(o -> options.add(o.deepCopy()));
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
                .put("validationSeeds", r.validationSeeds()).put("testSeeds", r.testSeeds()).put("finalists", r.finalists());
        Genetics g = e.genetics();
        ObjectNode ga = t.putObject("ga");
        ga.put("population", g.population()).put("offspringFraction", g.offspringFraction());
        ObjectNode selector = ga.putObject("selector");
        switch (g.selection()) {
            case Selection.Tournament tour -> selector.put("kind", "tournament").put("size", tour.size());
            case Selection.LinearRank l -> selector.put("kind", "linearRank");
            case Selection.Truncation tr -> selector.put("kind", "truncation");
            case Selection.Nsga2 n -> selector.put("kind", "nsga2");
            case Selection.UfTournament u -> selector.put("kind", "ufTournament");
        }
        ga.put("elitism", g.elitism()).put("mutationRate", g.mutationRate()).put("mutationSigma", g.mutationSigma())
                .put("crossoverRate", g.crossoverRate()).put("maximalAge", g.maximalAge());
        StopRules s = e.stop();
        t.putObject("stop").put("generations", s.generations()).put("steadyGenerations", s.steadyGenerations())
                .put("wallTime", s.wallTime().toNanos() / 1e9).put("evaluations", s.evaluations());
        t.put("evaluationTimeLimit", e.timeLimit().toNanos() / 1e9);
        t.put("seed", e.seed());
        return t;
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

    /** Strict access to the fields of one JSON object: unknown keys and wrong types are errors. */
    private static final class Fields {
        private final ObjectNode node;
        private final String source;
        private final String prefix;

        Fields(ObjectNode node, String source, String prefix, Set<String> allowed) throws InputException {
            this.node = node;
            this.source = source;
            this.prefix = prefix;
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!allowed.contains(key)) {
                    throw new InputException(source + ": unknown key \"" + prefix + key + "\"; allowed "
                            + (prefix.isEmpty() ? "at the top level" : "in " + prefix.substring(0, prefix.length() - 1))
                            + ": " + String.join(", ", allowed.stream().sorted().toList()));
                }
            }
        }

        JsonNode optional(String key) {
            JsonNode v = node.get(key);
            return v == null || v.isNull() ? null : v;
        }

        JsonNode required(String key) throws InputException {
            JsonNode v = optional(key);
            if (v == null) throw new InputException(source + ": " + prefix + key + " is missing");
            return v;
        }

        Fields object(String key, Set<String> allowed) throws InputException {
            JsonNode v = optional(key);
            if (v == null) return new Fields(NODES.objectNode(), source, prefix + key + ".", allowed);
            if (!v.isObject()) throw new InputException(source + ": " + prefix + key + " must be an object");
            return new Fields((ObjectNode) v, source, prefix + key + ".", allowed);
        }

        ArrayNode array(String key) throws InputException {
            JsonNode v = required(key);
            if (!v.isArray()) throw new InputException(source + ": " + prefix + key + " must be an array");
            return (ArrayNode) v;
        }

        String text(String key, String fallback) throws InputException {
            JsonNode v = optional(key);
            if (v == null) return fallback;
            if (!v.isTextual()) throw new InputException(source + ": " + prefix + key + " = " + v + ": must be a string");
            return v.textValue();
        }

        double number(String key, double fallback) throws InputException {
            JsonNode v = optional(key);
            if (v == null) return fallback;
            if (!v.isNumber()) throw new InputException(source + ": " + prefix + key + " = " + v + ": must be a number");
            return v.doubleValue();
        }

        long integer(String key, long fallback, long min, long max) throws InputException {
            JsonNode v = optional(key);
            if (v == null) return fallback;
            if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                throw new InputException(source + ": " + prefix + key + " = " + v + ": must be an integer");
            }
            long value = v.longValue();
            if (value < min || value > max) {
                throw new InputException(source + ": " + prefix + key + " = " + value + ": must be in [" + min + ", " + max + "]");
            }
            return value;
        }
    }
}
