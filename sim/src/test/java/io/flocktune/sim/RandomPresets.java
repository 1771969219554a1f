package io.flocktune.sim;

import io.flocktune.sim.Preset.Goal;
import io.flocktune.sim.Preset.Noise;
import io.flocktune.sim.Preset.Obstacles;
import io.flocktune.sim.Preset.Predators;
import io.flocktune.sim.Preset.Sphere;
import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.Scene.Boids;
import io.flocktune.sim.Scene.World;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random valid presets for property tests: every rule variant (within the preset's
 * cross-section rules, e.g. zonal cohesion only with zonal alignment), 2D and 3D, every
 * neighbourhood, boundary and update order, predators of every behaviour, obstacles of both
 * avoidances, goal and noise, with weights from 0 to 100 and radii from a tenth of a unit to
 * the whole world.
 */
public final class RandomPresets {
    private RandomPresets() {}

    /** The rule families whose every variant {@link #coveringEveryVariant} covers. */
    static final List<Class<?>> FAMILIES = List.of(Boundary.class, Neighbourhood.class, Separation.class, Alignment.class,
            Cohesion.class, Motion.class, PredatorBehaviour.class, ObstacleAvoidance.class);

    /**
     * A short list of random presets that together use every variant of every rule family
     * ({@link #FAMILIES}), both update orders and both dimensions: presets are drawn from
     * {@code seed} and kept when they add a variant not yet kept. When someone adds a variant and
     * forgets to draw it here, this fails.
     *
     * @throws IllegalStateException if 20 000 draws miss a variant
     */
    public static List<Preset.RuleSet> coveringEveryVariant(long seed) {
        java.util.Set<Object> wanted = new java.util.LinkedHashSet<>();
        for (Class<?> family : FAMILIES) wanted.addAll(List.of(family.getPermittedSubclasses()));
        wanted.addAll(List.of(UpdateOrder.values()));
        wanted.addAll(List.of("2D", "3D"));
        SplittableRandom random = new SplittableRandom(seed);
        List<Preset.RuleSet> kept = new ArrayList<>();
        for (int draw = 0; draw < 20_000 && !wanted.isEmpty(); draw++) {
            Preset.RuleSet p = next(random);
            List<Object> kinds = List.of(p.world().boundary().getClass(), p.neighbourhood().getClass(), p.separation().getClass(),
                    p.alignment().getClass(), p.cohesion().getClass(), p.motion().getClass(), p.predators().behaviour().getClass(),
                    p.obstacles().avoidance().getClass(), p.update(), p.world().dimension() + "D");
            if (wanted.removeAll(kinds)) kept.add(p);
        }
        if (!wanted.isEmpty()) throw new IllegalStateException("RandomPresets never draws " + wanted);
        return kept;
    }

