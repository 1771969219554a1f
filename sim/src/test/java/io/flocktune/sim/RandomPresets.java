package io.flocktune.sim;

import io.flocktune.sim.Preset.Boids;
import io.flocktune.sim.Preset.Goal;
import io.flocktune.sim.Preset.Noise;
import io.flocktune.sim.Preset.Obstacles;
import io.flocktune.sim.Preset.Predators;
import io.flocktune.sim.Preset.Sphere;
import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.Preset.World;
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
 * Random valid presets for property tests: every rule variant, 2D and 3D, every boundary and
 * update order, predators, obstacles, goal and noise, with weights from 0 to 100 and radii from
 * a tenth of a unit to the whole world.
 */
final class RandomPresets {
    private RandomPresets() {}

    static Preset next(SplittableRandom r) {
        int dimension = r.nextBoolean() ? 2 : 3;
        double size = logUniform(r, 5, 1000);
        Boundary boundary = switch (r.nextInt(4)) {
            case 0 -> new Boundary.Wrap();
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
        Neighbourhood neighbourhood = r.nextInt(4) == 0 ? new Neighbourhood.Global()
                : new Neighbourhood.Metric(logUniform(r, 0.1, size));
        double separationRadius = logUniform(r, 0.1, size / 2);
        Separation separation = switch (r.nextInt(4)) {
            case 0 -> new Separation.Linear(separationRadius, weight(r));
            case 1 -> new Separation.InverseDistance(separationRadius, weight(r));
            case 2 -> new Separation.InverseSquareClamped(separationRadius, weight(r), weight(r), weight(r));
            default -> new Separation.Normalized(separationRadius, weight(r));
        };
        Alignment alignment = switch (r.nextInt(dimension == 2 ? 5 : 3)) {
            case 0 -> new Alignment.VelocityMatch(weight(r));
            case 1 -> new Alignment.MeanVelocityLimited(weight(r), weight(r));
            case 2 -> new Alignment.MeanForward(weight(r));
            case 3 -> new Alignment.HeadingBlend(r.nextDouble());
            default -> new Alignment.CircularHeadingBlend(r.nextDouble());
        };
        Cohesion cohesion = switch (r.nextInt(3)) {
            case 0 -> new Cohesion.Centroid(weight(r));
            case 1 -> new Cohesion.SteerTo(weight(r), logUniform(r, 0.1, size), weight(r));
            default -> new Cohesion.UnitToCentroid(weight(r));
        };
        double dt = logUniform(r, 0.01, 1);
        Motion motion = switch (r.nextInt(3)) {
            case 0 -> new Motion.Additive(dt);
            case 1 -> new Motion.Steering(dt, logUniform(r, 0.001, 10));
            default -> new Motion.ConstantSpeed(dt, logUniform(r, 0.1, 10), logUniform(r, 0.001, 1));
        };
        Predators predators = new Predators(r.nextInt(4), new PredatorBehaviour.ChaseCentroid(r.nextDouble(0.1)),
                logUniform(r, 0.1, 5), logUniform(r, 0.1, size), weight(r), r.nextDouble(2), r.nextBoolean());
        List<Sphere> spheres = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
            spheres.add(new Sphere(coordinate(r, size), coordinate(r, size), dimension == 3 ? coordinate(r, size) : 0,
                    logUniform(r, 0.1, size / 5)));
        }
        Obstacles obstacles = new Obstacles(new ObstacleAvoidance.ForceField(logUniform(r, 0.1, size), weight(r)), spheres);
        Goal goal = new Goal(coordinate(r, size), coordinate(r, size), dimension == 3 ? coordinate(r, size) : 0,
                logUniform(r, 0.1, size), weight(r));
        Noise noise = new Noise(r.nextBoolean() ? 0 : logUniform(r, 0.001, 1));
        return new Preset(Preset.FORMAT, "random", "random preset for property tests",
                new World(dimension, size, boundary), boids, r.nextBoolean() ? UpdateOrder.SYNCHRONOUS : UpdateOrder.SEQUENTIAL,
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
