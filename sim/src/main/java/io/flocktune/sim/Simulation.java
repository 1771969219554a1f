package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.Separation;
import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;
import io.flocktune.sim.peer.PeerKernel;

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
 * and writes the state back. The rule variants are read once, at construction, into their
 * family's {@code Kind} constants and primitive fields; the kernel calls each variant's formula,
 * a static method next to its record in {@code io.flocktune.sim.rule}, through exhaustive
 * switches. A preset's {@link CustomRule}s run on the general (one boid at a time) pass, on the
 * neighbourhood collected there. Nothing is allocated per step (captures aside, and whatever a
 * custom rule allocates). A preset that names a peer's whole model ({@link Preset#peer()}) is run
 * by that model's {@link PeerKernel} instead: its initial state and every step.
 *
 * <pre>{@code
 * Simulation sim = Simulation.of(Presets.get("reynolds"), 42);
 * sim.run(1000, (step, flock) -> {});
 * }</pre>
 */
public final class Simulation {
    private final Preset preset;
    private final Flock flock;
    private final BoidRandom random;             // per-step draws, by (step, boid id)
    private final boolean drawsPerBoid;
    private final NeighbourGrid grid;
    private final PeerKernel peer;               // null unless the preset names a peer model
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
    private final Neighbourhood.Kind nbKind;
    private final boolean nbScansRadius, topological;
    private final int topologicalCount;
    private final double fieldOfViewCos;          // cos(angle/2), or −2 when the cone is off
    private final double size, half;
    private final Separation.Kind sepKind;
    private final Alignment.Kind aliKind;
    private final Cohesion.Kind cohKind;
    private final Motion.Kind motKind;
    private final Boundary.Kind bndKind;
    private final boolean sepPriority, clampsAtStepEnd;
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
    private final ObstacleAvoidance.Kind obsKind;
    private final double obsRange, obsWeight, obsClearance;
    private final double noise;

