package io.flocktune.tuner.experiment;

/** How the objectives of an experiment become what the search ranks. */
public enum Combination {
    /** One fitness: the weighted sum of normalised costs. */
    WEIGHTED_SUM("weightedSum"),
    /** One fitness: the weighted Euclidean distance to the targets (every objective a target). */
    TARGET_DISTANCE("targetDistance"),
    /** Multi-objective: NSGA-II on the cost vector. */
    PARETO("pareto");

    private final String json;

    Combination(String json) {
        this.json = json;
    }

    /** @return the name used in experiment JSON. */
    public String json() {
        return json;
    }

    /** @return the combination called {@code json} in experiment JSON, or null. */
    public static Combination ofJson(String json) {
        for (Combination c : values()) if (c.json.equals(json)) return c;
        return null;
    }
}
