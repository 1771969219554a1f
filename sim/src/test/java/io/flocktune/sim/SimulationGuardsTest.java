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
 * predator, on an obstacle's centre and on the goal; for every combination of rule variants.
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
            Preset onPoint = TestPresets.with(TestPresets.with(TestPresets.with(preset,
                    new Preset.Obstacles(new ObstacleAvoidance.ForceField(5, 1), List.of(new Preset.Sphere(at[0], at[1], z, 1)))),
                    new Preset.Goal(at[0], at[1], z, 5, 1)),
                    new Preset.Predators(1, new PredatorBehaviour.ChaseCentroid(0.1), 2, 5, 1, 0.5, false));
            assertFiniteForSteps(onPoint, TestFlocks.of(preset.world().dimension(), boids,
                    new double[][] {{at[0], at[1], z, 0, 0, 0}}), label + " coincident at rest");
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
            // with a metric neighbourhood nothing acts on them, so they stay at rest
            if (preset.neighbourhood() instanceof Neighbourhood.Metric && !(preset.motion() instanceof Motion.ConstantSpeed)) {
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
        void check(Preset preset, String label);
    }

    /** Every separation × alignment × cohesion × motion, 2D and 3D, both update orders. */
    private static void forEveryCombination(Case test) {
        int cases = 0;
        for (int dimension = 2; dimension <= 3; dimension++) {
            List<Alignment> alignments = new ArrayList<>(List.of(new Alignment.VelocityMatch(1),
                    new Alignment.MeanVelocityLimited(1, 0.5), new Alignment.MeanForward(1)));
            if (dimension == 2) alignments.addAll(List.of(new Alignment.HeadingBlend(0.5), new Alignment.CircularHeadingBlend(0.5)));
            for (Separation separation : List.of(new Separation.Linear(3, 1), new Separation.InverseDistance(3, 1),
                    new Separation.InverseSquareClamped(3, 1, 10, 0.5), new Separation.Normalized(3, 1))) {
                for (Alignment alignment : alignments) {
                    for (Cohesion cohesion : List.of(new Cohesion.Centroid(1), new Cohesion.SteerTo(1, 10, 0.5),
                            new Cohesion.UnitToCentroid(1))) {
                        for (Motion motion : List.of(new Motion.Additive(1), new Motion.Steering(1, 0.5),
                                new Motion.ConstantSpeed(0.1, 1, 0.5))) {
                            for (UpdateOrder update : UpdateOrder.values()) {
                                Preset preset = TestPresets.quiet(dimension);
                                preset = TestPresets.with(preset, new Preset.World(dimension, 100, new Boundary.Wrap()));
                                preset = TestPresets.with(preset, new Preset.Boids(2, 0.5, 2, 1, 10));
                                preset = TestPresets.with(preset, new Neighbourhood.Metric(5));
                                preset = TestPresets.with(preset, separation);
                                preset = TestPresets.with(preset, alignment);
                                preset = TestPresets.with(preset, cohesion);
                                preset = TestPresets.with(preset, motion);
                                preset = TestPresets.with(preset, update);
                                String label = dimension + "D " + Kinds.of(separation) + "/" + Kinds.of(alignment) + "/"
                                        + Kinds.of(cohesion) + "/" + Kinds.of(motion) + "/" + update;
                                test.check(preset, label);
                                test.check(TestPresets.with(preset, new Neighbourhood.Global()), label + "/global");
                                cases += 2;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(cases >= 1000, cases + " combinations");
    }

    private static Simulation assertFiniteForSteps(Preset preset, Flock flock, String label) {
        Simulation sim = Simulation.of(preset, 3, flock);
        for (int step = 1; step <= 3; step++) {
            sim.step();
            assertTrue(sim.flock().allFinite(), label + ": non-finite after step " + step);
        }
        return sim;
    }
}
