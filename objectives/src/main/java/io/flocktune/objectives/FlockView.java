package io.flocktune.objectives;

import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.space.Periodic;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A read-only view of the flock at one step, what a {@link Metric.Custom} measures. Boids are
 * indexed 0 … {@link #count()}−1 (live boids only; the order is the simulation's, follow a boid
 * by {@link #id}); predators 0 … {@link #predatorCount()}−1. Positions are in world units in
 * the box [−size/2, size/2]^d, velocities in world units per unit time; in 2D, z and vz are 0.
 * In a {@code wrap} world use {@link #minimumImage} for differences of positions.
 *
 * <p>The view is only valid during the call it is passed to: the simulation moves on after it,
 * and one view object is reused step after step (reading positions and velocities allocates
 * nothing).
 *
 * {@snippet :
 * // mean speed along x, world units per unit time
 * Metric drift = new Metric.Custom("drift", view -> {
 *     double sum = 0;
 *     for (int i = 0; i < view.count(); i++) sum += view.vx(i);
 *     return sum / view.count();
 * });
 * }
 */
public final class FlockView {
    private final Preset preset;
    private final boolean periodic;
    private final double size;
    private Flock flock;
    private long step;
    private List<Capture> captures = List.of();

    FlockView(Preset preset) {
        this.preset = preset;
        periodic = preset.world().boundary() instanceof Boundary.Wrap;
        size = preset.world().size();
    }

    /** Points the view at the flock of {@code step}. */
    FlockView at(long step, Flock flock, List<Capture> captures) {
        this.step = step;
        this.flock = flock;
        this.captures = captures;
        return this;
    }

    /** @return the step, 0 for the initial state */
    public long step() { return step; }

    /** @return the preset being simulated */
    public Preset preset() { return preset; }

    /** @return 2 or 3 */
    public int dimension() { return flock.dimension(); }

    /** @return live boids, &ge; 1 */
    public int count() { return flock.count(); }

    /** @return predators, &ge; 0 */
    public int predatorCount() { return flock.predatorCount(); }

    /** @return the world box's side, world units; also its period when {@link #periodic()} */
    public double worldSize() { return size; }

    /** @return whether the world wraps around (a {@code wrap} boundary) */
    public boolean periodic() { return periodic; }

    /** @return {@code d} as the shortest difference in a wrapping world, {@code d} itself otherwise */
    public double minimumImage(double d) {
        return periodic ? Periodic.minimumImage(d, size) : d;
    }

    /** @return boid {@code i}'s x position, world units */
    public double x(int i) { return flock.x()[boid(i)]; }

    /** @return boid {@code i}'s y position, world units */
    public double y(int i) { return flock.y()[boid(i)]; }

    /** @return boid {@code i}'s z position, world units (0 in 2D) */
    public double z(int i) { return flock.z()[boid(i)]; }

    /** @return boid {@code i}'s x velocity, world units per unit time */
    public double vx(int i) { return flock.vx()[boid(i)]; }

    /** @return boid {@code i}'s y velocity, world units per unit time */
    public double vy(int i) { return flock.vy()[boid(i)]; }

    /** @return boid {@code i}'s z velocity (0 in 2D) */
    public double vz(int i) { return flock.vz()[boid(i)]; }

    /** @return boid {@code i}'s id, stable for the whole run */
    public int id(int i) { return flock.id()[boid(i)]; }

    /** @return predator {@code p}'s x position, world units */
    public double predatorX(int p) { return flock.px()[predator(p)]; }

    /** @return predator {@code p}'s y position, world units */
    public double predatorY(int p) { return flock.py()[predator(p)]; }

    /** @return predator {@code p}'s z position, world units (0 in 2D) */
    public double predatorZ(int p) { return flock.pz()[predator(p)]; }

    /** @return every capture of the run up to this step, in order (read-only) */
    public List<Capture> captures() { return Collections.unmodifiableList(captures); }

    private int boid(int i) {
        return Objects.checkIndex(i, flock.count());
    }

    private int predator(int p) {
        return Objects.checkIndex(p, flock.predatorCount());
    }
}
