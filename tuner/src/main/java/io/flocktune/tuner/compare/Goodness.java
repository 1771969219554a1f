package io.flocktune.tuner.compare;

import io.flocktune.objectives.Direction;

/**
 * Turns an objective's value into "goodness", higher is better, so that every test and effect
 * size reads the same way whatever the objective wants: {@code v} when maximizing, {@code −v}
 * when minimizing, {@code −|v − target|} for a target. A target's tolerance band is not used:
 * it would tie every value inside the band and hide real differences.
 */
final class Goodness {
    private Goodness() {}

    static double of(Direction direction, double value) {
        return switch (direction) {
            case Direction.Maximize m -> value;
            case Direction.Minimize m -> -value;
            case Direction.Target(double target, double tolerance) -> -Math.abs(value - target);
        };
    }

    static double[] of(Direction direction, double[] values) {
        double[] g = new double[values.length];
        for (int i = 0; i < g.length; i++) g[i] = of(direction, values[i]);
        return g;
    }

    /** @return "higher", "lower" or "closer to 0.5": how the better arm's values compare. */
    static String better(Direction direction) {
        return switch (direction) {
            case Direction.Maximize m -> "higher";
            case Direction.Minimize m -> "lower";
            case Direction.Target(double target, double tolerance) -> "closer to " + text(target);
        };
    }

    /** @return "higher polarization", "lower collisions", "polarization closer to 0.5", for a verdict. */
    static String better(Direction direction, String name) {
        return switch (direction) {
            case Direction.Maximize m -> "higher " + name;
            case Direction.Minimize m -> "lower " + name;
            case Direction.Target t -> name + " " + better(direction);
        };
    }

    private static String text(double target) {
        return "" + (target == Math.rint(target) && Math.abs(target) < 1e15 ? Long.toString((long) target) : Double.toString(target));
    }
}
