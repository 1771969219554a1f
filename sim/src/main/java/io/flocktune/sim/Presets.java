package io.flocktune.sim;

import io.flocktune.sim.Preset.Goal;
import io.flocktune.sim.Preset.Noise;
import io.flocktune.sim.Preset.Obstacles;
import io.flocktune.sim.Preset.Predators;
import io.flocktune.sim.Preset.Sphere;
import io.flocktune.sim.Preset.UpdateOrder;
import io.flocktune.sim.Scene.Boids;
import io.flocktune.sim.Scene.World;
import io.flocktune.sim.peer.EvoFlock;
import io.flocktune.sim.peer.NetLogoFlocking;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The built-in presets: {@code seedNNN}, one per seed document, each with the seed's rules,
 * constants and order of operations <em>as printed</em> (bugs included); {@code seedNNN-fixed}
 * for the seeds with a plain bug (000, 001, 003): the same preset with exactly those bugs fixed;
 * {@code reynolds}, a well-behaved default for tuning; {@code vicsek} and {@code couzin}; and the
 * peers' whole models ({@link io.flocktune.sim.peer.PeerModel}): {@code mason-flockers},
 * {@code netlogo-flocking} and {@code evoflock}. Where a seed leaves a constant out, the value chosen here is named in the description ("Chosen: …").
 * The README's "Seed fidelity: seed line → choice" lists every reading.
 */
public final class Presets {
    private Presets() {}

    private static final Predators NO_PREDATORS =
            new Predators(0, new PredatorBehaviour.ChaseCentroid(0.01), 2, 10, 1, 1, false);
    private static final Obstacles NO_OBSTACLES = new Obstacles(new ObstacleAvoidance.ForceField(10, 1), List.of());
    private static final Goal NO_GOAL = new Goal(0, 0, 0, 10, 0);
    private static final Noise NO_NOISE = new Noise(0);

    private static final Map<String, Preset> BUILT_IN = new LinkedHashMap<>();

    static {
        add(reynolds());
        add(seed000());
        add(seed000Fixed());
        add(seed001());
        add(seed001Fixed());
        add(seed002());
        add(seed003());
        add(seed003Fixed());
        add(seed004());
        add(vicsek());
        add(couzin());
        add(masonFlockers());
        add(netLogoFlocking());
        add(evoflock());
    }

    /**
     * MASON's Flockers ({@code shared/peers.md} section 3, {@link MasonFlockers}) with MASON's
     * defaults: 200 flockers on a 150 × 150 torus, every weight 1, neighborhood 10, jump 0.7,
     * dead probability 0.1, random order reshuffled every step.
     */
    static Preset.Peer masonFlockers() {
        return new Preset.Peer("mason-flockers",
                "MASON Flockers (eclab/mason sim/app/flockers, HEAD 43c501ca) with MASON's defaults: 200 flockers, "
                        + "150 x 150 torus (MASON's [0,150) shifted to our [-75,75)), weights avoidance = cohesion = "
                        + "consistency = momentum = randomness = 1, neighborhood 10 (inclusive, self and dead "
                        + "included), fixed jump 0.7, dead flockers with p = 0.1 (never move, still seen), random "
                        + "sequential order reshuffled every step, asynchronous. Chosen: sums in id order, the shuffle "
                        + "from BoidRandom stream (step, -1), a flocker's randomness from stream (step, id)",
                new World(2, 150, new Boundary.Wrap()),
                new Boids(200, 0, 0.7, 0, 150),
                io.flocktune.sim.peer.MasonFlockers.defaults());
    }

    private static void add(Preset p) {
        BUILT_IN.put(p.name(), p);
    }

    /** @return the built-in presets by name, in listing order. */
    public static Map<String, Preset> all() {
        return java.util.Collections.unmodifiableMap(BUILT_IN);
    }

    /**
     * @return the built-in preset called {@code name}
     * @throws NoSuchElementException naming the known presets
     */
    public static Preset get(String name) {
        Preset p = BUILT_IN.get(name);
        if (p == null) throw new NoSuchElementException("unknown preset \"" + name + "\"; built-in: " + String.join(", ", BUILT_IN.keySet()));
        return p;
    }

