package io.flocktune.tuner.experiment;

import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.space.ParameterSpace;

/**
 * How a tuning run measures candidates ({@code Tuning.Options#evaluators}): the evaluator of the
 * search's unit genes and the evaluator of whole presets (the base preset, measured on the test
 * seeds for comparison). Both must be pure functions of subject and seed (see
 * {@link Evaluator}) and return one value per objective of the experiment, in its order.
 *
 * <p>{@link #standard()} simulates each candidate for the scenario's steps and measures the
 * experiment's objectives; it travels to Spark. {@link #ofPresets} puts a researcher's own
 * measurement of a preset in its place, with the experiment's gene decoding and scenarios kept;
 * it runs on local threads only (a run on a remote runner refuses it with an
 * {@link InputException} before anything runs).
 *
 * {@snippet :
 * // an experiment with one objective: the mean speed after 200 steps, measured by hand
 * EvaluatorFactory mine = EvaluatorFactory.ofPresets((preset, seed) -> {
 *     Simulation s = Simulation.of(preset, seed);
 *     s.run(200, (step, flock) -> {});
 *     return new double[] {MetricProbe.of(preset).meanSpeed(s.flock())};
 * });
 * Tuning.Result r = Tuning.inMemory(experiment, Tuning.Options.quiet(2).withEvaluators(mine));
 * }
 */
public interface EvaluatorFactory {

    /**
     * @return the evaluator of {@code experiment}'s unit genes (each in [0, 1], one per parameter)
     * @throws InputException if the experiment's base or parameters are invalid
     */
    Evaluator<double[]> genes(Experiment experiment) throws InputException;

    /**
     * @return the evaluator of presets (such as the experiment's effective base) across the
     *         experiment's scenarios
     * @throws InputException if the experiment is invalid
     */
    Evaluator<Preset> presets(Experiment experiment) throws InputException;

    /**
     * @return simulate and measure the experiment's objectives ({@link ExperimentEvaluator#of},
     *         {@link ExperimentEvaluator#ofPresets}), portable to Spark; for an experiment with a
     *         custom metric ({@link Experiment#customObjective}) the same measurement on local
     *         threads only
     */
    static EvaluatorFactory standard() {
        return Standard.INSTANCE;
    }

    /**
     * @param presets a preset and a seed to one value per objective of the experiment, in its
     *                order; pure (the same preset and seed give the same values on any thread)
     * @return the experiment's genes decoded into presets (overrides, scenario boid count and
     *         every scenario of the experiment applied, values combined per objective as the
     *         standard evaluator does), measured by {@code presets}; local threads only
     */
    static EvaluatorFactory ofPresets(Evaluator<Preset> presets) {
        Check.present("presets", presets);
        return new EvaluatorFactory() {
            @Override
            public Evaluator<double[]> genes(Experiment e) throws InputException {
                ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
                return PresetEvaluator.ofGenes(presets, space, e.scenarios(), e.specs());
            }

            @Override
            public Evaluator<Preset> presets(Experiment e) {
                return PresetEvaluator.across(presets, e.scenarios(), e.specs());
            }
        };
    }

    /** {@link #standard()}. */
    enum Standard implements EvaluatorFactory {
        INSTANCE;

        @Override
        public Evaluator<double[]> genes(Experiment e) throws InputException {
            if (e.customObjective().isEmpty()) return ExperimentEvaluator.of(e);
            ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
            return new PresetEvaluator(e.scenario().steps(), e.specs()).ofGenes(space, e.scenarios());
        }

        @Override
        public Evaluator<Preset> presets(Experiment e) throws InputException {
            if (e.customObjective().isEmpty()) return ExperimentEvaluator.ofPresets(e);
            return new PresetEvaluator(e.scenario().steps(), e.specs()).across(e.scenarios());
        }
    }
}
