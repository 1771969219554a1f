package io.flocktune.sim;

import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Adds a rule the way README.md's "Adding a rule variant" says for a custom rule: (1) a record
 * implementing {@link CustomRule}, (2) named in a preset with {@code toBuilder().customRules(...)},
 * (3) run with {@link Simulation#of}. The rule rewrites {@link Cohesion.Centroid}, so on the
 * general path it must reproduce the built-in trajectory bit for bit.
 */
class CustomRuleTest {

    /** Step 1: the rule. {@code weight · (c_i − p_i)}, c_i the centroid of the neighbourhood. */
    record CentroidPull(double weight) implements CustomRule {
        @Override
        public void force(CustomRule.Boid self, CustomRule.Neighbours neighbours, double[] force) {
            int count = neighbours.count();
            if (count == 0) return;
            double sx = 0, sy = 0, sz = 0;
            for (int k = 0; k < count; k++) {
                sx += neighbours.dx(k); sy += neighbours.dy(k); sz += neighbours.dz(k);
            }
            force[0] = weight * (sx / count); force[1] = weight * (sy / count); force[2] = weight * (sz / count);
        }
    }

    /** The README's example: a pull toward the nearest neighbour. */
    record NearestPull(double weight) implements CustomRule {
        @Override
        public void force(CustomRule.Boid self, CustomRule.Neighbours n, double[] force) {
            int best = -1;
            for (int k = 0; k < n.count(); k++) if (best < 0 || n.distance(k) < n.distance(best)) best = k;
            if (best < 0) return;
            force[0] = weight * n.dx(best); force[1] = weight * n.dy(best); force[2] = weight * n.dz(best);
        }
    }

    private static Preset.RuleSet base(int dimension, UpdateOrder update, Neighbourhood neighbourhood) {
        Preset.RuleSet reynolds = Presets.rules("reynolds");
        return reynolds.toBuilder()
                .world(new Preset.World(dimension, 40, reynolds.world().boundary()))
                .boids(new Preset.Boids(150, 0.5, 1.0, 1.0, 40))
                .update(update)
                .neighbourhood(neighbourhood)
                .build();
    }

    @Test
    void aCustomRuleReproducesTheBuiltInVariantItRewritesBitForBit() {
        for (int dimension = 2; dimension <= 3; dimension++) {
            // not SEQUENTIAL_IN_PLACE: there cohesion acts first and alignment reads its result,
            // while a custom rule always adds after the built-in rules
            for (UpdateOrder update : List.of(UpdateOrder.SYNCHRONOUS, UpdateOrder.SEQUENTIAL)) {
                for (Neighbourhood neighbourhood : List.<Neighbourhood>of(new Neighbourhood.Metric(5),
                        new Neighbourhood.MetricExcludingCoincident(5), new Neighbourhood.FieldOfView(5, 270),
                        new Neighbourhood.Topological(7))) {
                    Preset.RuleSet p = base(dimension, update, neighbourhood);
                    Preset.RuleSet builtIn = p.toBuilder().cohesion(new Cohesion.Centroid(0.05)).build();
                    // step 2: name the rule in a preset (built-in cohesion off)
                    Preset.RuleSet custom = p.toBuilder().cohesion(new Cohesion.Centroid(0))
                            .customRules(List.of(new CentroidPull(0.05))).build();
                    // step 3: run it (the built-in on the general path too: same order of additions)
                    Simulation a = Simulation.ofGeneralPass(builtIn, 7);
                    Simulation b = Simulation.of(custom, 7);
                    a.run(60, (step, flock) -> {});
                    b.run(60, (step, flock) -> {});
                    String where = dimension + "D " + update + " " + Kinds.of(neighbourhood);
                    Flock fa = a.flock(), fb = b.flock();
                    assertArrayEquals(fa.id(), fb.id(), where);
                    assertArrayEquals(fa.x(), fb.x(), 0, where);
                    assertArrayEquals(fa.y(), fb.y(), 0, where);
                    assertArrayEquals(fa.z(), fb.z(), 0, where);
                    assertArrayEquals(fa.vx(), fb.vx(), 0, where);
                    assertArrayEquals(fa.vy(), fb.vy(), 0, where);
                    assertArrayEquals(fa.vz(), fb.vz(), 0, where);
                }
            }
        }
    }

    @Test
    void theReadmeExampleRunsOnEveryNeighbourhoodAndIsDeterministic() {
        for (Neighbourhood neighbourhood : List.<Neighbourhood>of(new Neighbourhood.Metric(5),
                new Neighbourhood.Topological(3), new Neighbourhood.Global())) {
            Preset.RuleSet p = base(3, UpdateOrder.SEQUENTIAL, neighbourhood).toBuilder()
                    .customRules(List.of(new NearestPull(0.02))).build();
            Simulation a = Simulation.of(p, 3), b = Simulation.of(p, 3);
            Simulation without = Simulation.of(base(3, UpdateOrder.SEQUENTIAL, neighbourhood), 3);
            a.run(30, (step, flock) -> {});
            b.run(30, (step, flock) -> {});
            without.run(30, (step, flock) -> {});
            assertArrayEquals(a.flock().x(), b.flock().x(), 0);
            assertArrayEquals(a.flock().vz(), b.flock().vz(), 0);
            assertFalse(java.util.Arrays.equals(a.flock().x(), without.flock().x()), "the rule acts");
            assertEquals(true, a.flock().allFinite());
        }
    }

    @Test
    void aPresetWithoutCustomRulesEqualsItsFifteenArgumentForm() {
        Preset.RuleSet reynolds = Presets.rules("reynolds");
        assertEquals(List.of(), reynolds.customRules());
        assertEquals(reynolds, reynolds.toBuilder().customRules(List.of()).build());
        assertThrows(IllegalArgumentException.class, () -> reynolds.toBuilder().customRules(null).build());
    }
}