    /**
     * @return the built-in rule set called {@code name}, to derive variants of it with
     *         {@link Preset.RuleSet#toBuilder()}
     * @throws NoSuchElementException naming the known rule sets, if {@code name} is none of them
     *                                (also if it names a peer model)
     */
    public static Preset.RuleSet rules(String name) {
        if (BUILT_IN.get(name) instanceof Preset.RuleSet rules) return rules;
        throw new NoSuchElementException("no built-in rule set \"" + name + "\"; rule sets: " + names(Preset.RuleSet.class));
    }

    /**
     * @return the built-in peer model preset called {@code name}
     * @throws NoSuchElementException naming the known peer model presets, if {@code name} is none
     *                                of them (also if it names a rule set)
     */
    public static Preset.Peer peer(String name) {
        if (BUILT_IN.get(name) instanceof Preset.Peer peer) return peer;
        throw new NoSuchElementException("no built-in peer model \"" + name + "\"; peer models: " + names(Preset.Peer.class));
    }

    private static String names(Class<? extends Preset> kind) {
        return String.join(", ", BUILT_IN.values().stream().filter(kind::isInstance).map(Preset::name).toList());
    }

    /**
     * Craig Reynolds' EvoFlock (cwreynolds/evoflock at 8d04df9, peers.md section 4) with its
     * hand-tuned parameters: run by its own kernel ({@link EvoFlock}, which lists every choice).
     */
    static Preset.Peer evoflock() {
        return new Preset.Peer("evoflock",
                "Reynolds' EvoFlock as its code runs at commit 8d04df9 (cwreynolds/evoflock), hand-tuned "
                        + "defaults: 200 boids in 3D, 7 nearest neighbours ranked by squared distance, doubled "
                        + "unless ahead (forward.offset > 0), distance x angle weights, speed control to 20, "
                        + "predictive avoidance of the first hit by time to collision (at rest: the obstacles' "
                        + "order, big sphere first) and static avoidance of a sphere of radius 50 holding 35 "
                        + "random spheres (drawn from the run's seed by rejection sampling), normalize_or_0 "
                        + "leaving vectors with |v|^2 <= 1e-15 as they are, steer blended 0.2/0.8, max force, "
                        + "dt 1/30, no speed cap, curvature after the speed update, collisions pushed out; start "
                        + "in a ball of radius 16.5 at (-33,0,0) at rest. Box side 100, boundary none: the "
                        + "sphere is the boundary. Every choice: docs/models/evoflock.md",
                new World(3, 100, new Boundary.None()),
                new Boids(200, 0, EvoFlock.TARGET_SPEED, 0, 2 * EvoFlock.SPAWN_RADIUS),
                EvoFlock.handTuned());
    }

    /** A stable 2D periodic flock for tuning: Reynolds steering with truncated total force. */
    static Preset.RuleSet reynolds() {
        return new Preset.RuleSet(Preset.FORMAT, "reynolds",
                "Well-behaved 2D default for tuning: periodic 100x100, 200 boids, Reynolds (1999) steering "
                        + "(total force truncated), separation 1/d (001), velocity matching (000/002), steer-to cohesion (001)",
                new World(2, 100, new Boundary.Wrap()),
                new Boids(200, 0.5, 1.0, 1.0, 100),
                UpdateOrder.SYNCHRONOUS,
                new Neighbourhood.Metric(5),
                new Separation.InverseDistance(2, 1.5),
                new Alignment.VelocityMatch(0.5),
                new Cohesion.SteerTo(1, 5, 0.1),
                new Motion.Steering(1, 0.1),
                new Predators(0, new PredatorBehaviour.ChaseCentroid(0.02), 1.2, 10, 1, 1, false),
                NO_OBSTACLES, NO_GOAL, NO_NOISE);
    }

