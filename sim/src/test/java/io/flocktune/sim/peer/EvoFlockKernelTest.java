package io.flocktune.sim.peer;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** EvoFlock's preset checks, its drawn world and start, and its kernel's small formulas. */
class EvoFlockKernelTest {
    static final Preset PRESET = Presets.get("evoflock");

    @Test
    void presetRefusesWhatTheModelWouldIgnore() {
        Preset.World world = PRESET.world();
        Preset.Boids boids = PRESET.boids();
        EvoFlock model = EvoFlock.handTuned();
        assertMessage("world.dimension = 2", () -> Preset.forPeer("x", "", new Preset.World(2, 100, new Boundary.None()), boids, model));
        assertMessage("world.size = 99", () -> Preset.forPeer("x", "", new Preset.World(3, 99, new Boundary.None()), boids, model));
        assertMessage("world.boundary", () -> Preset.forPeer("x", "", new Preset.World(3, 100, new Boundary.Wrap()), boids, model));
        assertMessage("boids.count = 7", () -> Preset.forPeer("x", "", world, new Preset.Boids(7, 0, 20, 0, 33), model));
        assertMessage("boids.maxSpeed = 25", () -> Preset.forPeer("x", "", world, new Preset.Boids(200, 0, 25, 0, 33), model));
        assertMessage("boids.minSpeed = 1", () -> Preset.forPeer("x", "", world, new Preset.Boids(200, 1, 20, 0, 33), model));
        assertMessage("boids.spawnSize = 30", () -> Preset.forPeer("x", "", world, new Preset.Boids(200, 0, 20, 0, 30), model));
        assertMessage("angleAlign", () -> new EvoFlock(100, 4, 40, 45, 35, 85, 55, 15, 40, 40, -1, 1.5, -0.4, 10, 1.4));
        assertMessage("minTimeToCollide", () -> new EvoFlock(100, 4, 40, 45, 35, 85, 55, 15, 40, 40, -1, 0.6, -0.4, 10, 11));
    }

    private static void assertMessage(String start, org.junit.jupiter.api.function.Executable bad) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    @Test
    void obstaclesAreThirtyFiveNonOverlappingSpheresInsideTheBigOne() {
        for (long seed = 1; seed <= 20; seed++) {
            double[][] o = ((EvoFlockKernel) Simulation.of(PRESET, seed).peer()).obstacles();
            assertEquals(36, o.length);
            assertEquals(50, o[0][3]);
            for (int a = 1; a < o.length; a++) {
                assertTrue(o[a][3] >= 4 && o[a][3] < 10, "radius " + o[a][3]);
                assertTrue(Math.sqrt(o[a][0] * o[a][0] + o[a][1] * o[a][1] + o[a][2] * o[a][2]) + o[a][3] <= 46 + 1e-12,
                        "margin 4 from the big sphere");
                for (int b = 1; b < a; b++) {
                    double dx = o[a][0] - o[b][0], dy = o[a][1] - o[b][1], dz = o[a][2] - o[b][2];
                    assertTrue(Math.sqrt(dx * dx + dy * dy + dz * dz) >= o[a][3] + o[b][3] + 4 - 1e-12,
                            "seed " + seed + ": spheres " + a + " and " + b + " keep margin 4");
                }
            }
        }
    }

    @Test
    void startIsAtRestInTheBallOutsideEveryObstacleAndTheSameForTheSameSeed() {
        Simulation a = Simulation.of(PRESET, 3), b = Simulation.of(PRESET, 3);
        assertTrue(a.flock().sameState(b.flock()));
        EvoFlockKernel kernel = (EvoFlockKernel) a.peer();
        double[][] o = kernel.obstacles();
        Flock f = a.flock();
        for (int i = 0; i < f.count(); i++) {
            assertTrue(f.vx()[i] == 0 && f.vy()[i] == 0 && f.vz()[i] == 0, "at rest");
            double dx = f.x()[i] + 33, dy = f.y()[i], dz = f.z()[i];
            boolean pushed = false;
            for (int k = 1; k < o.length; k++) {
                double ex = f.x()[i] - o[k][0], ey = f.y()[i] - o[k][1], ez = f.z()[i] - o[k][2];
                double d = Math.sqrt(ex * ex + ey * ey + ez * ez);
                assertTrue(d >= o[k][3], "boid " + i + " outside obstacle " + k);
                if (Math.abs(d - o[k][3] - 1) < 1e-9) pushed = true;
            }
            assertTrue(pushed || Math.sqrt(dx * dx + dy * dy + dz * dz) <= 16.5, "boid " + i + " in the ball or pushed out");
            double fl = Math.hypot(Math.hypot(kernel.forward(i, 0), kernel.forward(i, 1)), kernel.forward(i, 2));
            assertEquals(1, fl, 1e-12);
        }
        assertEquals(0, kernel.collisions(), "the start's push-outs are not counted");
    }

    @Test
    void remapClipBlendsHalfOnAZeroWidthIntervalAndClips() {
        assertEquals(0.5, EvoFlockKernel.remapClip(3, 0, 0, 1, 0));
        assertEquals(1, EvoFlockKernel.remapClip(10, 18, 22, 1, -1));
        assertEquals(0, EvoFlockKernel.remapClip(20, 18, 22, 1, -1), 1e-15);
        assertEquals(-1, EvoFlockKernel.remapClip(30, 18, 22, 1, -1));
        assertEquals(0.9, EvoFlockKernel.remapClip(0.05, 0, 0.1, 0.8, 1), 1e-15);
    }

    @Test
    void boidsStayInsideTheSphereAndRecordsAreInRange() {
        Simulation sim = Simulation.of(PRESET, 9);
        EvoFlockKernel kernel = (EvoFlockKernel) sim.peer();
        for (int step = 0; step < 300; step++) {
            sim.step();
            Flock f = sim.flock();
            for (int i = 0; i < f.count(); i++) {
                double r = Math.sqrt(f.x()[i] * f.x()[i] + f.y()[i] * f.y()[i] + f.z()[i] * f.z()[i]);
                assertTrue(r <= 50, "boid " + i + " at radius " + r + " after step " + step);
                assertTrue(kernel.curvature(i) >= 0 && kernel.curvature(i) <= 2);
                assertTrue(kernel.nearestDistance(i) > 0);
                assertTrue(kernel.speed(i) >= 0);
            }
        }
    }
}
