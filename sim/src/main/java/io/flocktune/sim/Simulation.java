package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.Separation;
import io.flocktune.sim.space.NearestSearch;
import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs a {@link Preset} headless. A run is a pure function of (preset, seed) or (preset, seed,
 * initial state): one seeded {@link SplittableRandom} draws the initial state and then a run
 * key; every per-step draw (steering noise, Vicsek's η, Couzin's heading error) comes from a
 * {@link BoidRandom} stream keyed by (run key, step, boid id), so it does not depend on the
 * order boids are visited in.
 *
 * <p>Each {@link #step()} rebuilds the {@link NeighbourGrid}, copies the state into cell order
 * (so neighbours are read from contiguous memory), evaluates every boid with one fused kernel
 * that accumulates the sums all rule variants need in a single pass over the neighbour cells,
 * and writes the state back. The rule variants are read once, at construction, into primitive
 * fields; nothing is allocated per step (captures aside).
 *
 * <pre>{@code
 * Simulation sim = Simulation.of(Presets.get("reynolds"), 42);
 * sim.run(1000, (step, flock) -> {});
 * }</pre>
 */
public final class Simulation {
    // rule variant codes, fixed at construction
    private static final int SEP_LINEAR = 0, SEP_INVERSE = 1, SEP_INVERSE_SQUARE = 2, SEP_NORMALIZED = 3, SEP_ZONAL = 4;
    private static final int ALI_MATCH = 0, ALI_LIMITED = 1, ALI_HEADING = 2, ALI_CIRCULAR = 3, ALI_FORWARD = 4,
            ALI_VICSEK = 5, ALI_ZONAL = 6, ALI_SUMMED = 7;
    private static final int COH_CENTROID = 0, COH_STEER = 1, COH_UNIT = 2, COH_ZONAL = 3;
    private static final int MOT_ADDITIVE = 0, MOT_STEERING = 1, MOT_CONSTANT = 2, MOT_TURNING = 3,
            MOT_MOVE_CLAMP = 4, MOT_UNCLAMPED = 5;
    private static final int BND_WRAP = 0, BND_SOFT = 1, BND_HARD = 2, BND_NONE = 3, BND_WRAP_POSITIONS = 4;
    private static final int NB_METRIC = 0, NB_FIELD_OF_VIEW = 1, NB_TOPOLOGICAL = 2, NB_GLOBAL = 3;
    private static final int OBS_FORCE_FIELD = 0, OBS_STEER = 1;

    private final Preset preset;
    private final Flock flock;
    private final BoidRandom random;             // per-step draws, by (step, boid id)
    private final boolean drawsPerBoid;
    private final NeighbourGrid grid;
    private long step;

    // parameters
    private final boolean threeD, periodic, sequential, global;
    private final boolean inPlace;                // rules act one after another on the boid's velocity (002)
    private final boolean wrapPositions;          // positions wrap (Wrap: with minimum images; WrapPositionsOnly: without)
    private final boolean excludeCoincident;      // neighbours need d > 0 (001)
    // sequential update whose step length is not bounded by maxSpeed·dt (unclamped motion): a
    // boid that moved farther than the slack makes the rest of the step scan every boid, so the
    // neighbour queries stay exact
    private final boolean stepUnbounded;
    private boolean scanAll;
    private int lastId;                           // highest live boid id (SummedVelocityMatch)
    private final int nbKind, topologicalCount;
    private final double fieldOfViewCos;          // cos(angle/2), or −2 when the cone is off
    private final double size, half;
    private final int sepKind, aliKind, cohKind, motKind, bndKind;
    private final double sepR2, sepWeight, sepStrength, sepMaxForce;
    private final double nbR2;
    private final double aliWeight, aliMaxForce, vicsekNoise, orientationR2;
    private final double cohWeight, cohArrival, cohMaxForce;
    private final double dt, minSpeed, maxSpeed, motMaxForce, constSpeed, turnFactor, maxTurnPerStep, headingError;
    private final double softMargin, softTurn;
    private final double cellSize;
    private final boolean needUnit, needHeading;
    private final double goalX, goalY, goalZ, goalR2, goalWeight;
    private final double fleeR2, fleeWeight;
    private final Predation predation;
    private final double[] obsX, obsY, obsZ, obsR;
    private final int obsKind;
    private final double obsRange, obsWeight, obsClearance;
    private final double noise;

    // cell-ordered working state
    // the flock's current arrays (cell order after the step's reordering)
    private double[] sx, sy, sz, svx, svy, svz;
    private final double[] ux, uy, uz, heading;
    private final int[] slotOfId;
    private int[] runs = new int[36];
    private int[] forwardRuns = new int[81];
    private final int reach;                      // cells searched on each side (cell = radius / reach)
    private final boolean fastPairs;              // synchronous, metric, common variants
    private boolean shiftsExact;                  // this step's grid allows the symmetric pair pass
    // the symmetric pair pass's per-boid sums: pairSumsPerBoid doubles per slot, side
    // by side so that adding to a neighbour touches one or two cache lines, not eleven arrays
    private static final int SEP_INV_COUNT = 0, NB_COUNT = 1, SEP_X = 2, SEP_Y = 3, INV_X = 4,
            INV_Y = 5, NB_VX = 6, NB_VY = 7, NB_OX = 8, NB_OY = 9, SEP_Z = 10, INV_Z = 11, NB_VZ = 12, NB_OZ = 13;
    private final int pairSumsPerBoid;            // 10 in 2D, 14 in 3D
    private final double[] pairSums;
    private final NearestSearch nearest;          // topological neighbourhood
    private final double[] turned = new double[3];
    private double slack;
    // flock-wide sums for the global neighbourhood
    private double gpx, gpy, gpz, gvx, gvy, gvz, gux, guy, guz, gHeading;

    /**
     * A simulation from a random initial state: positions uniform in the centred box of side
     * {@code boids.spawnSize}, velocities of length {@code boids.initialSpeed} in uniformly random
     * directions, predators uniform in the world box at rest.
     *
     * @param seed any 64-bit value; the same seed gives the same run, bit for bit
     */
    public static Simulation of(Preset preset, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(preset.world().dimension(), preset.boids().count(), preset.predators().count());
        InitialState.randomize(preset, flock, random);
        return new Simulation(preset, flock, random);
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
        return new Simulation(preset, initial.copy(), new SplittableRandom(seed));
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
        Flock flock = new Flock(boids.dimension(), n, preset.predators().count());
        System.arraycopy(boids.x(), 0, flock.x(), 0, n); System.arraycopy(boids.y(), 0, flock.y(), 0, n);
        System.arraycopy(boids.z(), 0, flock.z(), 0, n); System.arraycopy(boids.vx(), 0, flock.vx(), 0, n);
        System.arraycopy(boids.vy(), 0, flock.vy(), 0, n); System.arraycopy(boids.vz(), 0, flock.vz(), 0, n);
        System.arraycopy(boids.id(), 0, flock.id(), 0, n);
        SplittableRandom random = new SplittableRandom(seed);
        InitialState.drawPredators(preset, flock, random);
        InitialState.validate(preset, flock);
        return new Simulation(preset, flock, random);
    }

    /**
     * For tests: as {@link #of(Preset, long)} but never taking the symmetric pair pass, so the
     * general one-boid-at-a-time pass can be compared with it on the same preset.
     */
    static Simulation ofGeneralPass(Preset preset, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(preset.world().dimension(), preset.boids().count(), preset.predators().count());
        InitialState.randomize(preset, flock, random);
        return new Simulation(preset, flock, random, false);
    }

    private Simulation(Preset preset, Flock flock, SplittableRandom random) {
        this(preset, flock, random, true);
    }

    private Simulation(Preset preset, Flock flock, SplittableRandom random, boolean pairPass) {
        this.preset = preset;
        this.flock = flock;
        this.random = new BoidRandom(random.nextLong());
        Preset.World world = preset.world();
        threeD = world.dimension() == 3;
        size = world.size();
        half = 0.5 * size;
        sequential = preset.update() != Preset.UpdateOrder.SYNCHRONOUS;
        inPlace = preset.update() == Preset.UpdateOrder.SEQUENTIAL_IN_PLACE;
        bndKind = switch (world.boundary()) {
            case Boundary.Wrap w -> BND_WRAP;
            case Boundary.WrapPositionsOnly w -> BND_WRAP_POSITIONS;
            case Boundary.SoftMargin s -> BND_SOFT;
            case Boundary.Hard h -> BND_HARD;
            case Boundary.None n -> BND_NONE;
        };
        periodic = bndKind == BND_WRAP;
        wrapPositions = bndKind == BND_WRAP || bndKind == BND_WRAP_POSITIONS;
        if (world.boundary() instanceof Boundary.SoftMargin(double margin, double turn)) {
            softMargin = margin;
            softTurn = turn;
        } else {
            softMargin = 0;
            softTurn = 0;
        }

        Separation separation = preset.separation();
        sepR2 = separation.radius() * separation.radius();
        sepWeight = separation.weight();
        switch (separation) {
            case Separation.Linear l -> { sepKind = SEP_LINEAR; sepStrength = 0; sepMaxForce = 0; }
            case Separation.InverseDistance d -> { sepKind = SEP_INVERSE; sepStrength = 0; sepMaxForce = 0; }
            case Separation.InverseSquareClamped c -> {
                sepKind = SEP_INVERSE_SQUARE; sepStrength = c.strength(); sepMaxForce = c.maxForce();
            }
            case Separation.Normalized n -> { sepKind = SEP_NORMALIZED; sepStrength = 0; sepMaxForce = 0; }
            case Separation.Zonal z -> { sepKind = SEP_ZONAL; sepStrength = 0; sepMaxForce = 0; }
        }

        excludeCoincident = preset.neighbourhood() instanceof Neighbourhood.MetricExcludingCoincident;
        switch (preset.neighbourhood()) {
            case Neighbourhood.Metric m -> {
                nbKind = NB_METRIC; nbR2 = m.radius() * m.radius(); fieldOfViewCos = -2; topologicalCount = 0;
            }
            case Neighbourhood.MetricExcludingCoincident m -> {
                nbKind = NB_METRIC; nbR2 = m.radius() * m.radius(); fieldOfViewCos = -2; topologicalCount = 0;
            }
            case Neighbourhood.FieldOfView f -> {
                nbKind = NB_FIELD_OF_VIEW; nbR2 = f.radius() * f.radius(); topologicalCount = 0;
                fieldOfViewCos = f.angle() >= 360 ? -2 : Math.cos(Math.toRadians(f.angle() / 2));
            }
            case Neighbourhood.Topological t -> {
                nbKind = NB_TOPOLOGICAL; nbR2 = 0; fieldOfViewCos = -2; topologicalCount = t.count();
            }
            case Neighbourhood.Global g -> { nbKind = NB_GLOBAL; nbR2 = 0; fieldOfViewCos = -2; topologicalCount = 0; }
        }
        global = nbKind == NB_GLOBAL;
        nearest = new NearestSearch(Math.max(1, topologicalCount));

        Alignment alignment = preset.alignment();
        aliWeight = alignment.weight();
        double maxForce = 0, noiseEta = 0, orientation = 0;
        switch (alignment) {
            case Alignment.VelocityMatch m -> aliKind = ALI_MATCH;
            case Alignment.SummedVelocityMatch m -> aliKind = ALI_SUMMED;
            case Alignment.MeanVelocityLimited m -> { aliKind = ALI_LIMITED; maxForce = m.maxForce(); }
            case Alignment.HeadingBlend h -> aliKind = ALI_HEADING;
            case Alignment.CircularHeadingBlend h -> aliKind = ALI_CIRCULAR;
            case Alignment.MeanForward f -> aliKind = ALI_FORWARD;
            case Alignment.Vicsek v -> { aliKind = ALI_VICSEK; noiseEta = v.noise(); }
            case Alignment.Zonal z -> { aliKind = ALI_ZONAL; orientation = z.radius(); }
        }
        aliMaxForce = maxForce;
        vicsekNoise = noiseEta;
        orientationR2 = orientation * orientation;
        needUnit = aliKind == ALI_FORWARD || aliKind == ALI_CIRCULAR || aliKind == ALI_VICSEK || aliKind == ALI_ZONAL;
        needHeading = aliKind == ALI_HEADING;

        Cohesion cohesion = preset.cohesion();
        cohWeight = cohesion.weight();
        switch (cohesion) {
            case Cohesion.Centroid c -> { cohKind = COH_CENTROID; cohArrival = 0; cohMaxForce = 0; }
            case Cohesion.SteerTo s -> { cohKind = COH_STEER; cohArrival = s.arrivalRadius(); cohMaxForce = s.maxForce(); }
            case Cohesion.UnitToCentroid u -> { cohKind = COH_UNIT; cohArrival = 0; cohMaxForce = 0; }
            case Cohesion.Zonal z -> { cohKind = COH_ZONAL; cohArrival = 0; cohMaxForce = 0; }
        }

        minSpeed = preset.boids().minSpeed();
        maxSpeed = preset.boids().maxSpeed();
        double largestStep;
        switch (preset.motion()) {
            case Motion.Additive a -> {
                motKind = MOT_ADDITIVE; dt = a.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;
            }
            case Motion.MoveThenClamp m -> {
                motKind = MOT_MOVE_CLAMP; dt = m.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;          // usual, not a bound: see stepUnbounded
            }
            case Motion.Unclamped u -> {
                motKind = MOT_UNCLAMPED; dt = u.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;          // usual, not a bound: see stepUnbounded
            }
            case Motion.Steering s -> {
                motKind = MOT_STEERING; dt = s.dt(); motMaxForce = s.maxForce(); constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;
            }
            case Motion.ConstantSpeed c -> {
                motKind = MOT_CONSTANT; dt = c.dt(); motMaxForce = 0; constSpeed = c.speed(); turnFactor = c.turnFactor();
                maxTurnPerStep = 0; headingError = 0;
                largestStep = constSpeed * dt;
            }
            case Motion.TurningRate t -> {
                motKind = MOT_TURNING; dt = t.dt(); motMaxForce = 0; constSpeed = t.speed(); turnFactor = 0;
                maxTurnPerStep = Math.toRadians(t.maxTurnRate()) * t.dt(); headingError = t.headingError();
                largestStep = constSpeed * dt;
            }
        }
        // Sequential update reads neighbours that already moved this step: widen the cells by
        // the largest step so a neighbour query from the start-of-step cells stays exact.
        fastPairs = pairPass && !sequential && nbKind == NB_METRIC && !needUnit && !needHeading
                && sepKind != SEP_ZONAL && aliKind != ALI_ZONAL;
        slack = sequential ? largestStep : 0;
        stepUnbounded = sequential && (motKind == MOT_MOVE_CLAMP || motKind == MOT_UNCLAMPED);
        // 2D: half-radius cells searched two deep scan 6.25 r² instead of 9 r² (31 % fewer candidates)
        reach = threeD ? 1 : 2;
        cellSize = (preset.interactionRadius() + slack) / reach;

        Preset.Goal goal = preset.goal();
        goalX = goal.x(); goalY = goal.y(); goalZ = goal.z();
        goalR2 = goal.radius() * goal.radius();
        goalWeight = goal.weight();

        Preset.Predators predators = preset.predators();
        fleeR2 = predators.fleeRadius() * predators.fleeRadius();
        fleeWeight = predators.fleeWeight();
        predation = new Predation(predators, flock, periodic, size, preset.motion().dt());

        List<Preset.Sphere> spheres = preset.obstacles().spheres();
        obsX = new double[spheres.size()]; obsY = new double[spheres.size()];
        obsZ = new double[spheres.size()]; obsR = new double[spheres.size()];
        for (int k = 0; k < spheres.size(); k++) {
            obsX[k] = spheres.get(k).x(); obsY[k] = spheres.get(k).y();
            obsZ[k] = spheres.get(k).z(); obsR[k] = spheres.get(k).radius();
        }
        switch (preset.obstacles().avoidance()) {
            case ObstacleAvoidance.ForceField f -> {
                obsKind = OBS_FORCE_FIELD; obsRange = f.range(); obsWeight = f.weight(); obsClearance = 0;
            }
            case ObstacleAvoidance.SteerToAvoid a -> {
                obsKind = OBS_STEER; obsRange = a.lookAhead(); obsWeight = a.weight(); obsClearance = a.clearance();
            }
        }
        noise = preset.noise().strength();
        drawsPerBoid = noise > 0 || aliKind == ALI_VICSEK || (motKind == MOT_TURNING && headingError > 0);

        int capacity = flock.capacity();
        // WrapPositionsOnly: the cells wrap with the positions (a boid that wrapped stays in its
        // cell's block), the distances do not (a boid across the edge is far away)
        grid = new NeighbourGrid(world.dimension(), wrapPositions, size, capacity);
        slotOfId = new int[sequential ? capacity : 0];
        pairSumsPerBoid = threeD ? 14 : 10;
        pairSums = new double[fastPairs ? pairSumsPerBoid * capacity : 0];
        ux = new double[needUnit ? capacity : 0]; uy = new double[needUnit ? capacity : 0];
        uz = new double[needUnit ? capacity : 0];
        heading = new double[needHeading ? capacity : 0];
    }

    /** @return the preset this simulation runs. */
    public Preset preset() { return preset; }

    /** @return the live state (see {@link Flock}). */
    public Flock flock() { return flock; }

    /** @return number of completed steps. */
    public long stepCount() { return step; }

    /** @return every capture so far, in order (unmodifiable view). */
    public List<Capture> captures() { return predation.captures(); }

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

    /** Advances the flock and the predators by one step. */
    public void step() {
        int n = flock.count();
        grid.build(flock.x(), flock.y(), flock.z(), n, cellSize);
        flock.reorder(grid.order());      // storage in cell order: grid slot s is flock slot s
        shiftsExact = grid.shiftsExact(reach);
        int maxRuns = grid.maxRuns(reach);
        // grown geometrically, so a flock whose grid keeps growing allocates O(log) times, not every step
        if (runs.length < 2 * maxRuns) runs = new int[Math.max(2 * maxRuns, 2 * runs.length)];
        if (forwardRuns.length < 3 * maxRuns) forwardRuns = new int[Math.max(3 * maxRuns, 2 * forwardRuns.length)];
        sx = flock.x(); sy = flock.y(); sz = flock.z();
        svx = flock.vx(); svy = flock.vy(); svz = flock.vz();
        if (needUnit) for (int s = 0; s < n; s++) cacheUnit(s);
        if (needHeading) for (int s = 0; s < n; s++) heading[s] = Math.atan2(svy[s], svx[s]);
        if (global) computeGlobalSums(n);
        if (aliKind == ALI_SUMMED) {
            int[] id = flock.id();
            lastId = -1;
            for (int s = 0; s < n; s++) lastId = Math.max(lastId, id[s]);
        }

        scanAll = false;
        if (sequential) {
            // one by one in id order, each boid seeing the ones before it already moved
            int[] id = flock.id();
            java.util.Arrays.fill(slotOfId, -1);
            for (int s = 0; s < n; s++) slotOfId[id[s]] = s;
            double slack2 = slack * slack;
            for (int boid = 0; boid < slotOfId.length; boid++) {
                int s = slotOfId[boid];
                if (s < 0) continue;
                if (global) addToGlobalSums(s, -1);
                double ox = sx[s], oy = sy[s], oz = sz[s];
                updateBoid(s, n, sx, sy, sz, svx, svy, svz);
                if (stepUnbounded && !scanAll) {
                    double dx = sx[s] - ox, dy = sy[s] - oy, dz = sz[s] - oz;     // as the grid sees it
                    if (wrapPositions) {
                        dx = Periodic.minimumImage(dx, size);
                        dy = Periodic.minimumImage(dy, size);
                        dz = Periodic.minimumImage(dz, size);
                    }
                    scanAll = dx * dx + dy * dy + dz * dz > slack2;
                }
                if (needUnit) cacheUnit(s);
                if (needHeading) heading[s] = Math.atan2(svy[s], svx[s]);
                if (global) addToGlobalSums(s, +1);
            }
        } else {
            double[] nx = flock.nextX(), ny = flock.nextY(), nz = flock.nextZ();
            double[] nvx = flock.nextVx(), nvy = flock.nextVy(), nvz = flock.nextVz();
            if (fastPairs && shiftsExact) symmetricPairSums(n);
            for (int s = 0; s < n; s++) updateBoid(s, n, nx, ny, nz, nvx, nvy, nvz);
            flock.swapBuffers();
        }
        if (motKind == MOT_MOVE_CLAMP) clampThenBound(n);
        step++;
        if (flock.predatorCount() > 0) {
            predation.move();
            predation.capture(step);
        }
    }

    /**
     * {@link Motion.MoveThenClamp}'s end of step, once every boid has moved: each speed clamped
     * to [minSpeed, maxSpeed], then the soft margin's turn or the hard bound by the new position.
     */
    private void clampThenBound(int n) {
        double[] x = flock.x(), y = flock.y(), z = flock.z(), vx = flock.vx(), vy = flock.vy(), vz = flock.vz();
        double lo = -half - softMargin, hi = half + softMargin;
        for (int s = 0; s < n; s++) {
            double speed = Math.sqrt(vx[s] * vx[s] + vy[s] * vy[s] + vz[s] * vz[s]);
            if (speed > maxSpeed) {
                double f = maxSpeed / speed;
                vx[s] *= f; vy[s] *= f; vz[s] *= f;
            } else if (speed < minSpeed && speed > 0) {
                double f = minSpeed / speed;
                vx[s] *= f; vy[s] *= f; vz[s] *= f;
            }
            if (bndKind == BND_SOFT) {
                if (x[s] < lo) vx[s] += softTurn; else if (x[s] > hi) vx[s] -= softTurn;
                if (y[s] < lo) vy[s] += softTurn; else if (y[s] > hi) vy[s] -= softTurn;
                if (threeD) { if (z[s] < lo) vz[s] += softTurn; else if (z[s] > hi) vz[s] -= softTurn; }
            } else if (bndKind == BND_HARD) {
                if (x[s] > half) { x[s] = half; vx[s] = -Math.abs(vx[s]); } else if (x[s] < -half) { x[s] = -half; vx[s] = Math.abs(vx[s]); }
                if (y[s] > half) { y[s] = half; vy[s] = -Math.abs(vy[s]); } else if (y[s] < -half) { y[s] = -half; vy[s] = Math.abs(vy[s]); }
                if (threeD) {
                    if (z[s] > half) { z[s] = half; vz[s] = -Math.abs(vz[s]); } else if (z[s] < -half) { z[s] = -half; vz[s] = Math.abs(vz[s]); }
                }
            }
        }
    }

    private void cacheUnit(int s) {
        double a = svx[s], b = svy[s], c = svz[s];
        double len = Math.sqrt(a * a + b * b + c * c);
        if (len > 0) {
            ux[s] = a / len; uy[s] = b / len; uz[s] = c / len;
        } else {
            ux[s] = 0; uy[s] = 0; uz[s] = 0;
        }
    }

    private void computeGlobalSums(int n) {
        gpx = gpy = gpz = gvx = gvy = gvz = gux = guy = guz = gHeading = 0;
        for (int s = 0; s < n; s++) addToGlobalSums(s, +1);
    }

    private void addToGlobalSums(int s, int sign) {
        gpx += sign * sx[s]; gpy += sign * sy[s]; gpz += sign * sz[s];
        gvx += sign * svx[s]; gvy += sign * svy[s]; gvz += sign * svz[s];
        if (needUnit) { gux += sign * ux[s]; guy += sign * uy[s]; guz += sign * uz[s]; }
        if (needHeading) gHeading += sign * heading[s];
    }

    private double delta(double d) {
        return periodic ? Periodic.minimumImage(d, size) : d;
    }

    /**
     * The fused kernel: new position and velocity of the boid in slot {@code s}, read from the
     * cell-ordered state, written to slot {@code s} of the output arrays.
     */
    private void updateBoid(int s, int n, double[] outX, double[] outY, double[] outZ,
                            double[] outVx, double[] outVy, double[] outVz) {
        final double xi = sx[s], yi = sy[s], zi = sz[s];
        final double vxi = svx[s], vyi = svy[s], vzi = svz[s];
        if (drawsPerBoid) random.start(step, flock.id()[s]);

        // --- one pass over the neighbour cells: every sum any variant needs
        int sepInvCount = 0, nbCount = 0;
        double sepX = 0, sepY = 0, sepZ = 0;        // Σ (p_i − p_j), separation radius
        double invX = 0, invY = 0, invZ = 0;        // Σ (p_i − p_j)/d², separation radius, d > 0
        double nbVx = 0, nbVy = 0, nbVz = 0;        // Σ v_j, neighbourhood
        double nbOx = 0, nbOy = 0, nbOz = 0;        // Σ (p_j − p_i), neighbourhood
        double nbUx = 0, nbUy = 0, nbUz = 0;        // Σ unit(v_j), neighbourhood
        double nbHeading = 0;                       // Σ atan2(v_j), neighbourhood
        double zoneX = 0, zoneY = 0, zoneZ = 0;     // Zonal: Σ unit(p_i − p_j) (repulsion) …
        double attX = 0, attY = 0, attZ = 0;        // … and Σ unit(p_j − p_i) (attraction zone)
        int attCount = 0;
        final boolean metric = nbKind == NB_METRIC || nbKind == NB_FIELD_OF_VIEW;
        final boolean zonal = aliKind == ALI_ZONAL;
        // the view cone (off for a boid at rest, which sees all round)
        double viewCos = fieldOfViewCos, hx = 0, hy = 0, hz = 0;
        if (viewCos > -2) {
            double speed = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
            if (speed > 0) { hx = vxi / speed; hy = vyi / speed; hz = vzi / speed; } else viewCos = -2;
        }
        if (fastPairs && shiftsExact) {
            int at = pairSumsPerBoid * s;
            sepInvCount = (int) pairSums[at + SEP_INV_COUNT];
            nbCount = (int) pairSums[at + NB_COUNT];
            sepX = pairSums[at + SEP_X]; sepY = pairSums[at + SEP_Y]; invX = pairSums[at + INV_X]; invY = pairSums[at + INV_Y];
            nbVx = pairSums[at + NB_VX]; nbVy = pairSums[at + NB_VY]; nbOx = pairSums[at + NB_OX]; nbOy = pairSums[at + NB_OY];
            if (threeD) {
                sepZ = pairSums[at + SEP_Z]; invZ = pairSums[at + INV_Z]; nbVz = pairSums[at + NB_VZ]; nbOz = pairSums[at + NB_OZ];
            }
        }
        int runCount;
        if (fastPairs && shiftsExact) runCount = 0;
        else if (scanAll) { runs[0] = 0; runs[1] = n; runCount = 1; }
        else runCount = grid.ranges(xi, yi, zi, reach, runs);
        for (int r = 0; r < runCount; r++) {
            int end = runs[2 * r + 1];
            for (int k = runs[2 * r]; k < end; k++) {
                if (k == s) continue;
                double dx = sx[k] - xi, dy = sy[k] - yi, dz = sz[k] - zi;
                if (periodic) {
                    dx = Periodic.minimumImage(dx, size);
                    dy = Periodic.minimumImage(dy, size);
                    dz = Periodic.minimumImage(dz, size);
                }
                double d2 = dx * dx + dy * dy + dz * dz;
                if (viewCos > -2 && (d2 < sepR2 || d2 < nbR2)
                        && hx * dx + hy * dy + hz * dz < viewCos * Math.sqrt(d2)) continue;
                if (d2 < sepR2) {
                    sepX -= dx; sepY -= dy; sepZ -= dz;
                    if (d2 > 0) {
                        double inv = 1.0 / d2;
                        sepInvCount++;
                        invX -= dx * inv; invY -= dy * inv; invZ -= dz * inv;
                        if (sepKind == SEP_ZONAL) {
                            double invD = Math.sqrt(inv);
                            zoneX -= dx * invD; zoneY -= dy * invD; zoneZ -= dz * invD;
                        }
                    }
                    if (zonal) continue;     // Couzin's zones do not overlap
                }
                if (metric && d2 < nbR2 && (d2 > 0 || !excludeCoincident)) {
                    if (zonal) {
                        if (d2 < orientationR2) {
                            nbCount++;
                            nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k];
                        } else if (d2 > 0) {
                            double invD = 1.0 / Math.sqrt(d2);
                            attCount++;
                            attX += dx * invD; attY += dy * invD; attZ += dz * invD;
                        }
                        continue;
                    }
                    nbCount++;
                    nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
                    nbOx += dx; nbOy += dy; nbOz += dz;
                    if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
                    if (needHeading) nbHeading += heading[k];
                }
            }
        }
        if (nbKind == NB_TOPOLOGICAL) {
            int found = nearest.search(grid, sx, sy, sz, s, xi, yi, zi, periodic ? size : 0,
                    scanAll ? Double.POSITIVE_INFINITY : slack);
            int[] nearSlot = nearest.slots();
            for (int m = 0; m < found; m++) {
                int k = nearSlot[m];
                double dx = delta(sx[k] - xi), dy = delta(sy[k] - yi), dz = delta(sz[k] - zi);
                nbCount++;
                nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
                nbOx += dx; nbOy += dy; nbOz += dz;
                if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
                if (needHeading) nbHeading += heading[k];
            }
        }
        if (global) {
            // the sums exclude the boid itself: in sequential mode it was taken out by the caller
            int others = n - 1;
            double px = sequential ? gpx : gpx - xi, py = sequential ? gpy : gpy - yi, pz = sequential ? gpz : gpz - zi;
            nbCount = others;
            nbVx = sequential ? gvx : gvx - vxi; nbVy = sequential ? gvy : gvy - vyi; nbVz = sequential ? gvz : gvz - vzi;
            nbOx = px - others * xi; nbOy = py - others * yi; nbOz = pz - others * zi;
            if (needUnit) {
                nbUx = sequential ? gux : gux - ux[s];
                nbUy = sequential ? guy : guy - uy[s];
                nbUz = sequential ? guz : guz - uz[s];
            }
            if (needHeading) nbHeading = sequential ? gHeading : gHeading - heading[s];
        }

        // --- rules. Summed in 003's order: separation, alignment, cohesion, then the forces; in
        // place (002) cohesion, alignment, separation, each reading the velocity as changed so far
        double wx = vxi, wy = vyi, wz = vzi;   // working velocity (changed only by heading blends)
        double ax = 0, ay = 0, az = 0;         // summed rule output
        double spx = 0, spy = 0, spz = 0;      // separation's output
        double chx = 0, chy = 0, chz = 0;      // cohesion's output
        boolean repulsed = false;              // Zonal separation has priority over the other rules

        switch (sepKind) {
            case SEP_LINEAR -> { spx = sepWeight * sepX; spy = sepWeight * sepY; spz = sepWeight * sepZ; }
            case SEP_INVERSE -> {
                if (sepInvCount > 0) {
                    double f = sepWeight / sepInvCount;
                    spx = f * invX; spy = f * invY; spz = f * invZ;
                }
            }
            case SEP_INVERSE_SQUARE -> {
                if (sepInvCount > 0) {
                    double mx = invX / sepInvCount, my = invY / sepInvCount, mz = invZ / sepInvCount;
                    double len = Math.sqrt(mx * mx + my * my + mz * mz);
                    if (len > 0) {
                        double f = sepWeight * Math.min(sepStrength * len, sepMaxForce) / len;
                        spx = f * mx; spy = f * my; spz = f * mz;
                    }
                }
            }
            case SEP_NORMALIZED -> {
                double len = Math.sqrt(sepX * sepX + sepY * sepY + sepZ * sepZ);
                if (len > 0) {
                    double f = sepWeight / len;
                    spx = f * sepX; spy = f * sepY; spz = f * sepZ;
                }
            }
            case SEP_ZONAL -> {
                if (sepInvCount > 0) {
                    repulsed = true;
                    double len = Math.sqrt(zoneX * zoneX + zoneY * zoneY + zoneZ * zoneZ);
                    if (len > 0) {
                        double f = sepWeight / len;
                        spx = f * zoneX; spy = f * zoneY; spz = f * zoneZ;
                    }
                }
            }
            default -> throw new AssertionError(sepKind);
        }
        if (repulsed) { nbCount = 0; attCount = 0; }

        if (cohKind == COH_ZONAL) {
            double len = Math.sqrt(attX * attX + attY * attY + attZ * attZ);
            if (attCount > 0 && len > 0) {
                double f = cohWeight / len;
                chx = f * attX; chy = f * attY; chz = f * attZ;
            }
        } else if (nbCount > 0) {
            double cx = nbOx / nbCount, cy = nbOy / nbCount, cz = nbOz / nbCount;   // c_i − p_i
            switch (cohKind) {
                case COH_CENTROID -> { chx = cohWeight * cx; chy = cohWeight * cy; chz = cohWeight * cz; }
                case COH_STEER -> {
                    double d = Math.sqrt(cx * cx + cy * cy + cz * cz);
                    if (d > 0) {
                        double desired = maxSpeed * (d < cohArrival ? d / cohArrival : 1) / d;
                        double tx = cx * desired - vxi, ty = cy * desired - vyi, tz = cz * desired - vzi;
                        double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
                        if (len > cohMaxForce) {
                            double f = cohMaxForce / len;
                            tx *= f; ty *= f; tz *= f;
                        }
                        chx = cohWeight * tx; chy = cohWeight * ty; chz = cohWeight * tz;
                    }
                }
                case COH_UNIT -> {
                    double d = Math.sqrt(cx * cx + cy * cy + cz * cz);
                    if (d > 0) {
                        double f = cohWeight / d;
                        chx = f * cx; chy = f * cy; chz = f * cz;
                    }
                }
                default -> throw new AssertionError(cohKind);   // COH_ZONAL is handled above
            }
        }

        if (inPlace) { ax += chx; ay += chy; az += chz; } else { ax += spx; ay += spy; az += spz; }
        // the own velocity alignment reads: as changed by the rules before it when in place
        double rvx = inPlace ? vxi + ax : vxi, rvy = inPlace ? vyi + ay : vyi, rvz = inPlace ? vzi + az : vzi;

        switch (aliKind) {
            case ALI_MATCH -> {
                if (nbCount > 0) {
                    ax += aliWeight * (nbVx / nbCount - rvx);
                    ay += aliWeight * (nbVy / nbCount - rvy);
                    az += aliWeight * (nbVz / nbCount - rvz);
                }
            }
            case ALI_SUMMED -> {
                // 000 as printed: the mean only for the last boid, the plain sum for every other
                if (flock.id()[s] != lastId) {
                    ax += aliWeight * (nbVx - rvx); ay += aliWeight * (nbVy - rvy); az += aliWeight * (nbVz - rvz);
                } else if (nbCount > 0) {
                    ax += aliWeight * (nbVx / nbCount - rvx);
                    ay += aliWeight * (nbVy / nbCount - rvy);
                    az += aliWeight * (nbVz / nbCount - rvz);
                }
            }
            case ALI_LIMITED -> {
                if (nbCount > 0) {
                    double mx = nbVx / nbCount, my = nbVy / nbCount, mz = nbVz / nbCount;
                    double len = Math.sqrt(mx * mx + my * my + mz * mz);
                    if (len > aliMaxForce) {
                        double f = aliMaxForce / len;
                        mx *= f; my *= f; mz *= f;
                    }
                    ax += aliWeight * mx; ay += aliWeight * my; az += aliWeight * mz;
                }
            }
            case ALI_HEADING, ALI_CIRCULAR -> {
                if (nbCount > 0) {
                    // 003 turns the velocity as already changed by separation (in place: by cohesion)
                    wx += ax; wy += ay;
                    ax = 0; ay = 0;
                    double bird = Math.atan2(wy, wx);
                    double speed = Math.sqrt(wx * wx + wy * wy);
                    double turned;
                    if (aliKind == ALI_HEADING) {
                        double mean = nbHeading / nbCount;
                        turned = bird + (mean - bird) * aliWeight;
                    } else {
                        turned = nbUx == 0 && nbUy == 0 ? bird
                                : bird + wrapAngle(Math.atan2(nbUy, nbUx) - bird) * aliWeight;
                    }
                    wx = Math.cos(turned) * speed;
                    wy = Math.sin(turned) * speed;
                }
            }
            case ALI_VICSEK -> {
                // self included; η uniform in [−η/2, η/2]
                double sumX = nbUx + (needUnit ? ux[s] : 0), sumY = nbUy + (needUnit ? uy[s] : 0);
                double theta = sumX == 0 && sumY == 0 ? Math.atan2(rvy, rvx) : Math.atan2(sumY, sumX);
                theta += vicsekNoise * (random.nextDouble() - 0.5);   // drawn even for η = 0
                ax += aliWeight * Math.cos(theta); ay += aliWeight * Math.sin(theta);
            }
            case ALI_ZONAL -> {
                double len = Math.sqrt(nbUx * nbUx + nbUy * nbUy + nbUz * nbUz);
                if (nbCount > 0 && len > 0) {
                    double f = aliWeight / len;
                    ax += f * nbUx; ay += f * nbUy; az += f * nbUz;
                }
            }
            case ALI_FORWARD -> {
                double mx, my, mz;
                if (nbCount > 0) {
                    mx = nbUx / nbCount; my = nbUy / nbCount; mz = nbUz / nbCount;
                } else {
                    mx = rvx; my = rvy; mz = rvz;
                }
                double len = Math.sqrt(mx * mx + my * my + mz * mz);
                if (len > 0) {
                    double f = aliWeight / len;
                    ax += f * mx; ay += f * my; az += f * mz;
                }
            }
            default -> throw new AssertionError(aliKind);
        }
        if (inPlace) { ax += spx; ay += spy; az += spz; } else { ax += chx; ay += chy; az += chz; }

        // --- goal (002): weight · (g − p) within the goal's radius
        if (goalWeight > 0) {
            double gx = delta(goalX - xi), gy = delta(goalY - yi), gz = delta(goalZ - zi);
            if (gx * gx + gy * gy + gz * gz <= goalR2) {
                ax += goalWeight * gx; ay += goalWeight * gy; az += goalWeight * gz;
            }
        }

        // --- flee predators (002): fleeWeight · Σ unit(p − q) within the flee radius
        int predators = flock.predatorCount();
        if (predators > 0 && fleeWeight > 0) {
            double[] px = flock.px(), py = flock.py(), pz = flock.pz();
            for (int q = 0; q < predators; q++) {
                double dx = delta(xi - px[q]), dy = delta(yi - py[q]), dz = delta(zi - pz[q]);
                double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 <= fleeR2 && d2 > 0) {
                    double f = fleeWeight / Math.sqrt(d2);
                    ax += f * dx; ay += f * dy; az += f * dz;
                }
            }
        }

        // --- obstacles
        if (obsX.length > 0 && obsWeight > 0) {
            if (obsKind == OBS_FORCE_FIELD) {
                for (int o = 0; o < obsX.length; o++) {
                    double dx = delta(xi - obsX[o]), dy = delta(yi - obsY[o]), dz = delta(zi - obsZ[o]);
                    double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
                    double surface = dist - obsR[o];
                    if (surface < obsRange && dist > 0) {
                        double push = surface < 0.1 ? 100 : 10 / (surface * surface);
                        double f = obsWeight * push / dist;
                        ax += f * dx; ay += f * dy; az += f * dz;
                    }
                }
            } else {
                if (inPlace) steerToAvoid(xi, yi, zi, wx + ax, wy + ay, wz + az);
                else steerToAvoid(xi, yi, zi, vxi, vyi, vzi);
                ax += turned[0]; ay += turned[1]; az += turned[2];
            }
        }

        // --- random steering
        if (noise > 0) {
            if (threeD) {
                double cz = 2 * random.nextDouble() - 1;
                double phi = 2 * Math.PI * random.nextDouble();
                double r = Math.sqrt(Math.max(0, 1 - cz * cz));
                ax += noise * r * Math.cos(phi); ay += noise * r * Math.sin(phi); az += noise * cz;
            } else {
                double phi = 2 * Math.PI * random.nextDouble();
                ax += noise * Math.cos(phi); ay += noise * Math.sin(phi);
            }
        }

        // --- soft boundary (000): turn back once more than the margin outside the box
        if (bndKind == BND_SOFT && motKind != MOT_MOVE_CLAMP) {      // MoveThenClamp: at the step's end
            double lo = -half - softMargin, hi = half + softMargin;
            if (xi < lo) ax += softTurn; else if (xi > hi) ax -= softTurn;
            if (yi < lo) ay += softTurn; else if (yi > hi) ay -= softTurn;
            if (threeD) { if (zi < lo) az += softTurn; else if (zi > hi) az -= softTurn; }
        }

        // --- motion
        double nvx, nvy, nvz;
        switch (motKind) {
            case MOT_MOVE_CLAMP, MOT_UNCLAMPED -> {    // MoveThenClamp clamps at the step's end
                nvx = wx + ax; nvy = wy + ay; nvz = wz + az;
            }
            case MOT_ADDITIVE, MOT_STEERING -> {
                if (motKind == MOT_STEERING) {
                    double len = Math.sqrt(ax * ax + ay * ay + az * az);
                    if (len > motMaxForce) {
                        double f = motMaxForce / len;
                        ax *= f; ay *= f; az *= f;
                    }
                }
                nvx = wx + ax; nvy = wy + ay; nvz = wz + az;
                double speed = Math.sqrt(nvx * nvx + nvy * nvy + nvz * nvz);
                if (speed > maxSpeed) {
                    double f = maxSpeed / speed;
                    nvx *= f; nvy *= f; nvz *= f;
                } else if (speed < minSpeed && speed > 0) {
                    double f = minSpeed / speed;
                    nvx *= f; nvy *= f; nvz *= f;
                }
            }
            case MOT_CONSTANT -> {
                double fx = wx, fy = wy, fz = wz;
                double flen = Math.sqrt(fx * fx + fy * fy + fz * fz);
                if (flen > 0) { fx /= flen; fy /= flen; fz /= flen; } else { fx = 1; fy = 0; fz = 0; }
                double dxr = fx + (ax - fx) * turnFactor, dyr = fy + (ay - fy) * turnFactor, dzr = fz + (az - fz) * turnFactor;
                double len = Math.sqrt(dxr * dxr + dyr * dyr + dzr * dzr);
                if (len > 1e-12) { dxr /= len; dyr /= len; dzr /= len; } else { dxr = fx; dyr = fy; dzr = fz; }
                nvx = dxr * constSpeed; nvy = dyr * constSpeed; nvz = dzr * constSpeed;
            }
            case MOT_TURNING -> {
                double speed = Math.sqrt(wx * wx + wy * wy + wz * wz);
                double ex, ey, ez;                          // current heading
                double len = Math.sqrt(ax * ax + ay * ay + az * az);
                double gx, gy, gz;                          // desired direction
                if (speed > 0) { ex = wx / speed; ey = wy / speed; ez = wz / speed; } else { ex = 1; ey = 0; ez = 0; }
                if (len > 0) { gx = ax / len; gy = ay / len; gz = az / len; } else { gx = ex; gy = ey; gz = ez; }
                if (headingError > 0) {
                    gx += headingError * random.nextGaussian();
                    gy += headingError * random.nextGaussian();
                    if (threeD) gz += headingError * random.nextGaussian();
                    double g = Math.sqrt(gx * gx + gy * gy + gz * gz);
                    if (g > 0) { gx /= g; gy /= g; gz /= g; } else { gx = ex; gy = ey; gz = ez; }
                }
                Turning.toward(ex, ey, ez, gx, gy, gz, speed > 0 ? maxTurnPerStep : Math.PI, threeD, turned);
                nvx = turned[0] * constSpeed; nvy = turned[1] * constSpeed; nvz = turned[2] * constSpeed;
            }
            default -> throw new AssertionError(motKind);
        }
        double nx = xi + nvx * dt, ny = yi + nvy * dt, nz = zi + nvz * dt;

        // --- hard and periodic boundaries act on the new position
        if (wrapPositions) {
            nx = Periodic.wrap(nx, size);
            ny = Periodic.wrap(ny, size);
            if (threeD) nz = Periodic.wrap(nz, size);
        } else if (bndKind == BND_HARD && motKind != MOT_MOVE_CLAMP) {   // MoveThenClamp: at the step's end
            if (nx > half) { nx = half; nvx = -Math.abs(nvx); } else if (nx < -half) { nx = -half; nvx = Math.abs(nvx); }
            if (ny > half) { ny = half; nvy = -Math.abs(nvy); } else if (ny < -half) { ny = -half; nvy = Math.abs(nvy); }
            if (threeD) {
                if (nz > half) { nz = half; nvz = -Math.abs(nvz); } else if (nz < -half) { nz = -half; nvz = Math.abs(nvz); }
            }
        }
        outX[s] = nx; outY[s] = ny; outZ[s] = nz;
        outVx[s] = nvx; outVy[s] = nvy; outVz[s] = nvz;
    }

    /**
     * The pair sums of every boid at once for the common case (synchronous, metric
     * neighbourhood, no per-neighbour unit vectors), visiting each pair once: a cell pairs its
     * boids among themselves and with the forward half of its block
     * ({@link NeighbourGrid#forwardRuns}), and each pair within the cut-off adds to both boids
     * (antisymmetric terms with opposite signs). Periodic images come per cell run; 2D does no z
     * arithmetic. The sums equal the one-boid-at-a-time pass up to the order of additions. Each
     * boid's sums sit side by side in {@link #pairSums}, so adding to a neighbour touches one or
     * two cache lines.
     */
    private void symmetricPairSums(int n) {
        final double[] x = sx, y = sy, z = sz, vx = svx, vy = svy, vz = svz, sums = pairSums;
        final double sepR2 = this.sepR2, nbR2 = this.nbR2, size = this.size;
        final boolean threeD = this.threeD;
        final int stride = pairSumsPerBoid;
        java.util.Arrays.fill(sums, 0, stride * n, 0);
        int cellsX = grid.cellsX(), cellsY = grid.cellsY(), cellsZ = grid.cellsZ();
        int[] forward = forwardRuns;
        for (int cz = 0; cz < cellsZ; cz++) {
            for (int cy = 0; cy < cellsY; cy++) {
                for (int cx = 0; cx < cellsX; cx++) {
                    int cell = (cz * cellsY + cy) * cellsX + cx;
                    int first = grid.cellStart(cell), last = grid.cellStart(cell + 1);
                    if (first == last) continue;
                    int runCount = grid.forwardRuns(cx, cy, cz, reach, forward);
                    for (int i = first; i < last; i++) {
                        double xi = x[i], yi = y[i], zi = z[i], vxi = vx[i], vyi = vy[i], vzi = vz[i];
                        int sepInvCount = 0, nbCount = 0;
                        double sepX = 0, sepY = 0, sepZ = 0, invX = 0, invY = 0, invZ = 0;
                        double nbVx = 0, nbVy = 0, nbVz = 0, nbOx = 0, nbOy = 0, nbOz = 0;
                        for (int r = -1; r < runCount; r++) {
                            int from, to;
                            double shiftX, shiftY, shiftZ;
                            if (r < 0) {                       // the boids after i in its own cell
                                from = i + 1; to = last; shiftX = 0; shiftY = 0; shiftZ = 0;
                            } else {
                                from = forward[3 * r]; to = forward[3 * r + 1];
                                int image = forward[3 * r + 2];
                                double period = periodic ? size : 0;   // WrapPositionsOnly: plain distances
                                shiftX = period * (image % 3 - 1);
                                shiftY = period * ((image / 3) % 3 - 1);
                                shiftZ = period * (image / 9 - 1);
                            }
                            for (int j = from; j < to; j++) {
                                double dx = (x[j] - xi) + shiftX, dy = (y[j] - yi) + shiftY;
                                double dz = threeD ? (z[j] - zi) + shiftZ : 0;
                                double d2 = dx * dx + dy * dy + dz * dz;
                                int at = stride * j;
                                if (d2 < sepR2) {
                                    sepX -= dx; sepY -= dy;
                                    sums[at + SEP_X] += dx; sums[at + SEP_Y] += dy;
                                    if (threeD) { sepZ -= dz; sums[at + SEP_Z] += dz; }
                                    if (d2 > 0) {
                                        double inv = 1.0 / d2;
                                        double ix = dx * inv, iy = dy * inv;
                                        sepInvCount++; sums[at + SEP_INV_COUNT]++;
                                        invX -= ix; invY -= iy;
                                        sums[at + INV_X] += ix; sums[at + INV_Y] += iy;
                                        if (threeD) { double iz = dz * inv; invZ -= iz; sums[at + INV_Z] += iz; }
                                    }
                                }
                                if (d2 < nbR2 && (d2 > 0 || !excludeCoincident)) {
                                    nbCount++; sums[at + NB_COUNT]++;
                                    nbVx += vx[j]; nbVy += vy[j];
                                    sums[at + NB_VX] += vxi; sums[at + NB_VY] += vyi;
                                    nbOx += dx; nbOy += dy;
                                    sums[at + NB_OX] -= dx; sums[at + NB_OY] -= dy;
                                    if (threeD) {
                                        nbVz += vz[j]; sums[at + NB_VZ] += vzi;
                                        nbOz += dz; sums[at + NB_OZ] -= dz;
                                    }
                                }
                            }
                        }
                        int at = stride * i;
                        sums[at + SEP_INV_COUNT] += sepInvCount; sums[at + NB_COUNT] += nbCount;
                        sums[at + SEP_X] += sepX; sums[at + SEP_Y] += sepY; sums[at + INV_X] += invX; sums[at + INV_Y] += invY;
                        sums[at + NB_VX] += nbVx; sums[at + NB_VY] += nbVy; sums[at + NB_OX] += nbOx; sums[at + NB_OY] += nbOy;
                        if (threeD) {
                            sums[at + SEP_Z] += sepZ; sums[at + INV_Z] += invZ; sums[at + NB_VZ] += nbVz; sums[at + NB_OZ] += nbOz;
                        }
                    }
                }
            }
        }
    }

    /**
     * Steer-to-avoid: writes into {@link #turned} the lateral steer away from the nearest sphere
     * that the look-ahead segment passes through (zero when none).
     */
    private void steerToAvoid(double xi, double yi, double zi, double vxi, double vyi, double vzi) {
        turned[0] = 0; turned[1] = 0; turned[2] = 0;
        double speed = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
        if (speed == 0) return;
        double fx = vxi / speed, fy = vyi / speed, fz = vzi / speed;
        double bestT = Double.POSITIVE_INFINITY, lx = 0, ly = 0, lz = 0;
        for (int o = 0; o < obsX.length; o++) {
            double cx = delta(obsX[o] - xi), cy = delta(obsY[o] - yi), cz = delta(obsZ[o] - zi);
            double t = Math.clamp(cx * fx + cy * fy + cz * fz, 0, obsRange);
            double ex = t * fx - cx, ey = t * fy - cy, ez = t * fz - cz;      // closest point − centre
            double reach = obsR[o] + obsClearance;
            if (ex * ex + ey * ey + ez * ez < reach * reach && t < bestT) {
                bestT = t; lx = ex; ly = ey; lz = ez;
            }
        }
        if (bestT == Double.POSITIVE_INFINITY) return;
        double len = Math.sqrt(lx * lx + ly * ly + lz * lz);
        if (len < 1e-12) {
            // heading straight at the centre: turn to a fixed side, perpendicular to f
            if (threeD && Math.abs(fz) < 0.9) { lx = fy; ly = -fx; lz = 0; }
            else if (threeD) { lx = 0; ly = fz; lz = -fy; }
            else { lx = -fy; ly = fx; lz = 0; }
            len = Math.sqrt(lx * lx + ly * ly + lz * lz);
        }
        double f = obsWeight * (1 - bestT / obsRange) / len;
        turned[0] = f * lx; turned[1] = f * ly; turned[2] = f * lz;
    }

    /** @return the angle equivalent to {@code a} in (−π, π]. */
    static double wrapAngle(double a) {
        double twoPi = 2 * Math.PI;
        a = a % twoPi;
        if (a > Math.PI) a -= twoPi;
        else if (a <= -Math.PI) a += twoPi;
        return a;
    }
}
