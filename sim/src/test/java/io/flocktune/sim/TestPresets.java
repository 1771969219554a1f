package io.flocktune.sim;

import io.flocktune.sim.Preset.Goal;
import io.flocktune.sim.Preset.Noise;
import io.flocktune.sim.Preset.Obstacles;
import io.flocktune.sim.Preset.Predators;
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

import java.util.List;

/** A quiet base preset for rule tests; derive variants with {@link Preset.RuleSet#toBuilder()}. */
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
    public static Preset.RuleSet quiet(int dimension) {
        return new Preset.RuleSet(Preset.FORMAT, "quiet", "all rules off, for unit tests",
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
}
