package io.flocktune.tuner.space;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;

import java.util.ArrayList;
import java.util.List;

/**
 * The codec between unit genes and presets: gene {@code k} ∈ [0, 1) is decoded by parameter
 * {@code k} and written into a copy of the base preset's JSON tree at the parameter's path.
 * Choices are applied first, in declared order, then numeric genes, so a numeric gene may set
 * a field inside a chosen sub-object (e.g. {@code separation} = one of several variants, then
 * {@code separation.weight}).
 *
 * <pre>{@code
 * ParameterSpace space = ParameterSpace.of(PresetJson.toTree(Presets.get("reynolds")),
 *         List.of(new Parameter.Range("cohesion.weight", 0.1, 3, Parameter.Scale.LOG)), "example");
 * Preset p = space.preset(new double[] {0.5});
 * }</pre>
 */
public final class ParameterSpace {
    private final ObjectNode base;
    private final List<Parameter> parameters;
    private final List<Integer> applyOrder;

    private ParameterSpace(ObjectNode base, List<Parameter> parameters) {
        this.base = base.deepCopy();
        this.parameters = List.copyOf(parameters);
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < parameters.size(); k++) if (parameters.get(k) instanceof Parameter.Choice) order.add(k);
        for (int k = 0; k < parameters.size(); k++) if (!(parameters.get(k) instanceof Parameter.Choice)) order.add(k);
        this.applyOrder = List.copyOf(order);
    }

    /**
     * A space over {@code base}, checking before any simulation that every path exists (a
     * choice's path in the base preset, a numeric path in the base preset or, when it lies inside
     * a choice's path, in every option of that choice) and that every gene's whole range gives
     * valid presets: each end of a range or of integers, and each option of a choice, must give a
     * valid preset alone on the base preset or for one setting of the other genes (all at their
     * lower ends, their midpoints or their upper ends). Candidates can then fail only where genes interact (e.g.
     * {@code boids.minSpeed} above a tuned {@code boids.maxSpeed}).
     *
     * @param base       the base preset's JSON tree (copied)
     * @param parameters at least one, with distinct paths
     * @param source     names the experiment in error messages, e.g. {@code "my.json: parameters"}
     * @throws InputException one line naming the parameter: a path that does not exist, a path
     *                        that ends on a rule's {@code kind}, or a range end or choice that
     *                        gives no valid preset (with the preset's own rule)
     */
    public static ParameterSpace of(ObjectNode base, List<Parameter> parameters, String source) throws InputException {
        Check.present("base", base);
        if (parameters.isEmpty()) throw new InputException(source + ": give at least one parameter");
        for (int k = 0; k < parameters.size(); k++) {
            for (int j = 0; j < k; j++) {
                if (parameters.get(j).path().equals(parameters.get(k).path())) {
                    throw new InputException(source + "[" + k + "].path = " + parameters.get(k).path()
                            + ": already used by parameters[" + j + "]");
                }
            }
        }
        for (int k = 0; k < parameters.size(); k++) {
            Parameter p = parameters.get(k);
            String where = source + "[" + k + "].path = " + p.path();
            if (p.path().equals("kind") || p.path().endsWith(".kind")) {
                String rule = p.path().contains(".") ? p.path().substring(0, p.path().lastIndexOf('.')) : "the rule";
                throw new InputException(where + ": a rule's kind cannot be a gene on its own (each kind has other fields); "
                        + "make the whole rule a choice: {\"path\": \"" + rule + "\", \"choices\": [{\"kind\": ...}, ...]}");
            }
            Parameter.Choice covering = covering(parameters, p);
            if (covering == null) {
                PresetJson.set(base.deepCopy(), p.path(), p.value(0.5), where);
            } else {
                for (int option = 0; option < covering.options().size(); option++) {
                    ObjectNode tree = base.deepCopy();
                    PresetJson.set(tree, covering.path(), covering.options().get(option), where);
                    PresetJson.set(tree, p.path(), p.value(0.5), where + " (with " + covering.path() + " = "
                            + covering.labels().get(option) + ")");
                }
            }
        }
        ParameterSpace space = new ParameterSpace(base, parameters);
        space.checkRanges(source);
        return space;
    }

    /** See {@link #of}: every end of every gene gives a valid preset in some setting of the others. */
    private void checkRanges(String source) throws InputException {
        double[] contexts = {0.0, 0.5, Math.nextDown(1.0)};
        for (int k = 0; k < parameters.size(); k++) {
            Parameter p = parameters.get(k);
            List<JsonNode> ends = switch (p) {
                case Parameter.Range r -> List.of(DoubleNode.valueOf(r.min()), DoubleNode.valueOf(r.max()));
                case Parameter.Grid g -> List.of(DoubleNode.valueOf(g.min()), DoubleNode.valueOf(g.max()));
                case Parameter.Integers i -> List.of(LongNode.valueOf(i.min()), LongNode.valueOf(i.max()));
                case Parameter.Choice c -> c.options();
            };
            Parameter.Choice covering = covering(parameters, p);
            for (int e = 0; e < ends.size(); e++) {
                InputException first = null;
                // alone on the base preset (inside each option of the choice that holds it) ...
                List<JsonNode> holders = covering == null ? java.util.Collections.singletonList(null) : covering.options();
                for (JsonNode holder : holders) {
                    ObjectNode alone = base.deepCopy();
                    if (holder != null) PresetJson.set(alone, covering.path(), holder.deepCopy(), "parameter " + covering.path());
                    PresetJson.set(alone, p.path(), ends.get(e).deepCopy(), "parameter " + p.path());
                    try {
                        PresetJson.fromTree(alone, "candidate");
                        first = null;
                        break;
                    } catch (InputException invalid) {
                        if (first == null) first = invalid;
                    }
                }
                // ... or with the other genes all at their lower ends, midpoints or upper ends
                for (double context : first == null ? new double[0] : contexts) {
                    double[] genes = new double[parameters.size()];
                    java.util.Arrays.fill(genes, context);
                    try {
                        PresetJson.fromTree(tree(genes, k, ends.get(e)), "candidate");
                        first = null;
                        break;
                    } catch (InputException invalid) {
                        if (first == null) first = invalid;
                    }
                }
                if (first != null) {
                    String value = switch (p) {
                        case Parameter.Range r -> "range [" + r.min() + ", " + r.max() + "] reaches outside the valid values: at "
                                + ends.get(e);
                        case Parameter.Grid g -> "range [" + g.min() + ", " + g.max() + "] (step " + g.step()
                                + ") reaches outside the valid values: at " + ends.get(e);
                        case Parameter.Integers i -> "integers [" + i.min() + ", " + i.max() + "] reach outside the valid values: at "
                                + ends.get(e);
                        case Parameter.Choice c -> "choice " + c.labels().get(e) + " is not valid here";
                    };
                    String why = first.getMessage().startsWith("candidate: ") ? first.getMessage().substring(11) : first.getMessage();
                    throw new InputException(source + "[" + k + "] (" + p.path() + "): " + value + ", the preset is invalid: " + why);
                }
            }
        }
    }

    /** The tree of {@code genes} with parameter {@code k} set to {@code value} instead. */
    private ObjectNode tree(double[] genes, int k, JsonNode value) throws InputException {
        ObjectNode tree = base.deepCopy();
        for (int j : applyOrder) {
            Parameter p = parameters.get(j);
            PresetJson.set(tree, p.path(), j == k ? value.deepCopy() : p.value(genes[j]), "parameter " + p.path());
        }
        return tree;
    }

    /** @return the choice whose path contains {@code p}'s path, or null. */
    private static Parameter.Choice covering(List<Parameter> parameters, Parameter p) {
        Parameter.Choice found = null;
        for (Parameter q : parameters) {
            if (q instanceof Parameter.Choice c && p != q && p.path().startsWith(c.path() + ".")
                    && (found == null || c.path().length() > found.path().length())) {
                found = c;
            }
        }
        return found;
    }

    /** @return the parameters, gene order. */
    public List<Parameter> parameters() {
        return parameters;
    }

    /** @return the number of genes. */
    public int size() {
        return parameters.size();
    }

    /** @return per gene: 0 for an ordered parameter, the number of options of a choice. */
    public int[] levels() {
        return parameters.stream().mapToInt(p -> p instanceof Parameter.Choice c ? c.options().size() : 0).toArray();
    }

    /** @return a copy of the base preset's tree. */
    public ObjectNode base() {
        return base.deepCopy();
    }

    /**
     * @param genes one unit gene per parameter
     * @return the base tree with every gene's value written at its path
     * @throws InputException if a path does not exist in the tree built so far
     */
    public ObjectNode tree(double[] genes) throws InputException {
        if (genes.length != parameters.size()) {
            throw new IllegalArgumentException(genes.length + " genes for " + parameters.size() + " parameters");
        }
        ObjectNode tree = base.deepCopy();
        for (int k : applyOrder) {
            Parameter p = parameters.get(k);
            PresetJson.set(tree, p.path(), p.value(genes[k]), "parameter " + p.path());
        }
        return tree;
    }

    /**
     * @return the preset of {@code genes}
     * @throws InputException if the genes give an invalid preset (e.g. minSpeed &gt; maxSpeed);
     *                        the search records such a candidate as failed
     */
    public Preset preset(double[] genes) throws InputException {
        return PresetJson.fromTree(tree(genes), "candidate");
    }

    /** @return the values of {@code genes} as short texts, gene order. */
    public List<String> labels(double[] genes) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < parameters.size(); k++) out.add(parameters.get(k).label(genes[k]));
        return out;
    }
}
