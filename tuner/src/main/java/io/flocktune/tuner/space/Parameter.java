package io.flocktune.tuner.space;

import io.flocktune.sim.Check;
import io.flocktune.tuner.io.Untyped;

import java.util.List;

/**
 * One gene of a search: a preset key path and the values it may take. Every gene is carried by
 * the genetic search as a <em>unit gene</em> {@code u ∈ [0, 1)} and turned into its value here,
 * so one Jenetics chromosome holds continuous, integer and categorical genes alike and the
 * standard crossovers can swap genes of any kind.
 *
 * <pre>{@code
 * Parameter p = new Parameter.Range("separation.weight", 0.1, 10, Parameter.Scale.LOG);
 * p.numeric(0.5);   // 1.0, the geometric midpoint
 * }</pre>
 */
public sealed interface Parameter {

    /** Dotted preset key path the value is written to, e.g. {@code "cohesion.weight"}. */
    String path();

    /**
     * @return the typed value for unit gene {@code unit ∈ [0, 1)}, set at {@link #path()}: a
     *         {@code Double} for a range or grid, a {@code Long} for integers, an option of a choice
     */
    Object value(double unit);

    /**
     * @return the value as a number for tables and charts: the value itself for ranges, the
     *         option index for choices
     */
    double numeric(double unit);

    /** @return the value as a short text for tables, e.g. {@code "1.25"} or {@code "inverseDistance"} */
    String label(double unit);

    /** A real-valued gene ({@link Range}, {@link Grid}): its value and its label are its number. */
    sealed interface Real extends Parameter permits Range, Grid {
        @Override
        default Object value(double unit) {
            return numeric(unit);
        }

        @Override
        default String label(double unit) {
            return Double.toString(numeric(unit));
        }
    }

    /** @throws IllegalArgumentException naming {@code path} unless min &lt; max */
    private static void requireOrdered(String path, double min, double max) {
        if (!(min < max)) {
            throw new IllegalArgumentException(path + ": range [" + min + ", " + max + "] is "
                    + (min == max ? "empty" : "reversed (min > max)") + "; need min < max");
        }
    }

    /** How a {@link Range} maps the unit interval onto [min, max]. */
    enum Scale {
        /** {@code min + u·(max − min)}. */
        LINEAR,
        /** {@code min·(max/min)^u}: equal steps in the order of magnitude; needs {@code min > 0}. */
        LOG
    }

    /**
     * A real value in [min, max).
     *
     * @param min   lower bound, finite; &gt; 0 on a {@link Scale#LOG} scale
     * @param max   upper bound, finite, &gt; min
     * @param scale linear or logarithmic
     * @throws IllegalArgumentException naming the path when the range is empty or reversed
     */
    record Range(String path, double min, double max, Scale scale) implements Real {
        public Range {
            Check.present("path", path);
            Check.present("scale", scale);
            Check.finite(path + " min", min);
            Check.finite(path + " max", max);
            requireOrdered(path, min, max);
            if (scale == Scale.LOG && !(min > 0)) {
                throw new IllegalArgumentException(path + ": a log scale needs min > 0, got " + min);
            }
        }

        @Override
        public double numeric(double unit) {
            return switch (scale) {
                case LINEAR -> min + unit * (max - min);
                case LOG -> Math.exp(Math.log(min) + unit * (Math.log(max) - Math.log(min)));
            };
        }
    }

    /**
     * A real value on a grid: {@code min + k·step} for k = 0 … K, {@code K = (max − min)/step},
     * each value equally likely under a uniform unit gene (BehaviorSearch's
     * {@code [min, step, max]}; JSON {@code "range": [min, max], "step": step}). Both ends are on
     * the grid.
     *
     * @param min  lower bound, finite
     * @param max  upper bound, finite, &gt; min
     * @param step grid spacing, &gt; 0, dividing {@code max − min} into a whole number (within
     *             1e-9 relative) of at most 1 000 000 000 steps
     * @throws IllegalArgumentException naming the path when the range is empty or reversed, or
     *                                  the step is not positive or does not divide it
     */
    record Grid(String path, double min, double max, double step) implements Real {
        public Grid {
            Check.present("path", path);
            Check.finite(path + " min", min);
            Check.finite(path + " max", max);
            requireOrdered(path, min, max);
            if (!(step > 0) || !Double.isFinite(step)) {
                throw new IllegalArgumentException(path + ": step = " + step + ": must be > 0 and finite");
            }
            double steps = (max - min) / step;
            if (!(steps <= 1e9) || Math.abs(steps - Math.rint(steps)) > 1e-9 * Math.max(1, steps)) {
                throw new IllegalArgumentException(path + ": step = " + step + ": must divide max − min = " + (max - min)
                        + " into a whole number of at most 1000000000 steps (got " + steps + ")");
            }
        }

