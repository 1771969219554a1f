package io.flocktune.sim;

import io.flocktune.sim.Constraint.Finite;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;
import io.flocktune.sim.peer.PeerModel;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;

import java.util.List;

/**
 * A flock model, complete and validated: either a {@link RuleSet}, which composes the engine's
 * rule variants (every seed, {@code reynolds}, {@code vicsek}, {@code couzin}), or a {@link Peer},
 * a peer's whole model run by its own kernel (NetLogo's Flocking, MASON's Flockers, EvoFlock).
 * Both have a {@link World world} and {@link Boids boids} ({@link Scene}); only a rule set has
 * rule sections. Code that reads them takes a {@link RuleSet}, or switches on the two kinds:
 *
 * <pre>{@code
 * String model = switch (preset) {
 *     case Preset.RuleSet rules -> Kinds.of(rules.separation());
 *     case Preset.Peer peer -> Kinds.of(peer.peer());
 * };
 * }</pre>
 *
 * <p>The only serialized form of a preset is the preset JSON ({@value #FORMAT}); every record
 * checks its arguments in its compact constructor, so an instance is always runnable.
 */
public sealed interface Preset extends Scene {

    /** The preset format this version reads and writes. */
    String FORMAT = "flocktune-preset/1";

    /** @return always {@value #FORMAT} */
    String format();

    /** @return short identifier */
    String name();

    /** @return one line for {@code flocktune presets}; sources and choices */
    String description();

    /** @return the predators a run starts with: a rule set's {@code predators.count}; a peer's model has none */
    int predatorCount();

