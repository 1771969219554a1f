package io.flocktune.sim;

/**
 * Argument checks for the compact constructors of the preset records. Each failure is an
 * {@link IllegalArgumentException} whose message names the field, the offending value and the
 * allowed range, e.g. {@code "radius = -1.0: must be > 0"}; the JSON layer prefixes the path.
 */
public final class Check {
    private Check() {}

    /** @return {@code value} if it is finite and {@code > 0}. */
    public static double positive(String field, double value) {
        if (!(value > 0) || !Double.isFinite(value)) throw bad(field, value, "must be > 0 and finite");
        return value;
    }

    /** @return {@code value} if it is finite and {@code >= 0}. */
    public static double nonNegative(String field, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) throw bad(field, value, "must be >= 0 and finite");
        return value;
    }

    /** @return {@code value} if it is finite (any sign). */
    public static double finite(String field, double value) {
        if (!Double.isFinite(value)) throw bad(field, value, "must be a finite number");
        return value;
    }

    /**
     * @return {@code value} if it lies in the closed interval [{@code min}, {@code max}]; a
     *         {@code min} of {@link Double#MIN_VALUE} stands for the open end (0, written so in
     *         the message: {@code "must be in (0, 360]"}
     */
    public static double inRange(String field, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            String low = min == Double.MIN_VALUE ? "(0" : "[" + number(min);
            throw bad(field, value, "must be in " + low + ", " + number(max) + "]");
        }
        return value;
    }

    /** A bound as people write it: {@code 360}, not {@code 360.0}. */
    private static String number(double bound) {
        return bound == Math.rint(bound) && Math.abs(bound) < 1e15 ? Long.toString((long) bound) : Double.toString(bound);
    }

    /** @return {@code value} if it lies in [{@code min}, {@code max}]. */
    public static int inRange(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " = " + value + ": must be in [" + min + ", " + max + "]");
        }
        return value;
    }

    /** @return {@code value} if it is not null. */
    public static <T> T present(String field, T value) {
        if (value == null) throw new IllegalArgumentException(field + " is missing");
        return value;
    }

    private static IllegalArgumentException bad(String field, double value, String rule) {
        return new IllegalArgumentException(field + " = " + value + ": " + rule);
    }
}
