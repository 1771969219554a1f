package io.flocktune.sim.peer;

import io.flocktune.sim.Check;
import io.flocktune.sim.Constraint.Range;
import io.flocktune.sim.Scene;
import io.flocktune.sim.rule.Boundary;

/**
 * Craig Reynolds' EvoFlock as its code runs at commit 8d04df9 (github.com/cwreynolds/evoflock,
 * 2025-07-31, the paper's version; summary in {@code shared/peers.md} section 4, which the code
 * overrides where they differ): 3D boids that steer by their 7 nearest neighbours inside a sphere
 * of radius 50 holding 35 spherical obstacles. The 15 components are the parameters EvoFlock's
 * GA tunes, with the GA's ranges as constraints; {@link #handTuned()} holds Reynolds' hand-tuned
 * defaults. Run by {@link EvoFlockKernel}.
 *
 * <p><b>Constants</b> (FlockParameters.h): 7 neighbours, body diameter 1, mass 1, dt = 1/30 s,
 * target speed 20 (speed control ramps from +1 at 18 to −1 at 22), steering blended with the
 * previous steer 0.2 / 0.8, no speed cap. <b>World</b>: the big sphere (radius 50 at the origin,
 * boids excluded from outside) and 35 spheres of radius U(4, 10) (boids excluded from inside)
 * placed without overlap with margin 4; drawn from the run's seed when the run starts (EvoFlock
 * draws them once per process), fixed for the run, part of the kernel's state.
 *
 * <p><b>Step</b> ({@code Flock::fly_boids}): every boid plans its steer on the state at the
 * step's start, then every boid applies its own, then obstacle constraints are enforced, then
 * the per-step records (collisions, nearest-neighbour distance, speed, path curvature) are
 * taken. The update is synchronous and draws no random numbers, so the run is a pure function
 * of the initial state and the obstacles; there is no update order to choose.
 *
 * <p><b>Choices where the source is ambiguous</b> (source line → choice):
 * <ul>
 * <li>the 7 neighbours → Boid.h {@code recompute_nearest_neighbors}, lambda
 *     {@code neighbor_distance}: {@code distance_squared * (forwardness > 0 ? 1 : penalty)} with
 *     {@code forwardness = forward().dot(offset_to_other)} and {@code penalty = 2}: d² × 2 for a
 *     boid beside (forward·offset = 0) or behind, as peers.md writes it. (The former reading,
 *     {@code offset_to_other *= 2} when strictly behind, i.e. d² × 4, is an earlier version's
 *     rule, replaced before 8d04df9.) Boids at distance 0 (itself, coincident ones) are never
 *     neighbours ({@code distance_squared > 0 ? … : infinity}; the source asserts the nearest is not
 *     coincident, so a state where a boid has fewer than 7 others at distance &gt; 0 is refused);
 *     ties in the key go to the lower id ({@code std::partial_sort} leaves them unspecified).
 *     Needs at least 8 boids.</li>
 * <li>{@code normalize_or_0} → Vec3.h: {@code is_zero_length() ? *this : *this / length()}, with
 *     {@code is_zero_length} = |v|² within {@code util::epsilon} = 1e-15 of 0 (Utilities.h
 *     {@code within_epsilon}, {@code <=}) and every component 0 or normal ({@code is_valid}): a
 *     vector with |v|² &le; 1e-15 is returned as it is (not as 0, not normalized). Used for the
 *     separation, alignment and cohesion directions, each neighbour's heading offset, the
 *     predictive lateral and the curvature.</li>
 * <li>{@code remap_interval_clip(x, a, b, c, d)} with a = b (e.g. predictive avoidance at speed
 *     0: {@code min_dist = speed · minTimeToCollide = 0}) → Utilities.h: blend 0.5 (weight
 *     0.5), as the source; then clipped to [min(c,d), max(c,d)].</li>
 * <li>"first ray–obstacle hit along fwd (sorted by dist/speed)" → Boid.h
 *     {@code cache_predicted_obstacle_collisions}: each hit's {@code time_to_collision = dist /
 *     speed()}, then {@code std::ranges::sort} with {@code <}; the first collision is the least
 *     time, ties (and every hit at speed 0, where all times are +∞, or NaN for dist = 0) in the
 *     obstacles' order, so a boid at rest (after a collision, or at the start) takes the big
 *     sphere's wall, not the nearest hit. The order kept for equal keys is that of the insertion
 *     sort that {@code std::sort} runs on a list this short (at most 16 hits; more would need a
 *     ray through 16 of the 35 spheres). Ray–sphere hit as shape.h
 *     {@code ray_sphere_intersection}: δ = (u·(o−c))² − (|o−c|² − r²); if δ &ge; 0, d1 = −u·(o−c)
 *     + √δ, d2 = −u·(o−c) − √δ; the hit is at d1 if d1 &ge; 0, replaced by d2 if 0 &le; d2 &lt;
 *     d1. Hit normal = unit(poi − c) · signum(|p − c| − r) ({@code normalTowardAgent}).</li>
 * <li>predictive steer → Boid.h {@code steer_for_predictive_avoidance}: lat =
 *     normalize0(n − fwd (n·fwd)); (lat − 0.5 |lat| fwd) · remap_clip(dist, 0, speed ·
 *     minTimeToCollide → 1, 0).</li>
 * <li>fly_away "inside ? +1 : −1" → obstacle.h {@code SphereObstacle::fly_away}: inside means
 *     signed distance |p − c| − r &lt; 0 (inside the sphere's ball); the push is unit(c − p) · (1 −
 *     ||c − p| − r| / flyAwayMaxDist) · (inside ? +1 : −1) when ||c − p| − r| &lt; flyAwayMaxDist
 *     and unit(c − p)·fwd &lt; 0.9 (the dot with the unsigned unit(c − p)). A boid exactly at a
 *     centre gets no push (the source divides by 0).</li>
 * <li>cohesion with Σw = 0 → the centre stays the origin: c = normalize0(0 − p), as written.</li>
 * <li>steer blend → Utilities.h {@code Blender::blend(new, 0.8)}: the first call (and the first
 *     after a collision cleared it) returns new; later ones {@code interpolate(0.8, new, old)} =
 *     new·(1 − 0.8) + old·0.8.</li>
 * <li>truncate(steer, maxForce) → Vec3.h {@code truncate}: steer · (maxForce / √|steer|²) when
 *     |steer|² &gt; maxForce², else steer.</li>
 * <li>collision resolution → Boid.h {@code enforceObstacleConstraint}, obstacle by obstacle (big
 *     sphere first, then the 35 in placement order), each on the position the previous one left:
 *     a boid with signed distance &gt; 0 (big sphere) or &lt; 0 (a small one) is counted as one
 *     collision, moved to the nearest surface point + 1 × the unit normal toward the allowed side,
 *     its speed set to 0, its steer memory cleared, its forward set to
 *     unit((ec + normal) − ec) ({@code ls().fromTo(ec, ec + normal · bodyDiameter)}).</li>
 * <li>order of phases and records → flock.h {@code fly_boids}: plan all, apply all, enforce, then
 *     record separation (distance after the move and enforcement to the first entry of the
 *     plan-phase 7-NN list), speed (after enforcement) and curvature (from the apply phase,
 *     before enforcement).</li>
 * <li>curvature → Agent.h {@code update_speed_and_local_space}: {@code setSpeed(new_speed)} comes
 *     before {@code setPathCurvature(new_velocity)}, whose old velocity {@code velocity()} is then
 *     the old forward · the new speed: curvature = |normalize0(fwd_old · s_new) −
 *     normalize0(v_new)|, so a boid starting from rest straight ahead has curvature 0 (peers.md's
 *     |unit(v_old) − unit(v_new)| would give 1), and 0 when the new speed is 0.</li>
 * <li>obstacle placement (flock.h: {@code shape::arrangeNonOverlappingSpheres(radii, 4, 50, 4000)},
 *     4000 named "max retries"; shape.h's function is a relaxation that moves random centres,
 *     drawn from EvoFlock's own generator, apart step by step, capped in iterations) → rejection
 *     sampling, kept: EvoFlock's generator is not reproduced, so neither method gives its
 *     layouts, and rejection sampling keeps the margin of 4 exactly by construction, where a
 *     capped relaxation may stop with a residual overlap:
 *     35 radii U(4, 10) first, then for each sphere in turn up to 4000 centres uniform in the
 *     ball of radius 50 − r − 4, the first at least r + r' + 4 from every sphere placed so far is
 *     kept; when one finds no place in 4000 draws, the radii and all centres are drawn again.</li>
 * <li>uniform points in a ball ({@code randomPointInUnitRadiusSphere}) → rejection from the cube
 *     [−1, 1)³, three draws per try.</li>
 * <li>initial state → draws in this order: obstacles, then per boid in id order its position
 *     (ball of radius 16.5 at (−33, 0, 0)) and its forward normalize((1,0,0) + 0.1·ball); speed 0.
 *     Boids that start inside an obstacle are pushed out as a collision pushes (forward turned to
 *     the normal) but not counted: flock.h {@code enforceObsBoidConstraintsDoNotCount}, "does not
 *     count constraint violation due to initial Boid position".</li>
 * </ul>
 *
 * <p>The flock's velocity is forward · speed in world units per second (the step moves it · dt).
 *
 * @param maxForce           steering force limit, [0, 100]
 * @param weightForward      weight of the speed control along forward, [0, 100]
 * @param weightSeparate     weight of separation, [0, 100]
 * @param weightAlign        weight of alignment, [0, 100]
 * @param weightCohere       weight of cohesion, [0, 100]
 * @param weightAvoidPredict weight of predictive obstacle avoidance, [0, 100]
 * @param weightAvoidStatic  weight of static obstacle avoidance (fly away), [0, 100]
 * @param maxDistSeparate    distance where a neighbour's separation weight reaches 0, [0, 100]
 * @param maxDistAlign       distance where a neighbour's alignment weight reaches 0, [0, 100]
 * @param maxDistCohere      distance where a neighbour's cohesion weight reaches 0, [0, 100]
 * @param angleSeparate      cosine of the separation cone's half angle (weight 0 there, 1 straight
 *                           ahead), [−1, 1]
 * @param angleAlign         cosine of the alignment cone's half angle, [−1, 1]
 * @param angleCohere        cosine of the cohesion cone's half angle, [−1, 1]
 * @param flyAwayMaxDist     distance from an obstacle surface where fly-away starts, [0, 100]
 * @param minTimeToCollide   predictive avoidance's time horizon in seconds, [0, 10]
 */
