package io.flocktune.sim;

import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;
import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;

import java.util.List;

/**
 * The engine's step of a {@link Preset.RuleSet}: each {@link #step} rebuilds the
 * {@link NeighbourGrid}, copies the state into cell order (so neighbours are read from contiguous
 * memory), takes each boid's neighbour sums from the pass that applies ({@link PairPass},
 * {@link NeighbourPass}, {@link GlobalSums}), updates it with {@link BoidUpdate} (the rules,
 * forces, motion and boundary, through exhaustive switches over each family's {@code Kind}) in the
 * preset's update order, and moves the predators. A preset's {@link CustomRule}s run on the
 * general (one boid at a time) pass, on the neighbourhood collected there. Nothing is allocated
 * per step (captures aside, and whatever a custom rule allocates).
 */
final class RuleEngine {
    /** The smallest flock a parallel step ({@link #parallel}) splits over threads; smaller ones step serially. */
    static final int PARALLEL_MIN_BOIDS = 20_000;

    private final Flock flock;
    private final BoidUpdate rules;               // the per-boid update: rules, forces, motion, boundary
    private final NeighbourGrid grid;

    // parameters
    private final boolean threeD, periodic, sequential, global;
    private final boolean wrapPositions;          // positions wrap (Wrap: with minimum images; WrapPositionsOnly: without)
    private final boolean excludeCoincident;      // neighbours need d > 0 (001)
    // sequential update whose step length is not bounded by maxSpeed·dt (unclamped motion): a
    // boid that moved farther than the slack is a stray, which every later query of the step
    // checks on its own (NeighbourPass.addStray); with a topological neighbourhood, or once
    // 1 / STRAYS_SHARE of the flock has strayed (each query would otherwise check that many boids
    // one by one), the rest of the step scans every boid instead. Either way the neighbour
    // queries stay exact.
    private final boolean stepUnbounded;
    private boolean scanAll;
    private static final int STRAYS_SHARE = 8;
    private int lastId;                           // highest live boid id (SummedVelocityMatch)
    private final Neighbourhood.Kind nbKind;
    private final boolean nbScansRadius, topological;
    private final int topologicalCount;
    private final double fieldOfViewCos;          // cos(angle/2), or −2 when the cone is off
    private final double size;
    private final double sepR2, nbR2;
    private final double cellSize;
    private final boolean needUnit, needHeading;
    private final Predation predation;

    // cell-ordered working state
    // the flock's current arrays (cell order after the step's reordering)
    private double[] sx, sy, sz, svx, svy, svz;
    private final double[] ux, uy, uz, heading;
    private final int[] slotOfId;
    private final int reach;                      // cells searched on each side (cell = radius / reach)
    private final boolean fastPairs;              // synchronous, metric or field of view, no custom rules
    private boolean shiftsExact;                  // this step's grid allows the symmetric pair pass
    private final PairPass pairs;                 // null unless fastPairs
    private final NeighbourPass neighbours;       // one boid's neighbour sums, from whichever pass applies
    private double slack;
    private final GlobalSums globalSums;          // the global neighbourhood's flock-wide sums
    private ParallelStep parallel;                // null: the per-boid phase runs on the calling thread

    /**
     * @param preset   the rules
     * @param flock    the state the steps advance
     * @param draws    the run's keyed per-step draws
     * @param pairPass whether the steps may take the symmetric pair pass (false: always the general pass, for tests)
     */
    RuleEngine(Preset.RuleSet preset, Flock flock, BoidRandom draws, boolean pairPass) {
        this.flock = flock;
        rules = new BoidUpdate(preset, flock, draws);
        Preset.World world = preset.world();
        threeD = world.dimension() == 3;
        size = world.size();
        sequential = preset.update() != Preset.UpdateOrder.SYNCHRONOUS;
        Boundary.Kind bndKind = Boundary.kind(world.boundary());
        periodic = bndKind.periodicDistances();
        wrapPositions = bndKind.wrapsPositions();
        sepR2 = preset.separation().radius() * preset.separation().radius();

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
        needUnit = rules.needUnit;
        needHeading = rules.needHeading;

        // Sequential update reads neighbours that already moved this step: widen the cells by
        // the largest step so a neighbour query from the start-of-step cells stays exact.
        // the symmetric pair pass when every variant reads only its sums (each declares it)
        fastPairs = pairPass && !rules.custom && !sequential && nbKind.usesPairSums() && rules.sepKind.usesPairSums()
                && rules.aliKind.usesPairSums() && rules.cohKind.usesPairSums();
        slack = sequential ? rules.largestStep : 0;
        stepUnbounded = sequential && rules.motKind.stepUnbounded();
        // 2D: half-radius cells searched two deep scan 6.25 r² instead of 9 r² (31 % fewer candidates)
        reach = threeD ? 1 : 2;
        cellSize = (preset.interactionRadius() + slack) / reach;

        predation = new Predation(preset.predators(), flock, periodic, size, preset.motion().dt());

        int capacity = flock.capacity();
        // WrapPositionsOnly: the cells wrap with the positions (a boid that wrapped stays in its
        // cell's block), the distances do not (a boid across the edge is far away)
        grid = new NeighbourGrid(world.dimension(), wrapPositions, size, capacity);
        slotOfId = new int[sequential ? capacity : 0];
        pairs = fastPairs ? new PairPass(grid, threeD, periodic, excludeCoincident, needUnit, needHeading,
                rules.aliKind == Alignment.Kind.ZONAL, rules.sepKind == Separation.Kind.ZONAL, sepR2, nbR2,
                rules.orientationR2, fieldOfViewCos, size, reach, capacity) : null;
        globalSums = new GlobalSums(needUnit, needHeading);
        ux = new double[needUnit ? capacity : 0]; uy = new double[needUnit ? capacity : 0];
        uz = new double[needUnit ? capacity : 0];
        heading = new double[needHeading ? capacity : 0];
        neighbours = new NeighbourPass(grid, reach, periodic, size, threeD, nbScansRadius,
                rules.aliKind == Alignment.Kind.ZONAL, rules.sepKind == Separation.Kind.ZONAL, excludeCoincident, needUnit,
                needHeading, topological, topologicalCount, sequential, sepR2, nbR2, rules.orientationR2, fieldOfViewCos,
                pairs, global ? globalSums : null, rules.custom, capacity);
    }

