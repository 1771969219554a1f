package io.flocktune.tuner.space;

import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetPath;

import java.util.ArrayList;
import java.util.List;

/**
 * The codec between unit genes and presets (Jenetics' {@code Codec} idea): gene {@code k} ∈ [0, 1)
 * is decoded by parameter {@code k} into a typed value ({@code Double}, {@code Long}, or one of a
 * choice's options) and set at the parameter's
 * path by {@link PresetEdit}, which rebuilds only the records on the edited paths; no JSON per
 * candidate. Choices are applied first, in declared order, then numeric genes, so a numeric gene
 * may set a field inside a chosen sub-object (e.g. {@code separation} = one of several variants,
 * then {@code separation.weight}).
 *
 * <pre>{@code
 * ParameterSpace space = ParameterSpace.of(Presets.get("reynolds"),
 *         List.of(new Parameter.Range("cohesion.weight", 0.1, 3, Parameter.Scale.LOG)), "example");
 * Preset p = space.preset(new double[] {0.5});
 * }</pre>
 */
public final class ParameterSpace {
    private final Preset base;
    private final List<Parameter> parameters;
    private final int[] applyOrder;
    private final PresetPath[] paths;

    private ParameterSpace(Preset base, List<Parameter> parameters) {
        this.base = base;
        this.parameters = List.copyOf(parameters);
        int n = parameters.size();
        int[] order = new int[n];
        int next = 0;
        for (int k = 0; k < n; k++) if (parameters.get(k) instanceof Parameter.Choice) order[next++] = k;
        for (int k = 0; k < n; k++) if (!(parameters.get(k) instanceof Parameter.Choice)) order[next++] = k;
        this.applyOrder = order;
        this.paths = parameters.stream().map(p -> PresetPath.of(p.path())).toArray(PresetPath[]::new);
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
     * @param base       the preset the genes are set on
     * @param parameters at least one, with distinct paths
     * @param source     names the experiment in error messages, e.g. {@code "my.json: parameters"}
     * @throws InputException one line naming the parameter: a path that does not exist, a path
     *                        that ends on a rule's {@code kind}, or a range end or choice that
     *                        gives no valid preset (with the preset's own rule)
     */
    public static ParameterSpace of(Preset base, List<Parameter> parameters, String source) throws InputException {
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
            PresetPath path = PresetPath.of(p.path());
            Parameter.Choice covering = covering(parameters, p);
            if (covering == null) {
                new PresetEdit(base).set(path, p.value(0.5), where);
            } else {
                for (int option = 0; option < covering.options().size(); option++) {
                    new PresetEdit(base).set(PresetPath.of(covering.path()), covering.options().get(option), where)
                            .set(path, p.value(0.5), where + " (with " + covering.path() + " = " + covering.labels().get(option) + ")");
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
            List<Object> ends = switch (p) {
                case Parameter.Range r -> List.of(r.min(), r.max());
                case Parameter.Grid g -> List.of(g.min(), g.max());
                case Parameter.Integers i -> List.of(i.min(), i.max());
                case Parameter.Choice c -> c.options();
            };
            Parameter.Choice covering = covering(parameters, p);
            for (int e = 0; e < ends.size(); e++) {
                InputException first = null;
                // alone on the base preset (inside each option of the choice that holds it) ...
                int holders = covering == null ? 1 : covering.options().size();
                for (int h = 0; h < holders; h++) {
                    PresetEdit alone = new PresetEdit(base);
                    if (covering != null) put(alone, parameters.indexOf(covering), covering.options().get(h));
                    put(alone, k, ends.get(e));
                    try {
                        alone.build("candidate");
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
                        edit(genes, k, ends.get(e)).build("candidate");
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

    /** Sets gene {@code k}'s typed {@code value} on {@code edit}. */
    private void put(PresetEdit edit, int k, Object value) throws InputException {
        edit.set(paths[k], value, "parameter " + paths[k].text());
    }

    /** @return the typed value of gene {@code k} at unit gene {@code unit} */
    private Object value(int k, double unit) {
        return switch (parameters.get(k)) {
            case Parameter.Integers i -> i.whole(unit);
            case Parameter.Choice c -> c.value(unit);
            case Parameter.Range r -> r.numeric(unit);
            case Parameter.Grid g -> g.numeric(unit);
        };
    }

    /** The edit of {@code genes}, choices first, with gene {@code k} set to {@code value} instead (k = -1: none). */
    private PresetEdit edit(double[] genes, int k, Object value) throws InputException {
        PresetEdit edit = new PresetEdit(base);
        for (int j : applyOrder) {
            Object v = j == k ? value : value(j, genes[j]);
            put(edit, j, v);
        }
        return edit;
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

    /**
     * @return the preset of {@code genes}
     * @throws InputException if the genes give an invalid preset (e.g. minSpeed &gt; maxSpeed);
     *                        the search records such a candidate as failed
     */
    public Preset preset(double[] genes) throws InputException {
        if (genes.length != parameters.size()) {
            throw new IllegalArgumentException(genes.length + " genes for " + parameters.size() + " parameters");
        }
        return edit(genes, -1, null).build("candidate");
    }

    /** @return the base preset the genes are set on */
    public Preset basePreset() {
        return base;
    }

    /** @return the values of {@code genes} as short texts, gene order. */
    public List<String> labels(double[] genes) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < parameters.size(); k++) out.add(parameters.get(k).label(genes[k]));
        return out;
    }
}
