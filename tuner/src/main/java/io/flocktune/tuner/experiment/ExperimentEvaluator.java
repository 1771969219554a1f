package io.flocktune.tuner.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * {@link #ofTrees} measures whole preset trees (the base preset) the same way.
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
        ParameterSpace space = ParameterSpace.of(ExperimentJson.effectiveBase(e), e.parameters(), e.name() + ": parameters");
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
     * @param trees whether it is the evaluator of preset trees ({@link #ofTrees}) rather than of genes
     */
    private record Sent(String experimentJson, boolean trees) implements Serializable {
        @Serial
        private Object readResolve() throws InvalidObjectException {
            try {
                Experiment e = ExperimentJson.parse(experimentJson, "experiment", null);
                return trees ? new Trees(e) : new ExperimentEvaluator(e);
            } catch (InputException e) {
                InvalidObjectException invalid = new InvalidObjectException("the experiment sent with the evaluator is invalid: " + e.getMessage());
                invalid.initCause(e);
                throw invalid;
            }
        }
    }

    /**
     * @return the evaluator of preset trees (such as the experiment's effective base) across the
     *         experiment's scenarios, as {@link PresetEvaluator#across}; trees travel as JSON text
     * @throws InputException if the experiment is invalid
     */
    public static PortableEvaluator<ObjectNode> ofTrees(Experiment experiment) throws InputException {
        requirePortable(experiment);
        return new Trees(experiment);
    }

    /** {@link #ofTrees}: serialized as the experiment's JSON, rebuilt on the receiving side. */
    private static final class Trees implements PortableEvaluator<ObjectNode> {
        @Serial
        private static final long serialVersionUID = 1L;
        private static final ObjectMapper JSON = new ObjectMapper();

        private final transient Experiment experiment;
        private final transient Evaluator<ObjectNode> trees;

        Trees(Experiment e) {
            this.experiment = e;
            this.trees = new PresetEvaluator(e.scenario().steps(), e.specs()).across(e.scenarios());
        }

        @Override
        public double[] evaluate(ObjectNode tree, long seed) throws Exception {
            return trees.evaluate(tree, seed);
        }

        @Override
        public Serializable pack(ObjectNode tree) {
            return tree.toString();
        }

        @Override
        public ObjectNode unpack(Serializable packed) {
            try {
                return (ObjectNode) JSON.readTree((String) packed);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a preset tree did not survive its JSON form: " + e.getOriginalMessage(), e);
            }
        }

        @Serial
        private Object writeReplace() {
            return new Sent(ExperimentJson.write(experiment), true);
        }
    }
}
