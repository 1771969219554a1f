package io.flocktune.sim;

/**
 * The per-boid phase of a synchronous step on several threads: the slots, in cell order, split
 * into {@code parts} contiguous blocks (so each thread reads its own cells' neighbourhood), each
 * block gathered and updated by its own {@link NeighbourPass} and {@link BoidUpdate}. A boid's
 * update reads only the start-of-step state (and the pair sums, computed before) and writes only
 * its own slot of the next arrays, and its random stream is keyed by (step, id): the result is
 * bit-identical to the serial loop, whatever the number of threads.
 */
final class ParallelStep implements StepWorkers.Job {
    private final NeighbourPass[] neighbours;
    private final BoidUpdate[] rules;

    // this step's arguments
    private int n, maxRuns;
    private long step;
    private int lastId;
    private boolean pairSumsReady;
    private double[] sx, sy, sz, svx, svy, svz, ux, uy, uz, heading;
    private double[] nx, ny, nz, nvx, nvy, nvz;

    /** Part 0 uses the simulation's own pass and update; the others get copies. */
    ParallelStep(int parts, NeighbourPass neighbours, BoidUpdate rules) {
        this.neighbours = new NeighbourPass[parts];
        this.rules = new BoidUpdate[parts];
        this.neighbours[0] = neighbours;
        this.rules[0] = rules;
        for (int p = 1; p < parts; p++) {
            this.neighbours[p] = neighbours.copy();
            this.rules[p] = rules.copy();
        }
    }

    int parts() {
        return rules.length;
    }

    /** Updates slots 0 … n−1 from the current arrays into the next ones, on {@link #parts()} threads. */
    void run(int n, int maxRuns, long step, int lastId, boolean pairSumsReady,
             double[] sx, double[] sy, double[] sz, double[] svx, double[] svy, double[] svz,
             double[] ux, double[] uy, double[] uz, double[] heading,
             double[] nx, double[] ny, double[] nz, double[] nvx, double[] nvy, double[] nvz) {
        this.n = n; this.maxRuns = maxRuns; this.step = step; this.lastId = lastId; this.pairSumsReady = pairSumsReady;
        this.sx = sx; this.sy = sy; this.sz = sz; this.svx = svx; this.svy = svy; this.svz = svz;
        this.ux = ux; this.uy = uy; this.uz = uz; this.heading = heading;
        this.nx = nx; this.ny = ny; this.nz = nz; this.nvx = nvx; this.nvy = nvy; this.nvz = nvz;
        StepWorkers.shared().run(this, rules.length);
    }

    @Override
    public void run(int part) {
        int parts = rules.length;
        int from = (int) ((long) n * part / parts), to = (int) ((long) n * (part + 1) / parts);
        NeighbourPass nb = neighbours[part];
        BoidUpdate update = rules[part];
        nb.ensureRuns(maxRuns, n);   // a synchronous step: no strays
        update.beginStep(step, lastId, sx, sy, sz, svx, svy, svz, ux, uy);
        for (int s = from; s < to; s++) {
            nb.gather(s, n, sx, sy, sz, svx, svy, svz, ux, uy, uz, heading, pairSumsReady, false, 0);
            update.update(s, nb, nx, ny, nz, nvx, nvy, nvz);
        }
    }
}
