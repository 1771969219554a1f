package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Hand-made checks of the reference models' rules (the phases are validated in objectives). */
class VicsekCouzinRulesTest {

    @Test
    void vicsekWithoutNoiseTakesTheCircularMeanIncludingItself() {
        Preset.RuleSet vicsek = Presets.rules("vicsek").toBuilder().alignment(new Alignment.Vicsek(1, 0)).build();
        Flock f = new Flock(2, 3, 0);
        // boids 0 and 1 are neighbours (distance 0.5 < 1); boid 2 is alone, far away
        f.x()[1] = 0.5;
        f.x()[2] = 4;
        f.vx()[0] = 0.03;                 // heading 0
        f.vy()[1] = 0.03;                 // heading π/2
        f.vx()[2] = -0.03;                // heading π, alone: keeps it
        Simulation sim = Simulation.of(vicsek, 1, f);
        sim.step();
        Flock after = sim.flock().inIdOrder();
        for (int i = 0; i < 2; i++) {
            assertEquals(Math.PI / 4, Math.atan2(after.vy()[i], after.vx()[i]), 1e-12);
            assertEquals(0.03, Math.hypot(after.vx()[i], after.vy()[i]), 1e-15);
        }
        assertEquals(Math.PI, Math.abs(Math.atan2(after.vy()[2], after.vx()[2])), 1e-12);
        assertEquals(0.03 * Math.cos(Math.PI / 4), after.x()[0], 1e-15, "moves with the new velocity");
    }

    @Test
    void vicsekNoiseStaysWithinHalfEta() {
        double eta = 1.0;
        Preset.RuleSet vicsek = Presets.rules("vicsek").toBuilder().alignment(new Alignment.Vicsek(1, eta))
                .boids(new Preset.Boids(50, 0, 0.03, 0.03, 1000)).world(new Preset.World(2, 1000, new Boundary.Wrap())).build();
        // isolated boids (density tiny): each heading moves by the noise alone, |Δθ| <= η/2
        Simulation sim = Simulation.of(vicsek, 3);
        Flock before = sim.flock().inIdOrder();
        sim.step();
        Flock after = sim.flock().inIdOrder();
        for (int i = 0; i < 50; i++) {
            double change = Simulation.wrapAngle(Math.atan2(after.vy()[i], after.vx()[i])
                    - Math.atan2(before.vy()[i], before.vx()[i]));
            org.junit.jupiter.api.Assertions.assertTrue(Math.abs(change) <= eta / 2 + 1e-12, "boid " + i + ": " + change);
        }
    }

    @Test
    void couzinRepulsionHasPriorityAndTurnsAreLimited() {
        Preset.RuleSet couzin = Presets.rules("couzin").toBuilder().motion(new Motion.TurningRate(0.1, 3, 40, 0)).build();
        Flock f = new Flock(3, 3, 0);
        // boid 0 flies +x; boid 1 is 0.5 to its left (+y, in the repulsion zone), boid 2 ahead in the
        // orientation zone flying +y. Repulsion alone counts: desired −y, a 90° turn, limited to 4°.
        f.vx()[0] = 3;
        f.y()[1] = 0.5; f.vx()[1] = 3;
        f.x()[2] = 2; f.vy()[2] = 3;
        Simulation sim = Simulation.of(couzin, 1, f);
        sim.step();
        Flock after = sim.flock().inIdOrder();
        double heading = Math.atan2(after.vy()[0], after.vx()[0]);
        assertEquals(-Math.toRadians(4), heading, 1e-12, "turned 40°/s · 0.1 s away from the close neighbour");
        assertEquals(3, Math.sqrt(sq(after.vx()[0]) + sq(after.vy()[0]) + sq(after.vz()[0])), 1e-12);
    }

    @Test
    void zonalRulesRejectIncoherentRadiiAndNeighbourhoods() {
        Preset.RuleSet couzin = Presets.rules("couzin");
        assertThrows(IllegalArgumentException.class,
                () -> couzin.toBuilder().alignment(new Alignment.Zonal(1, 30)).build(), "orientation beyond attraction");
        assertThrows(IllegalArgumentException.class,
                () -> couzin.toBuilder().neighbourhood(new Neighbourhood.Global()).build());
        assertThrows(IllegalArgumentException.class,
                () -> Presets.rules("reynolds").toBuilder().alignment(new Alignment.Vicsek(1, 1))
                        .world(new Preset.World(3, 10, new Boundary.Wrap())).build(), "vicsek is 2D only");
    }

    private static double sq(double v) {
        return v * v;
    }
}
