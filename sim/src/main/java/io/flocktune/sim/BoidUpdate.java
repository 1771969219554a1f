package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.Separation;
import io.flocktune.sim.space.Periodic;

import java.util.List;

/**
 * The per-boid update: one boid's new position and velocity from its neighbour sums (a
 * {@link NeighbourPass} after {@code gather}), the rules, the forces (goal, predators,
 * obstacles, custom rules, noise), the motion model and the boundary. The rule variants are
 * read once, at construction, into their family's {@code Kind} constants and primitive fields;
 * each formula is a static method next to its record in {@code io.flocktune.sim.rule}, called
 * through exhaustive switches. {@link Simulation} does the orchestration (grid, passes, order,
 * predators) and calls {@link #update} once per boid. Nothing is allocated per call.
 *
 * <p>Not thread-safe (scratch vectors, the random stream): one instance per thread.
 */
final class BoidUpdate {
    private final Preset.RuleSet preset;
    private final Flock flock;
    private final BoidRandom random;             // per-step draws, by (step, boid id)
    final boolean drawsPerBoid;

    // parameters
    private final boolean threeD, periodic, wrapPositions;
    final boolean inPlace;                        // rules act one after another on the boid's velocity (002)
    final Separation.Kind sepKind;
    final Alignment.Kind aliKind;
    final Cohesion.Kind cohKind;
    final Motion.Kind motKind;
    private final Boundary.Kind bndKind;
    private final boolean sepPriority;
    final boolean clampsAtStepEnd;               // MoveThenClamp: speed clamp and boundary once every boid moved
    private final double size, half;
    private final double sepWeight, sepStrength, sepMaxForce;
    private final double aliWeight, aliMaxForce, vicsekNoise;
    final double orientationR2;                  // Zonal alignment: the orientation zone's radius², length units²
    private final double cohWeight, cohArrival, cohMaxForce;
    private final double dt, minSpeed, maxSpeed, motMaxForce, constSpeed, turnFactor, headingError;
    private final Turning.Limit maxTurnPerStep;  // TurningRate: radians per step
    /** The usual largest distance a boid moves in one step (a bound unless {@code motKind.stepUnbounded()}), length units. */
    final double largestStep;
    private final double softMargin, softTurn;
    final boolean needUnit, needHeading;
    private final double goalX, goalY, goalZ, goalR2, goalWeight;
    private final double fleeR2, fleeWeight;
    private final double[] obsX, obsY, obsZ, obsR;
    private final ObstacleAvoidance.Kind obsKind;
    private final double obsRange, obsWeight, obsClearance;
    private final double noise;
    private final CustomRule[] customRules;
    final boolean custom;

    // this step's state (cell order), set by beginStep
    private long step;
    private int lastId;                           // highest live boid id (SummedVelocityMatch)
    private double[] sx, sy, sz, svx, svy, svz, ux, uy;

    private final double[] out = new double[3];    // a formula's vector result
    private final double[] acc = new double[3];    // the summed rule output while forces add to it
    private final CustomRule.Boid customSelf = new CustomRule.Boid();
    private final CustomRule.Neighbours customView = new CustomRule.Neighbours();