    /**
     * Seed 000 (Veldic 2024, Python/pyscript, 3D) as printed: {@code alignment_rule}'s outdented
     * division ({@link Alignment.SummedVelocityMatch}); {@code update_boids} moves with the
     * unlimited velocity, then {@code limit_velocity}, then {@code avoid_bound}
     * ({@link Motion.MoveThenClamp}).
     */
    static Preset.RuleSet seed000() {
        return new Preset.RuleSet(Preset.FORMAT, "seed000",
                "Seed 000 as printed (Veldic, 3D py-script): linear separation <7 /50, alignment_rule's outdented "
                        + "division (velocity sum; mean for the last boid only) /600, centroid /100, obstacle force field; "
                        + "v += rules, p += v (unlimited), then limit_velocity, then avoid_bound (margin 5, 0.5); "
                        + "synchronous. Chosen: boundRange 50, recog_range 15, max_speed 2, 30 boids, one obstacle",
                new World(3, 100, new Boundary.SoftMargin(5, 0.5)),
                new Boids(30, 0, 2, 1, 100),
                UpdateOrder.SYNCHRONOUS,
                new Neighbourhood.Metric(15),
                new Separation.Linear(7, 1.0 / 50),
                new Alignment.SummedVelocityMatch(1.0 / 600),
                new Cohesion.Centroid(1.0 / 100),
                new Motion.MoveThenClamp(1),
                NO_PREDATORS,
                new Obstacles(new ObstacleAvoidance.ForceField(15, 1), List.of(new Sphere(20, 0, 0, 5))),
                NO_GOAL, NO_NOISE);
    }

    /**
     * Seed 000 with its two slips fixed: a per-boid mean in {@code alignment_rule}
     * ({@link Alignment.VelocityMatch}) and the speed limited before the move, with
     * {@code avoid_bound}'s turn part of the step's sum ({@link Motion.Additive}).
     */
    static Preset.RuleSet seed000Fixed() {
        return seed000().toBuilder().name("seed000-fixed")
                .description("Seed 000 fixed: as seed000 but alignment_rule's mean per boid, and "
                        + "v += rules + avoid_bound's turn, limit_velocity, then p += v (no move beyond max_speed)")
                .alignment(new Alignment.VelocityMatch(1.0 / 600))
                .motion(new Motion.Additive(1))
                .build();
    }

    /**
     * Seed 001 (Choi 2012 after harry.me, CoffeeScript, 2D canvas 550x550) as printed: plain
     * distances on a canvas whose positions wrap ({@link Boundary.WrapPositionsOnly}), neighbours
     * at {@code d > 0}, every boid starting at the canvas centre.
     */
    static Preset.RuleSet seed001() {
        return new Preset.RuleSet(Preset.FORMAT, "seed001",
                "Seed 001 as printed (Choi / harry.me, 2D canvas 550): positions wrap but distances are plain, "
                        + "align/cohere need 0 < d < NEIGHBOUR_RADIUS, separation mean unit/d, alignment mean velocity "
                        + "limited to MAX_FORCE 0.05, steer_to cohesion with arrival 100, MAX_SPEED 2, 101 boids "
                        + "([0..100]) all starting at the centre; sequential in place. Chosen: DESIRED_SEPARATION 25, "
                        + "NEIGHBOUR_RADIUS 50, weights 2/1/1",
                new World(2, 550, new Boundary.WrapPositionsOnly()),
                new Boids(101, 0, 2, 1, 0),
                UpdateOrder.SEQUENTIAL,
                new Neighbourhood.MetricExcludingCoincident(50),
                new Separation.InverseDistance(25, 2),
                new Alignment.MeanVelocityLimited(1, 0.05),
                new Cohesion.SteerTo(1, 100, 0.05),
                new Motion.Additive(1),
                NO_PREDATORS, NO_OBSTACLES, NO_GOAL, NO_NOISE);
    }

    /** Seed 001 on a true torus: minimum-image distances across the wrapped edges. */
    static Preset.RuleSet seed001Fixed() {
        return seed001().toBuilder().name("seed001-fixed")
                .description("Seed 001 fixed: as seed001 but a true torus, boids see each other across the wrapped "
                        + "edges (minimum-image distances)")
                .world(new World(2, 550, new Boundary.Wrap()))
                .build();
    }

