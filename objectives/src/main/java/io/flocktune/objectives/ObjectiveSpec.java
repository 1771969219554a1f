package io.flocktune.objectives;

import io.flocktune.sim.Check;

import java.util.HashSet;
import java.util.Set;

/**
 * One objective: a {@link Metric}, the steps of a run it is sampled at, how the samples become
 * one number, and what the tuner wants of that number.
 *
 * <p><b>Window.</b> A run of T steps is sampled at the steps t with {@code warmup < t ≤ T} and
 * {@code (T − t) mod every = 0}: the first {@code warmup} steps are skipped and every
 * {@code every}-th step is taken, counting back from the last, so the final state is always
 * sampled. The initial state (step 0) is never sampled.
 *
 * @param name        label for reports and CSV columns; not blank, without {@code :}, {@code ,} or
 *                    line breaks
 * @param metric      what is measured
 * @param warmup      number of steps skipped at the start, &ge; 0 (must be below the run length)
 * @param every       sampling interval in steps, &ge; 1
 * @param aggregation how the sampled values become one number
 * @param threshold   the threshold of {@link Aggregation#FRACTION_ABOVE}, finite; must be 0 for
 *                    the other aggregations, which do not use it
 * @param direction   minimize, maximize or a target
 */
public record ObjectiveSpec(String name, Metric metric, long warmup, int every, Aggregation aggregation,
                            double threshold, Direction direction) {

    private static final String GRAMMAR = "METRIC[:AGGREGATION][:DIRECTION][:OPTIONS]";
    private static final String AGGREGATIONS = "mean, final, min, max, above=THRESHOLD";
    private static final String DIRECTIONS = "maximize (max), minimize (min), target=VALUE+-TOLERANCE";
    private static final String OPTIONS = "warmup=STEPS, every=STEPS, name=TEXT";

    public ObjectiveSpec {
        Check.present("name", name);
        if (name.isBlank() || name.contains(":") || name.contains(",") || name.contains("\n") || name.contains("\r")) {
            throw new IllegalArgumentException("name = \"" + name + "\": must be non-blank, without ':', ',' or line breaks");
        }
        Check.present("metric", metric);
        if (warmup < 0) throw new IllegalArgumentException("warmup = " + warmup + ": must be >= 0");
        Check.inRange("every", every, 1, Integer.MAX_VALUE);
        Check.present("aggregation", aggregation);
        Check.finite("threshold", threshold);
        if (aggregation != Aggregation.FRACTION_ABOVE && threshold != 0) {
            throw new IllegalArgumentException("threshold = " + threshold + ": only the above aggregation uses a threshold");
        }
        Check.present("direction", direction);
    }

    /**
     * The spec with the defaults: named after the metric, no warm-up, every step, mean,
     * maximize.
     */
    public static ObjectiveSpec of(Metric metric) {
        return of(metric, Aggregation.MEAN, 0, new Direction.Maximize());
    }

    /**
     * A spec named by its defaults ({@link #defaultName}), no warm-up, sampling every step.
     *
     * @param threshold used by {@link Aggregation#FRACTION_ABOVE} only; pass 0 otherwise
     */
    public static ObjectiveSpec of(Metric metric, Aggregation aggregation, double threshold, Direction direction) {
        return new ObjectiveSpec(defaultName(metric, aggregation, threshold), metric, 0, 1, aggregation, threshold, direction);
    }

    /**
     * The interval its replicate mean gets: {@link Interval.Kind#BOOTSTRAP} for the mean of a
     * metric that {@link Metric#countsEvents counts events} (a rate of events), else
     * {@link Interval.Kind#STUDENT_T}.
     */
    public Interval.Kind interval() {
        return metric.countsEvents() && aggregation == Aggregation.MEAN ? Interval.Kind.BOOTSTRAP : Interval.Kind.STUDENT_T;
    }

    /**
     * The range of its value in one replicate: the metric's ({@link Metric#range}), which the
     * mean, {@code final}, {@code min} and {@code max} aggregations keep; [0, 1] for
     * {@code above}, a fraction of the steps.
     */
    public Metric.Range range() {
        return aggregation == Aggregation.FRACTION_ABOVE ? Metric.Range.UNIT : metric.range();
    }

    /** @return whether its metric is a {@link Metric.Custom} one, which lives in this JVM only. */
    public boolean custom() {
        return metric instanceof Metric.Custom;
    }

    /** @return this spec with another window. */
    public ObjectiveSpec withWindow(long warmup, int every) {
        return new ObjectiveSpec(name, metric, warmup, every, aggregation, threshold, direction);
    }

    /** @return this spec under another name. */
    public ObjectiveSpec withName(String name) {
        return new ObjectiveSpec(name, metric, warmup, every, aggregation, threshold, direction);
    }

    /**
     * @return whether step {@code t} of a run of {@code steps} steps is sampled (see the window
     *         rule above)
     */
    public boolean samples(long t, long steps) {
        return t > warmup && t <= steps && (steps - t) % every == 0;
    }

    /**
     * The name a spec gets unless one is given: the metric's text, followed for aggregations
     * other than the mean by {@code .} and the aggregation, e.g. {@code polarization},
     * {@code clusterCount(link=5).final}, {@code polarization.above=0.9}; a {@link Metric.Custom}
     * metric gives its name in place of its text.
     */
    public static String defaultName(Metric metric, Aggregation aggregation, double threshold) {
        String label = metric instanceof Metric.Custom custom ? custom.name() : metric.text();
        return aggregation == Aggregation.MEAN ? label : label + "." + aggregationText(aggregation, threshold);
    }

    /**
     * @return the text form, which {@link #parse} reads back to an equal spec (not for a
     *         {@link Metric.Custom} metric, which has no text form: see {@link #custom()})
     */
    public String text() {
        StringBuilder text = new StringBuilder(metric.text())
                .append(':').append(aggregationText(aggregation, threshold))
                .append(':').append(direction.text())
                .append(":warmup=").append(warmup).append(",every=").append(every);
        if (!name.equals(defaultName(metric, aggregation, threshold))) text.append(",name=").append(name);
        return text.toString();
    }

    private static String aggregationText(Aggregation aggregation, double threshold) {
        return aggregation == Aggregation.FRACTION_ABOVE
                ? aggregation.word() + "=" + Numbers.text(threshold) : aggregation.word();
    }

    /**
     * A custom metric as an objective: {@code function}'s value at every step from {@code warmup}
     * on, averaged over the run (how {@code Measure.withMetric} and a tuning experiment's custom
     * objectives measure it).
     *
     * @param name      the objective's and the metric's name: a letter, then letters, digits, {@code _}, {@code .} or {@code -}
     * @param function  the flock at a step to the metric's value; pure and thread-safe
     * @param warmup    steps before sampling, &ge; 0
     * @param direction {@code Maximize}, {@code Minimize} or a {@code Target}
     * @throws IllegalArgumentException a name that is not allowed
     */
    public static ObjectiveSpec custom(String name, java.util.function.ToDoubleFunction<FlockView> function, long warmup,
                                       Direction direction) {
        return new ObjectiveSpec(name, new Metric.Custom(name, function), warmup, 1, Aggregation.MEAN, 0, direction);
    }

    /** Same as {@link #parse(String, long)} with no warm-up by default. */
    public static ObjectiveSpec parse(String text) {
        return parse(text, 0);
    }

    /**
     * Reads the command-line form {@code METRIC[:AGGREGATION][:DIRECTION][:OPTIONS]}:
     * <ul>
     *   <li>{@code METRIC}: a metric's text form ({@link Metric#parse}), e.g. {@code polarization},
     *       {@code collisionRate(distance=1)}, {@code clusterCount(link=5)}.</li>
     *   <li>{@code AGGREGATION}: {@code mean} (default), {@code final}, {@code min}, {@code max}, or
     *       {@code above=THRESHOLD} (fraction of sampled steps above the threshold).</li>
     *   <li>{@code DIRECTION}: {@code maximize} (default) or {@code max}, {@code minimize} or
     *       {@code min}, or {@code target=VALUE+-TOLERANCE} ({@code ±} also accepted; without a
     *       tolerance it is 0).</li>
     *   <li>{@code OPTIONS}: comma-separated {@code warmup=STEPS} (default {@code defaultWarmup}),
     *       {@code every=STEPS} (default 1), {@code name=TEXT} (default {@link #defaultName}).</li>
     * </ul>
     * Parts after the metric may be left out; {@code min} and {@code max} are read by position:
     * the first bare word is the aggregation, the second the direction. So
     * {@code polarization:max} maximizes the largest value, while {@code collisionRate(distance=1):mean:min}
     * minimizes the mean. Examples: {@code polarization},
     * {@code polarization:mean:target=0.5+-0.05}, {@code largestClusterFraction(link=5):final:max},
     * {@code polarization:above=0.9:max:warmup=200,every=5}.
     *
     * @param defaultWarmup warm-up used when the text gives none, &ge; 0
     * @throws IllegalArgumentException one line: the objective text, the bad part and what is
     *                                  allowed there
     */
    public static ObjectiveSpec parse(String text, long defaultWarmup) {
        Check.present("objective", text);
        try {
            return parseParts(text, defaultWarmup);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("objective \"" + text + "\": " + e.getMessage(), e);
        }
    }

    private static ObjectiveSpec parseParts(String text, long defaultWarmup) {
        String[] parts = text.split(":", -1);
        if (parts[0].isBlank()) throw new IllegalArgumentException("missing metric; write " + GRAMMAR);
        Metric metric = Metric.parse(parts[0]);
        Aggregation aggregation = null;
        double threshold = 0;
        Direction direction = null;
        long warmup = defaultWarmup;
        int every = 1;
        String name = null;
        Set<String> optionsSeen = new HashSet<>();
        for (int p = 1; p < parts.length; p++) {
            String part = parts[p].strip();
            int equals = part.indexOf('=');
            String word = equals < 0 ? part : part.substring(0, equals).strip();
            String value = equals < 0 ? null : part.substring(equals + 1);
            switch (word) {
                case "mean", "final", "min", "max" -> {
                    if (value != null) throw new IllegalArgumentException("\"" + part + "\" takes no value");
                    if (aggregation == null && direction == null) {
                        aggregation = switch (word) {
                            case "mean" -> Aggregation.MEAN;
                            case "final" -> Aggregation.FINAL;
                            case "min" -> Aggregation.MIN;
                            default -> Aggregation.MAX;
                        };
                    } else if (direction == null && (word.equals("min") || word.equals("max"))) {
                        direction = word.equals("min") ? new Direction.Minimize() : new Direction.Maximize();
                    } else {
                        throw misplaced(part, aggregation, direction);
                    }
                }
                case "above" -> {
                    if (aggregation != null || direction != null) throw misplaced(part, aggregation, direction);
                    if (value == null) throw new IllegalArgumentException("\"above\" needs a threshold: above=THRESHOLD");
                    aggregation = Aggregation.FRACTION_ABOVE;
                    threshold = Numbers.parse("above", value);
                }
                case "maximize", "minimize" -> {
                    if (value != null) throw new IllegalArgumentException("\"" + part + "\" takes no value");
                    if (direction != null) throw misplaced(part, aggregation, direction);
                    direction = word.equals("minimize") ? new Direction.Minimize() : new Direction.Maximize();
                }
                case "target" -> {
                    if (direction != null) throw misplaced(part, aggregation, direction);
                    if (value == null) throw new IllegalArgumentException("\"target\" needs a value: target=VALUE+-TOLERANCE");
                    direction = parseTarget(value);
                }
                case "warmup", "every", "name" -> {
                    for (String option : part.split(",", -1)) {
                        int at = option.indexOf('=');
                        String key = at < 0 ? option.strip() : option.substring(0, at).strip();
                        if (at < 0 || !(key.equals("warmup") || key.equals("every") || key.equals("name"))) {
                            throw new IllegalArgumentException("bad option \"" + option.strip() + "\"; allowed: " + OPTIONS);
                        }
                        if (!optionsSeen.add(key)) throw new IllegalArgumentException("option \"" + key + "\" given twice");
                        String optionValue = option.substring(at + 1);
                        switch (key) {
                            case "warmup" -> warmup = Numbers.parseLong("warmup", optionValue);
                            case "every" -> {
                                long parsed = Numbers.parseLong("every", optionValue);
                                if (parsed < 1 || parsed > Integer.MAX_VALUE) {
                                    throw new IllegalArgumentException("every = " + parsed + ": must be in [1, " + Integer.MAX_VALUE + "]");
                                }
                                every = (int) parsed;
                            }
                            default -> name = optionValue.strip();
                        }
                    }
                }
                default -> throw new IllegalArgumentException("unknown part \"" + part + "\"; after the metric come an aggregation ("
                        + AGGREGATIONS + "), a direction (" + DIRECTIONS + ") and options (" + OPTIONS + ")");
            }
        }
        if (aggregation == null) aggregation = Aggregation.MEAN;
        if (direction == null) direction = new Direction.Maximize();
        if (name == null) name = defaultName(metric, aggregation, threshold);
        return new ObjectiveSpec(name, metric, warmup, every, aggregation, threshold, direction);
    }

    private static IllegalArgumentException misplaced(String part, Aggregation aggregation, Direction direction) {
        String expected = direction != null ? "only options (" + OPTIONS + ") may follow the direction"
                : "the aggregation comes first, then the direction (" + DIRECTIONS + ")";
        return new IllegalArgumentException("unexpected \"" + part + "\": " + expected + "; write " + GRAMMAR);
    }

    private static Direction parseTarget(String value) {
        String normalized = value.replace("±", "+-");
        int plusMinus = normalized.indexOf("+-");
        if (plusMinus < 0) return new Direction.Target(Numbers.parse("target", normalized), 0);
        double target = Numbers.parse("target", normalized.substring(0, plusMinus));
        double tolerance = Numbers.parse("tolerance", normalized.substring(plusMinus + 2));
        return new Direction.Target(target, tolerance);
    }
}
