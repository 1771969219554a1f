package io.flocktune.sim.peer;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.NonNegative;
import io.flocktune.sim.Constraint.Range;
import io.flocktune.sim.Scene;

/**
 * NetLogo's "Flocking" model (Wilensky 1998; NetLogo/models {@code Sample Models/Biology/Flocking},
 * the same code since 2011), as specified in {@code shared/peers.md} section 1. Preset
 * {@code netlogo-flocking}; its kernel is {@link NetLogoFlockingKernel}.
 *
 * <p>Headings are compass headings in degrees (0 = north = +y, clockwise; {@code dx = sin h},
 * {@code dy = cos h}). Each tick every turtle, one after another ({@link Order}), with
 * {@code flockmates} = the other turtles at toroidal distance {@code <= vision}:
 * <pre>
 * if any flockmates:
 *   nearest = the flockmate at the smallest distance
 *   if distance(nearest) &lt; minimumSeparation: turnAway(heading of nearest, maxSeparateTurn)
 *   else: turnTowards(atan(Σ sin h_f, Σ cos h_f), maxAlignTurn)                        ; align
 *         turnTowards(atan(mean sin b_f, mean cos b_f), maxCohereTurn)                 ; cohere, on the turned heading
 *         (b_f = the bearing from me to f = towards(f → me) + 180; a zero sum keeps the heading)
 * turnTowards(h, m) = turnAtMost(subtractHeadings(h, heading), m)
 * turnAway(h, m)    = turnAtMost(subtractHeadings(heading, h), m)
 * turnAtMost(t, m)  = rt (|t| &gt; m ? sign(t)·m : t)
 * subtractHeadings(a, b) = a − b mapped into (−180, 180]
 * </pre>
 * A heading turned by an earlier turtle is seen by later ones; nobody moves until every turtle
 * has turned. Then every turtle moves forward 1 patch in five sub-steps of 0.2, wrapping after
 * each ({@code repeat 5 [ ask turtles [ fd 0.2 ] ]}). The flock's velocity after a step is
 * {@code (sin h, cos h)}, 1 world unit (patch) per step.
 *
 * <p>The world: {@code world.dimension = 2}, {@code world.boundary = wrap} and any
 * {@code world.size} (the preset's 71 gives NetLogo's [−35.5, 35.5) torus of 71 × 71 patches);
 * {@code boids.minSpeed = maxSpeed = initialSpeed = 1} (the model's constant speed) and
 * {@code boids.spawnSize = world.size} (turtles start anywhere), so no boids field is ignored.
 *
 * <p>Source line → choice (the README's "NetLogo Flocking" lists the same):
 * <ul>
 *   <li>{@code ask turtles [ flock ]} (a new random order each tick, from NetLogo's own
 *       generator) → {@link Order#RANDOM_SEQUENTIAL}: a uniform permutation per tick by
 *       Fisher–Yates from the run's keyed stream {@code (step, id −1)}; NetLogo's Mersenne
 *       Twister draws are not reproduced, only their distribution. {@link Order#ID_ORDER}
 *       (ascending boid id, NetLogo's {@code who}) for trajectory tests.</li>
 *   <li>{@code create-turtles} gives each turtle a random integer heading 0..359, then
 *       {@code setxy random-xcor random-ycor} → per boid in id order: heading
 *       {@code nextInt(360)}, then x, then y uniform in [−size/2, size/2), from the run's
 *       seeded generator. (Colours and the 1.5 size are drawing only.)</li>
 *   <li>{@code min-one-of flockmates [distance myself]} with a tie (NetLogo picks one at random)
 *       → the tied flockmate with the smallest id.</li>
 *   <li>{@code towards myself} from a flockmate at exactly my position (NetLogo stops with a
 *       runtime error; reachable only when {@code minimumSeparation = 0}) → that flockmate adds
 *       nothing to the cohesion bearing.</li>
 *   <li>Slider ranges (vision 0–10, minimum-separation 0–5, turns 0–20) are the interface's,
 *       not limits of the rules → the record allows vision in [0, world.size/2] (the torus
 *       half-width: farther is the same as everybody), minimumSeparation &gt;= 0, and turns in
 *       [0, 180] (subtract-headings never exceeds 180, so a larger maximum is the same as 180).
 *       The experiment {@code behaviorsearch-flocking} searches the slider ranges.</li>
 *   <li>{@code fd 0.2} five times → five additions of {@code 0.2·(sin h, cos h)}, each wrapped
 *       into [−size/2, size/2) (NetLogo's torus wrap), not one step of length 1 (they differ in
 *       rounding only).</li>
 *   <li>Sums over flockmates ({@code sum}/{@code mean} of {@code of}, in NetLogo's random
 *       agentset order) → the kernel's cell order; they differ in rounding only.</li>
 *   <li>Taking over a given state ({@code --init}) → heading = the compass direction of the
 *       given velocity (it must be non-zero), its speed dropped (the model's speed is 1);
 *       nothing is drawn.</li>
 * </ul>
 *
 * @param update            the order turtles turn in within a tick
 * @param vision            flockmate radius in patches (inclusive), in [0, world.size/2]; NetLogo 5.0
 * @param minimumSeparation separate when the nearest flockmate is closer than this, in patches,
 *                          &gt;= 0; NetLogo 1.0
 * @param maxAlignTurn      largest align turn per tick in degrees, in [0, 180]; NetLogo 5.0
 * @param maxCohereTurn     largest cohere turn per tick in degrees, in [0, 180]; NetLogo 3.0
 * @param maxSeparateTurn   largest separate turn per tick in degrees, in [0, 180]; NetLogo 1.5
 */