public record EvoFlock(@Range(min = 0, max = 100) double maxForce,
                       @Range(min = 0, max = 100) double weightForward,
                       @Range(min = 0, max = 100) double weightSeparate,
                       @Range(min = 0, max = 100) double weightAlign,
                       @Range(min = 0, max = 100) double weightCohere,
                       @Range(min = 0, max = 100) double weightAvoidPredict,
                       @Range(min = 0, max = 100) double weightAvoidStatic,
                       @Range(min = 0, max = 100) double maxDistSeparate,
                       @Range(min = 0, max = 100) double maxDistAlign,
                       @Range(min = 0, max = 100) double maxDistCohere,
                       @Range(min = -1, max = 1) double angleSeparate,
                       @Range(min = -1, max = 1) double angleAlign,
                       @Range(min = -1, max = 1) double angleCohere,
                       @Range(min = 0, max = 100) double flyAwayMaxDist,
                       @Range(min = 0, max = 10) double minTimeToCollide) implements PeerModel {

    /** Neighbours each boid steers by. */
    public static final int NEIGHBOURS = 7;
    /** Simulation time step in seconds (30 fps). */
    public static final double DT = 1.0 / 30;
    /** Radius of the big sphere at the origin that contains the flock. */
    public static final double SPHERE_RADIUS = 50;
    /** Number of obstacle spheres inside the big one. */
    public static final int OBSTACLES = 35;
    /** Target speed of the speed control (also the preset's boids.maxSpeed; not a cap). */
    public static final double TARGET_SPEED = 20;
    /** Radius of the initial ball of positions, centred at (−33, 0, 0). */
    public static final double SPAWN_RADIUS = 16.5;

    public EvoFlock {
        Check.components(EvoFlock.class, maxForce, weightForward, weightSeparate, weightAlign, weightCohere,
                weightAvoidPredict, weightAvoidStatic, maxDistSeparate, maxDistAlign, maxDistCohere, angleSeparate,
                angleAlign, angleCohere, flyAwayMaxDist, minTimeToCollide);
    }

    /** Reynolds' hand-tuned defaults (FlockParameters.h at 8d04df9, peers.md section 4). */
    public static EvoFlock handTuned() {
        return new EvoFlock(100, 4, 40, 45, 35, 85, 55, 15, 40, 40, -1, 0.6, -0.4, 10, 1.4);
    }

    /**
     * The set saved in evoflock.h as "run 20260111_ga_regress_test (best fit 0.83)", a 3-objective
     * GA run (avoid, separate, speed).
     */
    public static EvoFlock bestFit083() {
        return new EvoFlock(63.744, 81.2466, 43.4222, 28.0775, 16.4975, 91.6614, 81.1959, 2.53281, 6.47123,
                10.1784, -0.980982, -0.878616, 0.238952, 5.23155, 1.70729);
    }

    /**
     * EvoFlock runs in 3D with boundary {@code none} (the big sphere is the boundary) in a box of
     * side &ge; 100 (it holds the sphere), with at least 8 boids (7 neighbours each), speeds
     * minSpeed = initialSpeed = 0 and maxSpeed = 20 (its target speed; EvoFlock has no speed cap,
     * so no other value would mean anything) and spawnSize = 33 (the initial ball's diameter).
     */
    @Override
    public void check(Scene.World world, Scene.Boids boids) {
        String kind = "peer.kind = evoFlock";
        if (world.dimension() != 3) {
            throw new IllegalArgumentException("world.dimension = " + world.dimension() + ": " + kind + " is 3D; use 3");
        }
        if (world.size() < 2 * SPHERE_RADIUS) {
            throw new IllegalArgumentException("world.size = " + world.size() + ": " + kind
                    + " needs >= 100 (its sphere of radius 50 at the origin must fit)");
        }
        if (!(world.boundary() instanceof Boundary.None)) {
            throw new IllegalArgumentException("world.boundary: " + kind
                    + " needs {\"kind\": \"none\"} (its sphere of radius 50 is the boundary)");
        }
        if (boids.count() <= NEIGHBOURS) {
            throw new IllegalArgumentException("boids.count = " + boids.count() + ": " + kind
                    + " needs >= 8 (each boid steers by its 7 nearest)");
        }
        if (boids.minSpeed() != 0 || boids.initialSpeed() != 0) {
            throw new IllegalArgumentException("boids.minSpeed = " + boids.minSpeed() + ", boids.initialSpeed = "
                    + boids.initialSpeed() + ": " + kind + " needs both 0 (no speed floor; boids start at rest)");
        }
        if (boids.maxSpeed() != TARGET_SPEED) {
            throw new IllegalArgumentException("boids.maxSpeed = " + boids.maxSpeed() + ": " + kind
                    + " needs 20, its target speed (it has no speed cap)");
        }
        if (boids.spawnSize() != 2 * SPAWN_RADIUS) {
            throw new IllegalArgumentException("boids.spawnSize = " + boids.spawnSize() + ": " + kind
                    + " needs 33, the diameter of its initial ball at (-33, 0, 0)");
        }
    }

    @Override
    public PeerKernel kernel(Scene scene, int capacity) {
        return new EvoFlockKernel(this, capacity);
    }
}
