package io.flocktune.tuner.compare;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.experiment.Scenario;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.PresetPath;
import io.flocktune.tuner.io.StrictJson;
import io.flocktune.tuner.io.Untyped;
import io.flocktune.tuner.run.Versions;
import io.flocktune.tuner.search.Genetics;
import io.flocktune.tuner.search.Replication;
import io.flocktune.tuner.search.StopRules;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNullElse;

/**
 * Reads and writes the comparison format ({@value Comparison#FORMAT}). The file is bound
 * strictly by {@link StrictJson} to the records below (unknown or duplicate keys, nulls, values
 * of the wrong type, content after the top-level object: one line naming the file and the
 * field; a byte order mark and CRLF line ends are accepted), whose compact constructors fill the
 * defaults; {@link #resolve} then builds the {@link Comparison}. Arms may name built-in presets
 * and experiments, or files (looked up beside the comparison file first, then from the working
 * directory), or give them inline.
 *
 * <pre>{@code
 * Comparison c = ComparisonJson.read(Path.of("my-comparison.json"));
 * String resolved = ComparisonJson.writeResolved(c);   // every default explicit, presets inline
 * }</pre>
 */
public final class ComparisonJson {
    private ComparisonJson() {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper MAPPER = StrictJson.builder()
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)   // as presets write them
            .addModule(PresetJson.untypedValues())
            .build();
    private static final ObjectWriter PRETTY = MAPPER.writer(new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(new DefaultIndenter("  ", "\n")).withArrayIndenter(new DefaultIndenter("  ", "\n")));

    // ------------------------------------------------------------------ the JSON shape

    /**
     * The top-level object. Required: {@code format}, {@code name}, {@code arms},
     * {@code objectives}, {@code scenario}, {@code replicates}; the others default to no
     * description, no common overrides, alpha 0.05, 2 000 bootstrap resamples, no budget (null),
     * a 60 s evaluation time limit and seed 1. {@code versions} is written with the resolved
     * form and ignored when read.
     */
    record Form(String format, String name, String description, LinkedHashMap<String, Untyped> set, List<ArmForm> arms,
                List<String> objectives, ScenarioForm scenario, ReplicatesForm replicates, Double alpha, Integer bootstrap,
                BudgetForm budget, Double evaluationTimeLimit, Long seed, LinkedHashMap<String, String> versions) {
        Form {
            if (!Comparison.FORMAT.equals(format)) {
                throw new IllegalArgumentException("format = " + (format == null ? "(missing)" : "\"" + format + "\"")
                        + ": must be \"" + Comparison.FORMAT + "\"");
            }
            Check.present("name", name);
            description = requireNonNullElse(description, "");
            set = requireNonNullElse(set, new LinkedHashMap<>());
            Check.present("arms", arms);
            Check.present("objectives", objectives);
            Check.present("scenario", scenario);
            Check.present("replicates", replicates);
            alpha = requireNonNullElse(alpha, 0.05);
            bootstrap = requireNonNullElse(bootstrap, 2000);
            evaluationTimeLimit = requireNonNullElse(evaluationTimeLimit, 60.0);
            seed = requireNonNullElse(seed, 1L);
            versions = requireNonNullElse(versions, new LinkedHashMap<>());
        }
    }

    /**
     * An arm: {@code name}, and {@code preset} (name, file or object) or {@code tune} (experiment
     * name, file or object), with overrides: rule sections and {@code set}. {@code source} (where
     * an inline preset or experiment came from) is written with the resolved form.
     */
    record ArmForm(String name, JsonNode preset, JsonNode tune, String source, LinkedHashMap<String, Untyped> set,
                   Untyped separation, Untyped alignment, Untyped cohesion, Untyped neighbourhood, Untyped motion) {
        ArmForm {
            Check.present("name", name);
            set = requireNonNullElse(set, new LinkedHashMap<>());
        }
    }

