package io.flocktune.objectives;

import io.flocktune.sim.Check;

/** What the tuner wants of an objective's value. */
public sealed interface Direction {

    /** Smaller is better ({@code minimize} or {@code min}). */
    record Minimize() implements Direction {}

    /** Larger is better ({@code maximize} or {@code max}). */
    record Maximize() implements Direction {}

    /**
     * Close to {@code value} is better; anything within {@code tolerance} of it is as good as the
     * value itself ({@code target=VALUE+-TOLERANCE}, or {@code target=VALUE} for tolerance 0).
     *
     * @param value     the wanted value, finite
     * @param tolerance half-width of the accepted band, &ge; 0
     */
    record Target(double value, double tolerance) implements Direction {
        public Target {
            Check.finite("value", value);
            Check.nonNegative("tolerance", tolerance);
        }
    }

    /**
     * A score where higher is always better, for a single-objective search: {@code v} when
     * maximizing, {@code −v} when minimizing, {@code min(0, tolerance − |v − value|)} for a
     * target (0 inside the band).
     *
     * @param objective an objective's value
     */
    default double score(double objective) {
        return switch (this) {
            case Maximize m -> objective;
            case Minimize m -> -objective;
            case Target(double value, double tolerance) -> Math.min(0, tolerance - Math.abs(objective - value));
        };
    }

    /** @return the text form: {@code maximize}, {@code minimize} or {@code target=V+-TOL}. */
    default String text() {
        return switch (this) {
            case Maximize m -> "maximize";
            case Minimize m -> "minimize";
            case Target(double value, double tolerance) ->
                    "target=" + Numbers.text(value) + (tolerance == 0 ? "" : "+-" + Numbers.text(tolerance));
        };
    }
}