    /** Reads the preset's rule variants and parameters; the random stream is this run's. */
    BoidUpdate(Preset.RuleSet preset, Flock flock, BoidRandom random) {
        this.preset = preset;
        this.flock = flock;
        this.random = random;
        Preset.World world = preset.world();
        threeD = world.dimension() == 3;
        size = world.size();
        half = 0.5 * size;
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
        sepWeight = separation.weight();
        sepKind = Separation.kind(separation);
        sepPriority = sepKind.hasPriority();
        if (separation instanceof Separation.InverseSquareClamped c) {
            sepStrength = c.strength(); sepMaxForce = c.maxForce();
        } else {
            sepStrength = 0; sepMaxForce = 0;
        }

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
        double turn;
        switch (preset.motion()) {
            case Motion.Additive a -> {
                motKind = Motion.Kind.ADDITIVE; dt = a.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                turn = 0; headingError = 0;
                largestStep = maxSpeed * dt;
            }
            case Motion.MoveThenClamp m -> {
                motKind = Motion.Kind.MOVE_THEN_CLAMP; dt = m.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                turn = 0; headingError = 0;
                largestStep = maxSpeed * dt;          // usual, not a bound: see Simulation.stepUnbounded
            }
            case Motion.Unclamped u -> {
                motKind = Motion.Kind.UNCLAMPED; dt = u.dt(); motMaxForce = 0; constSpeed = 0; turnFactor = 0;
                turn = 0; headingError = 0;
                largestStep = maxSpeed * dt;          // usual, not a bound: see Simulation.stepUnbounded
            }
            case Motion.Steering s -> {
                motKind = Motion.Kind.STEERING; dt = s.dt(); motMaxForce = s.maxForce(); constSpeed = 0; turnFactor = 0;
                turn = 0; headingError = 0;
                largestStep = maxSpeed * dt;
            }
            case Motion.ConstantSpeed c -> {
                motKind = Motion.Kind.CONSTANT_SPEED; dt = c.dt(); motMaxForce = 0; constSpeed = c.speed(); turnFactor = c.turnFactor();
                turn = 0; headingError = 0;
                largestStep = constSpeed * dt;
            }
            case Motion.TurningRate t -> {
                motKind = Motion.Kind.TURNING_RATE; dt = t.dt(); motMaxForce = 0; constSpeed = t.speed(); turnFactor = 0;
                turn = Math.toRadians(t.maxTurnRate()) * t.dt(); headingError = t.headingError();
                largestStep = constSpeed * dt;
            }
        }
        maxTurnPerStep = new Turning.Limit(turn);
        clampsAtStepEnd = motKind.clampsAtStepEnd();

        Preset.Goal goal = preset.goal();
        goalX = goal.x(); goalY = goal.y(); goalZ = goal.z();
        goalR2 = goal.radius() * goal.radius();
        goalWeight = goal.weight();

        Preset.Predators predators = preset.predators();
        fleeR2 = predators.fleeRadius() * predators.fleeRadius();
        fleeWeight = predators.fleeWeight();

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
        customRules = preset.customRules().toArray(new CustomRule[0]);
        custom = customRules.length > 0;
    }

    /** @return an update with the same settings and run key and its own scratch state, for another thread */
    BoidUpdate copy() {
        return new BoidUpdate(preset, flock, random.copy());
    }

    /**
     * Points the update at this step's state (cell order; in a sequential update the same arrays
     * are written as boids move).
     *
     * @param lastId the highest live boid id (read by {@code SummedVelocityMatch})
     * @param ux     unit velocities per slot when {@link #needUnit}, else unused
     */
    void beginStep(long step, int lastId, double[] x, double[] y, double[] z, double[] vx, double[] vy,
                   double[] vz, double[] ux, double[] uy) {
        this.step = step; this.lastId = lastId;
        sx = x; sy = y; sz = z; svx = vx; svy = vy; svz = vz;
        this.ux = ux; this.uy = uy;
    }

    /**
     * {@link Motion.MoveThenClamp}'s end of step, once every boid has moved: each speed clamped
     * to [minSpeed, maxSpeed], then the soft margin's turn or the hard bound by the new position.
     */
    void clampThenBound(int n) {
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

    private void customForces(int s, double xi, double yi, double zi, double vxi, double vyi, double vzi,
                              NeighbourPass nb, double[] acc) {
        CustomRule.Boid self = customSelf;
        self.id = flock.id()[s]; self.dimension = threeD ? 3 : 2; self.step = step;
        self.x = xi; self.y = yi; self.z = zi; self.vx = vxi; self.vy = vyi; self.vz = vzi;
        CustomRule.Neighbours view = customView;
        view.slot = nb.collected(); view.count = nb.collectedCount; view.ids = flock.id();
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
     * New position and velocity of the boid in slot {@code s}, read from the state of
     * {@link #beginStep} and the neighbour sums {@code nb} holds for it, written to slot
     * {@code s} of the output arrays (the same arrays in a sequential update).
     *
     * @param nb the neighbour sums of slot s (after {@link NeighbourPass#gather})
     */
    void update(int s, NeighbourPass nb, double[] outX, double[] outY, double[] outZ,
                double[] outVx, double[] outVy, double[] outVz) {
        final double xi = sx[s], yi = sy[s], zi = sz[s];
        final double vxi = svx[s], vyi = svy[s], vzi = svz[s];
        if (drawsPerBoid) random.start(step, flock.id()[s]);

        // --- the neighbour sums: from the symmetric pair pass, the general pass or the flock-wide sums
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
        if (custom) customForces(s, xi, yi, zi, vxi, vyi, vzi, nb, acc);
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
}
