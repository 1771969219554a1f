package io.flocktune.tuner.experiment;

import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.PortableEvaluator;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.space.ParameterSpace;
import io.flocktune.tuner.space.Scenarios;

import java.io.InvalidObjectException;
import java.io.Serial;
import java.io.Serializable;

/**
 * The objective function of an experiment's search (one without custom metrics, see
 * {@link Experiment#customObjective}): unit genes decoded through the experiment's
 * parameter space into a preset, simulated for the scenario's steps and measured, across the
 * experiment's scenarios if it lists any ({@link PresetEvaluator#ofGenes(ParameterSpace, Scenarios)});
 * {@link #ofPresets} measures whole presets (the base preset) the same way.
 *
 * <p>It is built from the typed experiment: no JSON is written or read to evaluate locally. It
 * travels as the experiment's JSON ({@link ExperimentJson#write}): the receiving JVM parses it
 * and rebuilds the space and the evaluator once per copy it deserializes (a Spark task
 * deserializes one copy for its whole partition). Genes travel as they are.
 */
public final class ExperimentEvaluator implements PortableEvaluator<double[]> {
    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Experiment experiment;
    private final transient Evaluator<double[]> genes;

    private ExperimentEvaluator(Experiment e) throws InputException {
        this.experiment = e;
        ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
        this.genes = new PresetEvaluator(e.scenario().steps(), e.specs()).ofGenes(space, e.scenarios());
    }

    /**
     * @return the evaluator of {@code experiment}'s unit genes
     * @throws InputException if the experiment's base or parameters are invalid
     */
    public static ExperimentEvaluator of(Experiment experiment) throws InputException {
        requirePortable(experiment);
        return new ExperimentEvaluator(experiment);
    }

    @Override
    public double[] evaluate(double[] subject, long seed) throws Exception {
        return genes.evaluate(subject, seed);
    }

    /**
     * @throws InputException if an objective is a custom metric, which the experiment's JSON (the
     *                        form this evaluator travels in) cannot hold
     */
    private static void requirePortable(Experiment e) throws InputException {
        if (e.customObjective().isPresent()) {
            throw new InputException("experiment " + e.name() + ": objective \"" + e.customObjective().get().name()
                    + "\" is a custom metric, a Java function: it cannot be written as JSON nor sent to another JVM such as "
                    + "a Spark executor; measure and tune for it on local threads");
        }
    }

    @Override
    public Serializable pack(double[] subject) {
        return subject.clone();
    }

    @Override
    public double[] unpack(Serializable packed) {
        return (double[]) packed;
    }

    @Serial
    private Object writeReplace() {
        return new Sent(ExperimentJson.write(experiment), false);
    }

    /**
     * The serialized form of both evaluators: the experiment's JSON, parsed and rebuilt on the
     * receiving side.
     *
     * @param presets whether it is the evaluator of presets ({@link #ofPresets}) rather than of genes
     */
    private record Sent(String experimentJson, boolean presets) implements Serializable {
        @Serial
        private Object readResolve() throws InvalidObjectException {
            try {
                Experiment e = ExperimentJson.parse(experimentJson, "experiment", null);
                return presets ? new Presets(e) : new ExperimentEvaluator(e);
            } catch (InputException e) {
                InvalidObjectException invalid = new InvalidObjectException("the experiment sent with the evaluator is invalid: " + e.getMessage());
                invalid.initCause(e);
                throw invalid;
            }
        }
    }

    /**
     * @return the evaluator of presets (such as the experiment's effective base) across the
     *         experiment's scenarios, as {@link PresetEvaluator#across}; presets travel as their JSON text
     * @throws InputException if the experiment is invalid
     */
    public static PortableEvaluator<Preset> ofPresets(Experiment experiment) throws InputException {
        requirePortable(experiment);
        return new Presets(experiment);
    }

    /** {@link #ofPresets}: serialized as the experiment's JSON, rebuilt on the receiving side. */
    private static final class Presets implements PortableEvaluator<Preset> {
        @Serial
        private static final long serialVersionUID = 1L;

        private final transient Experiment experiment;
        private final transient PresetEvaluator simulation;
        private final transient Evaluator<Preset> presets;

        Presets(Experiment e) {
            this.experiment = e;
            this.simulation = new PresetEvaluator(e.scenario().steps(), e.specs());
            this.presets = simulation.across(e.scenarios());
        }

        @Override
        public double[] evaluate(Preset preset, long seed) throws Exception {
            return presets.evaluate(preset, seed);
        }

        @Override
        public Serializable pack(Preset preset) {
            return simulation.pack(preset);
        }

        @Override
        public Preset unpack(Serializable packed) {
            return simulation.unpack(packed);
        }

        @Serial
        private Object writeReplace() {
            return new Sent(ExperimentJson.write(experiment), true);
        }
    }
}
