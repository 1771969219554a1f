package io.flocktune.sim.peer;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.rule.Boundary;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link NetLogoFlocking}: what the preset may hold (nothing the model ignores), the NetLogo
 * helpers on their edge cases, reproducibility of the random order and a few hand-worked ticks.
 * The trajectories themselves are checked against the transcription in
 * {@code fidelity.NetLogoFlockingFidelityTest}.
 */
class NetLogoFlockingTest {
    static final Preset.Peer PRESET = Presets.peer("netlogo-flocking");

    static String refused(Preset.World world, Preset.Boids boids) {
        return assertThrows(IllegalArgumentException.class, () -> NetLogoFlocking.defaults().check(world, boids)).getMessage();
    }

    @Test
    void thePresetIsNetLogosLibraryModel() {
        NetLogoFlocking m = (NetLogoFlocking) PRESET.peer();
        assertEquals(new NetLogoFlocking(NetLogoFlocking.Order.RANDOM_SEQUENTIAL, 5, 1, 5, 3, 1.5), m);
        assertEquals(71, PRESET.world().size());
        assertEquals(300, PRESET.boids().count());
    }

    @Test
    void worldAndBoidsTheModelWouldIgnoreAreRefused() {
        Preset.World w = PRESET.world();
        Preset.Boids b = PRESET.boids();
        assertEquals("world.dimension = 3: netLogoFlocking is 2D", refused(new Preset.World(3, 71, w.boundary()), b));
        assertTrue(refused(new Preset.World(2, 71, new Boundary.None()), b).startsWith("world.boundary"));
        assertTrue(refused(new Preset.World(2, 8, w.boundary()), new Preset.Boids(300, 1, 1, 1, 8))
                .startsWith("peer.vision = 5.0: must be in [0, world.size/2 = 4.0]"));
        assertTrue(refused(w, new Preset.Boids(300, 0, 1, 1, 71)).startsWith("boids.minSpeed = 0.0"));
        assertTrue(refused(w, new Preset.Boids(300, 1, 2, 1, 71)).startsWith("boids.maxSpeed = 2.0"));
        assertTrue(refused(w, new Preset.Boids(300, 1, 1, 0.5, 71)).startsWith("boids.initialSpeed = 0.5"));
        assertTrue(refused(w, new Preset.Boids(300, 1, 1, 1, 10)).startsWith("boids.spawnSize = 10.0"));
        assertThrows(IllegalArgumentException.class, () -> new NetLogoFlocking(NetLogoFlocking.Order.ID_ORDER, -1, 1, 5, 3, 1.5));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new NetLogoFlocking(NetLogoFlocking.Order.ID_ORDER, 5, 1, 181, 3, 1.5)).getMessage()
                .startsWith("maxAlignTurn = 181.0: must be in [0, 180]"));
        assertThrows(IllegalArgumentException.class, () -> new NetLogoFlocking(null, 5, 1, 5, 3, 1.5));
    }

    @Test
    void netLogoHeadingHelpers() {
        assertEquals(180, NetLogoFlockingKernel.subtractHeadings(0, 180), "-180 maps to +180: (-180, 180]");
        assertEquals(180, NetLogoFlockingKernel.subtractHeadings(180, 0));
        assertEquals(-20, NetLogoFlockingKernel.subtractHeadings(350, 10));
        assertEquals(20, NetLogoFlockingKernel.subtractHeadings(10, 350));
        assertEquals(0, NetLogoFlockingKernel.normalize(360));
        assertEquals(350, NetLogoFlockingKernel.normalize(-10));
        assertTrue(NetLogoFlockingKernel.normalize(-1e-20) < 360, "a tiny negative heading stays below 360");
        assertEquals(90, NetLogoFlockingKernel.atan(1, 0), 1e-12, "atan x y: east");
        assertEquals(270, NetLogoFlockingKernel.atan(-1, 0), 1e-12);
        assertEquals(0, NetLogoFlockingKernel.atan(0, 1), 0);
    }

    /**
     * Two turtles 0.5 apart (below minimum separation 1), headings 0 and 90: each turns 1.5° away
     * from the other's heading (turtle 0: subtract-headings(0, 90) = −90, so left to 358.5; then
     * turtle 1 sees 358.5: subtract-headings(90, 358.5) = 91.5, right to 91.5), then each moves 1.
     */
    @Test
    void separationTurnsAwayFromTheNearestsHeadingByAtMostTheMaximum() {
        Preset p = new Preset.Peer("p", "", PRESET.world(), new Preset.Boids(2, 1, 1, 1, 71),
                new NetLogoFlocking(NetLogoFlocking.Order.ID_ORDER, 5, 1, 5, 3, 1.5));
        Flock start = TestFlocks.of(2, new double[] {0, 0, 0, 0, 1, 0}, new double[] {0.5, 0, 0, 1, 0, 0});
        Simulation sim = Simulation.of(p, 1, start);
        sim.step();
        NetLogoFlockingKernel k = (NetLogoFlockingKernel) sim.peer();
        assertEquals(358.5, k.heading(0), 1e-12);
        assertEquals(91.5, k.heading(1), 1e-12);
        Flock f = sim.flock();
        assertEquals(Math.sin(Math.toRadians(358.5)), f.x()[0], 1e-12);
        assertEquals(Math.cos(Math.toRadians(358.5)), f.y()[0], 1e-12);
        assertEquals(Math.sin(Math.toRadians(358.5)), f.vx()[0], 1e-15);
    }

    /**
     * Align then cohere, on the heading as already turned: turtle 0 at the origin heading 0, one
     * flockmate 3 east heading 90 (distance 3 ≥ 1). Align: towards 90 by at most 5 → 5. Cohere:
     * the bearing to the flockmate is 90, subtract-headings(90, 5) = 85 → at most 3 → 8.
     * Across the seam: the flockmate at x = 34.5, turtle 0 at x = −34.5 (minimum image 2 west).
     */
    @Test
    void alignThenCohereOnTheTurnedHeadingAcrossTheSeam() {
        Preset p = new Preset.Peer("p", "", PRESET.world(), new Preset.Boids(2, 1, 1, 1, 71),
                new NetLogoFlocking(NetLogoFlocking.Order.ID_ORDER, 5, 1, 5, 3, 1.5));
        Simulation sim = Simulation.of(p, 1, TestFlocks.of(2, new double[] {0, 0, 0, 0, 1, 0}, new double[] {3, 0, 0, 1, 0, 0}));
        sim.step();
        assertEquals(8, ((NetLogoFlockingKernel) sim.peer()).heading(0), 1e-12);
        Simulation seam = Simulation.of(p, 1, TestFlocks.of(2, new double[] {-34.5, 0, 0, 0, 1, 0}, new double[] {34.5, 0, 0, 0, -1, 0}));
        seam.step();
        // align: mean heading 180, subtract-headings(180, 0) = 180 → right 5; cohere: bearing 270 (west, across the seam),
        // subtract-headings(270, 5) = −95 → left 3 → 2
        assertEquals(2, ((NetLogoFlockingKernel) seam.peer()).heading(0), 1e-12);
    }

    @Test
    void theRandomOrderIsAPureFunctionOfTheSeedAndDiffersFromIdOrder() {
        Simulation a = Simulation.of(PRESET, 42), b = Simulation.of(PRESET, 42);
        Preset idOrder = new Preset.Peer("p", "", PRESET.world(), PRESET.boids(),
                new NetLogoFlocking(NetLogoFlocking.Order.ID_ORDER, 5, 1, 5, 3, 1.5));
        Simulation c = Simulation.of(idOrder, 42);
        assertTrue(a.flock().sameState(c.flock()), "the order does not change the setup");
        for (int s = 0; s < 30; s++) { a.step(); b.step(); c.step(); }
        assertTrue(a.flock().sameState(b.flock()));
        assertFalse(a.flock().sameState(c.flock()));
    }

    @Test
    void aGivenStateNeedsAVelocityForEachHeading() {
        Preset p = new Preset.Peer("p", "", PRESET.world(), new Preset.Boids(2, 1, 1, 1, 71), PRESET.peer());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> Simulation.of(p, 1, TestFlocks.of(2, new double[] {0, 0, 0, 0, 0, 0}, new double[] {3, 0, 0, 1, 0, 0})));
        assertTrue(x.getMessage().startsWith("boid 0 has velocity 0"), x.getMessage());
    }
}