    /** @return a random valid preset (see the class comment). */
    public static Preset.RuleSet next(SplittableRandom r) {
        int dimension = r.nextBoolean() ? 2 : 3;
        double size = logUniform(r, 5, 1000);
        Boundary boundary = switch (r.nextInt(5)) {
            case 0 -> new Boundary.Wrap();
            case 4 -> new Boundary.WrapPositionsOnly();
            case 1 -> new Boundary.SoftMargin(r.nextDouble(10), logUniform(r, 0.01, 1));
            case 2 -> new Boundary.Hard();
            default -> new Boundary.None();
        };
        double maxSpeed = logUniform(r, 0.1, 10);
        double minSpeed = r.nextBoolean() ? 0 : r.nextDouble(maxSpeed);
        // spawn box from a single point (every boid coincident) to the whole world
        double spawn = r.nextInt(10) == 0 ? 0 : r.nextDouble(size);
        double initialSpeed = r.nextInt(10) == 0 ? 0 : r.nextDouble(2 * maxSpeed);   // 0: every boid at rest
        Boids boids = new Boids(1 + r.nextInt(150), minSpeed, maxSpeed, initialSpeed, spawn);
        Neighbourhood neighbourhood = switch (r.nextInt(5)) {
            case 0 -> new Neighbourhood.Metric(logUniform(r, 0.1, size));
            case 4 -> new Neighbourhood.MetricExcludingCoincident(logUniform(r, 0.1, size));
            case 1 -> new Neighbourhood.FieldOfView(logUniform(r, 0.1, size), 1 + r.nextDouble(359));
            case 2 -> new Neighbourhood.Topological(1 + r.nextInt(12));
            default -> new Neighbourhood.Global();
        };
        double separationRadius = logUniform(r, 0.1, size / 2);
        Separation separation = switch (r.nextInt(5)) {
            case 0 -> new Separation.Linear(separationRadius, weight(r));
            case 1 -> new Separation.InverseDistance(separationRadius, weight(r));
            case 2 -> new Separation.InverseSquareClamped(separationRadius, weight(r), weight(r), weight(r));
            case 3 -> new Separation.Zonal(separationRadius, weight(r));
            default -> new Separation.Normalized(separationRadius, weight(r));
        };
        // Couzin's zonal alignment needs an orientation radius between separation and a metric reach
        double reach = switch (neighbourhood) {
            case Neighbourhood.Metric m -> m.radius();
            case Neighbourhood.MetricExcludingCoincident m -> m.radius();
            case Neighbourhood.FieldOfView f -> f.radius();
            case Neighbourhood.Topological t -> 0;
            case Neighbourhood.Global g -> 0;
        };
        boolean zonalPossible = reach >= separationRadius;
        Alignment alignment = switch (r.nextInt(dimension == 2 ? 7 : 4)) {   // the last three are 2D only
            case 0 -> r.nextBoolean() ? new Alignment.VelocityMatch(weight(r)) : new Alignment.SummedVelocityMatch(weight(r));
            case 1 -> new Alignment.MeanVelocityLimited(weight(r), weight(r));
            case 2 -> new Alignment.MeanForward(weight(r));
            case 3 -> zonalPossible
                    ? new Alignment.Zonal(weight(r), separationRadius + r.nextDouble() * (reach - separationRadius))
                    : new Alignment.MeanForward(weight(r));
            case 4 -> new Alignment.HeadingBlend(r.nextDouble());
            case 5 -> new Alignment.CircularHeadingBlend(r.nextDouble());
            default -> new Alignment.Vicsek(weight(r), r.nextDouble(2 * Math.PI));
        };
        Cohesion cohesion = switch (r.nextInt(alignment instanceof Alignment.Zonal ? 4 : 3)) {
            case 0 -> new Cohesion.Centroid(weight(r));
            case 1 -> new Cohesion.SteerTo(weight(r), logUniform(r, 0.1, size), weight(r));
            case 2 -> new Cohesion.UnitToCentroid(weight(r));
            default -> new Cohesion.Zonal(weight(r));
        };
        double dt = logUniform(r, 0.01, 1);
        Motion motion = switch (r.nextInt(6)) {
            case 0 -> new Motion.Additive(dt);
            case 4 -> new Motion.MoveThenClamp(dt);
            // without a speed limit a velocity match of weight > 2 grows the speed geometrically
            // until it overflows; every other rule output is bounded, so the speed stays finite
            case 5 -> alignment instanceof Alignment.VelocityMatch || alignment instanceof Alignment.SummedVelocityMatch
                    ? new Motion.MoveThenClamp(dt) : new Motion.Unclamped(dt);
            case 1 -> new Motion.Steering(dt, logUniform(r, 0.001, 10));
            case 2 -> new Motion.TurningRate(dt, logUniform(r, 0.1, 10), logUniform(r, 1, 720), r.nextBoolean() ? 0 : r.nextDouble());
            default -> new Motion.ConstantSpeed(dt, logUniform(r, 0.1, 10), logUniform(r, 0.001, 1));
        };
        PredatorBehaviour behaviour = switch (r.nextInt(3)) {
            case 0 -> new PredatorBehaviour.ChaseCentroid(r.nextDouble(0.1));
            case 1 -> new PredatorBehaviour.ChaseNearest(logUniform(r, 0.1, size), 1 + r.nextDouble(359), 1 + r.nextDouble(179));
            default -> new PredatorBehaviour.ChaseVisibleCentroid(logUniform(r, 0.1, size), 1 + r.nextDouble(359), 1 + r.nextDouble(179));
        };
        Predators predators = new Predators(r.nextInt(4), behaviour,
                logUniform(r, 0.1, 5), logUniform(r, 0.1, size), weight(r), r.nextDouble(2), r.nextBoolean());
        List<Sphere> spheres = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
            spheres.add(new Sphere(coordinate(r, size), coordinate(r, size), dimension == 3 ? coordinate(r, size) : 0,
                    logUniform(r, 0.1, size / 5)));
        }
        ObstacleAvoidance avoidance = r.nextBoolean()
                ? new ObstacleAvoidance.ForceField(logUniform(r, 0.1, size), weight(r))
                : new ObstacleAvoidance.SteerToAvoid(logUniform(r, 0.1, size), r.nextDouble(2), weight(r));
        Obstacles obstacles = new Obstacles(avoidance, spheres);
        Goal goal = new Goal(coordinate(r, size), coordinate(r, size), dimension == 3 ? coordinate(r, size) : 0,
                logUniform(r, 0.1, size), weight(r));
        Noise noise = new Noise(r.nextBoolean() ? 0 : logUniform(r, 0.001, 1));
        return new Preset.RuleSet(Preset.FORMAT, "random", "random preset for property tests",
                new World(dimension, size, boundary), boids, UpdateOrder.values()[r.nextInt(UpdateOrder.values().length)],
                neighbourhood, separation, alignment, cohesion, motion, predators, obstacles, goal, noise);
    }

    /** 0 one time in five, else log-uniform in [0.001, 100]. */
    private static double weight(SplittableRandom r) {
        return r.nextInt(5) == 0 ? 0 : logUniform(r, 0.001, 100);
    }

    private static double logUniform(SplittableRandom r, double low, double high) {
        return Math.min(high, low * Math.exp(r.nextDouble() * Math.log(high / low)));
    }

    private static double coordinate(SplittableRandom r, double size) {
        return size * (r.nextDouble() - 0.5);
    }
}
