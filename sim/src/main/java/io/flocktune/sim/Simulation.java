package io.flocktune.sim;

import io.flocktune.sim.peer.PeerKernel;
import io.flocktune.sim.rule.Alignment;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs a {@link Preset} headless. A run is a pure function of (preset, seed) or (preset, seed,
 * initial state): one seeded {@link SplittableRandom} draws the initial state and then a run
 * key; every per-step draw (steering noise, Vicsek's η, Couzin's heading error) comes from a
 * {@link BoidRandom} stream keyed by (run key, step, boid id), so it does not depend on the
 * order boids are visited in.
 *
 * <p>A {@link Preset.RuleSet} is stepped by the engine's rules ({@link RuleEngine}: neighbour
 * grid, neighbour sums, the rules, motion, boundary and predators; nothing is allocated per
 * step); {@link #parallel} splits the per-boid phase of large synchronous steps over threads, bit
 * for bit as the serial step. A {@link Preset.Peer} is run by its model's {@link PeerKernel}: its
 * initial state and every step.
 *
 * <pre>{@code
 * Simulation sim = Simulation.of(Presets.get("reynolds"), 42);
 * sim.run(1000, (step, flock) -> {});
 * }</pre>
 */
public final class Simulation {
    private final Preset preset;
    private final Flock flock;
    private final BoidRandom draws;              // the run's keyed per-step draws (the rules' or a peer kernel's)
    private final RuleEngine rules;              // null for a peer model
    private final PeerKernel peer;               // null for a rule set
    private long step;

    /** The smallest flock a parallel step ({@link #parallel}) splits over threads; smaller ones step serially. */
    public static final int PARALLEL_MIN_BOIDS = RuleEngine.PARALLEL_MIN_BOIDS;

    /**
     * A simulation from a random initial state: positions uniform in the centred box of side
     * {@code boids.spawnSize}, velocities of length {@code boids.initialSpeed} in uniformly random
     * directions, predators uniform in the world box at rest (a peer model draws its own).
     *
     * @param seed any 64-bit value; the same seed gives the same run, bit for bit
     */
    public static Simulation of(Preset preset, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(preset.world().dimension(), preset.boids().count(), preset.predatorCount());
        return switch (preset) {
            case Preset.RuleSet rules -> {
                InitialState.randomize(rules, flock, random);
                yield new Simulation(rules, flock, random, true);
            }
            case Preset.Peer peer -> {
                PeerKernel kernel = peer.peer().kernel(peer, flock.capacity());
                kernel.randomize(flock, random);
                yield new Simulation(peer, flock, random, kernel);
            }
        };
    }

    /**
     * A simulation from a given initial state (copied). Its boid and predator counts win over
     * the preset's; the seed drives the noise.
     *
     * @throws IllegalArgumentException if the state does not fit the preset (dimension, 2D with
     *                                  z ≠ 0, non-finite values, outside a periodic world)
     */
    public static Simulation of(Preset preset, long seed, Flock initial) {
        InitialState.validate(preset, initial);
        return adopted(preset, initial.copy(), new SplittableRandom(seed));
    }

    /** The simulation of a validated given state; a peer model's kernel takes the state over. */
    private static Simulation adopted(Preset preset, Flock flock, SplittableRandom random) {
        return switch (preset) {
            case Preset.RuleSet rules -> new Simulation(rules, flock, random, true);
            case Preset.Peer peer -> {
                PeerKernel kernel = peer.peer().kernel(peer, flock.capacity());
                kernel.adopt(flock, random);
                yield new Simulation(peer, flock, random, kernel);
            }
        };
    }

    /**
     * A simulation from given boids (copied) with the preset's predators drawn at random, as
     * {@link #of(Preset, long)} draws them (uniform in the world box, at rest): for an initial
     * state that lists no predators. The boid count wins over the preset's; predators already in
     * {@code boids} are ignored. The seed drives the predators' draw, then the noise.
     *
     * @throws IllegalArgumentException as {@link #of(Preset, long, Flock)}
     */
    public static Simulation ofBoids(Preset preset, long seed, Flock boids) {
        int n = boids.count();
        Flock flock = new Flock(boids.dimension(), n, preset.predatorCount());
        System.arraycopy(boids.x(), 0, flock.x(), 0, n); System.arraycopy(boids.y(), 0, flock.y(), 0, n);
        System.arraycopy(boids.z(), 0, flock.z(), 0, n); System.arraycopy(boids.vx(), 0, flock.vx(), 0, n);
        System.arraycopy(boids.vy(), 0, flock.vy(), 0, n); System.arraycopy(boids.vz(), 0, flock.vz(), 0, n);
        System.arraycopy(boids.id(), 0, flock.id(), 0, n);
        SplittableRandom random = new SplittableRandom(seed);
        InitialState.drawPredators(preset, flock, random);
        InitialState.validate(preset, flock);
        return adopted(preset, flock, random);
    }

    /**
     * For tests: as {@link #of(Preset, long)} but never taking the symmetric pair pass, so the
     * general one-boid-at-a-time pass can be compared with it on the same preset.
     */
    static Simulation ofGeneralPass(Preset.RuleSet preset, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(preset.world().dimension(), preset.boids().count(), preset.predators().count());
        InitialState.randomize(preset, flock, random);
        return new Simulation(preset, flock, random, false);
    }

    /** For tests: whether the steps take the symmetric pair pass (when the grid's images allow it). */
    boolean takesPairPass() {
        return rules != null && rules.takesPairPass();
    }

    private Simulation(Preset.RuleSet preset, Flock flock, SplittableRandom random, boolean pairPass) {
        this.preset = preset;
        this.flock = flock;
        draws = new BoidRandom(random.nextLong());
        rules = new RuleEngine(preset, flock, draws, pairPass);
        peer = null;
    }

    private Simulation(Preset.Peer preset, Flock flock, SplittableRandom random, PeerKernel kernel) {
        this.preset = preset;
        this.flock = flock;
        draws = new BoidRandom(random.nextLong());
        rules = null;
        peer = kernel;
    }

    /**
     * Steps on {@code threads} threads from now on: the per-boid phase of each step (neighbour
     * sums and update) is split over contiguous blocks of cells, bit-identical to the serial
     * step. Applies to synchronous rule sets without custom rules, with at least
     * {@link #PARALLEL_MIN_BOIDS} boids; the grid, the symmetric pair pass and the predators stay
     * serial, and sequential presets (one boid after another by definition) and peer models
     * always step serially. The threads are the JVM's shared daemon workers; simulations stepping
     * at the same time take turns on them.
     *
     * @param threads &ge; 1 (1: serial)
     * @return this simulation
     */
    public Simulation parallel(int threads) {
        Check.inRange("threads", threads, 1, 1024);
        if (rules != null) rules.parallel(threads);
        return this;
    }

    /** @return the preset this simulation runs. */
    public Preset preset() { return preset; }

    /** @return the live state (see {@link Flock}). */
    public Flock flock() { return flock; }

    /** @return the peer model's kernel running this simulation, or null for a rule set */
    public PeerKernel peer() { return peer; }

    /** @return number of completed steps. */
    public long stepCount() { return step; }

    /** @return every capture so far, in order (unmodifiable view; always empty for a peer model). */
    public List<Capture> captures() { return rules != null ? rules.captures() : List.of(); }

    /**
     * Shows the current state to {@code observer}, then runs {@code steps} steps, showing the
     * state after each.
     *
     * @param steps number of steps, &ge; 0
     */
    public void run(long steps, StepObserver observer) {
        if (steps < 0) throw new IllegalArgumentException("steps = " + steps + ": must be >= 0");
        observer.observe(step, flock);
        for (long k = 0; k < steps; k++) {
            step();
            observer.observe(step, flock);
        }
    }

    /** Advances the flock (and a rule set's predators) by one step. */
    public void step() {
        if (peer != null) peer.step(flock, step, draws);
        else rules.step(step);
        step++;
    }

    /** @return the angle equivalent to {@code a} in (−π, π]. */
    static double wrapAngle(double a) {
        return Alignment.wrapAngle(a);
    }
}
