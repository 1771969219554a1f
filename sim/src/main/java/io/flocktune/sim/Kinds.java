package io.flocktune.sim;

/**
 * The JSON name of a rule variant: its record's simple name in lowerCamelCase
 * ({@code InverseDistance} → {@code inverseDistance}). Used for the {@code kind} field of presets.
 */
public final class Kinds {
    private Kinds() {}

    /** @return the kind name of a variant class. */
    public static String of(Class<?> variant) {
        String simple = variant.getSimpleName();
        return Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
    }

    /** @return the kind name of a variant instance. */
    public static String of(Object variant) {
        return of(variant.getClass());
    }
}