    /** {@code steps} is required; {@code boids} defaults to 0 (each arm's own), {@code warmup} to 0. */
    record ScenarioForm(Integer boids, Long steps, Long warmup) {
        ScenarioForm {
            boids = requireNonNullElse(boids, 0);
            Check.present("steps", steps);
            warmup = requireNonNullElse(warmup, 0L);
        }
    }

    /**
     * {@code "replicates": 30} or {@code {"min": 10, "max": 200, "batch": 10}}; {@code batch}
     * only with a range, by default {@code min}.
     */
    record ReplicatesForm(Integer min, Integer max, Integer batch) {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static ReplicatesForm of(int count) {
            return new ReplicatesForm(count, count, null);
        }

        @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
        ReplicatesForm {
            Check.present("min", min);
            Check.present("max", max);
            if (batch != null && min.equals(max) && !batch.equals(min)) {
                throw new IllegalArgumentException("batch = " + batch + ": only a range (min < max) takes batches");
            }
            batch = batch != null ? batch : min.equals(max) ? min : Math.max(1, min);
        }
    }

    /** Every field is required. */
    record BudgetForm(Integer generations, Integer population, Integer perEvaluation, Integer validationSeeds, Integer finalists) {
        BudgetForm {
            Check.present("generations", generations);
            Check.present("population", population);
            Check.present("perEvaluation", perEvaluation);
            Check.present("validationSeeds", validationSeeds);
            Check.present("finalists", finalists);
        }
    }

    /** The rule families an arm may swap directly, e.g. {@code "separation": {"kind": "inverseSquareClamped", ...}}. */
    static final List<String> RULES = List.of("separation", "alignment", "cohesion", "neighbourhood", "motion");

    // ------------------------------------------------------------------ reading

    /**
     * Reads a comparison file.
     *
     * @throws InputException one line starting with the file name
     */
    public static Comparison read(Path file) throws InputException {
        return resolve(StrictJson.read(MAPPER, file, Form.class), file.toString(), file.toAbsolutePath().getParent());
    }

    /**
     * Parses comparison JSON.
     *
     * @param source    named at the start of every error message
     * @param directory where relative preset and experiment files are looked for first (may be null)
     * @throws InputException malformed JSON, a bad field, an unknown preset or experiment, or an
     *                        arm whose preset or experiment is invalid
     */
    public static Comparison parse(String json, String source, Path directory) throws InputException {
        return resolve(StrictJson.parse(MAPPER, json, source, Form.class), source, directory);
    }

    private static Comparison resolve(Form f, String source, Path directory) throws InputException {
        Scenario scenario = build(source, "scenario", () -> new Scenario(f.scenario().boids(), f.scenario().steps(),
                f.scenario().warmup()));
        List<ObjectiveSpec> objectives = new ArrayList<>();
        for (int k = 0; k < f.objectives().size(); k++) {
            String text = f.objectives().get(k);
            objectives.add(build(source, "objectives[" + k + "]", () -> ObjectiveSpec.parse(text, scenario.warmup())));
        }
        ReplicatesForm r = f.replicates();
        Comparison.Replicates replicates = build(source, null, () -> new Comparison.Replicates(r.min(), r.max(), r.batch()));
        BudgetForm b = f.budget();
        Comparison.Budget budget = b == null ? null : build(source, null, () -> new Comparison.Budget(b.generations(),
                b.population(), b.perEvaluation(), b.validationSeeds(), b.finalists()));
        Map<String, Untyped> commonJson = f.set();
        List<Comparison.Arm> arms = new ArrayList<>();
        List<Edit> common = null;
        for (int a = 0; a < f.arms().size(); a++) {
            Typed typed = arm(f.arms().get(a), commonJson, budget, scenario, objectives, source, "arms[" + a + "]", directory);
            arms.add(typed.arm());
            if (common == null) common = typed.common();
        }
        List<Edit> set = common == null ? List.of() : common;
        checkBudgets(arms, source);
        double seconds = f.evaluationTimeLimit();
        if (!(seconds > 0 && seconds < 1e9)) {
            throw new InputException(source + ": evaluationTimeLimit = " + seconds + ": must be in (0, 1e9) seconds");
        }
        return build(source, null, () -> new Comparison(f.name(), f.description(), set, arms, objectives, scenario,
                replicates, f.alpha(), f.bootstrap(), budget, Duration.ofNanos(Math.round(seconds * 1e9)), f.seed()));
    }