    // cell-ordered working state
    // the flock's current arrays (cell order after the step's reordering)
    private double[] sx, sy, sz, svx, svy, svz;
    private final double[] ux, uy, uz, heading;
    private final int[] slotOfId;
    private final int reach;                      // cells searched on each side (cell = radius / reach)
    private final boolean fastPairs;              // synchronous, metric, common variants
    private boolean shiftsExact;                  // this step's grid allows the symmetric pair pass
    private final PairPass pairs;                 // null unless fastPairs
    private final NeighbourPass neighbours;       // one boid's neighbour sums, from whichever pass applies
    private final double[] out = new double[3];    // a formula's vector result
    private final double[] acc = new double[3];    // the summed rule output while forces add to it
    private double slack;
    private final GlobalSums globalSums;          // the global neighbourhood's flock-wide sums
    // custom rules (general path only): the boid's neighbourhood collected as slots, and the views
    private final CustomRule[] customRules;
    private final boolean custom;
    private final CustomRule.Boid customSelf = new CustomRule.Boid();
    private final CustomRule.Neighbours customView = new CustomRule.Neighbours();

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
        if (preset.isPeer()) {
            PeerKernel kernel = preset.peer().kernel(preset, flock.capacity());
            kernel.randomize(flock, random);
            return new Simulation(preset, flock, random, true, kernel);
        }
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
        return adopted(preset, initial.copy(), new SplittableRandom(seed));
    }

    /** The simulation of a validated given state; a peer model's kernel takes the state over. */
    private static Simulation adopted(Preset preset, Flock flock, SplittableRandom random) {
        if (!preset.isPeer()) return new Simulation(preset, flock, random);
        PeerKernel kernel = preset.peer().kernel(preset, flock.capacity());
        kernel.adopt(flock, random);
        return new Simulation(preset, flock, random, true, kernel);
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
        return adopted(preset, flock, random);
    }

    /**
     * For tests: as {@link #of(Preset, long)} but never taking the symmetric pair pass, so the
     * general one-boid-at-a-time pass can be compared with it on the same preset.
     */
    static Simulation ofGeneralPass(Preset preset, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(preset.world().dimension(), preset.boids().count(), preset.predators().count());
        InitialState.randomize(preset, flock, random);
        return new Simulation(preset, flock, random, false, null);
    }

    private Simulation(Preset preset, Flock flock, SplittableRandom random) {
        this(preset, flock, random, true, null);
    }

    private Simulation(Preset preset, Flock flock, SplittableRandom random, boolean pairPass, PeerKernel peer) {
        this.preset = preset;
        this.flock = flock;
        this.peer = peer;
        this.random = new BoidRandom(random.nextLong());
        Preset.World world = preset.world();
        threeD = world.dimension() == 3;
        size = world.size();
        half = 0.5 * size;
        sequential = preset.update() != Preset.UpdateOrder.SYNCHRONOUS;
        inPlace = preset.update() == Preset.UpdateOrder.SEQUENTIAL_IN_PLACE;
        bndKind = Boundary.kind(world.boundary());
        periodic = bndKind.periodicDistances();
        wrapPositions = bndKind.wrapsPositions();
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
        sepKind = Separation.kind(separation);
        sepPriority = sepKind.hasPriority();
        if (separation instanceof Separation.InverseSquareClamped c) {
            sepStrength = c.strength(); sepMaxForce = c.maxForce();
        } else {
            sepStrength = 0; sepMaxForce = 0;
        }

        excludeCoincident = preset.neighbourhood() instanceof Neighbourhood.MetricExcludingCoincident;
        nbKind = Neighbourhood.kind(preset.neighbourhood());
        switch (preset.neighbourhood()) {
            case Neighbourhood.Metric m -> {
                nbR2 = m.radius() * m.radius(); fieldOfViewCos = -2; topologicalCount = 0;
            }
            case Neighbourhood.MetricExcludingCoincident m -> {
                nbR2 = m.radius() * m.radius(); fieldOfViewCos = -2; topologicalCount = 0;
            }
            case Neighbourhood.FieldOfView f -> {
                nbR2 = f.radius() * f.radius(); topologicalCount = 0;
                fieldOfViewCos = f.angle() >= 360 ? -2 : Math.cos(Math.toRadians(f.angle() / 2));
            }
            case Neighbourhood.Topological t -> {
                nbR2 = 0; fieldOfViewCos = -2; topologicalCount = t.count();
            }
            case Neighbourhood.Global g -> { nbR2 = 0; fieldOfViewCos = -2; topologicalCount = 0; }
        }
        nbScansRadius = nbKind.scansRadius();
        topological = nbKind == Neighbourhood.Kind.TOPOLOGICAL;
        global = nbKind == Neighbourhood.Kind.GLOBAL;

        Alignment alignment = preset.alignment();
        aliWeight = alignment.weight();
        double maxForce = 0, noiseEta = 0, orientation = 0;
        aliKind = Alignment.kind(alignment);
        switch (alignment) {
            case Alignment.MeanVelocityLimited m -> maxForce = m.maxForce();
            case Alignment.Vicsek v -> noiseEta = v.noise();
            case Alignment.Zonal z -> orientation = z.radius();
            case Alignment.VelocityMatch m -> { }
            case Alignment.SummedVelocityMatch m -> { }
            case Alignment.HeadingBlend h -> { }
            case Alignment.CircularHeadingBlend h -> { }
            case Alignment.MeanForward f -> { }
        }
        aliMaxForce = maxForce;
        vicsekNoise = noiseEta;
        orientationR2 = orientation * orientation;
        needUnit = aliKind.needsUnitVelocities();
        needHeading = aliKind.needsHeadings();

        Cohesion cohesion = preset.cohesion();
        cohWeight = cohesion.weight();
        cohKind = Cohesion.kind(cohesion);
        if (cohesion instanceof Cohesion.SteerTo s) {
            cohArrival = s.arrivalRadius(); cohMaxForce = s.maxForce();
        } else {
            cohArrival = 0; cohMaxForce = 0;
        }

        minSpeed = preset.boids().minSpeed();
        maxSpeed = preset.boids().maxSpeed();
        double largestStep;
        switch (preset.motion()) {
            case Motion.Additive a -> {
                motKind = Motion.Kind.ADDITIVE; dt = a.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;
            }
            case Motion.MoveThenClamp m -> {
                motKind = Motion.Kind.MOVE_THEN_CLAMP; dt = m.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;          // usual, not a bound: see stepUnbounded
            }
            case Motion.Unclamped u -> {
                motKind = Motion.Kind.UNCLAMPED; dt = u.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;          // usual, not a bound: see stepUnbounded
            }
            case Motion.Steering s -> {
                motKind = Motion.Kind.STEERING; dt = s.dt(); motMaxForce = s.maxForce(); constSpeed = 0; turnFactor = 0;
                maxTurnPerStep = 0; headingError = 0;
                largestStep = maxSpeed * dt;
            }
            case Motion.ConstantSpeed c -> {
                motKind = Motion.Kind.CONSTANT_SPEED; dt = c.dt(); motMaxForce = 0; constSpeed = c.speed(); turnFactor = c.turnFactor();
                maxTurnPerStep = 0; headingError = 0;
                largestStep = constSpeed * dt;
            }
            case Motion.TurningRate t -> {
                motKind = Motion.Kind.TURNING_RATE; dt = t.dt(); motMaxForce = 0; constSpeed = t.speed(); turnFactor = 0;
                maxTurnPerStep = Math.toRadians(t.maxTurnRate()) * t.dt(); headingError = t.headingError();
                largestStep = constSpeed * dt;
            }
        }
        // Sequential update reads neighbours that already moved this step: widen the cells by
        // the largest step so a neighbour query from the start-of-step cells stays exact.
        // the symmetric pair pass when every variant reads only its sums (each declares it)
        customRules = preset.customRules().toArray(new CustomRule[0]);
        custom = customRules.length > 0;                 // a custom rule declares no pair sums
        fastPairs = pairPass && !custom && !sequential && nbKind.usesPairSums() && sepKind.usesPairSums()
                && aliKind.usesPairSums() && cohKind.usesPairSums();
        slack = sequential ? largestStep : 0;
        stepUnbounded = sequential && motKind.stepUnbounded();
        clampsAtStepEnd = motKind.clampsAtStepEnd();
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
        obsKind = ObstacleAvoidance.kind(preset.obstacles().avoidance());
        switch (preset.obstacles().avoidance()) {
            case ObstacleAvoidance.ForceField f -> {
                obsRange = f.range(); obsWeight = f.weight(); obsClearance = 0;
            }
            case ObstacleAvoidance.SteerToAvoid a -> {
                obsRange = a.lookAhead(); obsWeight = a.weight(); obsClearance = a.clearance();
            }
        }
        noise = preset.noise().strength();
        drawsPerBoid = noise > 0 || aliKind.drawsPerBoid() || (motKind == Motion.Kind.TURNING_RATE && headingError > 0);

        int capacity = flock.capacity();
        // WrapPositionsOnly: the cells wrap with the positions (a boid that wrapped stays in its
        // cell's block), the distances do not (a boid across the edge is far away)
        grid = new NeighbourGrid(world.dimension(), wrapPositions, size, capacity);
        slotOfId = new int[sequential ? capacity : 0];
        pairs = fastPairs ? new PairPass(grid, threeD, periodic, excludeCoincident, sepR2, nbR2, size, reach, capacity) : null;
        globalSums = new GlobalSums(needUnit, needHeading);
        ux = new double[needUnit ? capacity : 0]; uy = new double[needUnit ? capacity : 0];
        uz = new double[needUnit ? capacity : 0];
        heading = new double[needHeading ? capacity : 0];
        neighbours = new NeighbourPass(grid, reach, periodic, size, threeD, nbScansRadius, aliKind == Alignment.Kind.ZONAL,
                sepKind == Separation.Kind.ZONAL, excludeCoincident, needUnit, needHeading, topological, topologicalCount,
                sequential, sepR2, nbR2, orientationR2, fieldOfViewCos, pairs, global ? globalSums : null, custom, capacity);
    }

    /** @return the preset this simulation runs. */
    public Preset preset() { return preset; }

    /** @return the live state (see {@link Flock}). */
    public Flock flock() { return flock; }

    /** @return the peer model's kernel running this simulation, or null for a preset of the engine's rules */
    public PeerKernel peer() { return peer; }

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
        if (peer != null) {
            peer.step(flock, step, random);
            step++;
            return;
        }
        int n = flock.count();
        grid.build(flock.x(), flock.y(), flock.z(), n, cellSize);
        flock.reorder(grid.order());      // storage in cell order: grid slot s is flock slot s
        shiftsExact = grid.shiftsExact(reach);
        int maxRuns = grid.maxRuns(reach);
        // grown geometrically, so a flock whose grid keeps growing allocates O(log) times, not every step
        neighbours.ensureRuns(maxRuns);
        sx = flock.x(); sy = flock.y(); sz = flock.z();
        svx = flock.vx(); svy = flock.vy(); svz = flock.vz();
        if (needUnit) for (int s = 0; s < n; s++) cacheUnit(s);
        if (needHeading) for (int s = 0; s < n; s++) heading[s] = Math.atan2(svy[s], svx[s]);
        if (global) globalSums.compute(n, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading);
        if (aliKind == Alignment.Kind.SUMMED_VELOCITY_MATCH) {
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
                if (global) globalSums.add(s, -1, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading);
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
                if (global) globalSums.add(s, +1, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading);
            }
        } else {
            double[] nx = flock.nextX(), ny = flock.nextY(), nz = flock.nextZ();
            double[] nvx = flock.nextVx(), nvy = flock.nextVy(), nvz = flock.nextVz();
            if (fastPairs && shiftsExact) pairs.run(n, sx, sy, sz, svx, svy, svz, maxRuns);
            for (int s = 0; s < n; s++) updateBoid(s, n, nx, ny, nz, nvx, nvy, nvz);
            flock.swapBuffers();
        }
        if (clampsAtStepEnd) clampThenBound(n);
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
            Motion.clampSpeed(minSpeed, maxSpeed, vx, vy, vz, s);
            vx[s] = Boundary.velocityAtStepEnd(bndKind, vx[s], x[s], lo, hi, softTurn, half);
            vy[s] = Boundary.velocityAtStepEnd(bndKind, vy[s], y[s], lo, hi, softTurn, half);
            if (threeD) vz[s] = Boundary.velocityAtStepEnd(bndKind, vz[s], z[s], lo, hi, softTurn, half);
            x[s] = Boundary.positionAtWall(bndKind, x[s], half);
            y[s] = Boundary.positionAtWall(bndKind, y[s], half);
            if (threeD) z[s] = Boundary.positionAtWall(bndKind, z[s], half);
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

    private void customForces(int s, double xi, double yi, double zi, double vxi, double vyi, double vzi,
                              int count, double[] acc) {
        CustomRule.Boid self = customSelf;
        self.id = flock.id()[s]; self.dimension = threeD ? 3 : 2; self.step = step;
        self.x = xi; self.y = yi; self.z = zi; self.vx = vxi; self.vy = vyi; self.vz = vzi;
        CustomRule.Neighbours view = customView;
        view.slot = neighbours.collected(); view.count = count; view.ids = flock.id();
        view.x = sx; view.y = sy; view.z = sz; view.vx = svx; view.vy = svy; view.vz = svz;
        view.xi = xi; view.yi = yi; view.zi = zi; view.period = periodic ? size : 0;
        for (CustomRule rule : customRules) {
            out[0] = 0; out[1] = 0; out[2] = 0;
            rule.force(self, view, out);
            acc[0] += out[0]; acc[1] += out[1];
            if (threeD) acc[2] += out[2];
        }
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

        // --- the neighbour sums, from the symmetric pair pass, the general pass or the flock-wide sums
        final NeighbourPass nb = neighbours;
        nb.gather(s, n, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading, fastPairs && shiftsExact, scanAll, slack);
        int sepInvCount = nb.sepInvCount, nbCount = nb.nbCount, attCount = nb.attCount;
        final double sepX = nb.sepX, sepY = nb.sepY, sepZ = nb.sepZ, invX = nb.invX, invY = nb.invY, invZ = nb.invZ;
        final double nbVx = nb.nbVx, nbVy = nb.nbVy, nbVz = nb.nbVz, nbOx = nb.nbOx, nbOy = nb.nbOy, nbOz = nb.nbOz;
        final double nbUx = nb.nbUx, nbUy = nb.nbUy, nbUz = nb.nbUz, nbHeading = nb.nbHeading;
        final double zoneX = nb.zoneX, zoneY = nb.zoneY, zoneZ = nb.zoneZ, attX = nb.attX, attY = nb.attY, attZ = nb.attZ;

        // --- rules. Summed in 003's order: separation, alignment, cohesion, then the forces; in
        // place (002) cohesion, alignment, separation, each reading the velocity as changed so far.
        // Each formula sits with its variant in sim/.../rule/; the switches are exhaustive.
        double wx = vxi, wy = vyi, wz = vzi;   // working velocity (changed only by heading blends)
        double ax = 0, ay = 0, az = 0;         // summed rule output
        final double[] out = this.out, acc = this.acc;

        double[] sep = switch (sepKind) {
            case LINEAR -> Separation.linear(sepWeight, sepX, sepY, sepZ, out);
            case INVERSE_DISTANCE -> Separation.inverseDistance(sepWeight, sepInvCount, invX, invY, invZ, out);
            case INVERSE_SQUARE_CLAMPED -> Separation.inverseSquareClamped(sepWeight, sepStrength, sepMaxForce,
                    sepInvCount, invX, invY, invZ, out);
            case NORMALIZED -> Separation.normalized(sepWeight, sepX, sepY, sepZ, out);
            case ZONAL -> Separation.zonal(sepWeight, sepInvCount, zoneX, zoneY, zoneZ, out);
        };
        final double spx = sep[0], spy = sep[1], spz = sep[2];    // separation's output
        if (sepPriority && sepInvCount > 0) { nbCount = 0; attCount = 0; }   // Couzin: repulsion first

        double[] coh = switch (cohKind) {
            case CENTROID -> Cohesion.centroid(cohWeight, nbCount, nbOx, nbOy, nbOz, out);
            case STEER_TO -> Cohesion.steerTo(cohWeight, cohArrival, cohMaxForce, maxSpeed, nbCount, nbOx, nbOy, nbOz,
                    vxi, vyi, vzi, out);
            case UNIT_TO_CENTROID -> Cohesion.unitToCentroid(cohWeight, nbCount, nbOx, nbOy, nbOz, out);
            case ZONAL -> Cohesion.zonal(cohWeight, attCount, attX, attY, attZ, out);
        };
        final double chx = coh[0], chy = coh[1], chz = coh[2];    // cohesion's output

        // a sum that starts at +0.0 and only has values added is never −0.0, so adding a zero
        // output below leaves it bit for bit unchanged
        if (inPlace) { ax += chx; ay += chy; az += chz; } else { ax += spx; ay += spy; az += spz; }
        // the own velocity alignment reads: as changed by the rules before it when in place
        double rvx = inPlace ? vxi + ax : vxi, rvy = inPlace ? vyi + ay : vyi, rvz = inPlace ? vzi + az : vzi;

        double[] ali = switch (aliKind) {
            case VELOCITY_MATCH -> Alignment.velocityMatch(aliWeight, nbCount, nbVx, nbVy, nbVz, rvx, rvy, rvz, out);
            case SUMMED_VELOCITY_MATCH -> Alignment.summedVelocityMatch(aliWeight, flock.id()[s] == lastId, nbCount,
                    nbVx, nbVy, nbVz, rvx, rvy, rvz, out);
            case MEAN_VELOCITY_LIMITED -> Alignment.meanVelocityLimited(aliWeight, aliMaxForce, nbCount, nbVx, nbVy, nbVz, out);
            case HEADING_BLEND, CIRCULAR_HEADING_BLEND -> {
                if (nbCount > 0) {
                    // 003 turns the velocity as already changed by separation (in place: by cohesion)
                    wx += ax; wy += ay;
                    ax = 0; ay = 0;
                    double bird = Math.atan2(wy, wx);
                    double speed = Math.sqrt(wx * wx + wy * wy);
                    double turned = aliKind == Alignment.Kind.HEADING_BLEND
                            ? Alignment.headingBlend(aliWeight, bird, nbCount, nbHeading)
                            : Alignment.circularHeadingBlend(aliWeight, bird, nbUx, nbUy);
                    wx = Math.cos(turned) * speed;
                    wy = Math.sin(turned) * speed;
                }
                out[0] = 0; out[1] = 0; out[2] = 0;
                yield out;
            }
            // self included
            case VICSEK -> Alignment.vicsek(aliWeight, vicsekNoise, nbUx + (needUnit ? ux[s] : 0),
                    nbUy + (needUnit ? uy[s] : 0), rvx, rvy, random.nextDouble(), out);
            case ZONAL -> Alignment.zonal(aliWeight, nbCount, nbUx, nbUy, nbUz, out);
            case MEAN_FORWARD -> Alignment.meanForward(aliWeight, nbCount, nbUx, nbUy, nbUz, rvx, rvy, rvz, out);
        };
        ax += ali[0]; ay += ali[1]; az += ali[2];
        if (inPlace) { ax += spx; ay += spy; az += spz; } else { ax += chx; ay += chy; az += chz; }

        // --- the forces, each adding to the sum in turn
        acc[0] = ax; acc[1] = ay; acc[2] = az;
        double period = periodic ? size : 0;
        // goal (002): weight · (g − p) within the goal's radius
        if (goalWeight > 0) Preset.Goal.force(goalX, goalY, goalZ, goalR2, goalWeight, xi, yi, zi, period, acc);
        // flee predators (002): fleeWeight · Σ unit(p − q) within the flee radius
        int predators = flock.predatorCount();
        if (predators > 0 && fleeWeight > 0) {
            Preset.Predators.flee(fleeR2, fleeWeight, xi, yi, zi, flock.px(), flock.py(), flock.pz(), predators, period, acc);
        }
        // obstacles
        if (obsX.length > 0 && obsWeight > 0) {
            double fx = inPlace ? wx + acc[0] : vxi, fy = inPlace ? wy + acc[1] : vyi, fz = inPlace ? wz + acc[2] : vzi;
            double[] added = switch (obsKind) {     // each adds its push to acc
                case FORCE_FIELD -> ObstacleAvoidance.forceField(obsRange, obsWeight, xi, yi, zi, obsX, obsY, obsZ, obsR,
                        period, acc);
                case STEER_TO_AVOID -> ObstacleAvoidance.steerToAvoid(obsRange, obsClearance, obsWeight, threeD, xi, yi,
                        zi, fx, fy, fz, obsX, obsY, obsZ, obsR, period, acc);
            };
        }
        // custom rules, in list order, each on the neighbourhood collected above
        if (custom) customForces(s, xi, yi, zi, vxi, vyi, vzi, nb.collectedCount, acc);
        // random steering
        if (noise > 0) {
            double u1 = random.nextDouble(), u2 = threeD ? random.nextDouble() : 0;
            Preset.Noise.steer(noise, threeD, u1, u2, acc);
        }
        ax = acc[0]; ay = acc[1]; az = acc[2];

        // --- soft boundary (000): turn back once more than the margin outside the box
        if (!clampsAtStepEnd) {      // MoveThenClamp: at the step's end
            double lo = -half - softMargin, hi = half + softMargin;
            ax = Boundary.turnOutsideMargin(bndKind, ax, xi, lo, hi, softTurn);
            ay = Boundary.turnOutsideMargin(bndKind, ay, yi, lo, hi, softTurn);
            if (threeD) az = Boundary.turnOutsideMargin(bndKind, az, zi, lo, hi, softTurn);
        }

        // --- motion
        double[] nv = switch (motKind) {
            case MOVE_THEN_CLAMP, UNCLAMPED -> Motion.unclamped(wx, wy, wz, ax, ay, az, out);  // MoveThenClamp clamps at the step's end
            case ADDITIVE -> Motion.additive(minSpeed, maxSpeed, wx, wy, wz, ax, ay, az, out);
            case STEERING -> Motion.steering(motMaxForce, minSpeed, maxSpeed, wx, wy, wz, ax, ay, az, out);
            case CONSTANT_SPEED -> Motion.constantSpeed(constSpeed, turnFactor, wx, wy, wz, ax, ay, az, out);
            case TURNING_RATE -> {
                double g1 = 0, g2 = 0, g3 = 0;
                if (headingError > 0) {
                    g1 = random.nextGaussian(); g2 = random.nextGaussian();
                    if (threeD) g3 = random.nextGaussian();
                }
                yield Motion.turningRate(constSpeed, maxTurnPerStep, headingError, threeD, wx, wy, wz, ax, ay, az,
                        g1, g2, g3, out);
            }
        };
        double nvx = nv[0], nvy = nv[1], nvz = nv[2];
        double nx = xi + nvx * dt, ny = yi + nvy * dt, nz = zi + nvz * dt;

        // --- hard and periodic boundaries act on the new position
        if (wrapPositions) {
            nx = Periodic.wrap(nx, size);
            ny = Periodic.wrap(ny, size);
            if (threeD) nz = Periodic.wrap(nz, size);
        } else if (!clampsAtStepEnd) {   // MoveThenClamp: at the step's end
            nvx = Boundary.velocityAtWall(bndKind, nx, nvx, half); nx = Boundary.positionAtWall(bndKind, nx, half);
            nvy = Boundary.velocityAtWall(bndKind, ny, nvy, half); ny = Boundary.positionAtWall(bndKind, ny, half);
            if (threeD) { nvz = Boundary.velocityAtWall(bndKind, nz, nvz, half); nz = Boundary.positionAtWall(bndKind, nz, half); }
        }
        outX[s] = nx; outY[s] = ny; outZ[s] = nz;
        outVx[s] = nvx; outVy[s] = nvy; outVz[s] = nvz;
    }

    /** @return the angle equivalent to {@code a} in (−π, π]. */
    static double wrapAngle(double a) {
        return Alignment.wrapAngle(a);
    }
}
