package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.peer.EvoFlock;
import io.flocktune.sim.peer.EvoFlockKernel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * EvoFlock's four scores and their scalarization: golden values of the score functions (by hand
 * from flock.h's breakpoints), golden runs of hand-made flocks whose records are known without
 * running the model's rules (maxForce 0: nothing steers), the metrics against the kernel's
 * records over a real run, and the checks that refuse them where they mean nothing.
 */
class EvoFlockMetricsTest {
    static final Preset.Peer EVOFLOCK = Presets.peer("evoflock");

    @Test
    void scoreFunctionsGolden() {
        double[][] separation = {{-1, 0}, {0, 0}, {1, 0}, {1.5, 0}, {1.75, 0.5}, {2, 1}, {3, 1}, {4, 1}, {5, 0.5}, {6, 0}, {7, 0}};
        for (double[] c : separation) assertEquals(c[1], EvoFlockScores.separation(c[0]), 1e-15, "separation(" + c[0] + ")");
        double[][] speed = {{0, 0}, {15, 0}, {17, 0.5}, {19, 1}, {20, 1}, {21, 1}, {24, 0.25}, {25, 0}, {30, 0}};
        for (double[] c : speed) assertEquals(c[1], EvoFlockScores.speed(c[0]), 1e-15, "speed(" + c[0] + ")");
        assertEquals(0.8, EvoFlockScores.curvature(0), 1e-15);
        assertEquals(0.9, EvoFlockScores.curvature(0.05), 1e-15);
        assertEquals(1, EvoFlockScores.curvature(0.3), 1e-15);
        assertEquals(1, EvoFlockScores.avoid(0, 100_000), 0);
        assertEquals(Math.pow(1 - 1.0 / 100_000, 500), EvoFlockScores.avoid(1, 100_000), 1e-15);   // ≈ 0.995
        assertEquals(Math.pow(0.99, 500), EvoFlockScores.avoid(1000, 100_000), 1e-15);             // ≈ 0.0066
        assertEquals(1, EvoFlockScores.fitness(1, 1, 1, 1), 1e-15);
        assertEquals(1e-8, EvoFlockScores.fitness(0, 0, 0, 0), 1e-22);
        assertEquals(0.505 * 0.802, EvoFlockScores.fitness(1, 0.5, 0.8), 1e-15);
    }

    /** A hand-made EvoFlock state: boids at rest, nothing steers (maxForce 0), so nothing moves. */
    static Preset still() {
        EvoFlock h = EvoFlock.handTuned();
        EvoFlock frozen = new EvoFlock(0, h.weightForward(), h.weightSeparate(), h.weightAlign(), h.weightCohere(),
                h.weightAvoidPredict(), h.weightAvoidStatic(), h.maxDistSeparate(), h.maxDistAlign(), h.maxDistCohere(),
                h.angleSeparate(), h.angleAlign(), h.angleCohere(), h.flyAwayMaxDist(), h.minTimeToCollide());
        return new Preset.Peer("still", "frozen EvoFlock", EVOFLOCK.world(), EVOFLOCK.boids(), frozen);
    }

    /** Four pairs on the z axis, gaps 1.75, 3, 5 and 1, each pair farther than twice its gap from the others. */
    static Flock pairs() {
        double[] z = {-30, -28.25, -10, -7, 10, 15, 29, 30};
        Flock flock = new Flock(3, z.length, 0);
        for (int i = 0; i < z.length; i++) flock.z()[i] = z[i];
        return flock;
    }

    /**
     * A seed whose obstacles leave every given point at least 1 outside them all (checked on the
     * obstacles the seed draws; a start inside one would be pushed out).
     */
    static long seedClearOf(Flock flock) {
        for (long seed = 1; ; seed++) {
            double[][] o = ((EvoFlockKernel) Simulation.of(EVOFLOCK, seed).peer()).obstacles();   // drawn first from the seed
            boolean clear = true;
            for (int i = 0; i < flock.count() && clear; i++) {
                for (int k = 1; k < o.length; k++) {
                    double dx = flock.x()[i] - o[k][0], dy = flock.y()[i] - o[k][1], dz = flock.z()[i] - o[k][2];
                    if (Math.sqrt(dx * dx + dy * dy + dz * dz) < o[k][3] + 1) clear = false;
                }
            }
            if (clear) return seed;
        }
    }

    static double[] values(Simulation sim, long steps, String... specs) {
        List<ObjectiveSpec> parsed = java.util.Arrays.stream(specs).map(ObjectiveSpec::parse).toList();
        Recorder recorder = new Recorder(sim, steps, parsed);
        sim.run(steps, recorder);
        return recorder.values();
    }