    /**
     * A preset of the engine's rules: the rule sections are the model. Its compact constructor
     * checks the sections against each other (e.g. heading blends are 2D only).
     *
     * <p>Per step each boid gets {@code a = separation + alignment + cohesion + goal + flee +
     * obstacles + noise + boundary turn}, and {@link Motion} turns {@code a} into a new velocity and
     * position. Rules read the state of the step's start ({@link UpdateOrder#SYNCHRONOUS}) or the
     * state as already updated for the boids before them ({@link UpdateOrder#SEQUENTIAL}), and with
     * {@link UpdateOrder#SEQUENTIAL_IN_PLACE} also the boid's own velocity as changed by the rules
     * applied to it before.
     *
     * @param format       always {@value #FORMAT}
     * @param name         short identifier
     * @param description  one line for {@code flocktune presets}; sources and choices
     * @param world        dimension, size and boundary
     * @param boids        count, speeds, initial state
     * @param update       synchronous (double-buffered) or sequential in-place
     * @param neighbourhood who alignment and cohesion see
     * @param separation   separation rule variant
     * @param alignment    alignment rule variant
     * @param cohesion     cohesion rule variant
     * @param motion       integration of the rule output
     * @param predators    predators (count 0: none)
     * @param obstacles    spherical obstacles (empty list: none)
     * @param goal         goal seeking (weight 0: off)
     * @param noise        random steering (strength 0: off)
     * @param customRules  rules written in Java ({@link CustomRule}), in the order they add to the
     *                     sum; empty for every JSON preset (they have no JSON form)
     */
    record RuleSet(
            String format,
            String name,
            String description,
            World world,
            Boids boids,
            UpdateOrder update,
            Neighbourhood neighbourhood,
            Separation separation,
            Alignment alignment,
            Cohesion cohesion,
            Motion motion,
            Predators predators,
            Obstacles obstacles,
            Goal goal,
            Noise noise,
            List<CustomRule> customRules) implements Preset {

        public RuleSet {
            checkFormat(format);
            customRules = List.copyOf(Check.present("customRules", customRules));    // no null entries
            Check.components(RuleSet.class, format, name, description, world, boids, update, neighbourhood, separation,
                    alignment, cohesion, motion, predators, obstacles, goal, noise, customRules);
            boolean headingBlend = alignment instanceof Alignment.HeadingBlend
                    || alignment instanceof Alignment.CircularHeadingBlend;
            if (headingBlend && world.dimension() != 2) {
                throw new IllegalArgumentException("alignment.kind = " + Kinds.of(alignment)
                        + ": heading blends are 2D only, but world.dimension = " + world.dimension());
            }
            if (alignment instanceof Alignment.Vicsek && world.dimension() != 2) {
                throw new IllegalArgumentException("alignment.kind = vicsek: 2D only, but world.dimension = " + world.dimension());
            }
            if (cohesion instanceof Cohesion.Zonal && !(alignment instanceof Alignment.Zonal)) {
                throw new IllegalArgumentException("cohesion.kind = zonal: needs alignment.kind = zonal (its radius is the attraction zone's inner edge)");
            }
            if (alignment instanceof Alignment.Zonal z) {
                double outer = switch (neighbourhood) {
                    case Neighbourhood.Metric m -> m.radius();
                    case Neighbourhood.MetricExcludingCoincident m -> m.radius();
                    case Neighbourhood.FieldOfView f -> f.radius();
                    case Neighbourhood.Topological t -> throw new IllegalArgumentException(
                            "alignment.kind = zonal: needs a metric or fieldOfView neighbourhood, not topological");
                    case Neighbourhood.Global g -> throw new IllegalArgumentException(
                            "alignment.kind = zonal: needs a metric or fieldOfView neighbourhood, not global");
                };
                if (z.radius() < separation.radius() || z.radius() > outer) {
                    throw new IllegalArgumentException("alignment.radius = " + z.radius() + ": must be in [separation.radius = "
                            + separation.radius() + ", neighbourhood.radius = " + outer + "]");
                }
            }
            if (world.dimension() == 2) {
                for (Sphere s : obstacles.spheres()) {
                    if (s.z() != 0) throw new IllegalArgumentException("obstacles.spheres z = " + s.z() + ": must be 0 in a 2D world");
                }
                if (goal.z() != 0) throw new IllegalArgumentException("goal.z = " + goal.z() + ": must be 0 in a 2D world");
            }
        }

        /** A preset of the engine's rules without custom rules: every JSON rule preset. */
        public RuleSet(String format, String name, String description, World world, Boids boids, UpdateOrder update,
                       Neighbourhood neighbourhood, Separation separation, Alignment alignment, Cohesion cohesion,
                       Motion motion, Predators predators, Obstacles obstacles, Goal goal, Noise noise) {
            this(format, name, description, world, boids, update, neighbourhood, separation, alignment, cohesion, motion,
                    predators, obstacles, goal, noise, List.of());
        }

        /** @return a builder holding this preset's sections, to derive a variant of it. */
        public Builder toBuilder() {
            return new Builder(this);
        }

        /**
         * Derives presets section by section (records have no withers):
         * {@code reynolds.toBuilder().neighbourhood(new Neighbourhood.Topological(7)).build()}.
         * {@link #build()} validates like the constructor.
         */
        public static final class Builder {
            private String name, description;
            private World world;
            private Boids boids;
            private UpdateOrder update;
            private Neighbourhood neighbourhood;
            private Separation separation;
            private Alignment alignment;
            private Cohesion cohesion;
            private Motion motion;
            private Predators predators;
            private Obstacles obstacles;
            private Goal goal;
            private Noise noise;
            private List<CustomRule> customRules;

            private Builder(RuleSet p) {
                name = p.name; description = p.description; world = p.world; boids = p.boids; update = p.update;
                neighbourhood = p.neighbourhood; separation = p.separation; alignment = p.alignment;
                cohesion = p.cohesion; motion = p.motion; predators = p.predators; obstacles = p.obstacles;
                goal = p.goal; noise = p.noise; customRules = p.customRules;
            }

            public Builder name(String v) { name = v; return this; }
            public Builder description(String v) { description = v; return this; }
            public Builder world(World v) { world = v; return this; }
            public Builder boids(Boids v) { boids = v; return this; }
            public Builder update(UpdateOrder v) { update = v; return this; }
            public Builder neighbourhood(Neighbourhood v) { neighbourhood = v; return this; }
            public Builder separation(Separation v) { separation = v; return this; }
            public Builder alignment(Alignment v) { alignment = v; return this; }
            public Builder cohesion(Cohesion v) { cohesion = v; return this; }
            public Builder motion(Motion v) { motion = v; return this; }
            public Builder predators(Predators v) { predators = v; return this; }
            public Builder obstacles(Obstacles v) { obstacles = v; return this; }
            public Builder goal(Goal v) { goal = v; return this; }
            public Builder noise(Noise v) { noise = v; return this; }
            /** Replaces the custom rules (see {@link CustomRule}); they run after the built-in rules, in list order. */
            public Builder customRules(List<CustomRule> v) { customRules = v; return this; }

            /** @throws IllegalArgumentException as the {@link RuleSet} constructor */
            public RuleSet build() {
                return new RuleSet(FORMAT, name, description, world, boids, update, neighbourhood, separation,
                        alignment, cohesion, motion, predators, obstacles, goal, noise, customRules);
            }
        }

        @Override
        public int predatorCount() {
            return predators.count();
        }

        /** The largest distance at which two boids interact (separation or a metric neighbourhood). */
        public double interactionRadius() {
            return switch (neighbourhood) {
                case Neighbourhood.Metric m -> Math.max(separation.radius(), m.radius());
                case Neighbourhood.MetricExcludingCoincident m -> Math.max(separation.radius(), m.radius());
                case Neighbourhood.FieldOfView f -> Math.max(separation.radius(), f.radius());
                case Neighbourhood.Topological t -> separation.radius();
                case Neighbourhood.Global g -> separation.radius();
            };
        }
    }

