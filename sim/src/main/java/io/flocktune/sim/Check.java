package io.flocktune.sim;

import java.lang.reflect.RecordComponent;

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

    /**
     * Checks the compact-constructor arguments of a record against what its components declare:
     * a numeric component against its {@link Constraint} annotation, any other non-primitive
     * component for presence. Components are checked in declaration order, so the first bad one
     * is reported.
     *
     * <pre>{@code
     * record Linear(@Positive double radius, @NonNegative double weight) implements Separation {
     *     public Linear { Check.components(Linear.class, radius, weight); }
     * }
     * }</pre>
     *
     * @param type   the record being constructed
     * @param values its constructor arguments, in component order
     * @throws IllegalArgumentException naming the first field out of its range, or missing
     * @throws IllegalStateException    if {@code values} do not match the components (a bug)
     */
    public static void components(Class<? extends Record> type, Object... values) {
        Component[] components = COMPONENTS.get(type);
        if (values.length != components.length) {
            throw new IllegalStateException(type.getName() + ": " + values.length + " values for "
                    + components.length + " components");
        }
        for (int k = 0; k < components.length; k++) {
            Component c = components[k];
            if (c.constraint() != null) check(c.constraint(), c.name(), values[k]);
            else if (c.reference()) present(c.name(), values[k]);
        }
    }

    /**
     * Checks one value of a component with its constraint.
     *
     * @param value an {@link Integer} or a {@link Double}
     * @throws IllegalArgumentException e.g. {@code "radius = -1.0: must be > 0 and finite"}
     */
    private static void check(Constraint constraint, String field, Object value) {
        switch (constraint) {
            case Constraint.GreaterThanZero g -> positive(field, (Double) value);
            case Constraint.AtLeastZero a -> nonNegative(field, (Double) value);
            case Constraint.AnyFinite f -> finite(field, (Double) value);
            case Constraint.Between b -> {
                if (value instanceof Integer i) inRange(field, i, (int) b.min(), (int) b.max());
                else inRange(field, (Double) value, b.min(), b.max());
            }
        }
    }

    /** A record component as {@link #components} checks it: its constraint, or presence for a reference. */
    private record Component(String name, Constraint constraint, boolean reference) {}

    /** Per record, read once by reflection. */
    private static final ClassValue<Component[]> COMPONENTS = new ClassValue<>() {
        @Override
        protected Component[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            Component[] read = new Component[components.length];
            for (int k = 0; k < components.length; k++) {
                Class<?> t = components[k].getType();
                Constraint constraint = t == int.class || t == double.class ? Constraint.of(components[k]) : null;
                read[k] = new Component(components[k].getName(), constraint, !t.isPrimitive());
            }
            return read;
        }
    };

    private static IllegalArgumentException bad(String field, double value, String rule) {
        return new IllegalArgumentException(field + " = " + value + ": " + rule);
    }
}