    /** An arm, and the comparison's common overrides as its preset's paths type them (the arm's own ones left out). */
    private record Typed(Comparison.Arm arm, List<Edit> common) {}

    private static Typed arm(ArmForm a, Map<String, Untyped> common, Comparison.Budget budget, Scenario scenario,
                                      List<ObjectiveSpec> objectives, String source, String where, Path directory)
            throws InputException {
        String at = source + ": arm " + a.name();
        Map<String, Untyped> own = new LinkedHashMap<>();
        List<Untyped> rules = Arrays.asList(a.separation(), a.alignment(), a.cohesion(), a.neighbourhood(), a.motion());
        for (int k = 0; k < RULES.size(); k++) if (rules.get(k) != null) own.put(RULES.get(k), rules.get(k));
        own.putAll(a.set());
        Map<String, Untyped> set = new LinkedHashMap<>(common);
        set.putAll(own);
        if ((a.preset() == null) == (a.tune() == null)) {
            throw new InputException(source + ": " + where + " (" + a.name() + "): give exactly one of \"preset\" (a preset to"
                    + " compare as it is) or \"tune\" (an experiment whose tuned best is compared)");
        }
        if (a.preset() != null) {
            String origin;
            Preset given;
            if (a.preset().isTextual()) {
                origin = a.preset().textValue();
                given = preset(origin, at, directory);
            } else if (a.preset().isObject()) {
                origin = a.source() == null ? "inline" : a.source();
                given = PresetJson.fromTree(a.preset(), at + ": preset");
            } else {
                throw new InputException(at + ": preset must be a preset name, a preset file or an inline preset object");
            }
            PresetEdit edit = new PresetEdit(given);
            Map<String, Edit> typed = Edit.read(edit, set, at + ": set.");
            Preset preset = edit.build(at + " with its overrides");
            Preset run = withBoids(preset, scenario, at);
            build(at, null, () -> {
                Objectives.validate(run, scenario.steps(), objectives);
                return null;
            });
            return new Typed(build(source, where, () -> new Comparison.Arm.Fixed(a.name(), origin, preset, only(typed, own.keySet()))),
                    List.copyOf(Edit.read(new PresetEdit(given), common, at + ": set.").values()));
        }
        String origin;
        Experiment e;
        if (a.tune().isTextual()) {
            origin = a.tune().textValue();
            e = experiment(origin, at, directory);
        } else if (a.tune().isObject()) {
            origin = a.source() == null ? "inline" : a.source();
            e = ExperimentJson.fromTree((ObjectNode) a.tune(), at + ": tune", directory);
        } else {
            throw new InputException(at + ": tune must be an experiment name, an experiment file or an inline experiment object");
        }
        Map<String, Edit> merged = new LinkedHashMap<>();   // as a map: a repeated path keeps its place, takes the new value
        for (Edit x : e.set()) merged.put(x.path().text(), x);
        PresetEdit typing = Edit.setAll(new PresetEdit(e.base()), e.set(), at + ": set.");
        Map<String, Edit> typed = Edit.read(typing, set, at + ": set.");
        typing.build(at + ": the experiment's base with the overrides");
        merged.putAll(typed);
        Genetics genetics = e.genetics();
        Replication replication = e.replication();
        StopRules stop = e.stop();
        if (budget != null) {
            Genetics g = genetics;
            int survivors = budget.population() - (int) Math.rint(budget.population() * g.offspringFraction());
            genetics = build(at, "budget", () -> new Genetics(budget.population(), g.offspringFraction(), g.selection(),
                    Math.min(g.elitism(), Math.max(0, survivors - 1)), g.mutationRate(), g.mutationSigma(), g.crossoverRate(),
                    g.maximalAge()));
            replication = build(at, "budget", () -> new Replication(budget.perEvaluation(), e.replication().perSurvival(),
                    budget.validationSeeds(), e.replication().testSeeds(), budget.finalists(), e.replication().combine()));
            stop = build(at, "budget", () -> new StopRules(budget.generations(), 0, Duration.ZERO, 0));
        }
        if (!stop.wallTime().isZero()) {
            throw new InputException(at + ": its experiment stops by wallTime, which is not reproducible; give the comparison a"
                    + " \"budget\" or an experiment that stops by generations or evaluations");
        }
        Genetics tunedGenetics = genetics;
        Replication tunedReplication = replication;
        StopRules tunedStop = stop;
        Experiment tuned = build(at, null, () -> new Experiment(e.name(), e.description(), e.base(), e.baseName(),
                List.copyOf(merged.values()), e.parameters(), e.objectives(), e.combination(), e.scenario(), tunedReplication,
                tunedGenetics, tunedStop, e.timeLimit(), e.seed()));
        Preset base = tuned.effectiveBase();
        Preset run = withBoids(base, scenario, at);
        build(at, null, () -> {
            Objectives.validate(run, scenario.steps(), objectives);
            return null;
        });
        return new Typed(build(source, where, () -> new Comparison.Arm.Tuned(a.name(), origin, tuned, only(typed, own.keySet()))),
                List.copyOf(Edit.read(Edit.setAll(new PresetEdit(e.base()), e.set(), at + ": set."), common, at + ": set.").values()));
    }