    /**
     * Seed 002 (Yoo 2023 report, Python + three.js, 3D) as printed: Algorithm 1 updates each
     * boid rule by rule, in place, and moves it inside the per-boid loop
     * ({@link UpdateOrder#SEQUENTIAL_IN_PLACE}); {@code saturate()} is not in the loop, so the
     * move uses the unsaturated velocity ({@link Motion.MoveThenClamp}).
     */
    static Preset.RuleSet seed002() {
        return new Preset.RuleSet(Preset.FORMAT, "seed002",
                "Seed 002 as printed (Yoo, 3D report): Algorithm 1 per boid in id order, rules in place in the "
                        + "order cohesion, alignment, separation, goal, flee, then p += v; saturate() to [min, max] and the "
                        + "hard bound after every boid moved; linear separation, velocity matching, centroid cohesion, "
                        + "goal within visual range, predator chasing the flock centroid (max speed 2), flee with unit "
                        + "vectors. Chosen: dt 1, visual range 10, separation 3, factors 0.05/0.05/0.005, goal 0.01, "
                        + "PredPower 0.001, flee 0.5, speeds [0.5, 2]",
                new World(3, 100, new Boundary.Hard()),
                new Boids(50, 0.5, 2, 1, 60),
                UpdateOrder.SEQUENTIAL_IN_PLACE,
                new Neighbourhood.Metric(10),
                new Separation.Linear(3, 0.05),
                new Alignment.VelocityMatch(0.05),
                new Cohesion.Centroid(0.005),
                new Motion.MoveThenClamp(1),
                new Predators(1, new PredatorBehaviour.ChaseCentroid(0.001), 2, 10, 0.5, 1, false),
                NO_OBSTACLES,
                new Goal(30, 30, 30, 10, 0.01),
                NO_NOISE);
    }

    /**
     * Seed 003 (Cha 2025, C++/SFML, 2D) as printed: the arithmetic mean of atan2 headings
     * ({@link Alignment.HeadingBlend}) and no speed limit ({@link Motion.Unclamped}).
     */
    static Preset.RuleSet seed003() {
        return new Preset.RuleSet(Preset.FORMAT, "seed003",
                "Seed 003 as printed (Cha, C++ SFML 2D): separation mean (p_i-p_j)/d^2 normalised and clamped, "
                        + "heading-angle blend toward the whole flock's arithmetic mean angle, unit vector to the global "
                        + "centroid, rules in place on the velocity, no speed limit; sequential in place. Chosen: "
                        + "desiredSeparation 20, separationStrength 10, maxSeparationForce 0.5, alignmentStrength 0.05, "
                        + "cohesionStrength 0.02, dt 1",
                new World(2, 800, new Boundary.None()),
                new Boids(150, 0, 4, 2, 600),
                UpdateOrder.SEQUENTIAL,
                new Neighbourhood.Global(),
                new Separation.InverseSquareClamped(20, 1, 10, 0.5),
                new Alignment.HeadingBlend(0.05),
                new Cohesion.UnitToCentroid(0.02),
                new Motion.Unclamped(1),
                NO_PREDATORS, NO_OBSTACLES, NO_GOAL, NO_NOISE);
    }

    /** Seed 003 with the ±π slip fixed: circular mean heading, shortest turn. */
    static Preset.RuleSet seed003Fixed() {
        return seed003().toBuilder().name("seed003-fixed")
                .description("Seed 003 fixed: as seed003 but the circular mean heading and the shortest signed turn "
                        + "(headings 179 and -179 degrees average to 180, not 0)")
                .alignment(new Alignment.CircularHeadingBlend(0.05))
                .build();
    }

    /** Seed 004 (2023 Unity C#, 3D). */
    static Preset.RuleSet seed004() {
        return new Preset.RuleSet(Preset.FORMAT, "seed004",
                "Seed 004 as printed (Unity C#, 3D): normalised separation sum, normalised mean forward, unit vector to the "
                        + "local centroid, constant speed 5 with heading lerp by deltaTime; sequential in place; "
                        + "detect range 10, separation range 5. Chosen: deltaTime 0.02 (50 fps), 100 boids, spawn box 40",
                new World(3, 100, new Boundary.None()),
                new Boids(100, 0, 5, 5, 40),
                UpdateOrder.SEQUENTIAL,
                new Neighbourhood.Metric(10),
                new Separation.Normalized(5, 1),
                new Alignment.MeanForward(1),
                new Cohesion.UnitToCentroid(1),
                new Motion.ConstantSpeed(0.02, 5, 0.02),
                NO_PREDATORS, NO_OBSTACLES, NO_GOAL, NO_NOISE);
    }

