package io.flocktune.sim;

import io.flocktune.sim.Preset.Boids;
import io.flocktune.sim.Preset.Goal;
import io.flocktune.sim.Preset.Noise;
import io.flocktune.sim.Preset.Obstacles;
import io.flocktune.sim.Preset.Predators;
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

import java.util.List;

/**
 * Copies of a {@link Preset} with one section replaced (records have no withers), and a quiet
 * base preset for rule tests.
 */
public final class TestPresets {
    private TestPresets() {}

    /** Speed limit of {@link #quiet}: high enough that one step's velocity change is never clamped. */
    public static final double NO_SPEED_LIMIT = 1e9;

    /**
     * A preset in which nothing acts: every weight 0, open world, synchronous update, additive
     * motion with dt 1 and no effective speed clamp, so after one step {@code v_new − v} is
     * exactly the summed rule output and {@code p_new − p = v_new}.
     *
     * @param dimension 2 or 3
     */
    public static Preset quiet(int dimension) {
        return new Preset(Preset.FORMAT, "quiet", "all rules off, for unit tests",
                new World(dimension, 1000, new Boundary.None()),
                new Boids(2, 0, NO_SPEED_LIMIT, 1, 10),
                UpdateOrder.SYNCHRONOUS,
                new Neighbourhood.Metric(10),
                new Separation.Linear(5, 0),
                new Alignment.VelocityMatch(0),
                new Cohesion.Centroid(0),
                new Motion.Additive(1),
                new Predators(0, new PredatorBehaviour.ChaseCentroid(0), 1, 10, 0, 0, false),
                new Obstacles(new ObstacleAvoidance.ForceField(10, 0), List.of()),
                new Goal(0, 0, 0, 10, 0),
                new Noise(0));
    }

    public static Preset with(Preset p, World world) {
        return new Preset(p.format(), p.name(), p.description(), world, p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    /** Replaces the world's boundary, keeping its dimension and size. */
    public static Preset with(Preset p, Boundary boundary) {
        return with(p, new World(p.world().dimension(), p.world().size(), boundary));
    }

    public static Preset with(Preset p, Boids boids) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), boids, p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, UpdateOrder update) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), update, p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Neighbourhood neighbourhood) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), neighbourhood,
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Separation separation) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                separation, p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Alignment alignment) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), alignment, p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Cohesion cohesion) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), cohesion, p.motion(), p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Motion motion) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), motion, p.predators(), p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Predators predators) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), predators, p.obstacles(), p.goal(), p.noise());
    }

    public static Preset with(Preset p, Obstacles obstacles) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), obstacles, p.goal(), p.noise());
    }

    public static Preset with(Preset p, Goal goal) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), goal, p.noise());
    }

    public static Preset with(Preset p, Noise noise) {
        return new Preset(p.format(), p.name(), p.description(), p.world(), p.boids(), p.update(), p.neighbourhood(),
                p.separation(), p.alignment(), p.cohesion(), p.motion(), p.predators(), p.obstacles(), p.goal(), noise);
    }
}
