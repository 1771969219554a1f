package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

import java.util.function.DoubleUnaryOperator;

/**
 * How one objective enters the fitness: its mean value is turned into a normalised cost
 * (lower is better, about 1 for "one scale unit off") and weighted.
 *
 * @param name   objective name for tables and charts
 * @param weight weight in a weighted sum or distance, &gt; 0 and finite
 * @param cost   mean value → normalised cost; must be pure and finite for finite input
 */
public record Criterion(String name, double weight, DoubleUnaryOperator cost) {
    public Criterion {
        Check.present("name", name);
        Check.positive(name + " weight", weight);
        Check.present("cost", cost);
    }

    /** @return the cost of {@code mean}. */
    public double costOf(double mean) {
        return cost.applyAsDouble(mean);
    }
}
