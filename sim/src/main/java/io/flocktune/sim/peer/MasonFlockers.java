package io.flocktune.sim.peer;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Positive;
import io.flocktune.sim.Constraint.Range;
import io.flocktune.sim.Scene;

/**
 * MASON's Flockers (Luke et al., eclab/mason {@code sim/app/flockers/Flocker.java} and
 * {@code Flockers.java}, HEAD 43c501ca; {@code shared/peers.md} section 3), run by
 * {@link MasonFlockersKernel}. Each live flocker, in a random sequential order reshuffled every
 * step, moves at once (later flockers see its new position and its new {@code lastd}):
 *
 * <pre>
 * b     = flockers with toroidal |d| &lt;= neighborhood, d = me − o (minimum image): self and dead included
 * avoid = 400 · mean_{o in b, o != me} d / (|d|⁴ + 1)          (dead included)
 * cohe  = −mean_{o in b, o live} d / 10                        (self included, d = 0)
 * cons  = mean_{o in b, o live} o.lastd                        (self included)
 * rand  = 0.05 · (x, y) / |(x, y)|, x, y uniform in [−1, 1)
 * v     = cohesion·cohe + avoidance·avoid + consistency·cons + randomness·rand + momentum·lastd
 * v     = v / |v| · jump if |v| &gt; 0;  lastd = v;  position = wrap(position + v)
 * </pre>
 *
 * Dead flockers never move (their velocity is 0) but are seen by the others: they count in
 * {@code b} and in the avoidance, not in cohesion or consistency. Each mean divides by the number
 * of neighbours that contribute to it.
 *
 * <p>Source line → choice (also in the README, "MASON Flockers"):
 * <ul>
 *   <li>{@code Continuous2D(…, width, height)}, positions in [0, W) → our world box is
 *       [−W/2, W/2)²: the kernel computes in MASON's frame [0, W) (so its wrapping and minimum
 *       images are MASON's {@code stx}/{@code tdx} exactly) and the flock's positions are those
 *       minus W/2, a translation. W = H = {@code world.size}.</li>
 *   <li>{@code new Double2D(random.nextDouble()*width, random.nextDouble()*height)},
 *       {@code random.nextBoolean(deadFlockerProbability)} → {@link PeerKernel#randomize}: for
 *       each flocker in id order x, y uniform in [0, W) and dead when a third uniform draw is
 *       &lt; {@code deadFlockerProbability}, all from the run's generator; {@code lastd} = (0, 0).</li>
 *   <li>A state CSV cannot say who is dead → {@link PeerKernel#adopt} draws the dead flags from
 *       the run's generator (one uniform per flocker in slot order, dead when &lt; p); the given
 *       velocities are the live flockers' {@code lastd}; a dead flocker's velocity becomes 0
 *       (it never moves, and MASON never reads a dead flocker's {@code lastd}).</li>
 *   <li>{@code RandomSequence} reshuffled (Fisher–Yates, {@code random.nextInt(i + 1)} for
 *       i = n−1 … 1) before every step, shuffling the previous order → the same shuffle of the
 *       previous step's order (id order before step 0), j = ⌊u·(i+1)⌋ with u from the
 *       {@link io.flocktune.sim.BoidRandom} stream (step, id −1). {@code idOrder = true} steps the
 *       flockers in ascending id instead (for trajectory tests; not MASON's order).</li>
 *   <li>{@code randomness(flock.random)}: two {@code nextDouble()*2−1} from the model's one
 *       generator → from the stream (step, flocker id), so a flocker's draws do not depend on
 *       the order. A zero-length draw (probability ≈ 0) would give NaN in MASON too; it is
 *       kept.</li>
 *   <li>{@code getNeighborsExactlyWithinDistance(loc, neighborhood, true)}: a Bag in MASON's
 *       bucket order → the neighbours in id order (sums differ from MASON's by rounding only);
 *       inclusive {@code <=} on the toroidal squared distance.</li>
 *   <li>Flock velocities = {@code lastd} (world units per step, length {@code jump} or 0).</li>
 * </ul>
 *
 * <p>{@code boids} must say what the model does: {@code minSpeed = 0} (dead flockers stand still),
 * {@code maxSpeed = jump}, {@code initialSpeed = 0} ({@code lastd} starts at 0), {@code spawnSize
 * = world.size} (uniform over the whole torus); the world is 2D and {@code wrap}, of side
 * {@code world.size > jump}: MASON's {@code stx} wraps a coordinate once, so a longer move would
 * leave the world (MASON would go on with positions outside it; the preset is refused instead).
 *
 * @param avoidance              weight of the avoidance term, &ge; 0 (MASON default 1)
 * @param cohesion               weight of the cohesion term, &ge; 0 (default 1)
 * @param consistency            weight of the consistency (alignment) term, &ge; 0 (default 1)
 * @param momentum               weight of the flocker's own last move, &ge; 0 (default 1)
 * @param randomness             weight of the random unit·0.05 term, &ge; 0 (default 1)
 * @param deadFlockerProbability probability that a flocker is dead, in [0, 1] (default 0.1)
 * @param neighborhood           neighbour radius in world units, &gt; 0 (default 10)
 * @param jump                   length of every move in world units, &gt; 0 (default 0.7)
 * @param idOrder                step the flockers in id order instead of MASON's reshuffled
 *                               random order (trajectory tests only)
 */
