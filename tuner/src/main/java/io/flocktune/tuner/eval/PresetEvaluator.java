package io.flocktune.tuner.eval;

import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.space.ParameterSpace;
import io.flocktune.tuner.space.Scenarios;

import java.io.NotSerializableException;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.util.List;

/**
 * Simulates a preset and measures the objectives: one replicate of {@code steps} steps from the
 * preset's random initial state ({@link Objectives#evaluate}). It travels to other JVMs as its
 * run length and the objectives' text form, presets as their JSON; with a custom metric
 * ({@link io.flocktune.objectives.Metric.Custom}) among its objectives it does not travel
 * (serializing it throws a {@link NotSerializableException} naming the objective).
 *
 * @param steps run length, &ge; 1
 * @param specs the objectives, in order
 */
public record PresetEvaluator(long steps, List<ObjectiveSpec> specs) implements PortableEvaluator<Preset> {
    public PresetEvaluator {
        if (steps < 1) throw new IllegalArgumentException("steps = " + steps + ": must be >= 1");
        specs = List.copyOf(Check.present("specs", specs));
    }

    @Override
    public double[] evaluate(Preset preset, long seed) {
        return Objectives.evaluate(preset, seed, steps, specs);
    }

    @Override
    public Serializable pack(Preset preset) {
        return PresetJson.write(preset);
    }

    @Override
    public Preset unpack(Serializable packed) {
        try {
            return PresetJson.parse((String) packed, "a preset sent to a remote evaluator");
        } catch (InputException e) {
            throw new IllegalStateException("a preset did not survive its JSON form: " + e.getMessage(), e);
        }
    }

    /** @throws NotSerializableException if an objective is a custom metric, which has no text form */
    @Serial
    private Object writeReplace() throws ObjectStreamException {
        for (ObjectiveSpec spec : specs) {
            if (spec.custom()) {
                throw new NotSerializableException("objective \"" + spec.name() + "\" is a custom metric, a Java function: it "
                        + "cannot be sent to another JVM such as a Spark executor; measure it on local threads");
            }
        }
        return new Recipe(steps, specs.stream().map(ObjectiveSpec::text).toList());
    }

    /** The serialized form: {@link ObjectiveSpec#text} parses back to an equal spec. */
    private record Recipe(long steps, List<String> specs) implements Serializable {
        @Serial
        private Object readResolve() {
            return new PresetEvaluator(steps, specs.stream().map(ObjectiveSpec::parse).toList());
        }
    }

    /**
     * @return the evaluator of unit genes: decode them through {@code space} into a preset, then
     *         simulate it; genes that make an invalid preset fail with the preset's message
     */
    public Evaluator<double[]> ofGenes(ParameterSpace space) {
        return (genes, seed) -> evaluate(space.preset(genes), seed);
    }

    /**
     * @return the evaluator of presets across {@code scenarios}: each scenario's preset runs on
     *         the same seed and the values combine per objective ({@link Scenarios#combine}); without
     *         scenarios, the preset alone, exactly as {@link #evaluate}
     */
    public Evaluator<Preset> across(Scenarios scenarios) {
        return across(this, scenarios, specs);
    }

    /**
     * @return the evaluator of unit genes across {@code scenarios}: {@link #ofGenes(ParameterSpace)} per scenario, combined
     * @throws InputException if a scenario's override path does not exist
     */
    public Evaluator<double[]> ofGenes(ParameterSpace space, Scenarios scenarios) throws InputException {
        return ofGenes(this, space, scenarios, specs);
    }

    /**
     * {@link #across(Scenarios)} with any evaluator of presets in place of the simulation.
     *
     * @param specs the objectives {@code presets} returns values of, in order (they say which
     *              value of a scenario is the worst)
     */
    public static Evaluator<Preset> across(Evaluator<Preset> presets, Scenarios scenarios, List<ObjectiveSpec> specs) {
        if (!scenarios.any()) return presets;
        return (preset, seed) -> {
            List<Preset> each = scenarios.apply(preset, "candidate");
            double[][] values = new double[each.size()][];
            for (int s = 0; s < values.length; s++) values[s] = presets.evaluate(each.get(s), seed);
            return scenarios.combine(values, specs);
        };
    }

    /** {@link #ofGenes(ParameterSpace, Scenarios)} with any evaluator of presets in place of the simulation. */
    public static Evaluator<double[]> ofGenes(Evaluator<Preset> presets, ParameterSpace space, Scenarios scenarios,
                                       List<ObjectiveSpec> specs) {
        Evaluator<Preset> across = across(presets, scenarios, specs);
        return (genes, seed) -> across.evaluate(space.preset(genes), seed);
    }
}