public record NetLogoFlocking(Order update, @NonNegative double vision, @NonNegative double minimumSeparation,
                              @Range(min = 0, max = 180) double maxAlignTurn,
                              @Range(min = 0, max = 180) double maxCohereTurn,
                              @Range(min = 0, max = 180) double maxSeparateTurn) implements PeerModel {

    /** The model's constant speed: 1 patch per tick. */
    public static final double SPEED = 1;

    public NetLogoFlocking {
        Check.components(NetLogoFlocking.class, update, vision, minimumSeparation, maxAlignTurn, maxCohereTurn,
                maxSeparateTurn);
    }

    /** NetLogo's defaults (vision 5.0 since 2018, minimum separation 1.0, turns 5, 3, 1.5) in NetLogo's random order. */
    public static NetLogoFlocking defaults() {
        return new NetLogoFlocking(Order.RANDOM_SEQUENTIAL, 5.0, 1.0, 5.0, 3.0, 1.5);
    }

    /** The order turtles turn in within a tick (JSON {@code "random_sequential"}, {@code "id_order"}). */
    public enum Order {
        /** NetLogo's {@code ask}: a new uniformly random order each tick (keyed stream (step, −1)). */
        RANDOM_SEQUENTIAL,
        /** Ascending boid id each tick: for trajectory comparisons. */
        ID_ORDER
    }

    @Override
    public void check(Scene.World world, Scene.Boids boids) {
        PeerModel.requireTorus2D("netLogoFlocking", world);
        if (vision > world.size() / 2) {
            throw new IllegalArgumentException("peer.vision = " + vision + ": must be in [0, world.size/2 = "
                    + world.size() / 2 + "] (netLogoFlocking)");
        }
        requireSpeed("boids.minSpeed", boids.minSpeed());
        requireSpeed("boids.maxSpeed", boids.maxSpeed());
        requireSpeed("boids.initialSpeed", boids.initialSpeed());
        if (boids.spawnSize() != world.size()) {
            throw new IllegalArgumentException("boids.spawnSize = " + boids.spawnSize() + ": netLogoFlocking places "
                    + "turtles anywhere in the world, needs spawnSize = world.size = " + world.size());
        }
    }

    private static void requireSpeed(String field, double value) {
        if (value != SPEED) {
            throw new IllegalArgumentException(field + " = " + value + ": netLogoFlocking moves at a constant 1 patch "
                    + "per tick, needs " + SPEED);
        }
    }

    @Override
    public PeerKernel kernel(Scene scene, int capacity) {
        return new NetLogoFlockingKernel(this, scene.world().size(), capacity);
    }
}