    @Test
    void stillPairsGolden() {
        Preset preset = still();
        Flock flock = pairs();
        long seed = seedClearOf(flock);
        Simulation sim = Simulation.of(preset, seed, flock);
        for (int i = 0; i < flock.count(); i++) assertEquals(flock.z()[i], sim.flock().z()[i], 0, "nothing pushed out at the start");
        double[] v = values(sim, 10, "evoFlockAvoid:final", "evoFlockSeparate:final",
                "evoFlockSpeed:final", "evoFlockCurvature:final", "evoFlockFitness(curvature=1):final",
                "evoFlockFitness(curvature=0):final");
        assertEquals(1, v[0], 0, "no collisions");
        assertEquals((0.5 + 0.5 + 1 + 1 + 0.5 + 0.5 + 0 + 0) / 8, v[1], 1e-15, "separation ramps 0.5, 1, 0.5, 0 per pair");
        assertEquals(0, v[2], 0, "at rest: speed score 0");
        assertEquals(0.8, v[3], 1e-15, "no turning: curvature score 0.8");
        assertEquals(1 * 0.505 * 0.01 * 0.802, v[4], 1e-15);
        assertEquals(1 * 0.505 * 0.01, v[5], 1e-15);
    }

    @Test
    void oneCollisionGolden() {
        // the pairs, plus boid 8 at (40, 0, 0) flying +x at 600/s: after one step (20 units) it is
        // outside the big sphere, is pushed back to radius 49 at rest (one collision), and stays
        Preset preset = still();
        Flock pairs = pairs();
        Flock flock = new Flock(3, 9, 0);
        for (int i = 0; i < 8; i++) flock.z()[i] = pairs.z()[i];
        flock.x()[8] = 40;
        flock.vx()[8] = 600;
        long seed = seedClearOf(flock);
        Simulation sim = Simulation.of(preset, seed, flock);
        double[] v = values(sim, 10, "evoFlockAvoid:final", "evoFlockSpeed:final", "evoFlockCurvature:final");
        assertEquals(49, sim.flock().x()[8], 1e-12);
        assertEquals(1, ((EvoFlockKernel) sim.peer()).totalCollisions());
        assertEquals(Math.pow(1 - 1.0 / (9 * 10), 500), v[0], 1e-15);
        assertEquals(0, v[1], 0, "speed after a collision is 0");
        assertEquals(0.8, v[2], 1e-15, "a straight step and rest: curvature 0");
    }

    @Test
    void metricsAgreeWithTheKernelRecordsOverARun() {
        Simulation sim = Simulation.of(EVOFLOCK, 5);
        EvoFlockKernel kernel = (EvoFlockKernel) sim.peer();
        long steps = 60;
        double[] sums = new double[4];   // collisions, separation, speed, curvature
        List<ObjectiveSpec> specs = java.util.stream.Stream.of("evoFlockAvoid:final", "evoFlockSeparate:final",
                "evoFlockSpeed:final", "evoFlockCurvature:final", "evoFlockFitness(curvature=1):final")
                .map(ObjectiveSpec::parse).toList();
        Recorder recorder = new Recorder(sim, steps, specs);
        sim.run(steps, (step, flock) -> {
            recorder.observe(step, flock);
            if (step == 0) return;
            sums[0] += kernel.collisions();
            for (int i = 0; i < flock.count(); i++) {
                sums[1] += EvoFlockScores.separation(kernel.nearestDistance(i));
                sums[2] += EvoFlockScores.speed(kernel.speed(i));
                sums[3] += kernel.curvature(i);
            }
        });
        double[] v = recorder.values();
        double boidSteps = 200.0 * steps;
        double avoid = EvoFlockScores.avoid(sums[0], boidSteps), separate = sums[1] / boidSteps, speed = sums[2] / boidSteps;
        double curvature = EvoFlockScores.curvature(sums[3] / boidSteps);
        assertEquals(avoid, v[0], 1e-12);
        assertEquals(separate, v[1], 1e-12);
        assertEquals(speed, v[2], 1e-12);
        assertEquals(curvature, v[3], 1e-12);
        assertEquals(EvoFlockScores.fitness(avoid, separate, speed, curvature), v[4], 1e-12);
        assertTrue(separate > 0 && speed > 0, "a real run scores something: " + java.util.Arrays.toString(v));
    }

    @Test
    void refusedWithoutEvoFlockOrWithAnotherAggregation() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Objectives.validate(Presets.rules("reynolds"), 100, List.of(ObjectiveSpec.parse("evoFlockFitness(curvature=1):final"))));
        assertTrue(e.getMessage().contains("needs a preset with peer.kind = evoFlock"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Objectives.validate(EVOFLOCK, 100, List.of(ObjectiveSpec.parse("evoFlockSpeed:mean"))));
        assertTrue(e.getMessage().contains("use the final aggregation"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Metric.parse("evoFlockFitness(curvature=2)"));
        assertTrue(e.getMessage().contains("must be 1 (4 scores) or 0 (3 scores)"), e.getMessage());
        assertEquals(new Metric.EvoFlockFitness(1), Metric.parse("evoFlockFitness(curvature=1)"));
    }
}