    /**
     * A preset that runs a peer's whole model: {@code world} and {@code boids} say where and how
     * many, as the peer needs them ({@link PeerModel#check}); the peer's own rules, update order
     * and initial state replace the engine's rule sections, which this preset does not have.
     *
     * @param format      always {@value #FORMAT}
     * @param name        short identifier
     * @param description one line for {@code flocktune presets}; sources and choices
     * @param world       dimension, size and boundary, as the peer runs them
     * @param boids       count, speeds, initial state, as the peer runs them
     * @param peer        the peer's model and its parameters
     */
    record Peer(String format, String name, String description, World world, Boids boids, PeerModel peer)
            implements Preset {
        /** @throws IllegalArgumentException if the peer does not run in that world or with those boids */
        public Peer {
            checkFormat(format);
            Check.components(Peer.class, format, name, description, world, boids, peer);
            peer.check(world, boids);
        }

        /** A peer preset in this version's format ({@value #FORMAT}). */
        public Peer(String name, String description, World world, Boids boids, PeerModel peer) {
            this(FORMAT, name, description, world, boids, peer);
        }

        @Override
        public int predatorCount() {
            return 0;
        }
    }

    /** Synchronous (every boid reads the step's start) or sequential in-place update. */
    public enum UpdateOrder {
        /** All rules read the state at the start of the step (double buffers); seed 000. */
        SYNCHRONOUS,
        /** Boids update one by one in id order, each seeing the earlier ones moved; 001, 003, 004. */
        SEQUENTIAL,
        /**
         * As {@link #SEQUENTIAL}, and within a boid the rules act one after another on its
         * velocity in the order cohesion, alignment, separation, goal, flee, obstacles, each
         * reading the velocity as already changed by the ones before (alignment's {@code v_i} is
         * {@code v_i + cohesion}); seed 002's Algorithm 1: {@code for each rule k do
         * v_i = v_i + w_k * rule_k(b, N_b)}. (The heading blends always act in place, after
         * separation in the other orders.)
         */
        SEQUENTIAL_IN_PLACE
    }