    /** @return the edits of {@code paths}, in the order of {@code typed}. */
    private static List<Edit> only(Map<String, Edit> typed, java.util.Set<String> paths) {
        return typed.entrySet().stream().filter(x -> paths.contains(x.getKey())).map(Map.Entry::getValue).toList();
    }

    /** Every "tune first" arm must search with the same budget, or the comparison is unfair. */
    private static void checkBudgets(List<Comparison.Arm> arms, String source) throws InputException {
        Comparison.Arm.Tuned first = null;
        for (Comparison.Arm arm : arms) {
            if (!(arm instanceof Comparison.Arm.Tuned t)) continue;
            if (first == null) {
                first = t;
                continue;
            }
            Experiment x = first.experiment(), y = t.experiment();
            boolean same = x.genetics().population() == y.genetics().population() && x.replication().equals(y.replication())
                    && x.stop().equals(y.stop());
            if (!same) {
                throw new InputException(source + ": arms " + first.name() + " and " + t.name() + " would be tuned on different"
                        + " budgets (population, replicates or stop differ); give the comparison a \"budget\"");
            }
        }
    }

    /** @return the preset with the scenario's boid count, when the scenario sets one. */
    static Preset withBoids(Preset preset, Scenario scenario, String source) throws InputException {
        if (scenario.boids() == 0) return preset;
        return new PresetEdit(preset).set(PresetPath.of("boids.count"), scenario.boids(), source + ": scenario.boids")
                .build(source + " with scenario.boids");
    }

    private static Preset preset(String nameOrFile, String at, Path directory) throws InputException {
        Preset builtIn = Presets.all().get(nameOrFile);
        if (builtIn != null) return builtIn;
        Path file = file(nameOrFile, directory);
        if (file == null) {
            throw new InputException(at + ": preset = \"" + nameOrFile + "\": no built-in preset and no file of that name; built-in: "
                    + String.join(", ", Presets.all().keySet()));
        }
        return PresetJson.read(file);
    }