    /**
     * Steps on {@code threads} threads from now on: the per-boid phase of each step (neighbour
     * sums and update) is split over contiguous blocks of cells, bit-identical to the serial
     * step. Applies to synchronous presets without custom rules, with at least
     * {@link #PARALLEL_MIN_BOIDS} boids; the grid, the symmetric pair pass and the predators stay
     * serial, and sequential presets (one boid after another by definition) always step serially.
     * The threads are the JVM's shared daemon workers; simulations stepping at the same time take
     * turns on them.
     *
     * @param threads &ge; 1 (1: serial)
     */
    void parallel(int threads) {
        parallel = threads > 1 && !sequential && !rules.custom ? new ParallelStep(threads, neighbours, rules) : null;
    }

    /** @return whether the steps take the symmetric pair pass (when the grid's images allow it). */
    boolean takesPairPass() {
        return fastPairs;
    }

    /** @return every capture so far, in order (unmodifiable view). */
    List<Capture> captures() {
        return predation.captures();
    }

    /**
     * Advances the flock and the predators by one step.
     *
     * @param step the number of steps completed before this one (0 for the first)
     */
    void step(long step) {
        int n = flock.count();
        grid.build(flock.x(), flock.y(), flock.z(), n, cellSize);
        flock.reorder(grid.order());      // storage in cell order: grid slot s is flock slot s
        shiftsExact = grid.shiftsExact(reach);
        int maxRuns = grid.maxRuns(reach);
        // grown geometrically, so a flock whose grid keeps growing allocates O(log) times, not every step
        neighbours.ensureRuns(maxRuns, n);
        sx = flock.x(); sy = flock.y(); sz = flock.z();
        svx = flock.vx(); svy = flock.vy(); svz = flock.vz();
        if (needUnit) for (int s = 0; s < n; s++) cacheUnit(s);
        if (needHeading) for (int s = 0; s < n; s++) heading[s] = Math.atan2(svy[s], svx[s]);
        if (global) globalSums.compute(n, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading);
        if (rules.aliKind == Alignment.Kind.SUMMED_VELOCITY_MATCH) {
            int[] id = flock.id();
            lastId = -1;
            for (int s = 0; s < n; s++) lastId = Math.max(lastId, id[s]);
        }
        rules.beginStep(step, lastId, sx, sy, sz, svx, svy, svz, ux, uy);

        scanAll = false;
        if (sequential) {
            neighbours.clearStrays();
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
                    if (dx * dx + dy * dy + dz * dz > slack2) {
                        if (topological || neighbours.strayCount() >= n / STRAYS_SHARE) scanAll = true;
                        else neighbours.addStray(s);
                    }
                }
                if (needUnit) cacheUnit(s);
                if (needHeading) heading[s] = Math.atan2(svy[s], svx[s]);
                if (global) globalSums.add(s, +1, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading);
            }
        } else {
            double[] nx = flock.nextX(), ny = flock.nextY(), nz = flock.nextZ();
            double[] nvx = flock.nextVx(), nvy = flock.nextVy(), nvz = flock.nextVz();
            if (fastPairs && shiftsExact) pairs.run(n, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading, maxRuns);
            if (parallel != null && n >= PARALLEL_MIN_BOIDS) {
                parallel.run(n, maxRuns, step, lastId, fastPairs && shiftsExact, sx, sy, sz, svx, svy, svz, ux, uy, uz,
                        heading, nx, ny, nz, nvx, nvy, nvz);
            } else {
                for (int s = 0; s < n; s++) updateBoid(s, n, nx, ny, nz, nvx, nvy, nvz);
            }
            flock.swapBuffers();
        }
        if (rules.clampsAtStepEnd) rules.clampThenBound(n);
        if (flock.predatorCount() > 0) {
            predation.move();
            predation.capture(step + 1);
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

    /** One boid: its neighbour sums, then its update, written to slot s of the output arrays. */
    private void updateBoid(int s, int n, double[] outX, double[] outY, double[] outZ,
                            double[] outVx, double[] outVy, double[] outVz) {
        neighbours.gather(s, n, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading, fastPairs && shiftsExact, scanAll, slack);
        rules.update(s, neighbours, outX, outY, outZ, outVx, outVy, outVz);
    }
}