        /** @return the number of grid values, K + 1 */
        public long values() {
            return Math.round((max - min) / step) + 1;
        }

        /** @return the grid index k of {@code unit}, 0 … K */
        public long index(double unit) {
            return Math.min(values() - 1, (long) Math.floor(unit * values()));
        }

        @Override
        public double numeric(double unit) {
            long k = index(unit);
            return k == values() - 1 ? max : min + k * step;
        }
    }

    /**
     * An integer in [min, max], each value equally likely under a uniform unit gene.
     *
     * @param min smallest value
     * @param max largest value, &gt; min
     */
    record Integers(String path, long min, long max) implements Parameter {
        public Integers {
            Check.present("path", path);
            if (!(min < max)) {
                throw new IllegalArgumentException(path + ": integer range [" + min + ", " + max + "] is "
                        + (min == max ? "empty" : "reversed (min > max)") + "; need min < max");
            }
        }

        /** @return the integer value of {@code unit}. */
        public long whole(double unit) {
            return Math.min(max, min + (long) Math.floor(unit * ((double) (max - min) + 1)));
        }

        @Override
        public double numeric(double unit) {
            return whole(unit);
        }

        @Override
        public Object value(double unit) {
            return whole(unit);
        }

        @Override
        public String label(double unit) {
            return Long.toString(whole(unit));
        }
    }

    /**
     * One of several typed values: scalars such as {@code Preset.UpdateOrder.SEQUENTIAL} or whole
     * records such as a {@code Separation.InverseDistance} rule variant, as {@link
     * io.flocktune.tuner.io.PresetEdit#set} takes them (a file's options are read as the type of
     * the path by {@code ExperimentJson}).
     *
     * @param options at least two values, none null (a list option is kept as an unmodifiable copy)
     * @param labels  one distinct short name per option (see {@link #labelsOf})
     */
    record Choice(String path, List<Object> options, List<String> labels) implements Parameter {
        public Choice {
            Check.present("path", path);
            options = Check.present("options", options).stream()
                    .map(o -> o instanceof List<?> list ? (Object) List.copyOf(list) : Check.present("option", o)).toList();
            labels = List.copyOf(Check.present("labels", labels));
            if (options.size() < 2) {
                throw new IllegalArgumentException(path + ": choices need at least 2 options, got " + options.size());
            }
            if (labels.size() != options.size() || labels.stream().distinct().count() != labels.size()) {
                throw new IllegalArgumentException(path + ": need one distinct label per option, got " + labels);
            }
        }

        /** A choice labelled by {@link #labelsOf}. */
        public static Choice of(String path, List<?> options) {
            return new Choice(path, List.copyOf(options), labelsOf(options));
        }

        /**
         * Default labels ({@link Untyped.Java#label}: a record's kind, an enum constant's
         * lower-case name, a number, text or boolean as written); when two options would share a
         * label, each gets its position appended ({@code "linear#0"}, {@code "linear#2"}).
         */
        public static List<String> labelsOf(List<?> options) {
            return unique(options.stream().map(o -> Untyped.of(o).label()).toList());
        }

        /** @return {@code labels} with a position appended to each label that is not unique. */
        public static List<String> unique(List<String> labels) {
            return java.util.stream.IntStream.range(0, labels.size())
                    .mapToObj(i -> labels.stream().filter(labels.get(i)::equals).count() > 1 ? labels.get(i) + "#" + i : labels.get(i))
                    .toList();
        }

        /** @return the option index of {@code unit}, 0 … options−1. */
        public int index(double unit) {
            return Math.min(options.size() - 1, (int) Math.floor(unit * options.size()));
        }

        @Override
        public double numeric(double unit) {
            return index(unit);
        }

        @Override
        public Object value(double unit) {
            return options.get(index(unit));
        }

        @Override
        public String label(double unit) {
            return labels.get(index(unit));
        }
    }
}
