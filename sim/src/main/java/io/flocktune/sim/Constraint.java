package io.flocktune.sim;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.RecordComponent;

/**
 * The allowed values of a numeric component of a preset record, declared on the component
 * itself ({@code record Linear(@Positive double radius, @NonNegative double weight)}). The
 * records' compact constructors enforce them through {@link Check#components}, and the JSON
 * Schema of the preset format is generated from them, so the Java validation and the published
 * schema read the same declaration and cannot drift apart.
 *
 * <p>Every {@code int} or {@code double} component of a preset record carries exactly one of
 * the annotations; {@link #of(RecordComponent)} fails for one that carries none.
 */
public sealed interface Constraint {

    /** Finite and {@code > 0} ({@link Check#positive}). */
    @Documented @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.RECORD_COMPONENT)
    @interface Positive {}

    /** Finite and {@code >= 0} ({@link Check#nonNegative}). */
    @Documented @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.RECORD_COMPONENT)
    @interface NonNegative {}

    /** Any finite number ({@link Check#finite}). */
    @Documented @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.RECORD_COMPONENT)
    @interface Finite {}

    /**
     * In the closed interval [{@code min}, {@code max}] ({@link Check#inRange}); an open lower
     * end 0 is written {@code min = Double.MIN_VALUE}, the smallest positive double.
     */
    @Documented @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.RECORD_COMPONENT)
    @interface Range {
        double min();
        double max();
    }

    /** @see Positive */
    record GreaterThanZero() implements Constraint {}

    /** @see NonNegative */
    record AtLeastZero() implements Constraint {}

    /** @see Finite */
    record AnyFinite() implements Constraint {}

    /** @see Range */
    record Between(double min, double max) implements Constraint {}

    /**
     * @return the constraint declared on a numeric record component
     * @throws IllegalStateException if it declares none or several (a bug in the record)
     */
    static Constraint of(RecordComponent component) {
        Constraint found = null;
        int declared = 0;
        if (component.isAnnotationPresent(Positive.class)) { found = new GreaterThanZero(); declared++; }
        if (component.isAnnotationPresent(NonNegative.class)) { found = new AtLeastZero(); declared++; }
        if (component.isAnnotationPresent(Finite.class)) { found = new AnyFinite(); declared++; }
        Range range = component.getAnnotation(Range.class);
        if (range != null) { found = new Between(range.min(), range.max()); declared++; }
        if (declared != 1) {
            throw new IllegalStateException(component.getDeclaringRecord().getName() + "." + component.getName()
                    + ": a numeric preset component needs exactly one constraint annotation, has " + declared);
        }
        return found;
    }
}
