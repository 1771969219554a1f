package io.flocktune.tuner.eval;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.space.ParameterSpace;

import java.io.InvalidObjectException;
import java.io.Serial;
import java.io.Serializable;

/**
 * The objective function of an experiment's search: unit genes decoded through the experiment's
 * parameter space into a preset, simulated for the scenario's steps and measured
 * ({@link PresetEvaluator#ofGenes}).
 *
 * <p>It is built from the experiment's JSON ({@link ExperimentJson#write}), here and wherever it
 * is sent: serialized it is that text, and the receiving JVM rebuilds the space and the
 * evaluator once per copy it deserializes (a Spark task deserializes one copy for its whole
 * partition). Genes travel as they are.
 */
public final class ExperimentEvaluator implements PortableEvaluator<double[]> {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String experimentJson;
    private final transient Evaluator<double[]> genes;

    private ExperimentEvaluator(String experimentJson) throws InputException {
        this.experimentJson = experimentJson;
        Experiment e = ExperimentJson.parse(experimentJson, "experiment", null);
        ParameterSpace space = ParameterSpace.of(ExperimentJson.effectiveBase(e), e.parameters(), e.name() + ": parameters");
        this.genes = new PresetEvaluator(e.scenario().steps(), e.specs()).ofGenes(space);
    }

    /**
     * @return the evaluator of {@code experiment}'s unit genes
     * @throws InputException if the experiment's base or parameters are invalid
     */
    public static ExperimentEvaluator of(Experiment experiment) throws InputException {
        return new ExperimentEvaluator(ExperimentJson.write(experiment));
    }

    @Override
    public double[] evaluate(double[] subject, long seed) throws Exception {
        return genes.evaluate(subject, seed);
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
    private Object readResolve() throws InvalidObjectException {
        try {
            return new ExperimentEvaluator(experimentJson);
        } catch (InputException e) {
            InvalidObjectException invalid = new InvalidObjectException("the experiment sent with the evaluator is invalid: " + e.getMessage());
            invalid.initCause(e);
            throw invalid;
        }
    }
}
