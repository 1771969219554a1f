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
 * The symmetric pair pass (metric neighbourhood or field of view, synchronous; 2D and 3D; Couzin's
 * zones too) must compute what the general one-boid-at-a-time pass computes on the same preset
 * ({@link Simulation#ofGeneralPass} never takes the pair pass). The two add the same terms in a
 * different order, so they agree to rounding: 1e-12 after one step, 1e-9 after ten (relative to
 * magnitudes above 1). Checked for every built-in preset (made synchronous with a metric
 * neighbourhood — its own where it has one —, its own field of view where it has one, and a
 * field of view of 270° and of 120° at the same radius, in 2D and 3D where its rules allow, with
 * each periodic boundary and open) and for random presets that together use every rule variant
 * ({@link RandomPresets#coveringEveryVariant}, each with its own field of view where it has one;
 * 5 steps for those, see below).
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
                    for (double viewAngle : VIEW_ANGLES) {
                        compare(builder, seed, 10, viewAngle, name + " " + dimension + "D " + boundary + " view " + viewAngle);
                    }
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
        for (int k = 0; k < presets.size(); k++) compare(presets.get(k).toBuilder(), seed, 5, 0, "random preset " + k + " " + presets.get(k));
    }

    /**
     * Every rule variant takes the pair pass with a metric neighbourhood or a field of view and a
     * synchronous update (so the comparisons above compare two passes); custom rules, the
     * topological and the global neighbourhood do not.
     */
    @org.junit.jupiter.api.Test
    void theAlignmentsThatReadOnlySumsTakeThePairPass() {
        for (Preset.RuleSet p : RandomPresets.coveringEveryVariant(7)) {
            Preset.RuleSet synchronous = p.toBuilder().update(Preset.UpdateOrder.SYNCHRONOUS).build();
            boolean sums = Alignment.kind(synchronous.alignment()).usesPairSums();
            boolean metric = synchronous.neighbourhood() instanceof Neighbourhood.Metric
                    || synchronous.neighbourhood() instanceof Neighbourhood.MetricExcludingCoincident
                    || synchronous.neighbourhood() instanceof Neighbourhood.FieldOfView;
            boolean others = io.flocktune.sim.rule.Separation.kind(synchronous.separation()).usesPairSums()
                    && io.flocktune.sim.rule.Cohesion.kind(synchronous.cohesion()).usesPairSums() && synchronous.customRules().isEmpty();
            assertEquals(sums && metric && others, Simulation.of(synchronous, 1).takesPairPass(), synchronous.toString());
        }
        assertTrue(Simulation.of(Presets.rules("vicsek"), 1).takesPairPass(), "vicsek: Σ unit(v_j) from the pair pass");
        assertTrue(Simulation.of(Presets.rules("reynolds"), 1).takesPairPass(), "reynolds");
        assertTrue(Simulation.of(Presets.rules("couzin"), 1).takesPairPass(), "couzin: zones and a field of view");
        assertTrue(!Simulation.of(Presets.rules("seed004"), 1).takesPairPass(), "seed004: sequential");
    }

    /** The built-in presets' neighbourhoods: their own (0), and fields of view of these full angles, degrees. */
    private static final double[] VIEW_ANGLES = {0, 270, 120};

    /**
     * Runs {@code builder}'s preset, made synchronous, on both passes: with its own metric
     * neighbourhood or field of view (a metric one in place of the others) when
     * {@code viewAngle} is 0, else with a field of view of that full angle (degrees) at the same radius.
     */
    private static void compare(Preset.RuleSet.Builder builder, long seed, int steps, double viewAngle, String what) {
        Preset.RuleSet preset = builder.update(Preset.UpdateOrder.SYNCHRONOUS).build();
        Neighbourhood metric = switch (preset.neighbourhood()) {
            case Neighbourhood.Metric m -> m;
            case Neighbourhood.MetricExcludingCoincident m -> m;
            case Neighbourhood.FieldOfView f -> f;
            case Neighbourhood.Topological t -> new Neighbourhood.Metric(2 * preset.separation().radius());
            case Neighbourhood.Global g -> new Neighbourhood.Metric(2 * preset.separation().radius());
        };
        if (preset.alignment() instanceof Alignment.Zonal zonal) {
            if (metric instanceof Neighbourhood.Metric m && m.radius() < zonal.radius()) metric = new Neighbourhood.Metric(zonal.radius());
            if (metric instanceof Neighbourhood.FieldOfView f && f.radius() < zonal.radius()) {
                metric = new Neighbourhood.FieldOfView(zonal.radius(), f.angle());
            }
        }
        if (viewAngle > 0) {
            double radius = switch (metric) {
                case Neighbourhood.Metric m -> m.radius();
                case Neighbourhood.MetricExcludingCoincident m -> m.radius();
                case Neighbourhood.FieldOfView f -> f.radius();
                case Neighbourhood.Topological t -> throw new AssertionError(t);
                case Neighbourhood.Global g -> throw new AssertionError(g);
            };
            metric = new Neighbourhood.FieldOfView(radius, viewAngle);
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