    /**
     * Predators and the boids' flight from them (seeds 000 and 002).
     *
     * @param count         number of predators, in [0, 1000]
     * @param behaviour     how predators move
     * @param maxSpeed      predator speed limit in world units per time unit (a step moves
     *                      {@code u·dt}, as the boids), &gt; 0 (002: 2)
     * @param fleeRadius    boids flee predators at this distance or closer ({@code d <= fleeRadius}, as 002's {@code <=}), &gt; 0 (002's visual range)
     * @param fleeWeight    factor on the flee push {@code Σ unit(p − q)}, &ge; 0
     * @param captureRadius a boid closer than this to a predator at the end of a step is
     *                      captured (an event is recorded), &ge; 0
     * @param removeOnCapture whether a captured boid leaves the flock
     */
    public record Predators(@Range(min = 0, max = 1000) int count, PredatorBehaviour behaviour,
                            @Positive double maxSpeed, @Positive double fleeRadius, @NonNegative double fleeWeight,
                            @NonNegative double captureRadius, boolean removeOnCapture) {
        public Predators {
            Check.components(Predators.class, count, behaviour, maxSpeed, fleeRadius, fleeWeight, captureRadius,
                    removeOnCapture);
        }

        /**
         * The flee formula: adds {@code weight · unit(p − q)} for every predator q within the flee
         * radius (and not at p) to acc[0..2], in predator order, returns acc.
         */
        public static double[] flee(double radius2, double weight, double xi, double yi, double zi, double[] px,
                                    double[] py, double[] pz, int count, double period, double[] acc) {
            for (int q = 0; q < count; q++) {
                double dx = delta(xi - px[q], period), dy = delta(yi - py[q], period), dz = delta(zi - pz[q], period);
                double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 <= radius2 && d2 > 0) {
                    double f = weight / Math.sqrt(d2);
                    acc[0] += f * dx; acc[1] += f * dy; acc[2] += f * dz;
                }
            }
            return acc;
        }
    }

    /** Static spheres and how boids avoid them. */
    public record Obstacles(ObstacleAvoidance avoidance, List<Sphere> spheres) {
        public Obstacles {
            Check.components(Obstacles.class, avoidance, spheres);
            spheres = List.copyOf(spheres);
        }
    }

    /** A static sphere: centre in world units, radius &gt; 0. */
    public record Sphere(@Finite double x, @Finite double y, @Finite double z, @Positive double radius) {
        public Sphere {
            Check.components(Sphere.class, x, y, z, radius);
        }
    }

    /**
     * Goal seeking, seed 002 ({@code Rule_Goal}): {@code weight · (g − p)} when
     * {@code |g − p| <= radius}.
     *
     * @param weight factor, &ge; 0 (0: off)
     * @param radius visual range of the goal, &gt; 0
     */
    public record Goal(@Finite double x, @Finite double y, @Finite double z, @Positive double radius,
                       @NonNegative double weight) {
        public Goal {
            Check.components(Goal.class, x, y, z, radius, weight);
        }

        /**
         * The formula: adds {@code weight · (g − p)} to acc[0..2] when p is within the radius,
         * returns acc. {@code period} &gt; 0: the offset is a minimum image for that period.
         */
        public static double[] force(double gx, double gy, double gz, double radius2, double weight, double xi, double yi,
                                     double zi, double period, double[] acc) {
            double dx = delta(gx - xi, period), dy = delta(gy - yi, period), dz = delta(gz - zi, period);
            if (dx * dx + dy * dy + dz * dz <= radius2) {
                acc[0] += weight * dx; acc[1] += weight * dy; acc[2] += weight * dz;
            }
            return acc;
        }
    }

    /**
     * Random steering (seed 003 asks for "a more natural random noise"): {@code strength · u}
     * with u a uniformly random unit vector, drawn per boid per step from the simulation's
     * seeded generator.
     *
     * @param strength length of the noise vector, &ge; 0 (0: off)
     */
    public record Noise(@NonNegative double strength) {
        public Noise {
            Check.components(Noise.class, strength);
        }

        /**
         * The formula: adds {@code strength · u} to acc[0..2], u a random unit vector (in the plane
         * in 2D) from the uniform draws u1 (and u2 in 3D), returns acc.
         */
        public static double[] steer(double strength, boolean threeD, double u1, double u2, double[] acc) {
            if (threeD) {
                double cz = 2 * u1 - 1;
                double phi = 2 * Math.PI * u2;
                double r = Math.sqrt(Math.max(0, 1 - cz * cz));
                acc[0] += strength * r * Math.cos(phi); acc[1] += strength * r * Math.sin(phi); acc[2] += strength * cz;
            } else {
                double phi = 2 * Math.PI * u1;
                acc[0] += strength * Math.cos(phi); acc[1] += strength * Math.sin(phi);
            }
            return acc;
        }
    }

    private static void checkFormat(String format) {
        if (!FORMAT.equals(format)) {
            throw new IllegalArgumentException("format = " + format + ": must be \"" + FORMAT + "\"");
        }
    }

    private static double delta(double d, double period) {
        return period > 0 ? io.flocktune.sim.space.Periodic.minimumImage(d, period) : d;
    }
}
