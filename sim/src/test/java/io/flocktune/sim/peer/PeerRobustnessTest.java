package io.flocktune.sim.peer;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The peers' models on any valid input: random peer presets (every component anywhere in its
 * allowed range, endpoints and extreme values included; world sizes from 1e-6 to 1e12; 1 to 200
 * boids) from a random start or from a degenerate state (all boids at one point, two coincident
 * boids, one boid) either run 20 steps with finite positions and velocities, or are refused when
 * the preset or the simulation is built, by an {@link IllegalArgumentException} of one line
 * naming a field (what the command line reports with exit 2). Anything else (a crash while
 * stepping, another exception) fails the test.
 */
class PeerRobustnessTest {
    static final double[] SIZES = {1e-6, 1e-3, 0.5, 1, 10, 71, 100, 150, 1e4, 1e12};
    static final int[] COUNTS = {1, 2, 7, 8, 9, 30, 200};

    @Test
    void randomValidPeerPresetsAndDegenerateStatesRunOrAreRefusedUpFront() {
        SplittableRandom r = new SplittableRandom(2026);
        int ran = 0, refused = 0;
        for (int trial = 0; trial < 240; trial++) {
            if (run(r, trial)) ran++;
            else refused++;
        }
        System.out.printf("peer robustness: %d cases ran, %d refused up front%n", ran, refused);
        assertTrue(ran > 100 && refused > 10, "both outcomes are exercised: " + ran + " ran, " + refused + " refused");
    }

    /** The two crashes a fault campaign found, now a run and a refusal. */
    @Test
    void masonAtWorldSizeBoundsAndEvoFlockWithCoincidentBoids() {
        MasonFlockers mason = MasonFlockers.defaults();
        Preset huge = new Preset.Peer("m", "", new Preset.World(2, 1e12, new Boundary.Wrap()),
                new Preset.Boids(200, 0, mason.jump(), 0, 1e12), mason);
        Simulation sim = Simulation.of(huge, 1);
        for (int s = 0; s < 20; s++) sim.step();
        assertFinite(sim.flock(), "mason at world.size 1e12");
        IllegalArgumentException tiny = assertThrows(IllegalArgumentException.class, () -> new Preset.Peer("m", "",
                new Preset.World(2, 1e-6, new Boundary.Wrap()), new Preset.Boids(200, 0, mason.jump(), 0, 1e-6), mason));
        assertTrue(tiny.getMessage().startsWith("world.size = 1.0E-6: masonFlockers needs > peer.jump"), tiny.getMessage());

        Preset evo = io.flocktune.sim.Presets.get("evoflock");
        Flock point = new Flock(3, 200, 0);
        IllegalArgumentException coincident = assertThrows(IllegalArgumentException.class,
                () -> Simulation.of(evo, 1, point));
        assertEquals("boid 0 has 0 other boids at distance > 0: peer.kind = evoFlock needs 7 for each boid "
                + "(coincident boids are never neighbours)", coincident.getMessage());
    }

    /** @return true when the case ran, false when it was refused up front */
    private static boolean run(SplittableRandom r, int trial) {
        int kind = r.nextInt(3);
        double size = SIZES[r.nextInt(SIZES.length)];
        int count = COUNTS[r.nextInt(COUNTS.length)];
        String state = switch (r.nextInt(4)) {
            case 0 -> "random start";
            case 1 -> "all boids at one point";
            case 2 -> "two coincident boids";
            default -> "one boid";
        };
        String what = "case " + trial + ": " + (kind == 0 ? "masonFlockers" : kind == 1 ? "netLogoFlocking" : "evoFlock")
                + ", world.size " + size + ", " + count + " boids, " + state;
        Simulation sim;
        try {
            Preset.Peer preset = switch (kind) {
                case 0 -> mason(r, size, count);
                case 1 -> netLogo(r, size, count);
                default -> evoFlock(r, size, count);
            };
            what += ", " + preset.peer();
            long seed = r.nextLong();
            sim = state.equals("random start") ? Simulation.of(preset, seed) : Simulation.of(preset, seed, state(r, preset, state));
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            assertTrue(m != null && !m.isBlank() && !m.contains("\n"), what + ": refusal must be one line: " + m);
            return false;
        } catch (RuntimeException e) {
            throw new AssertionError(what + ": built with " + e, e);
        }
        try {
            for (int s = 0; s < 20; s++) sim.step();
        } catch (RuntimeException e) {
            throw new AssertionError(what + ": crashed while stepping: " + e, e);
        }
        assertFinite(sim.flock(), what);
        return true;
    }

