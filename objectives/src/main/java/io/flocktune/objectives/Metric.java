package io.flocktune.objectives;

import io.flocktune.sim.Check;
import io.flocktune.sim.Kinds;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A quantity measured on the flock at one step. Every metric works in 2D and 3D and is
 * periodic-aware: in a {@code wrap} world distances are minimum-image and positions are unwrapped
 * around a reference boid before a centroid is taken (see {@link MetricProbe}). {@code N} is the
 * number of live boids at that step.
 *
 * <p>Each metric's value at a step is a function of the state at that step, the state one step
 * earlier ({@link CollisionOnsets}) and the captures recorded so far ({@link CaptureRate},
 * {@link SurvivalFraction}, {@link TimeToFirstCapture}); an {@link ObjectiveSpec} then aggregates
 * the values over a window of steps. Events (onsets, captures) are counted in the sampled step
 * only, so the mean over every sampled step is the event rate; at step 0 no event has happened.
 *
 * <p>The text form, used by {@link ObjectiveSpec#parse}, is the record's kind name
 * ({@link Kinds}) followed by its parameters, e.g. {@code polarization},
 * {@code collisionRate(distance=1)}.
 *
 * <p>A researcher's own quantity is a {@link Custom} metric: a named function of the flock
 * ({@link FlockView}), measured and tuned for in this JVM.
 */
public sealed interface Metric {

    /**
     * Polarization (Vicsek et al. 1995, Phys. Rev. Lett. 75, Eq. 3): {@code φ = |Σ v̂_i| / N},
     * in [0, 1]; 1 when all headings agree, about √(π/4N) for random 2D headings. A boid at rest
     * contributes a zero vector.
     */
    record Polarization() implements Metric {}

    /**
     * Milling (Couzin et al. 2002, J. theor. Biol. 218, "angular momentum"):
     * {@code m = |Σ r̂_ic × v̂_i| / N}, with r̂_ic the unit vector from the group centroid to boid i;
     * in [0, 1], 1 for a ring rotating about its centre. 2D uses the z component of the cross
     * product. A boid at the centroid or at rest contributes 0.
     */
    record Milling() implements Metric {}

    /** Radius of gyration {@code √((1/N) Σ |p_i − c|²)}, c the centroid; world units, &ge; 0. */
    record RadiusOfGyration() implements Metric {}

    /** Mean distance to the centroid {@code (1/N) Σ |p_i − c|}; world units, &ge; 0. */
    record MeanDistanceToCentroid() implements Metric {}

    /**
     * Mean over boids of the distance to the nearest other boid; world units, &ge; 0; 0 for a
     * lone boid (no neighbour). Exact, found by a grid search whose radius doubles until every
     * boid's nearest neighbour is certain.
     */
    record NearestNeighbourDistance() implements Metric {}

    /**
     * Size of the largest cluster divided by N, in (0, 1]. Clusters are the connected components
     * of the graph linking boids closer than {@code link} (found with the neighbour grid and
     * union-find in O(N) for a bounded density).
     *
     * @param link linking distance in world units, &gt; 0
     */
    record LargestClusterFraction(double link) implements Metric {
        public LargestClusterFraction {
            Check.positive("link", link);
        }
    }

    /**
     * Number of clusters (connected components of boids linked when closer than {@code link}),
     * in [1, N].
     *
     * @param link linking distance in world units, &gt; 0
     */
    record ClusterCount(double link) implements Metric {
        public ClusterCount {
            Check.positive("link", link);
        }
    }

    /**
     * Collision rate: the number of pairs closer than {@code distance}, divided by N, so its mean
     * over steps is in pairs per boid per step; &ge; 0.
     *
     * @param distance collision distance in world units, &gt; 0
     */
    record CollisionRate(double distance) implements Metric {
        public CollisionRate {
            Check.positive("distance", distance);
        }
    }

    /**
     * MASON Flockers' objective ({@code Flockers.assess()}, {@code shared/peers.md} section 3): the
     * mean over all boids of the number of boids within {@code radius} of it, itself included
     * (so &ge; 1), inclusive ({@code <=}, MASON's {@code getNeighborsExactlyWithinDistance}) and
     * minimum-image in a {@code wrap} world: {@code (N + 2·pairs within radius) / N}, in [1, N].
     * Every boid of the flock counts, so MASON's dead flockers (which stay in the flock) do too.
     * MASON maximises it at the last step: spec {@code meanNeighbourCount(radius=10):final:max}.
     *
     * @param radius neighbour radius in world units, &gt; 0 (MASON: {@code neighborhood} 10)
     */
    record MeanNeighbourCount(double radius) implements Metric {
        public MeanNeighbourCount {
            Check.positive("radius", radius);
        }
    }

    /**
     * Collision onsets: pairs closer than {@code distance} at this step that were not at the
     * previous step (a pair entering contact; pairs are followed by boid id), divided by N and by
     * the motion's time step dt, so its mean over steps is in onsets per boid per unit time;
     * &ge; 0, 0 at step 0.
     *
     * @param distance collision distance in world units, &gt; 0
     */
    record CollisionOnsets(double distance) implements Metric {
        public CollisionOnsets {
            Check.positive("distance", distance);
        }
    }

    /**
     * Captures recorded at this step, times 1000, divided by the number of predators and by the
     * motion's time step dt, so its mean over steps is in captures per predator per 1 000 time
     * units (per 1 000 steps when dt = 1); &ge; 0. Without predators: 0. Its samples are counts of
     * events ({@link #countsEvents}).
     */
    record CaptureRate() implements Metric {}

    /**
     * Fraction of the initial boids never captured up to this step, in [0, 1]. When captures
     * remove boids this is the surviving fraction; otherwise a boid caught twice counts once.
     * Without predators: 1.
     */
    record SurvivalFraction() implements Metric {}

    /**
     * The step (counted from the start of the run, not from the warm-up) of the first capture
     * up to this step, in steps &ge; 1; when nothing has been caught by step t, the censored
     * value t + 1, so with the {@code final} aggregation a run of T steps without a capture gives
     * T + 1. Without predators: always t + 1.
     */
    record TimeToFirstCapture() implements Metric {}

    /**
     * Mean over boids of the distance to the nearest predator; world units, &ge; 0. Needs
     * predators: an objective on it is rejected for a preset without any.
     */
    record PredatorDistance() implements Metric {}

    /** Mean speed {@code (1/N) Σ |v_i|}, world units per unit time, &ge; 0. */
    record MeanSpeed() implements Metric {}

    /**
     * Spread of the speeds: their population standard deviation
     * {@code √((1/N) Σ (|v_i| − mean)²)}, world units per unit time, &ge; 0.
     */
    record SpeedSpread() implements Metric {}

    /**
     * Heading spread, BehaviorSearch's flocking convergence measure (fstonedahl/behaviorsearch
     * {@code examples/Example_Flocking_Convergence.bsearch}: {@code standard-deviation [dx] of
     * turtles + standard-deviation [dy] of turtles}): the sample standard deviation (N − 1 in the
     * denominator, NetLogo's {@code standard-deviation}) over the boids of the x components of
     * their unit headings {@code v̂ = v/|v|}, plus that of the y components (plus that of the z
     * components in 3D). In [0, 2·√(N/(N−1))] in 2D; 0 when every heading agrees; about
     * 2·√(1/2) ≈ 1.41 for random 2D headings. A boid at rest contributes a zero vector; a lone
     * boid gives 0. For NetLogo's Flocking ({@code netlogo-flocking}) {@code v̂ = (dx, dy) =
     * (sin h, cos h)}. The tutorial's objective is its mean over steps 75–100 of a 100-step run
     * ({@code headingSpread:mean:min:warmup=74}: 26 samples).
     */
    record HeadingSpread() implements Metric {}

    /**
     * Mean over boids of the distance to the preset's goal point; world units, &ge; 0. Defined
     * whether or not goal seeking is on (goal weight 0 still has a point).
     */
    record GoalDistance() implements Metric {}

    /**
     * EvoFlock's avoid score over the run so far (steps 1..t): {@code (1 − C / (N · t))^500},
     * C the obstacle collisions its kernel counted, N the boids ({@link EvoFlockScores#avoid});
     * in [0, 1]. Needs a preset with {@code peer.kind = evoFlock}; the value at step t already
     * covers every step up to t, so it takes the {@code final} aggregation (other aggregations are
     * refused).
     */
    record EvoFlockAvoid() implements Metric {}

    /**
     * EvoFlock's separation score over the run so far: the mean over boid-steps of
     * {@link EvoFlockScores#separation} of the distance, after the step, to the first boid of the
     * plan-phase 7-nearest list; in [0, 1]. EvoFlock preset, {@code final} only (as
     * {@link EvoFlockAvoid}).
     */
    record EvoFlockSeparate() implements Metric {}

    /**
     * EvoFlock's speed score over the run so far: the mean over boid-steps of
     * {@link EvoFlockScores#speed} of the speed after the step; in [0, 1]. EvoFlock preset,
     * {@code final} only.
     */
    record EvoFlockSpeed() implements Metric {}

    /**
     * EvoFlock's curvature score over the run so far: {@link EvoFlockScores#curvature} of the mean
     * over boid-steps of |normalize0(v_old) − normalize0(v_new)|; in [0.8, 1]. EvoFlock preset,
     * {@code final} only.
     */
    record EvoFlockCurvature() implements Metric {}

    /**
     * EvoFlock's scalar fitness over the run so far: {@link EvoFlockScores#fitness} of avoid,
     * separate, speed and (when {@code curvature = 1}) curvature, each remapped to [0.01, 1] and
     * multiplied; in [10⁻⁸, 1] (10⁻⁶ with three). EvoFlock preset, {@code final} only. The paper's
     * runs use the 4 scores; the saved "best fit 0.83" set came from a 3-score run.
     *
     * @param curvature 1 to include the curvature score, 0 to leave it out
     */
    record EvoFlockFitness(double curvature) implements Metric {
        public EvoFlockFitness {
            if (curvature != 0 && curvature != 1) {
                throw new IllegalArgumentException("curvature = " + curvature + ": must be 1 (4 scores) or 0 (3 scores)");
            }
        }
    }

    /**
     * A researcher's own metric: a named function of the flock at a step ({@link FlockView}),
     * measured and tuned for like the built-in ones, without a change to this family. Its value
     * is whatever {@code function} returns, in its own units; it may read only the view (the
     * state at this step), and must be a pure, thread-safe function of it: replicates run in
     * parallel and the results must not depend on the thread count.
     *
     * <p>It lives in this JVM only: it has no text form that {@link #parse} reads back
     * ({@link #text} is {@code custom(NAME)}, which {@link #parse} refuses with a message saying
     * so), so an experiment with one cannot be written to a run directory, read from JSON or sent
     * to Spark; those refuse it with a checked error. Two custom metrics are equal when their
     * names are and they hold the same function object.
     *
     * {@snippet :
     * Metric meanVx = new Metric.Custom("meanVx", view -> {
     *     double sum = 0;
     *     for (int i = 0; i < view.count(); i++) sum += view.vx(i);
     *     return sum / view.count();
     * });
     * ObjectiveSpec spec = ObjectiveSpec.of(meanVx).withWindow(100, 1);   // named "meanVx"
     * }
     *
     * @param name     its name: a letter, then letters, digits, {@code _}, {@code .} or {@code -};
     *                 the default name of an objective on it
     * @param function the flock at a step to the metric's value there
     */
    record Custom(String name, java.util.function.ToDoubleFunction<FlockView> function) implements Metric {
        public Custom {
            Check.present("name", name);
            Check.present("function", function);
            if (!name.matches("[A-Za-z][A-Za-z0-9_.-]*")) {
                throw new IllegalArgumentException("custom metric name = \"" + name + "\": must be a letter, then letters, digits, '_', '.' or '-'");
            }
        }

        /** @return {@code custom(NAME)}, for messages; it does not parse back */
        @Override
        public String text() {
            return "custom(" + name + ")";
        }
    }

    /**
     * Whether the metric counts events (pairs in contact, contacts begun, captures), so that its
     * mean over a run is a rate of events: replicate values that are skewed, often 0 and
     * overdispersed, whose intervals are bootstrapped ({@link ObjectiveSpec#interval}).
     */
    default boolean countsEvents() {
        return switch (this) {
            case CollisionRate c -> true;
            case CollisionOnsets c -> true;
            case CaptureRate c -> true;
            case Polarization p -> false;
            case Milling m -> false;
            case RadiusOfGyration r -> false;
            case MeanDistanceToCentroid m -> false;
            case NearestNeighbourDistance n -> false;
            case LargestClusterFraction l -> false;
            case ClusterCount c -> false;
            case MeanNeighbourCount m -> false;
            case SurvivalFraction s -> false;
            case TimeToFirstCapture t -> false;
            case PredatorDistance p -> false;
            case MeanSpeed m -> false;
            case SpeedSpread s -> false;
            case HeadingSpread h -> false;
            case GoalDistance g -> false;
            case EvoFlockAvoid e -> false;
            case EvoFlockSeparate e -> false;
            case EvoFlockSpeed e -> false;
            case EvoFlockCurvature e -> false;
            case EvoFlockFitness e -> false;
            case Custom c -> false;
        };
    }

    /**
     * The values a metric can take, {@code low} &le; value &le; {@code high} (either may be infinite),
     * as each metric's documentation above states them; a confidence interval of an objective's
     * mean is cut to it ({@link ObjectiveSpec#range}).
     */
    record Range(double low, double high) {
        /** [0, 1]: fractions and order parameters. */
        public static final Range UNIT = new Range(0, 1);
        /** [0, +∞): distances, speeds, spreads, rates. */
        public static final Range NON_NEGATIVE = new Range(0, Double.POSITIVE_INFINITY);
        /** (−∞, +∞): no bound known. */
        public static final Range ANY = new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

        public Range {
            if (!(low <= high)) throw new IllegalArgumentException("range [" + low + ", " + high + "]: needs low <= high");
        }

        /** @return whether {@code value} lies in the range, ends included */
        public boolean contains(double value) {
            return low <= value && value <= high;
        }
    }

    /**
     * The range of the metric's values at any step, from its definition: [0, 1] for
     * polarization, milling, the largest cluster's fraction, the surviving fraction and the
     * EvoFlock scores ([0.8, 1] for curvature); at least 1 for the cluster count, the mean
     * neighbour count and the time to the first capture; at least 0 for the rest; unbounded for
     * a custom metric. {@code MetricRangeTest} checks every built-in metric against it.
     */
    default Range range() {
        return switch (this) {
            case Polarization p -> Range.UNIT;
            case Milling m -> Range.UNIT;
            case LargestClusterFraction l -> Range.UNIT;
            case SurvivalFraction s -> Range.UNIT;
            case EvoFlockAvoid e -> Range.UNIT;
            case EvoFlockSeparate e -> Range.UNIT;
            case EvoFlockSpeed e -> Range.UNIT;
            case EvoFlockCurvature e -> new Range(0.8, 1);
            case EvoFlockFitness e -> Range.UNIT;
            case ClusterCount c -> new Range(1, Double.POSITIVE_INFINITY);
            case MeanNeighbourCount m -> new Range(1, Double.POSITIVE_INFINITY);
            case TimeToFirstCapture t -> new Range(1, Double.POSITIVE_INFINITY);
            case RadiusOfGyration r -> Range.NON_NEGATIVE;
            case MeanDistanceToCentroid m -> Range.NON_NEGATIVE;
            case NearestNeighbourDistance n -> Range.NON_NEGATIVE;
            case CollisionRate c -> Range.NON_NEGATIVE;
            case CollisionOnsets c -> Range.NON_NEGATIVE;
            case CaptureRate c -> Range.NON_NEGATIVE;
            case PredatorDistance p -> Range.NON_NEGATIVE;
            case MeanSpeed m -> Range.NON_NEGATIVE;
            case SpeedSpread s -> Range.NON_NEGATIVE;
            case HeadingSpread h -> Range.NON_NEGATIVE;
            case GoalDistance g -> Range.NON_NEGATIVE;
            case Custom c -> Range.ANY;
        };
    }

    /**
     * Whether the metric reads an EvoFlock kernel's records ({@code peer.kind = evoFlock}), whose
     * value at step t is the score of steps 1..t (read with the {@code final} aggregation).
     */
    default boolean evoFlock() {
        return this instanceof EvoFlockAvoid || this instanceof EvoFlockSeparate || this instanceof EvoFlockSpeed
                || this instanceof EvoFlockCurvature || this instanceof EvoFlockFitness;
    }

    /** @return the kind name, e.g. {@code collisionRate}. */
    default String kind() {
        return Kinds.of(this);
    }

    /**
     * @return the text form that {@link #parse} reads back to an equal metric, e.g.
     *         {@code collisionRate(distance=1)}
     */
    default String text() {
        RecordComponent[] components = getClass().getRecordComponents();
        if (components.length == 0) return kind();
        StringJoiner parameters = new StringJoiner(",", kind() + "(", ")");
        for (RecordComponent component : components) {
            try {
                parameters.add(component.getName() + "=" + Numbers.text((double) component.getAccessor().invoke(this)));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return parameters.toString();
    }

    /** @return every metric kind name, in declaration order, with its parameter names. */
    static List<String> kinds() {
        List<String> names = new ArrayList<>();
        for (Class<?> variant : Metric.class.getPermittedSubclasses()) {
            if (variant == Custom.class) continue;
            RecordComponent[] components = variant.getRecordComponents();
            String parameters = String.join(",", Arrays.stream(components).map(c -> c.getName() + "=…").toList());
            names.add(Kinds.of(variant) + (parameters.isEmpty() ? "" : "(" + parameters + ")"));
        }
        return names;
    }

    /**
     * Reads a metric's text form: {@code KIND} or {@code KIND(NAME=VALUE,...)} with every
     * parameter named exactly once, e.g. {@code clusterCount(link=5)}.
     *
     * @throws IllegalArgumentException one line naming the bad part and the allowed values
     */
    static Metric parse(String text) {
        String trimmed = text.strip();
        int open = trimmed.indexOf('(');
        String kind = open < 0 ? trimmed : trimmed.substring(0, open).strip();
        if (kind.equals(Kinds.of(Custom.class))) {
            throw new IllegalArgumentException("metric \"" + trimmed + "\": a custom metric is a Java function and has no text "
                    + "form; measure or tune for it in the JVM that defines it (Metric.Custom), not from JSON or on Spark");
        }
        Class<?> variant = null;
        for (Class<?> candidate : Metric.class.getPermittedSubclasses()) {
            if (candidate != Custom.class && Kinds.of(candidate).equals(kind)) variant = candidate;
        }
        if (variant == null) {
            throw new IllegalArgumentException("unknown metric \"" + kind + "\"; allowed: " + String.join(", ", kinds()));
        }
        RecordComponent[] components = variant.getRecordComponents();
        Map<String, Double> given = new LinkedHashMap<>();
        if (open >= 0) {
            if (!trimmed.endsWith(")")) {
                throw new IllegalArgumentException("metric \"" + trimmed + "\": missing closing parenthesis");
            }
            String inside = trimmed.substring(open + 1, trimmed.length() - 1).strip();
            if (!inside.isEmpty()) {
                for (String pair : inside.split(",", -1)) {
                    int equals = pair.indexOf('=');
                    if (equals < 0) {
                        throw new IllegalArgumentException("metric \"" + trimmed + "\": parameter \"" + pair.strip()
                                + "\" must be NAME=VALUE; " + kind + " takes " + parameterList(components));
                    }
                    String name = pair.substring(0, equals).strip();
                    if (Arrays.stream(components).noneMatch(c -> c.getName().equals(name))) {
                        throw new IllegalArgumentException("metric \"" + trimmed + "\": unknown parameter \"" + name
                                + "\"; " + kind + " takes " + parameterList(components));
                    }
                    if (given.containsKey(name)) {
                        throw new IllegalArgumentException("metric \"" + trimmed + "\": parameter \"" + name + "\" given twice");
                    }
                    given.put(name, Numbers.parse(name, pair.substring(equals + 1)));
                }
            }
        }
        Object[] arguments = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int c = 0; c < components.length; c++) {
            Double value = given.get(components[c].getName());
            if (value == null) {
                throw new IllegalArgumentException("metric \"" + trimmed + "\": missing parameter \""
                        + components[c].getName() + "\"; write " + kind + "(" + components[c].getName() + "=VALUE)");
            }
            arguments[c] = value;
            types[c] = components[c].getType();
        }
        try {
            return (Metric) variant.getDeclaredConstructor(types).newInstance(arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException bad) {
                throw new IllegalArgumentException("metric \"" + trimmed + "\": " + bad.getMessage(), bad);
            }
            throw new AssertionError(e);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static String parameterList(RecordComponent[] components) {
        if (components.length == 0) return "no parameters";
        return String.join(", ", Arrays.stream(components).map(RecordComponent::getName).toList());
    }
}
