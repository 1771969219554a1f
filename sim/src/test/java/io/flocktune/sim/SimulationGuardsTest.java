package io.flocktune.sim;

import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The degenerate configurations every rule must survive without a NaN or infinity: coincident
 * boids (d = 0), boids at rest (normalising a zero velocity), no neighbours at all, a boid on a
 * predator, on an obstacle's centre and on the goal; for every combination of rule variants
 * and both obstacle avoidances.
 */
class SimulationGuardsTest {

    @Test
    void coincidentBoidsAtRestStayFinite() {
        // five boids on one point, at rest; the predator, obstacle centre and goal on it too
        double[] at = {1.25, -2.5, 0};
        forEveryCombination((preset, label) -> {
            double z = preset.world().dimension() == 3 ? at[2] + 0.5 : 0;
            double[][] boids = new double[5][];
            for (int i = 0; i < 5; i++) boids[i] = new double[] {at[0], at[1], z, 0, 0, 0};
            Flock flock = TestFlocks.of(preset.world().dimension(), boids, new double[][] {{at[0], at[1], z, 0, 0, 0}});
            Preset.Sphere sphere = new Preset.Sphere(at[0], at[1], z, 1);
            Preset.RuleSet forceField = preset.toBuilder()
                    .obstacles(new Preset.Obstacles(new ObstacleAvoidance.ForceField(5, 1), List.of(sphere)))
                    .goal(new Preset.Goal(at[0], at[1], z, 5, 1))
                    .predators(new Preset.Predators(1, new PredatorBehaviour.ChaseCentroid(0.1), 2, 5, 1, 0.5, false))
                    .build();
            assertFiniteForSteps(forceField, flock, label + " coincident at rest, force field");
            Preset.RuleSet steerToAvoid = forceField.toBuilder()
                    .obstacles(new Preset.Obstacles(new ObstacleAvoidance.SteerToAvoid(5, 0.5, 1), List.of(sphere)))
                    .predators(new Preset.Predators(1, new PredatorBehaviour.ChaseNearest(5, 270, 30), 2, 5, 1, 0.5, false))
                    .build();
            assertFiniteForSteps(steerToAvoid, flock, label + " coincident at rest, steer-to-avoid");
            Preset.RuleSet visibleCentroid = forceField.toBuilder()
                    .predators(new Preset.Predators(1, new PredatorBehaviour.ChaseVisibleCentroid(5, 90, 30), 2, 5, 1, 0.5, true))
                    .build();
            assertFiniteForSteps(visibleCentroid, flock, label + " coincident at rest, visible centroid");
        });
    }

    @Test
    void coincidentMovingBoidsStayFinite() {
        forEveryCombination((preset, label) -> {
            boolean threeD = preset.world().dimension() == 3;
            Flock flock = TestFlocks.of(preset.world().dimension(), new double[] {0, 0, 0, 1, 0, 0},
                    new double[] {0, 0, 0, -1, 0, 0}, new double[] {0, 0, 0, 0, 0.5, threeD ? 0.5 : 0},
                    new double[] {0, 0, 0, 0, 0, 0});
            assertFiniteForSteps(preset, flock, label + " coincident moving");
        });
    }

    @Test
    void isolatedBoidsStayFinite() {
        forEveryCombination((preset, label) -> {
            // 40 apart: no neighbour within any radius used here; at rest
            Flock flock = TestFlocks.of(preset.world().dimension(), new double[] {-40, 0, 0, 0, 0, 0},
                    new double[] {0, 0, 0, 0, 0, 0}, new double[] {40, 0, 0, 0, 0, 0});
            Simulation sim = assertFiniteForSteps(preset, flock, label + " isolated");
            // with a metric reach nothing acts on them, so with a speed-clamping motion they stay at
            // rest (Vicsek includes the boid itself and always gives a unit heading)
            boolean reachOnly = preset.neighbourhood() instanceof Neighbourhood.Metric
                    || preset.neighbourhood() instanceof Neighbourhood.MetricExcludingCoincident
                    || preset.neighbourhood() instanceof Neighbourhood.FieldOfView;
            boolean clamping = preset.motion() instanceof Motion.Additive || preset.motion() instanceof Motion.Steering;
            if (reachOnly && clamping && !(preset.alignment() instanceof Alignment.Vicsek)) {
                for (int i = 0; i < 3; i++) {
                    assertArrayEquals(new double[3], TestFlocks.velocity(sim.flock(), i), label + " isolated boid " + i + " moved");
                }
            }
        });
    }