public record MasonFlockers(@NonNegative double avoidance, @NonNegative double cohesion,
                            @NonNegative double consistency, @NonNegative double momentum,
                            @NonNegative double randomness, @Range(min = 0, max = 1) double deadFlockerProbability,
                            @Positive double neighborhood, @Positive double jump, boolean idOrder)
        implements PeerModel {

    public MasonFlockers {
        Check.components(MasonFlockers.class, avoidance, cohesion, consistency, momentum, randomness,
                deadFlockerProbability, neighborhood, jump, idOrder);
    }

    /** MASON's defaults: every weight 1, dead probability 0.1, neighborhood 10, jump 0.7, random order. */
    public static MasonFlockers defaults() {
        return new MasonFlockers(1, 1, 1, 1, 1, 0.1, 10, 0.7, false);
    }

    /** @return this model with {@code idOrder} set */
    public MasonFlockers withIdOrder(boolean value) {
        return new MasonFlockers(avoidance, cohesion, consistency, momentum, randomness, deadFlockerProbability,
                neighborhood, jump, value);
    }

    @Override
    public void check(Scene.World world, Scene.Boids boids) {
        PeerModel.requireTorus2D("masonFlockers", world);
        if (!(world.size() > jump)) {
            throw new IllegalArgumentException("world.size = " + world.size() + ": masonFlockers needs > peer.jump = "
                    + jump + " (MASON wraps a move once, so a move longer than the world leaves it)");
        }
        if (boids.minSpeed() != 0) {
            throw new IllegalArgumentException("boids.minSpeed = " + boids.minSpeed()
                    + ": masonFlockers needs 0 (dead flockers stand still)");
        }
        if (boids.maxSpeed() != jump) {
            throw new IllegalArgumentException("boids.maxSpeed = " + boids.maxSpeed()
                    + ": masonFlockers needs peer.jump = " + jump + " (every move has length jump)");
        }
        if (boids.initialSpeed() != 0) {
            throw new IllegalArgumentException("boids.initialSpeed = " + boids.initialSpeed()
                    + ": masonFlockers needs 0 (lastd starts at (0, 0))");
        }
        if (boids.spawnSize() != world.size()) {
            throw new IllegalArgumentException("boids.spawnSize = " + boids.spawnSize()
                    + ": masonFlockers needs world.size = " + world.size() + " (uniform over the torus)");
        }
    }

    @Override
    public PeerKernel kernel(Scene scene, int capacity) {
        return new MasonFlockersKernel(this, scene.world().size(), capacity);
    }
}
