package io.flocktune.objectives;

/**
 * The collective states of Couzin et al. (2002), J. theor. Biol. 218, 1–11 (Fig. 3), read off a
 * group's polarization φ ({@link Metric.Polarization}) and milling m ({@link Metric.Milling}),
 * both in [0, 1], usually their means over a steady-state window:
 * <ul>
 *   <li>{@link #HIGHLY_PARALLEL}: φ &ge; 0.97;</li>
 *   <li>{@link #DYNAMIC_PARALLEL}: 0.65 &le; φ &lt; 0.97 and m &lt; 0.35;</li>
 *   <li>{@link #TORUS}: φ &lt; 0.35 and m &ge; 0.65;</li>
 *   <li>{@link #SWARM}: φ &lt; 0.35 and m &lt; 0.35;</li>
 *   <li>{@link #TRANSITIONAL}: anything else, none of the four.</li>
 * </ul>
 * The 0.35 / 0.65 cut-offs are those of Tunstrøm et al. (2013), PLoS Comput. Biol. 9, e1002915;
 * 0.97 separates Couzin's "dynamic parallel" group (φ ≈ 0.9) from the "highly parallel" one
 * (φ ≈ 1).
 */
public enum CollectiveState {
    /** Cohesive but unordered: low φ, low m. */
    SWARM("swarm"),
    /** Milling about an empty core: low φ, high m. */
    TORUS("torus"),
    /** Polarized, heading still fluctuating: φ ≈ 0.9. */
    DYNAMIC_PARALLEL("dynamic parallel"),
    /** Almost perfectly aligned: φ ≈ 1. */
    HIGHLY_PARALLEL("highly parallel"),
    /** Between the states (or switching between them during the window). */
    TRANSITIONAL("transitional");

    /** Polarization at and above which a group is highly parallel. */
    public static final double HIGHLY_PARALLEL_POLARIZATION = 0.97;
    /** The "high" cut-off of φ and m. */
    public static final double HIGH = 0.65;
    /** The "low" cut-off of φ and m. */
    public static final double LOW = 0.35;

    private final String label;

    CollectiveState(String label) {
        this.label = label;
    }

    /**
     * @param polarization φ in [0, 1]
     * @param milling      m in [0, 1]
     * @return the state by the thresholds above
     * @throws IllegalArgumentException if either value is outside [0, 1] (beyond rounding) or
     *                                  not a number
     */
    public static CollectiveState of(double polarization, double milling) {
        checkUnit("polarization", polarization);
        checkUnit("milling", milling);
        if (polarization >= HIGHLY_PARALLEL_POLARIZATION) return HIGHLY_PARALLEL;
        if (polarization >= HIGH && milling < LOW) return DYNAMIC_PARALLEL;
        if (polarization < LOW && milling >= HIGH) return TORUS;
        if (polarization < LOW && milling < LOW) return SWARM;
        return TRANSITIONAL;
    }

    /** Both metrics are sums of unit vectors over N, so they may exceed 1 by a rounding error. */
    private static void checkUnit(String name, double value) {
        if (!(value >= 0 && value <= 1 + 1e-9)) throw new IllegalArgumentException(name + " = " + value + ": must be in [0, 1]");
    }

    /** @return the name used in charts and CSV files, e.g. {@code dynamic parallel}. */
    public String label() {
        return label;
    }
}
