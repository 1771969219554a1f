package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The symmetric pair pass (metric neighbourhood, synchronous; 2D and 3D) must compute what the general
 * one-boid-at-a-time pass computes on the same preset ({@link Simulation#ofGeneralPass} never
 * takes the pair pass). The two add the same terms in a different order, so they agree to
 * rounding: 1e-12 after one step, 1e-9 after ten (relative to magnitudes above 1). Checked for
 * every built-in preset (made synchronous with a metric neighbourhood — its own where it has one
 * —, in 2D and 3D where its rules allow, with each periodic boundary and open) and for random
 * presets that together use every rule variant ({@link RandomPresets#coveringEveryVariant}; 5
 * steps for those, see below).
 */
class FastPairPassTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void symmetricAndGeneralPassesAgreeForEveryBuiltInPreset(long seed) {
        for (String name : Presets.all().keySet()) {
            // a peer's whole model runs its own kernel, never the engine's pair passes
            if (!(Presets.get(name) instanceof Preset.RuleSet base)) continue;
            int configurations = 0;
            for (int dimension = 2; dimension <= 3; dimension++) {
                for (Boundary boundary : new Boundary[] {new Boundary.Wrap(), new Boundary.WrapPositionsOnly(), new Boundary.None()}) {
                    double goalZ = dimension == 3 ? base.goal().z() : 0;
                    Preset.RuleSet.Builder builder;
                    try {
                        builder = base.toBuilder()
                                .goal(new Preset.Goal(base.goal().x(), base.goal().y(), goalZ, base.goal().radius(), base.goal().weight()))
                                .world(new Preset.World(dimension, base.world().size(), boundary));
                        builder.build();
                    } catch (IllegalArgumentException notInThisDimension) {   // e.g. a 2D-only alignment in 3D
                        assertTrue(dimension != base.world().dimension(), name + ": " + notInThisDimension.getMessage());
                        continue;
                    }
                    compare(builder, seed, 10, name + " " + dimension + "D " + boundary);
                    configurations++;
                }
            }
            assertTrue(configurations >= 3, name + " ran in " + configurations + " configurations");
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void symmetricAndGeneralPassesAgreeForRandomPresetsOfEveryVariant(long seed) {
        List<Preset.RuleSet> presets = RandomPresets.coveringEveryVariant(100 + seed);
        // 5 steps, not 10: some start every boid at one point, where a 1/d² separation amplifies
        // the rounding difference of the two summation orders past 1e-9 within 8 steps
        for (int k = 0; k < presets.size(); k++) compare(presets.get(k).toBuilder(), seed, 5, "random preset " + k + " " + presets.get(k));
    }

    /**
     * Every alignment that reads only neighbourhood sums takes the pair pass with a metric
     * neighbourhood and a synchronous update (so the comparisons above compare two passes); the
     * Couzin zones and a field of view do not.
     */
    @org.junit.jupiter.api.Test
    void theAlignmentsThatReadOnlySumsTakeThePairPass() {
        for (Preset.RuleSet p : RandomPresets.coveringEveryVariant(7)) {
            Preset.RuleSet synchronous = p.toBuilder().update(Preset.UpdateOrder.SYNCHRONOUS).build();
            boolean sums = Alignment.kind(synchronous.alignment()).usesPairSums();
            boolean metric = synchronous.neighbourhood() instanceof Neighbourhood.Metric
                    || synchronous.neighbourhood() instanceof Neighbourhood.MetricExcludingCoincident;
            boolean others = io.flocktune.sim.rule.Separation.kind(synchronous.separation()).usesPairSums()
                    && io.flocktune.sim.rule.Cohesion.kind(synchronous.cohesion()).usesPairSums() && synchronous.customRules().isEmpty();
            assertEquals(sums && metric && others, Simulation.of(synchronous, 1).takesPairPass(), synchronous.toString());
        }
        assertTrue(Simulation.of(Presets.rules("vicsek"), 1).takesPairPass(), "vicsek: Σ unit(v_j) from the pair pass");
        assertTrue(Simulation.of(Presets.rules("reynolds"), 1).takesPairPass(), "reynolds");
        assertTrue(!Simulation.of(Presets.rules("couzin"), 1).takesPairPass(), "couzin: zones and a field of view");
    }

    /** Runs {@code builder}'s preset, made synchronous with a metric neighbourhood, on both passes. */
    private static void compare(Preset.RuleSet.Builder builder, long seed, int steps, String what) {
        Preset.RuleSet preset = builder.update(Preset.UpdateOrder.SYNCHRONOUS).build();
        Neighbourhood metric = switch (preset.neighbourhood()) {
            case Neighbourhood.Metric m -> m;
            case Neighbourhood.MetricExcludingCoincident m -> m;
            case Neighbourhood.FieldOfView f -> new Neighbourhood.Metric(f.radius());
            case Neighbourhood.Topological t -> new Neighbourhood.Metric(2 * preset.separation().radius());
            case Neighbourhood.Global g -> new Neighbourhood.Metric(2 * preset.separation().radius());
        };
        if (preset.alignment() instanceof Alignment.Zonal zonal && metric instanceof Neighbourhood.Metric m && m.radius() < zonal.radius()) {
            metric = new Neighbourhood.Metric(zonal.radius());
        }
        Preset.RuleSet synchronous = builder.neighbourhood(metric).build();
        double size = synchronous.world().size();
        boolean periodic = synchronous.world().boundary() instanceof Boundary.Wrap
                || synchronous.world().boundary() instanceof Boundary.WrapPositionsOnly;   // positions wrap
        Simulation fast = Simulation.of(synchronous, seed);
        Simulation slow = Simulation.ofGeneralPass(synchronous, seed);
        for (int step = 1; step <= steps; step++) {
            fast.step();
            slow.step();
            double tolerance = step == 1 ? 1e-12 : 1e-9;
            assertClose(fast.flock().inIdOrder(), slow.flock().inIdOrder(), periodic ? size : 0, tolerance,
                    what + " seed " + seed + " step " + step);
        }
    }

    private static void assertClose(Flock a, Flock b, double period, double tolerance, String where) {
        assertEquals(b.count(), a.count(), where);
        for (int i = 0; i < a.count(); i++) {
            assertEquals(b.id()[i], a.id()[i], where);
            close(a.x()[i], b.x()[i], period, tolerance, where + " x of boid " + a.id()[i]);
            close(a.y()[i], b.y()[i], period, tolerance, where + " y of boid " + a.id()[i]);
            close(a.vx()[i], b.vx()[i], 0, tolerance, where + " vx of boid " + a.id()[i]);
            close(a.vy()[i], b.vy()[i], 0, tolerance, where + " vy of boid " + a.id()[i]);
            close(a.z()[i], b.z()[i], period, tolerance, where + " z of boid " + a.id()[i]);
            close(a.vz()[i], b.vz()[i], 0, tolerance, where + " vz of boid " + a.id()[i]);
        }
    }

    private static void close(double actual, double expected, double period, double tolerance, String where) {
        double difference = period > 0 ? Periodic.minimumImage(actual - expected, period) : actual - expected;
        assertEquals(0, difference, tolerance * Math.max(1, Math.abs(expected)), where);
    }
}
