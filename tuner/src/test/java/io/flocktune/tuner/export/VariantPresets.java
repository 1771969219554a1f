package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;
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
 * Random valid presets for the JS engine's agreement test: preset {@code k} takes variant
 * {@code k mod (number of variants)} of every rule family (so a run of 2 × the largest family
 * covers every variant at least twice, in varying company), with random parameters, 2D or 3D,
 * either update order, predators, obstacles, goal and noise. Rates are kept moderate (weights
 * up to 2, flocks of 20–80 boids) so 50 steps stay well-conditioned; the sim module's
 * {@code RandomPresets} covers the extremes for finiteness.
 */
final class VariantPresets {
    private VariantPresets() {}

    /** Twice this many presets take every variant of every family at least twice. */
    static final int COUNT = 16;

    static Preset.RuleSet get(int k, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 1_000_003L + k);
        int aliIndex = k % 8;
        boolean twoD = k % 2 == 0 || aliIndex >= 4 && aliIndex <= 6;   // the 2D-only alignments (indices 4–6) need 2D
        int dimension = twoD ? 2 : 3;
        double size = 20 + r.nextDouble(60);
        Boundary boundary = switch (k % 5) {
            case 0 -> new Boundary.Wrap();
            case 1 -> new Boundary.SoftMargin(r.nextDouble(5), 0.05 + r.nextDouble(0.3));
            case 2 -> new Boundary.Hard();
            case 3 -> new Boundary.WrapPositionsOnly();
            default -> new Boundary.None();
        };
        double maxSpeed = 0.3 + r.nextDouble(1.5);
        double minSpeed = k % 3 == 0 ? 0 : r.nextDouble(maxSpeed);
        Boids boids = new Boids(20 + r.nextInt(60), minSpeed, maxSpeed, r.nextDouble(maxSpeed), size * (0.3 + 0.7 * r.nextDouble()));
        double sepRadius = 1 + r.nextDouble(3);
        double nbRadius = sepRadius + 1 + r.nextDouble(8);
        Neighbourhood neighbourhood = switch (aliIndex == 3 ? (k / 8) % 3 : (k / 2) % 5) {   // zonal needs a metric kind
            case 0 -> new Neighbourhood.Metric(nbRadius);
            case 1 -> new Neighbourhood.FieldOfView(nbRadius, 90 + r.nextDouble(270));
            case 2 -> new Neighbourhood.MetricExcludingCoincident(nbRadius);
            case 3 -> new Neighbourhood.Topological(1 + r.nextInt(8));
            default -> new Neighbourhood.Global();
        };
        Separation separation = switch (k % 5) {
            case 0 -> new Separation.Linear(sepRadius, weight(r) / 5);
            case 1 -> new Separation.InverseDistance(sepRadius, weight(r));
            case 2 -> new Separation.InverseSquareClamped(sepRadius, weight(r), weight(r), weight(r));
            case 3 -> new Separation.Zonal(sepRadius, weight(r));
            default -> new Separation.Normalized(sepRadius, weight(r));
        };
        Alignment alignment = switch (aliIndex) {
            case 0 -> new Alignment.VelocityMatch(weight(r) / 5);
            case 1 -> new Alignment.MeanVelocityLimited(weight(r), r.nextDouble(0.5));
            case 2 -> new Alignment.MeanForward(weight(r));
            case 3 -> new Alignment.Zonal(weight(r), sepRadius + r.nextDouble() * (nbRadius - sepRadius));
            case 4 -> new Alignment.HeadingBlend(r.nextDouble());
            case 5 -> new Alignment.CircularHeadingBlend(r.nextDouble());
            case 6 -> new Alignment.Vicsek(weight(r), r.nextDouble(2 * Math.PI));
            default -> new Alignment.SummedVelocityMatch(weight(r) / 50);
        };
        Cohesion cohesion = switch (alignment instanceof Alignment.Zonal && k % 3 != 0 ? 3 : k % 3) {
            case 0 -> new Cohesion.Centroid(weight(r) / 20);
            case 1 -> new Cohesion.SteerTo(weight(r), 1 + r.nextDouble(10), r.nextDouble(0.5));
            case 2 -> new Cohesion.UnitToCentroid(weight(r));
            default -> new Cohesion.Zonal(weight(r));
        };
        double dt = 0.1 + r.nextDouble(0.9);
        Motion motion = switch ((k / 3) % 6) {
            case 0 -> new Motion.Additive(dt);
            case 1 -> new Motion.Steering(dt, 0.01 + r.nextDouble(0.5));
            case 2 -> new Motion.TurningRate(dt, 0.3 + r.nextDouble(2), 10 + r.nextDouble(200), k % 2 == 0 ? 0 : r.nextDouble(0.3));
            case 3 -> new Motion.MoveThenClamp(dt);
            case 4 -> new Motion.Unclamped(dt);
            default -> new Motion.ConstantSpeed(dt, 0.3 + r.nextDouble(2), 0.05 + r.nextDouble(0.95));
        };
        PredatorBehaviour behaviour = switch (k % 3) {
            case 0 -> new PredatorBehaviour.ChaseCentroid(r.nextDouble(0.05));
            case 1 -> new PredatorBehaviour.ChaseNearest(5 + r.nextDouble(size), 60 + r.nextDouble(300), 5 + r.nextDouble(100));
            default -> new PredatorBehaviour.ChaseVisibleCentroid(5 + r.nextDouble(size), 60 + r.nextDouble(300), 5 + r.nextDouble(100));
        };
        Predators predators = new Predators(k % 4 == 3 ? 0 : 1 + r.nextInt(2), behaviour, 0.5 + r.nextDouble(2),
                3 + r.nextDouble(10), weight(r), r.nextDouble(1.5), r.nextBoolean());
        List<Sphere> spheres = new ArrayList<>();
        for (int o = r.nextInt(3); o > 0; o--) {
            spheres.add(new Sphere(coordinate(r, size), coordinate(r, size), twoD ? 0 : coordinate(r, size), 1 + r.nextDouble(size / 8)));
        }
        ObstacleAvoidance avoidance = k % 2 == 0
                ? new ObstacleAvoidance.ForceField(2 + r.nextDouble(10), weight(r) / 10)
                : new ObstacleAvoidance.SteerToAvoid(2 + r.nextDouble(10), r.nextDouble(2), weight(r));
        Goal goal = new Goal(coordinate(r, size), coordinate(r, size), twoD ? 0 : coordinate(r, size), 5 + r.nextDouble(size), weight(r) / 50);
        Noise noise = new Noise(k % 3 == 1 ? 0.01 + r.nextDouble(0.3) : 0);
        return new Preset.RuleSet(Preset.FORMAT, "variants-" + k, "random preset " + k + " for the JS engine's agreement test",
                new World(dimension, size, boundary), boids, UpdateOrder.values()[(k / 5) % UpdateOrder.values().length],
                neighbourhood, separation, alignment, cohesion, motion, predators, new Obstacles(avoidance, spheres), goal, noise);
    }

    /** 0 one time in six, else in (0, 2). */
    private static double weight(SplittableRandom r) {
        return r.nextInt(6) == 0 ? 0 : r.nextDouble(2);
    }

    private static double coordinate(SplittableRandom r, double size) {
        return size * (r.nextDouble() - 0.5);
    }
}