    @Test
    void aLoneBoidStaysFinite() {
        forEveryCombination((preset, label) ->
                assertFiniteForSteps(preset, TestFlocks.of(preset.world().dimension(), new double[] {0, 0, 0, 0, 0, 0}),
                        label + " alone"));
    }

    private interface Case {
        void check(Preset.RuleSet preset, String label);
    }

    /**
     * Every neighbourhood × separation × alignment × cohesion × motion, 2D and 3D, both update
     * orders (zonal alignment only where the preset allows it, zonal cohesion only with it).
     */
    private static void forEveryCombination(Case test) {
        int cases = 0;
        for (int dimension = 2; dimension <= 3; dimension++) {
            for (Neighbourhood neighbourhood : List.of(new Neighbourhood.Metric(5), new Neighbourhood.FieldOfView(5, 270),
                    new Neighbourhood.Topological(2), new Neighbourhood.Global(), new Neighbourhood.MetricExcludingCoincident(5))) {
                List<Alignment> alignments = new ArrayList<>(List.of(new Alignment.VelocityMatch(1),
                        new Alignment.SummedVelocityMatch(1), new Alignment.MeanVelocityLimited(1, 0.5),
                        new Alignment.MeanForward(1)));
                boolean metric = neighbourhood instanceof Neighbourhood.Metric || neighbourhood instanceof Neighbourhood.FieldOfView
                        || neighbourhood instanceof Neighbourhood.MetricExcludingCoincident;
                if (metric) alignments.add(new Alignment.Zonal(1, 4));
                if (dimension == 2) {
                    alignments.addAll(List.of(new Alignment.HeadingBlend(0.5), new Alignment.CircularHeadingBlend(0.5),
                            new Alignment.Vicsek(1, 0.5)));
                }
                for (Separation separation : List.of(new Separation.Linear(3, 1), new Separation.InverseDistance(3, 1),
                        new Separation.InverseSquareClamped(3, 1, 10, 0.5), new Separation.Normalized(3, 1),
                        new Separation.Zonal(3, 1))) {
                    for (Alignment alignment : alignments) {
                        List<Cohesion> cohesions = new ArrayList<>(List.of(new Cohesion.Centroid(1),
                                new Cohesion.SteerTo(1, 10, 0.5), new Cohesion.UnitToCentroid(1)));
                        if (alignment instanceof Alignment.Zonal) cohesions.add(new Cohesion.Zonal(1));
                        for (Cohesion cohesion : cohesions) {
                            for (Motion motion : List.of(new Motion.Additive(1), new Motion.Steering(1, 0.5),
                                    new Motion.ConstantSpeed(0.1, 1, 0.5), new Motion.TurningRate(0.1, 1, 40, 0.05),
                                    new Motion.MoveThenClamp(1), new Motion.Unclamped(1))) {
                                for (UpdateOrder update : UpdateOrder.values()) {
                                    Preset.RuleSet preset = TestPresets.quiet(dimension).toBuilder()
                                            .world(new Preset.World(dimension, 100, new Boundary.Wrap()))
                                            .boids(new Preset.Boids(2, 0.5, 2, 1, 10))
                                            .neighbourhood(neighbourhood)
                                            .separation(separation).alignment(alignment).cohesion(cohesion)
                                            .motion(motion).update(update).build();
                                    test.check(preset, dimension + "D " + Kinds.of(neighbourhood) + "/" + Kinds.of(separation)
                                            + "/" + Kinds.of(alignment) + "/" + Kinds.of(cohesion) + "/" + Kinds.of(motion)
                                            + "/" + update);
                                    cases++;
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(cases >= 4000, cases + " combinations");
    }

    private static Simulation assertFiniteForSteps(Preset.RuleSet preset, Flock flock, String label) {
        Simulation sim = Simulation.of(preset, 3, flock);
        for (int step = 1; step <= 3; step++) {
            sim.step();
            assertTrue(sim.flock().allFinite(), label + ": non-finite after step " + step);
        }
        return sim;
    }
}