    /**
     * Vicsek et al. (1995), Phys. Rev. Lett. 75, 1226: N = 400 in a periodic 10 × 10 box, speed
     * 0.03, radius 1, heading = circular mean of the neighbours (self included) plus uniform
     * noise η, synchronous. Polarization falls from ≈ 1 at small η to ≈ √(π/4N) at η = 2π.
     */
    static Preset.RuleSet vicsek() {
        return new Preset.RuleSet(Preset.FORMAT, "vicsek",
                "Vicsek et al. 1995: 2D periodic L=10, N=400, v=0.03, r=1, heading = circular mean of neighbours "
                        + "(self included) + uniform noise eta=2 (alignment.noise), synchronous",
                new World(2, 10, new Boundary.Wrap()),
                new Boids(400, 0, 0.03, 0.03, 10),
                UpdateOrder.SYNCHRONOUS,
                new Neighbourhood.Metric(1),
                new Separation.Linear(1, 0),
                new Alignment.Vicsek(1, 2),
                new Cohesion.Centroid(0),
                new Motion.ConstantSpeed(1, 0.03, 1),
                NO_PREDATORS, NO_OBSTACLES, NO_GOAL, NO_NOISE);
    }

    /**
     * Couzin et al. (2002), J. theor. Biol. 218, 1–11: 3D, open space, N = 100, zones of
     * repulsion r_r = 1, orientation Δr_o and attraction Δr_a, field of perception 270°, turning
     * rate 40°/s, speed 3, heading error σ = 0.05 rad, τ = 0.1 s. This preset forms the torus
     * (milling, Δr_o = 2, Δr_a = 14); alignment.radius = r_r + Δr_o and neighbourhood.radius =
     * r_r + Δr_o + Δr_a select the other phases: Δr_o = 0 swarm, 3 dynamic parallel, ≥ 6 highly
     * parallel (measured with 3 seeds, steps 2000–3000).
     */
    static Preset.RuleSet couzin() {
        return new Preset.RuleSet(Preset.FORMAT, "couzin",
                "Couzin et al. 2002 (torus): 3D zones repulsion r_r=1 (priority), orientation to r_r+dr_o=3, "
                        + "attraction to r_r+dr_o+dr_a=17, field of perception 270 deg, 40 deg/s turns, speed 3, "
                        + "sigma 0.05, tau 0.1 s, N=100",
                new World(3, 30, new Boundary.None()),
                new Boids(100, 0, 3, 3, 15),
                UpdateOrder.SYNCHRONOUS,
                new Neighbourhood.FieldOfView(17, 270),
                new Separation.Zonal(1, 1),
                new Alignment.Zonal(1, 3),
                new Cohesion.Zonal(1),
                new Motion.TurningRate(0.1, 3, 40, 0.05),
                NO_PREDATORS, NO_OBSTACLES, NO_GOAL, NO_NOISE);
    }

    /**
     * NetLogo's Flocking (Wilensky 1998), {@code shared/peers.md} section 1: the library defaults
     * (population 300, vision 5.0, minimum separation 1.0, max turns align 5, cohere 3, separate
     * 1.5 degrees) on NetLogo's 71 × 71 torus [−35.5, 35.5), speed 1 patch per tick, turtles in a
     * new random order each tick. Formulas and every source choice: {@link NetLogoFlocking}.
     */
    static Preset.Peer netLogoFlocking() {
        return new Preset.Peer("netlogo-flocking",
                "NetLogo Flocking (Wilensky 1998, library defaults since 2018): 71x71 torus, 300 turtles, compass "
                        + "headings, vision 5 (inclusive), separate from the nearest's heading below 1.0 else align "
                        + "then cohere (mean unit bearing), max turns 5/3/1.5 deg, speed 1 in five 0.2 sub-steps, "
                        + "random order each tick (peer.update; id_order for tests). Chosen: ties for nearest -> "
                        + "lowest id; a coincident flockmate adds no cohesion bearing",
                new World(2, 71, new Boundary.Wrap()),
                new Boids(300, NetLogoFlocking.SPEED, NetLogoFlocking.SPEED, NetLogoFlocking.SPEED, 71),
                NetLogoFlocking.defaults());
    }
}
