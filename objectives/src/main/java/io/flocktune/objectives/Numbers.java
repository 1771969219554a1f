package io.flocktune.objectives;

/** Number formatting and parsing for the text forms of metrics and objective specs. */
final class Numbers {
    private Numbers() {}

    /** @return {@code value} as short text: whole numbers without a fraction ({@code 5}, not {@code 5.0}). */
    static String text(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) return Long.toString((long) value);
        return Double.toString(value);
    }

    /**
     * @param field name for the error message
     * @return the finite number written in {@code text}
     * @throws IllegalArgumentException if it is not a finite number
     */
    static double parse(String field, String text) {
        String trimmed = text.strip();
        try {
            double value = Double.parseDouble(trimmed);
            if (Double.isFinite(value) && !trimmed.endsWith("d") && !trimmed.endsWith("D")
                    && !trimmed.endsWith("f") && !trimmed.endsWith("F")) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(field + " = \"" + trimmed + "\": must be a finite number");
    }

    /**
     * @param field name for the error message
     * @return the whole number written in {@code text}
     * @throws IllegalArgumentException if it is not a whole number
     */
    static long parseLong(String field, String text) {
        String trimmed = text.strip();
        try {
            return Long.parseLong(trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + " = \"" + trimmed + "\": must be a whole number");
        }
    }
}
