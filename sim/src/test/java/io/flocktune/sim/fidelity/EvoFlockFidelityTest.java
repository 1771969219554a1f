package io.flocktune.sim.fidelity;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.fidelity.EvoFlockTranscription.Boid;
import io.flocktune.sim.fidelity.EvoFlockTranscription.Params;
import io.flocktune.sim.fidelity.EvoFlockTranscription.Sphere;
import io.flocktune.sim.fidelity.EvoFlockTranscription.V;
import io.flocktune.sim.peer.EvoFlock;
import io.flocktune.sim.peer.EvoFlockKernel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The engine's EvoFlock kernel runs the model exactly as {@link EvoFlockTranscription} (written
 * from EvoFlock's source lines, all pairs, no engine code) does: 50 steps, every position,
 * velocity (forward · speed) and per-step record (collisions, nearest-neighbour distance,
 * speed, curvature) within {@code 1e-9 · max(1, |transcription|)}, from the same initial state
 * and the same obstacles (read from the kernel after its draw). EvoFlock's update is
 * synchronous and draws nothing per step, so there is no random order to compare in
 * distribution. The cases cover the model's own start at rest (predictive avoidance at speed 0,
 * the first steer unblended), a state spread over the whole sphere at speeds 0–30 (boids inside
 * obstacles, collisions on the first step, walls), and the "best fit 0.83" parameters.
 */
class EvoFlockFidelityTest {
    static final int STEPS = 50;
    static final double TOLERANCE = 1e-9;

    @Test
    void ownStartHandTuned() {
        Preset.Peer preset = Presets.peer("evoflock");
        int[] counts = compare(Simulation.of(preset, 7), preset);
        System.out.printf("evoflock own start: %d collisions%n", counts[0]);
    }

    @Test
    void spreadStateHandTuned() {
        Preset.Peer preset = Presets.peer("evoflock");
        int[] counts = compare(Simulation.of(preset, 11, spread(3)), preset);
        System.out.printf("evoflock spread start: %d collisions%n", counts[0]);
        assertTrue(counts[0] > 0, "the case exercises collision resolution");
    }

    @Test
    void spreadStateBestFit() {
        Preset.Peer preset = new Preset.Peer("evoflock-best", "best fit 0.83", Presets.get("evoflock").world(),
                Presets.get("evoflock").boids(), EvoFlock.bestFit083());
        int[] counts = compare(Simulation.of(preset, 12, spread(4)), preset);
        System.out.printf("evoflock best-fit spread start: %d collisions%n", counts[0]);
        assertTrue(counts[0] > 0, "the case exercises collision resolution");
    }

    /** 200 boids uniform in the ball of radius 48, random directions, speeds U(0, 30), every 20th at rest. */
    static Flock spread(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(3, 200, 0);
        for (int i = 0; i < 200; i++) {
            double[] p = ball(random);
            flock.x()[i] = 48 * p[0]; flock.y()[i] = 48 * p[1]; flock.z()[i] = 48 * p[2];
            double[] d = ball(random);
            double l = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            double s = i % 20 == 0 ? 0 : 30 * random.nextDouble();
            flock.vx()[i] = d[0] / l * s; flock.vy()[i] = d[1] / l * s; flock.vz()[i] = d[2] / l * s;
        }
        return flock;
    }

    private static double[] ball(SplittableRandom random) {
        while (true) {
            double a = 2 * random.nextDouble() - 1, b = 2 * random.nextDouble() - 1, c = 2 * random.nextDouble() - 1;
            if (a * a + b * b + c * c <= 1 && a * a + b * b + c * c > 0) return new double[]{a, b, c};
        }
    }

    /** @return {total collisions over the 50 steps} */
    static int[] compare(Simulation sim, Preset.Peer preset) {
        EvoFlockKernel kernel = (EvoFlockKernel) sim.peer();
        Flock flock = sim.flock();
        int n = flock.count();
        List<Boid> boids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boids.add(new Boid(flock.id()[i], new V(flock.x()[i], flock.y()[i], flock.z()[i]),
                    new V(kernel.forward(i, 0), kernel.forward(i, 1), kernel.forward(i, 2)), kernel.speed(i)));
        }
        List<Sphere> spheres = new ArrayList<>();
        double[][] obstacles = kernel.obstacles();
        for (int o = 0; o < obstacles.length; o++) {
            spheres.add(new Sphere(new V(obstacles[o][0], obstacles[o][1], obstacles[o][2]), obstacles[o][3], o == 0));
        }
        EvoFlock e = (EvoFlock) preset.peer();
        Params params = new Params(e.maxForce(), e.weightForward(), e.weightSeparate(), e.weightAlign(),
                e.weightCohere(), e.weightAvoidPredict(), e.weightAvoidStatic(), e.maxDistSeparate(), e.maxDistAlign(),
                e.maxDistCohere(), e.angleSeparate(), e.angleAlign(), e.angleCohere(), e.flyAwayMaxDist(),
                e.minTimeToCollide());
        EvoFlockTranscription t = new EvoFlockTranscription(boids, spheres, params);
        int collisions = 0;
        double worst = 0;
        for (int step = 1; step <= STEPS; step++) {
            sim.step();
            t.step();
            collisions += t.collisionsThisStep;
            assertEquals(t.collisionsThisStep, kernel.collisions(), "collisions at step " + step);
            for (int i = 0; i < n; i++) {
                Boid b = boids.get(i);
                String at = "step " + step + ", boid " + b.id;
                worst = Math.max(worst, check(at + " x", b.p.x(), flock.x()[i]));
                worst = Math.max(worst, check(at + " y", b.p.y(), flock.y()[i]));
                worst = Math.max(worst, check(at + " z", b.p.z(), flock.z()[i]));
                worst = Math.max(worst, check(at + " vx", b.fwd.x() * b.speed, flock.vx()[i]));
                worst = Math.max(worst, check(at + " vy", b.fwd.y() * b.speed, flock.vy()[i]));
                worst = Math.max(worst, check(at + " vz", b.fwd.z() * b.speed, flock.vz()[i]));
                worst = Math.max(worst, check(at + " speed", b.speed, kernel.speed(i)));
                worst = Math.max(worst, check(at + " curvature", b.curvature, kernel.curvature(i)));
                worst = Math.max(worst, check(at + " nearest", b.nearestDistance, kernel.nearestDistance(i)));
            }
        }
        System.out.printf("evoflock fidelity: worst |engine - transcription| = %.3g over %d steps%n", worst, STEPS);
        return new int[]{collisions};
    }

    private static double check(String what, double expected, double actual) {
        double diff = Math.abs(expected - actual);
        if (!(diff <= TOLERANCE * Math.max(1, Math.abs(expected)))) {
            fail(what + ": engine " + actual + ", transcription " + expected);
        }
        return diff;
    }
}
