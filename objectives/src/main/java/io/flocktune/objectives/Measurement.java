package io.flocktune.objectives;

import org.apache.commons.math3.stat.StatUtils;

import java.util.Arrays;
import java.util.List;

/**
 * Objectives measured over R independent replicates, with their replicate statistics. The
 * record holds copies: the constructor copies {@code values} and {@link #values()} returns a
 * copy, and {@code equals} compares contents.
 *
 * @param specs  the objectives, K &ge; 1 of them
 * @param values {@code values[k][r]}: objective k in replicate r; K rows of the same length
 *               R &ge; 1, every value finite
 */
public record Measurement(List<ObjectiveSpec> specs, double[][] values) {

    public Measurement {
        specs = List.copyOf(specs);
        if (specs.isEmpty()) throw new IllegalArgumentException("specs: give at least one objective");
        if (values.length != specs.size()) {
            throw new IllegalArgumentException("values has " + values.length + " rows but there are " + specs.size() + " objectives");
        }
        double[][] copy = new double[values.length][];
        for (int k = 0; k < values.length; k++) {
            copy[k] = values[k].clone();
            if (copy[k].length == 0 || copy[k].length != values[0].length) {
                throw new IllegalArgumentException("values row " + k + " has " + copy[k].length
                        + " replicates: every row needs the same number, >= 1");
            }
            for (int r = 0; r < copy[k].length; r++) {
                if (!Double.isFinite(copy[k][r])) {
                    throw new IllegalArgumentException("values[" + k + "][" + r + "] = " + copy[k][r] + ": must be finite");
                }
            }
        }
        values = copy;
    }

    /** @return a copy of {@code values[objective][replicate]}. */
    @Override
    public double[][] values() {
        double[][] copy = new double[values.length][];
        for (int k = 0; k < values.length; k++) copy[k] = values[k].clone();
        return copy;
    }

    /** @return a copy of objective k's values over the replicates. */
    public double[] values(int k) {
        return values[k].clone();
    }

    /** @return objective k's value in replicate r. */
    public double value(int k, int r) {
        return values[k][r];
    }

    /** @return the number of replicates R. */
    public int replicates() {
        return values[0].length;
    }

    /** @return the index of the objective called {@code name}, or −1. */
    public int indexOf(String name) {
        for (int k = 0; k < specs.size(); k++) if (specs.get(k).name().equals(name)) return k;
        return -1;
    }

    /** @return the mean of objective k over the replicates. */
    public double mean(int k) {
        return StatUtils.mean(values[k]);
    }

    /** @return the sample standard deviation (divisor R − 1) of objective k; 0 for one replicate. */
    public double sd(int k) {
        return values[k].length < 2 ? 0 : Math.sqrt(StatUtils.variance(values[k]));
    }

    /**
     * Half-width of the 95 % Student-t interval of the mean, {@code t(0.975, R−1) · sd / √R},
     * whatever the objective's {@link ObjectiveSpec#interval interval kind}; +∞ for a single
     * replicate (no interval can be given), 0 when every replicate agrees. Symmetric and not cut
     * to the objective's range: to report an interval, use {@link #interval}.
     */
    public double halfWidth95(int k) {
        return Interval.studentHalfWidth(values[k]);
    }

    /**
     * The 95 % confidence interval of objective k's mean, by the method its spec declares
     * ({@link ObjectiveSpec#interval}): Student t for order parameters, a percentile bootstrap
     * for counts and rates of events (never below 0 for them); either cut to the range the
     * objective's values can take ({@link ObjectiveSpec#range}: a polarization's interval never
     * ends above 1). (−∞, +∞) for one replicate.
     */
    public Interval interval(int k) {
        Metric.Range range = specs.get(k).range();
        return cut(Interval.of(values[k], specs.get(k).interval()), range.low(), range.high());
    }

    /** @return {@code interval} cut to [{@code low}, {@code high}]; with one replicate there is no interval to cut */
    private Interval cut(Interval interval, double low, double high) {
        return replicates() < 2 ? interval : interval.within(low, high);
    }

    /** @return {@link #interval interval(k)}'s {@code {low, high}}. */
    public double[] ci95(int k) {
        return interval(k).bounds();
    }

    /**
     * The paired difference of objective k, this minus {@code base}, on common seeds: the 95 %
     * interval of the mean of the per-replicate differences {@code this[r] − base[r]}, by the
     * objective's interval kind (the bootstrap resamples replicate pairs). Pairing removes the
     * variation the two share through their seeds, so it is narrower than comparing the two
     * intervals when the seeds matter. Cut to the range a difference can take,
     * [low − high, high − low] of the objective's {@link ObjectiveSpec#range range} ([−1, 1] for a
     * polarization).
     *
     * @param base a measurement of the same objectives on the same seeds, replicate r with seed r
     * @throws IllegalArgumentException if the objectives or the replicate counts differ
     */
    public Interval difference(Measurement base, int k) {
        if (!specs.equals(base.specs) || replicates() != base.replicates()) {
            throw new IllegalArgumentException("a paired difference needs the same objectives and replicates: "
                    + replicates() + " vs " + base.replicates() + " replicates");
        }
        double[] d = new double[replicates()];
        for (int r = 0; r < d.length; r++) d[r] = values[k][r] - base.values[k][r];
        Metric.Range range = specs.get(k).range();
        double span = range.high() - range.low();
        return cut(Interval.of(d, specs.get(k).interval()), -span, span);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Measurement other && specs.equals(other.specs) && Arrays.deepEquals(values, other.values);
    }

    @Override
    public int hashCode() {
        return 31 * specs.hashCode() + Arrays.deepHashCode(values);
    }

    @Override
    public String toString() {
        return "Measurement[specs=" + specs + ", values=" + Arrays.deepToString(values) + "]";
    }
}
