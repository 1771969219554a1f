package io.flocktune.sim.peer;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * EvoFlock's preset checks, its drawn world and start, its kernel's small formulas, and one
 * transcription test for each of the four source lines where a plausible reading differs from
 * EvoFlock's code at 8d04df9 (neighbour ranking, the predicted collision at speed 0,
 * {@code normalize_or_0} of a near-zero vector, the curvature of a boid at rest): each builds a
 * state where the two readings part and checks the kernel against the value the source line gives.
 */
class EvoFlockKernelTest {
    static final Preset.Peer PRESET = Presets.peer("evoflock");

    @Test
    void presetRefusesWhatTheModelWouldIgnore() {
        Preset.World world = PRESET.world();
        Preset.Boids boids = PRESET.boids();
        EvoFlock model = EvoFlock.handTuned();
        assertMessage("world.dimension = 2", () -> new Preset.Peer("x", "", new Preset.World(2, 100, new Boundary.None()), boids, model));
        assertMessage("world.size = 99", () -> new Preset.Peer("x", "", new Preset.World(3, 99, new Boundary.None()), boids, model));
        assertMessage("world.boundary", () -> new Preset.Peer("x", "", new Preset.World(3, 100, new Boundary.Wrap()), boids, model));
        assertMessage("boids.count = 7", () -> new Preset.Peer("x", "", world, new Preset.Boids(7, 0, 20, 0, 33), model));
        assertMessage("boids.maxSpeed = 25", () -> new Preset.Peer("x", "", world, new Preset.Boids(200, 0, 25, 0, 33), model));
        assertMessage("boids.minSpeed = 1", () -> new Preset.Peer("x", "", world, new Preset.Boids(200, 1, 20, 0, 33), model));
        IllegalArgumentException moving = assertThrows(IllegalArgumentException.class,
                () -> new Preset.Peer("x", "", world, new Preset.Boids(200, 0, 20, 5, 33), model));
        assertEquals("boids.minSpeed = 0.0, boids.initialSpeed = 5.0: peer.kind = evoFlock needs both 0 (no speed floor; "
                + "boids start at rest)", moving.getMessage());
        assertMessage("boids.spawnSize = 30", () -> new Preset.Peer("x", "", world, new Preset.Boids(200, 0, 20, 0, 30), model));
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

    static final long SEED = 5;
    static final double DT = 1.0 / 30;

    /** The hand-tuned parameters with the given weights (forward, separate, avoidPredict), the others 0. */
    static EvoFlock only(double weightForward, double weightSeparate, double weightAvoidPredict, double maxDistSeparate) {
        return new EvoFlock(100, weightForward, weightSeparate, 0, 0, weightAvoidPredict, 0, maxDistSeparate, 40, 40,
                -1, 0.6, -0.4, 10, 1.4);
    }

    /** The obstacles the kernel draws from {@link #SEED} (drawn first, before anything else). */
    static double[][] obstacles(EvoFlock model) {
        EvoFlockKernel k = new EvoFlockKernel(model, 8);
        Flock f = new Flock(3, 8, 0);
        for (int i = 0; i < 8; i++) f.x()[i] = i;
        k.adopt(f, new SplittableRandom(SEED));
        return k.obstacles();
    }

    /** The first integer point with every point within {@code reach} of it at least 2 from every obstacle. */
    static double[] clearSpot(double[][] o, double reach) {
        for (int a = -40; a <= 40; a++) {
            for (int b = -40; b <= 40; b++) {
                for (int c = -40; c <= 40; c++) {
                    if (Math.sqrt(a * a + b * b + c * c) + reach > 48) continue;
                    boolean clear = true;
                    for (int k = 1; k < o.length && clear; k++) {
                        double dx = a - o[k][0], dy = b - o[k][1], dz = c - o[k][2];
                        clear = Math.sqrt(dx * dx + dy * dy + dz * dz) > o[k][3] + reach + 2;
                    }
                    if (clear) return new double[]{a, b, c};
                }
            }
        }
        throw new AssertionError("no clear spot");
    }

    /** A kernel that has adopted {@code flock} with {@link #SEED} and taken one step. */
    static EvoFlockKernel stepOnce(EvoFlock model, Flock flock) {
        EvoFlockKernel k = new EvoFlockKernel(model, flock.count());
        k.adopt(flock, new SplittableRandom(SEED));
        k.step(flock, 0, null);
        return k;
    }

    static void put(Flock f, int i, double[] at, double dx, double dy, double dz, double vx) {
        f.x()[i] = at[0] + dx; f.y()[i] = at[1] + dy; f.z()[i] = at[2] + dz;
        f.vx()[i] = vx;
    }

    /**
     * Boid.h {@code recompute_nearest_neighbors} (8d04df9): key d² · (forwardness &gt; 0 ? 1 : 2),
     * so a boid beside (forward·offset = 0) pays the penalty and one behind pays 2, not 4.
     * Boid 0 flies along +x; boid 1 beside at 3 (key 18), boid 2 behind at 2 (key 8), boids 3–9
     * ahead at 3.2, 3.3, … 3.8 (keys 10.24 … 14.44): the 7 nearest are 2, 3, … 8.
     */
    @Test
    void neighboursBesideOrBehindCountTheirSquaredDistanceTwice() {
        EvoFlock model = EvoFlock.handTuned();
        double[] c = clearSpot(obstacles(model), 5);
        Flock f = new Flock(3, 10, 0);
        put(f, 0, c, 0, 0, 0, 20);
        put(f, 1, c, 0, 3, 0, 20);
        put(f, 2, c, -2, 0, 0, 20);
        for (int k = 0; k < 7; k++) put(f, 3 + k, c, 3.2 + 0.1 * k, 0, 0, 20);
        EvoFlockKernel kernel = stepOnce(model, f);
        int[] list = new int[7];
        for (int k = 0; k < 7; k++) list[k] = kernel.neighbour(0, k);
        assertArrayEquals(new int[]{2, 3, 4, 5, 6, 7, 8}, list);
    }

    /**
     * Boid.h {@code cache_predicted_obstacle_collisions} (8d04df9): hits sorted by
     * time_to_collision = dist / speed. At speed 0 every time is +∞, the sort keeps the obstacles'
     * order, and the first collision is the big sphere's wall even with a small sphere 2 units
     * ahead. Only predictive avoidance steers (weight 85; at speed 0 remap_clip gives 0.5): the
     * velocity after one step is (lat − ½|lat| fwd) · 0.5 · 85 · dt with lat from the wall's hit.
     */
    @Test
    void atSpeedZeroTheFirstPredictedCollisionIsTheBigSphere() {
        EvoFlock model = only(0, 0, 85, 15);
        double[][] o = obstacles(model);
        Flock probe = new Flock(3, 8, 0);
        for (int i = 0; i < 8; i++) probe.x()[i] = i;
        EvoFlockKernel first = new EvoFlockKernel(model, 8);
        first.adopt(probe, new SplittableRandom(SEED));
        double[] fw = {first.forward(0, 0), first.forward(0, 1), first.forward(0, 2)};   // drawn, not placed
        double[] side = unit(cross(fw, new double[]{0, 0, 1}));
        double[] p = null;
        for (int k = 1; k < o.length && p == null; k++) {
            double[] q = new double[3];
            for (int a = 0; a < 3; a++) q[a] = o[k][a] - fw[a] * (o[k][3] + 2) + side[a] * 0.5 * o[k][3];
            if (clearOfAll(o, q, 1) && norm(q) < 45) p = q;
        }
        assertTrue(p != null, "a small sphere with room in front of it");
        double[] rest = clearSpot(o, 5);
        Flock f = new Flock(3, 8, 0);
        f.x()[0] = p[0]; f.y()[0] = p[1]; f.z()[0] = p[2];
        for (int i = 1; i < 8; i++) put(f, i, rest, i * 0.5, 0, 0, 0);
        stepOnce(model, f);                    // boid 0 at rest draws the same forward: it draws first
        // the wall's hit: p + fw·d on the sphere of radius 50, normal toward the boid = −unit(poi)
        double b = dot(fw, p), d = -b + Math.sqrt(b * b - (dot(p, p) - 2500));
        double[] n = new double[3];
        for (int a = 0; a < 3; a++) n[a] = -(p[a] + fw[a] * d) / 50;
        double along = dot(n, fw);
        double[] lat = new double[3];
        for (int a = 0; a < 3; a++) lat[a] = n[a] - fw[a] * along;
        lat = unit(lat);
        for (int a = 0; a < 3; a++) {
            double expected = (lat[a] - 0.5 * fw[a]) * 0.5 * 85 * DT;
            double actual = a == 0 ? f.vx()[0] : a == 1 ? f.vy()[0] : f.vz()[0];
            assertEquals(expected, actual, 1e-12, "velocity component " + a);
        }
    }

    /**
     * Vec3.h {@code normalize_or_0} (8d04df9): a vector with |v|² &le; 1e-15 is returned as it is.
     * Boid 0 flies along +x with six neighbours on a ring of radius 2 around it in the y–z plane,
     * one moved out by 1e-9, and a seventh at 3.5 (beyond maxDistSeparate 3): the separation sum
     * is about 1e-10 long, so the steer is that sum · 40, not a unit vector · 40.
     */
    @Test
    void aNearZeroSeparationSumIsNotNormalized() {
        EvoFlock model = only(0, 40, 0, 3);
        double[] c = clearSpot(obstacles(model), 5);
        double[][] ring = {{0, 2 + 1e-9, 0}, {0, -2, 0}, {0, 0, 2}, {0, 0, -2}, {0, 1.2, 1.6}, {0, -1.2, -1.6}, {0, -3.5, 0}};
        Flock f = new Flock(3, 8, 0);
        put(f, 0, c, 0, 0, 0, 20);
        for (int k = 0; k < ring.length; k++) put(f, 1 + k, c, ring[k][0], ring[k][1], ring[k][2], 20);
        double sx = 0, sy = 0, sz = 0;
        for (int k = 1; k < 8; k++) {
            double dx = f.x()[k] - f.x()[0], dy = f.y()[k] - f.y()[0], dz = f.z()[k] - f.z()[0];
            double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double w = (1 - Math.min(1, dist / 3)) * 0.5;          // projection 0: remap_clip(0, −1, 1, 0, 1)
            sx += -dx * w; sy += -dy * w; sz += -dz * w;
        }
        assertTrue(sx * sx + sy * sy + sz * sz <= 1e-15 && sx * sx + sy * sy + sz * sz > 0, "a near-zero sum");
        stepOnce(model, f);
        assertEquals(20 + sx * 40 * DT, f.vx()[0], 1e-15);
        assertEquals(sy * 40 * DT, f.vy()[0], 1e-15);
        assertEquals(sz * 40 * DT, f.vz()[0], 1e-15);
    }

    /**
     * Agent.h {@code update_speed_and_local_space} (8d04df9): setSpeed(new speed) comes before
     * setPathCurvature, whose "old velocity" is then the old forward · the new speed. A boid at
     * rest that speeds up straight ahead (only the speed control steers) has curvature 0, not 1.
     */
    @Test
    void aBoidStartingFromRestStraightAheadHasCurvatureZero() {
        EvoFlock model = only(4, 0, 0, 15);
        double[] c = clearSpot(obstacles(model), 5);
        Flock f = new Flock(3, 8, 0);
        for (int i = 0; i < 8; i++) put(f, i, c, i * 0.5, 0, 0, 0);
        EvoFlockKernel kernel = stepOnce(model, f);
        for (int i = 0; i < 8; i++) {
            assertEquals(4 * DT, kernel.speed(i), 1e-15);
            assertEquals(0, kernel.curvature(i), 1e-12, "boid " + i);
        }
    }

    static boolean clearOfAll(double[][] o, double[] q, double gap) {
        for (int k = 1; k < o.length; k++) {
            double dx = q[0] - o[k][0], dy = q[1] - o[k][1], dz = q[2] - o[k][2];
            if (Math.sqrt(dx * dx + dy * dy + dz * dz) < o[k][3] + gap) return false;
        }
        return true;
    }

    static double dot(double[] a, double[] b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

    static double norm(double[] a) { return Math.sqrt(dot(a, a)); }

    static double[] unit(double[] a) {
        double l = norm(a);
        return new double[]{a[0] / l, a[1] / l, a[2] / l};
    }

    static double[] cross(double[] a, double[] b) {
        return new double[]{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }
}
