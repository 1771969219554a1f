package io.flocktune.objectives;

/**
 * How an {@link ObjectiveSpec} turns a metric's values at the sampled steps of one run into one
 * number. Text forms (in {@link ObjectiveSpec#parse}) in parentheses.
 */
public enum Aggregation {
    /** Arithmetic mean over the sampled steps ({@code mean}). */
    MEAN("mean"),
    /** Value at the last step of the run, which is always sampled ({@code final}). */
    FINAL("final"),
    /** Smallest sampled value ({@code min}). */
    MIN("min"),
    /** Largest sampled value ({@code max}). */
    MAX("max"),
    /**
     * Fraction of the sampled steps whose value is strictly above the spec's threshold, in
     * [0, 1] ({@code above=THRESHOLD}).
     */
    FRACTION_ABOVE("above");

    private final String word;

    Aggregation(String word) {
        this.word = word;
    }

    /** @return the word of the text form ({@code mean}, {@code final}, {@code min}, {@code max}, {@code above}). */
    public String word() {
        return word;
    }
}