    private static Experiment experiment(String nameOrFile, String at, Path directory) throws InputException {
        if (Experiments.NAMES.contains(nameOrFile)) return Experiments.builtIn(nameOrFile);
        Path file = file(nameOrFile, directory);
        if (file == null) {
            throw new InputException(at + ": tune = \"" + nameOrFile + "\": no built-in experiment and no file of that name; built-in: "
                    + String.join(", ", Experiments.NAMES));
        }
        return ExperimentJson.read(file);
    }

    private static Path file(String name, Path directory) {
        try {
            if (directory != null && Files.isRegularFile(directory.resolve(name))) return directory.resolve(name);
            if (Files.isRegularFile(Path.of(name))) return Path.of(name);
        } catch (InvalidPathException e) {
            // not a usable path: treated as missing
        }
        return null;
    }

    // ------------------------------------------------------------------ writing

    /**
     * @return the comparison with every default explicit, each arm's preset or experiment inline
     *         with its overrides applied (so the file alone reproduces the comparison), and the
     *         versions of flocktune and its libraries. The overrides are written too (the common
     *         {@code set} and each arm's {@code set}), so the report can say what each arm changes;
     *         applying them again to presets that already have them changes nothing.
     */
    public static ObjectNode toTree(Comparison c) {
        ObjectNode t = NODES.objectNode();
        t.put("format", Comparison.FORMAT);
        t.put("name", c.name());
        t.put("description", c.description());
        if (!c.set().isEmpty()) t.set("set", overrides(c.set()));
        var arms = t.putArray("arms");
        for (Comparison.Arm arm : c.arms()) {
            ObjectNode a = arms.addObject();
            a.put("name", arm.name());
            switch (arm) {
                case Comparison.Arm.Fixed f -> a.put("source", f.source()).set("preset", PresetJson.toTree(f.preset()));
                case Comparison.Arm.Tuned u -> a.put("source", u.source()).set("tune", ExperimentJson.toTree(u.experiment()));
            }
            if (!arm.changes().isEmpty()) a.set("set", overrides(arm.changes()));
        }
        var objectives = t.putArray("objectives");
        for (ObjectiveSpec o : c.objectives()) objectives.add(o.text());
        t.putObject("scenario").put("boids", c.scenario().boids()).put("steps", c.scenario().steps())
                .put("warmup", c.scenario().warmup());
        t.putObject("replicates").put("min", c.replicates().min()).put("max", c.replicates().max())
                .put("batch", c.replicates().batch());
        t.put("alpha", c.alpha());
        t.put("bootstrap", c.bootstrap());
        if (c.budget() != null) {
            Comparison.Budget b = c.budget();
            t.putObject("budget").put("generations", b.generations()).put("population", b.population())
                    .put("perEvaluation", b.perEvaluation()).put("validationSeeds", b.validationSeeds()).put("finalists", b.finalists());
        }
        t.put("evaluationTimeLimit", c.timeLimit().toNanos() / 1e9);
        t.put("seed", c.seed());
        return t;
    }

    private static ObjectNode overrides(List<Edit> set) {
        ObjectNode o = NODES.objectNode();
        for (Edit e : set) o.set(e.path().text(), PresetJson.overrideTree(e.value()));
        return o;
    }

    /** @return {@link #toTree} with the versions, as pretty-printed JSON with a trailing newline. */
    public static String writeResolved(Comparison c) {
        ObjectNode t = toTree(c);
        t.set("versions", Versions.json());
        return write(t);
    }

    /** @return the tree as pretty-printed JSON with a trailing newline. */
    public static String write(ObjectNode tree) {
        try {
            return PRETTY.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write comparison JSON", e);
        }
    }

    // ------------------------------------------------------------------ errors

    @FunctionalInterface
    private interface Build<T> {
        T get() throws InputException;
    }

    /** Runs a constructor; its IllegalArgumentException becomes one line naming the source and the field. */
    private static <T> T build(String source, String where, Build<T> body) throws InputException {
        try {
            return body.get();
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + (where == null ? "" : where + ": ") + e.getMessage(), e);
        }
    }
}