    private static void assertFinite(Flock f, String what) {
        for (int i = 0; i < f.count(); i++) {
            double sum = f.x()[i] + f.y()[i] + f.z()[i] + f.vx()[i] + f.vy()[i] + f.vz()[i];
            if (!Double.isFinite(sum)) fail(what + ": boid " + i + " is not finite");
        }
    }

    /** A valid state of the preset's world: all at one point, two coincident, or one boid. */
    private static Flock state(SplittableRandom r, Preset preset, String kind) {
        int d = preset.world().dimension();
        double half = preset.world().size() / 2;
        int n = kind.equals("one boid") ? 1 : preset.boids().count();
        Flock f = new Flock(d, n, 0);
        double reach = d == 3 ? Math.min(half, 49) / Math.sqrt(3) : half;   // inside EvoFlock's sphere too
        for (int i = 0; i < n; i++) {
            boolean atPoint = kind.equals("all boids at one point") || (kind.equals("two coincident boids") && i < 2);
            f.x()[i] = atPoint ? 0.25 * reach : (2 * r.nextDouble() - 1) * reach;
            f.y()[i] = atPoint ? -0.5 * reach : (2 * r.nextDouble() - 1) * reach;
            if (d == 3) f.z()[i] = atPoint ? 0.1 * reach : (2 * r.nextDouble() - 1) * reach;
            double speed = preset.boids().maxSpeed() * r.nextDouble();
            double a = 2 * Math.PI * r.nextDouble();
            f.vx()[i] = speed * Math.cos(a);
            f.vy()[i] = speed * Math.sin(a);
        }
        return f;
    }

    /** A value anywhere in [lo, hi]: an endpoint, a point near one, or uniform. */
    private static double in(SplittableRandom r, double lo, double hi) {
        return switch (r.nextInt(5)) {
            case 0 -> lo;
            case 1 -> hi;
            case 2 -> lo + (hi - lo) * 1e-9;
            default -> lo + (hi - lo) * r.nextDouble();
        };
    }

    /** A value in (0, ∞) or [0, ∞): tiny, ordinary or huge. */
    private static double positive(SplittableRandom r, boolean zero) {
        return switch (r.nextInt(5)) {
            case 0 -> zero ? 0 : 1e-9;
            case 1 -> 1e9;
            default -> 5 * r.nextDouble() + 1e-3;
        };
    }

    private static Preset.Peer mason(SplittableRandom r, double size, int count) {
        MasonFlockers m = new MasonFlockers(positive(r, true), positive(r, true), positive(r, true), positive(r, true),
                positive(r, true), in(r, 0, 1), positive(r, false), positive(r, false), r.nextBoolean());
        return new Preset.Peer("m", "", new Preset.World(2, size, new Boundary.Wrap()),
                new Preset.Boids(count, 0, m.jump(), 0, size), m);
    }

    private static Preset.Peer netLogo(SplittableRandom r, double size, int count) {
        NetLogoFlocking m = new NetLogoFlocking(r.nextBoolean() ? NetLogoFlocking.Order.RANDOM_SEQUENTIAL
                : NetLogoFlocking.Order.ID_ORDER, in(r, 0, size / 2), positive(r, true), in(r, 0, 180), in(r, 0, 180),
                in(r, 0, 180));
        return new Preset.Peer("n", "", new Preset.World(2, size, new Boundary.Wrap()),
                new Preset.Boids(count, 1, 1, 1, size), m);
    }

    private static Preset.Peer evoFlock(SplittableRandom r, double size, int count) {
        EvoFlock m = new EvoFlock(in(r, 0, 100), in(r, 0, 100), in(r, 0, 100), in(r, 0, 100), in(r, 0, 100),
                in(r, 0, 100), in(r, 0, 100), in(r, 0, 100), in(r, 0, 100), in(r, 0, 100), in(r, -1, 1), in(r, -1, 1),
                in(r, -1, 1), in(r, 0, 100), in(r, 0, 10));
        return new Preset.Peer("e", "", new Preset.World(3, size, new Boundary.None()),
                new Preset.Boids(count, 0, EvoFlock.TARGET_SPEED, 0, 2 * EvoFlock.SPAWN_RADIUS), m);
    }
}
