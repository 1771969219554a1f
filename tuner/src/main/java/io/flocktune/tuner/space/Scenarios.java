package io.flocktune.tuner.space;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;

import java.util.ArrayList;
import java.util.List;

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
     * @param set  overrides, applied in order after the genes
     */
    public record Variant(String name, List<Edit> set) {
        public Variant {
            if (name == null || name.isBlank()) throw new IllegalArgumentException("a scenario needs a name");
            set = List.copyOf(Check.present("set", set));
        }
    }

    /** @return whether there is more than the base scenario. */
    public boolean any() {
        return !list.isEmpty();
    }

    /**
     * @return the presets a candidate runs as: {@code candidate} with each scenario's overrides
     *         ({@link PresetEdit}, no JSON), or {@code candidate} alone when there are none
     * @throws InputException if an override's path does not exist or it makes an invalid preset;
     *                        the message starts with {@code source}
     */
    public List<Preset> apply(Preset candidate, String source) throws InputException {
        if (list.isEmpty()) return List.of(candidate);
        List<Preset> presets = new ArrayList<>(list.size());
        for (Variant v : list) {
            presets.add(Edit.setAll(new PresetEdit(candidate), v.set(), source + ": scenarios." + v.name() + ".set.").build(source));
        }
        return presets;
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
