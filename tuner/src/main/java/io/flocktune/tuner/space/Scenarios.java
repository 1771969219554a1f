package io.flocktune.tuner.space;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.io.PresetPath;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several scenarios every candidate is measured on, so that robustness can be tuned for: each
 * replicate runs the candidate once per scenario (its {@code set} overrides applied after the
 * genes, on the same replicate seed), and the objective values are combined per objective into
 * the replicate's value: their {@code mean}, or the {@code worst} (the value whose direction
 * score is lowest: the smallest of a maximized objective, the largest of a minimized one, the
 * farthest from a target). An experiment without scenarios measures the base scenario alone.
 *
 * <pre>{@code
 * "scenarios": {"aggregate": "worst", "list": [
 *   {"name": "small", "set": {"boids.count": 50}},
 *   {"name": "large", "set": {"boids.count": 400, "world.size": 200}}]}
 * }</pre>
 *
 * @param aggregate how the scenarios' values combine
 * @param list      the scenarios, distinct names; empty: the base scenario alone
 */
public record Scenarios(Aggregate aggregate, List<Variant> list) {
    public Scenarios {
        Check.present("aggregate", aggregate);
        list = List.copyOf(Check.present("list", list));
        if (list.stream().map(Variant::name).distinct().count() != list.size()) {
            throw new IllegalArgumentException("list: two scenarios have the same name");
        }
    }

    /** The base scenario alone. */
    public static final Scenarios NONE = new Scenarios(Aggregate.MEAN, List.of());

    /** How the values of the scenarios combine. */
    public enum Aggregate {
        /** The mean over the scenarios. */
        MEAN,
        /** The worst scenario's value, per objective. */
        WORST;

        /** @return the name in experiment JSON, {@code mean} or {@code worst}. */
        public String json() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** @return the aggregate called {@code json}, or null. */
        public static Aggregate ofJson(String json) {
            for (Aggregate a : values()) if (a.json().equals(json)) return a;
            return null;
        }
    }

    /**
     * One scenario.
     *
     * @param name short label, e.g. {@code "small"}
     * @param set  overrides, dotted path → value, applied in order after the genes
     */
    public record Variant(String name, Map<String, JsonNode> set) {
        public Variant {
            if (name == null || name.isBlank()) throw new IllegalArgumentException("a scenario needs a name");
            Map<String, JsonNode> copy = new LinkedHashMap<>();
            Check.present("set", set).forEach((k, v) -> copy.put(k, v.deepCopy()));
            set = Collections.unmodifiableMap(copy);
        }
    }

    /** @return whether there is more than the base scenario. */
    public boolean any() {
        return !list.isEmpty();
    }

    /**
     * @return the preset trees of every scenario: {@code tree} with each scenario's overrides, or
     *         {@code tree} alone when there are none
     * @throws InputException if an override's path does not exist
     */
    public List<ObjectNode> apply(ObjectNode tree, String source) throws InputException {
        if (list.isEmpty()) return List.of(tree);
        List<ObjectNode> trees = new ArrayList<>();
        for (Variant v : list) {
            ObjectNode t = tree.deepCopy();
            for (Map.Entry<String, JsonNode> e : v.set().entrySet()) {
                PresetJson.set(t, e.getKey(), e.getValue().deepCopy(), source + ": scenarios." + v.name() + ".set." + e.getKey());
            }
            trees.add(t);
        }
        return trees;
    }

    /** The presets a candidate runs as, one per scenario: see {@link #typed}. */
    @FunctionalInterface
    public interface Typed {
        /**
         * @return {@code candidate} with each scenario's overrides, or {@code candidate} alone
         * @throws InputException if an override makes an invalid preset
         */
        List<Preset> apply(Preset candidate) throws InputException;
    }

    /**
     * @param base a preset of the candidates' shape: each override is read once as the type its
     *             path has there
     * @return the scenarios' overrides as typed path setters ({@link PresetEdit}), applied to a
     *         candidate without JSON
     * @throws InputException if an override's path does not exist
     */
    public Typed typed(Preset base, String source) throws InputException {
        if (list.isEmpty()) return List::of;
        int n = list.size();
        PresetPath[][] paths = new PresetPath[n][];
        Object[][] values = new Object[n][];
        String[][] problems = new String[n][];
        for (int s = 0; s < n; s++) {
            Variant v = list.get(s);
            int m = v.set().size(), i = 0;
            paths[s] = new PresetPath[m];
            values[s] = new Object[m];
            problems[s] = new String[m];
            for (Map.Entry<String, JsonNode> e : v.set().entrySet()) {
                paths[s][i] = PresetPath.of(e.getKey());
                String where = source + ": scenarios." + v.name() + ".set." + e.getKey();
                java.lang.reflect.Type type = new PresetEdit(base).type(paths[s][i], where);
                try {
                    values[s][i] = PresetJson.part(e.getValue(), type, e.getKey());
                } catch (IllegalArgumentException invalid) {
                    problems[s][i] = invalid.getMessage();
                }
                i++;
            }
        }
        return candidate -> {
            List<Preset> presets = new ArrayList<>(n);
            for (int s = 0; s < n; s++) {
                PresetEdit edit = new PresetEdit(candidate);
                for (int i = 0; i < paths[s].length; i++) {
                    if (problems[s][i] != null) edit.fail(problems[s][i]);
                    else edit.set(paths[s][i], values[s][i], source + ": scenarios." + list.get(s).name() + ".set." + paths[s][i].text());
                }
                presets.add(edit.build(source));
            }
            return presets;
        };
    }

    /**
     * @param values {@code values[scenario][objective]}
     * @return one value per objective: the mean or the worst over the scenarios (NaN if any is NaN)
     */
    public double[] combine(double[][] values, List<ObjectiveSpec> specs) {
        double[] out = new double[specs.size()];
        for (int k = 0; k < out.length; k++) {
            double sum = 0, worst = Double.NaN, worstScore = Double.POSITIVE_INFINITY;
            boolean nan = false;
            for (double[] v : values) {
                nan |= Double.isNaN(v[k]);
                sum += v[k];
                double score = specs.get(k).direction().score(v[k]);
                if (score < worstScore) {
                    worstScore = score;
                    worst = v[k];
                }
            }
            out[k] = nan ? Double.NaN : switch (aggregate) {
                case MEAN -> sum / values.length;
                case WORST -> worst;
            };
        }
        return out;
    }
}
