package io.flocktune.tuner.validation;

import io.flocktune.objectives.Measurement;

/**
 * One point of a {@link Sweep}: the swept value and the objectives measured there.
 *
 * @param value       the parameter's value, in the parameter's units
 * @param measurement the validation's objectives over its seeds
 */
public record SweepPoint(double value, Measurement measurement) {
    public SweepPoint {
        if (!Double.isFinite(value)) throw new IllegalArgumentException("value = " + value + ": must be finite");
        if (measurement == null) throw new IllegalArgumentException("measurement: missing");
    }
}
