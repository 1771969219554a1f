package io.flocktune.sim.fidelity;

import io.flocktune.sim.Capture;

import java.util.List;
import java.util.stream.IntStream;

/**
 * Seed 002 (Yoo 2023 report, Python + three.js, 3D) written out all-pairs from
 * {@code seeds/002_43e2fe14194a110d.txt}, independent of the engine: Algorithms 1–6,
 * {@code update_pred} (Listing 1), {@code saturate} (Listing 2) and the hard bound of the
 * Discussion. Unnamed constants are the {@code seed002} preset's choices: visual range 10,
 * separation distance 3, factors 0.05 / 0.05 / 0.005, goal (30, 30, 30) factor 0.01,
 * PredPower 0.001, predator-avoid factor 0.5, speeds [0.5, 2], δt 1, walls at ±50.
 *
 * <p>Comparisons are the seed's: a neighbour is within (&le;) the visual range, separation
 * and flee act at &le; their distances. Following the engine's documented choices: every rule
 * reads the step's start (synchronous); rule outputs are summed separation, alignment,
 * cohesion, goal, flee and then added to v; a wall puts the boid back on it and turns that
 * velocity component toward the centre; a boid at a predator's exact position does not flee
 * (the seed would divide by 0); the predator moves after the boids toward the centroid of
 * their new positions; a capture is recorded for each boid closer than 1 to a predator after
 * it moved.
 */
final class Seed002Transcription {
    static final double VISUAL_RANGE = 10, SEPARATION_DIST = 3;
    static final double SEPARATION_FACTOR = 0.05, ALIGN_FACTOR = 0.05, COHESION_FACTOR = 0.005;
    static final double[] GOAL = {30, 30, 30};
    static final double GOAL_FACTOR = 0.01, PREDATOR_AVOID_FACTOR = 0.5, PRED_POWER = 0.001;
    static final double MIN_VEL = 0.5, MAX_VEL = 2, DELTA_T = 1, BOUND = 50, CAPTURE_RADIUS = 1;

    private Seed002Transcription() {}

    /** Advances one step; {@code step} is the 1-based number of this step, for the capture events. */
    static void step(SeedState s, long step, List<Capture> captures) {
        int n = s.count();
        double[][] p = new double[n][], v = new double[n][];
        for (int i = 0; i < n; i++) {
            p[i] = new double[] {s.x[i], s.y[i], s.z[i]};
            v[i] = new double[] {s.vx[i], s.vy[i], s.vz[i]};
        }
        double[][] predators = new double[s.predatorCount()][];
        for (int k = 0; k < predators.length; k++) predators[k] = new double[] {s.px[k], s.py[k], s.pz[k]};

        double[][] newV = new double[n][];
        for (int i = 0; i < n; i++) {
            int[] neighbours = findNeighbours(p, i);
            double[] sep = ruleSeparation(p, i, neighbours);
            double[] ali = ruleAlignment(v, i, neighbours);
            double[] coh = ruleCohesion(p, i, neighbours);
            double[] goal = ruleGoal(p[i]);
            double[] flee = rulePredator(p[i], predators);
            newV[i] = new double[3];
            for (int c = 0; c < 3; c++) {
                newV[i][c] = v[i][c] + (SEPARATION_FACTOR * sep[c] + ALIGN_FACTOR * ali[c] + COHESION_FACTOR * coh[c]
                        + GOAL_FACTOR * goal[c] + PREDATOR_AVOID_FACTOR * flee[c]);
            }
        }
        for (int i = 0; i < n; i++) {
            saturate(newV[i]);
            for (int c = 0; c < 3; c++) {
                p[i][c] = p[i][c] + DELTA_T * newV[i][c];
                if (p[i][c] > BOUND) { p[i][c] = BOUND; newV[i][c] = -Math.abs(newV[i][c]); }
                else if (p[i][c] < -BOUND) { p[i][c] = -BOUND; newV[i][c] = Math.abs(newV[i][c]); }
            }
            s.x[i] = p[i][0]; s.y[i] = p[i][1]; s.z[i] = p[i][2];
            s.vx[i] = newV[i][0]; s.vy[i] = newV[i][1]; s.vz[i] = newV[i][2];
        }
        for (int k = 0; k < s.predatorCount(); k++) {
            updatePred(s, k);
            for (int i = 0; i < n; i++) {
                double dx = s.x[i] - s.px[k], dy = s.y[i] - s.py[k], dz = s.z[i] - s.pz[k];
                if (Math.sqrt(dx * dx + dy * dy + dz * dz) < CAPTURE_RADIUS) captures.add(new Capture(step, k, i));
            }
        }
    }

    private static int[] findNeighbours(double[][] p, int i) {
        return IntStream.range(0, p.length)
                .filter(k -> k != i && norm(difference(p[k], p[i])) <= VISUAL_RANGE).toArray();
    }

    private static double[] ruleCohesion(double[][] p, int i, int[] neighbours) {
        double[] sum = new double[3];
        for (int k : neighbours) for (int c = 0; c < 3; c++) sum[c] += p[k][c];
        if (neighbours.length == 0) return new double[3];
        double[] out = new double[3];
        for (int c = 0; c < 3; c++) out[c] = sum[c] / neighbours.length - p[i][c];
        return out;
    }

    private static double[] ruleAlignment(double[][] v, int i, int[] neighbours) {
        double[] sum = new double[3];
        for (int k : neighbours) for (int c = 0; c < 3; c++) sum[c] += v[k][c];
        if (neighbours.length == 0) return new double[3];
        double[] out = new double[3];
        for (int c = 0; c < 3; c++) out[c] = sum[c] / neighbours.length - v[i][c];
        return out;
    }

    private static double[] ruleSeparation(double[][] p, int i, int[] neighbours) {
        double[] out = new double[3];
        for (int k : neighbours) {
            double[] d = difference(p[i], p[k]);
            if (norm(d) <= SEPARATION_DIST) for (int c = 0; c < 3; c++) out[c] += d[c];
        }
        return out;
    }

    private static double[] ruleGoal(double[] position) {
        double[] d = difference(GOAL, position);
        return norm(d) <= VISUAL_RANGE ? d : new double[3];
    }

    private static double[] rulePredator(double[] position, double[][] predators) {
        double[] out = new double[3];
        for (double[] q : predators) {
            double[] d = difference(position, q);
            double length = norm(d);
            if (length <= VISUAL_RANGE && length > 0) for (int c = 0; c < 3; c++) out[c] += d[c] / length;
        }
        return out;
    }

    private static void saturate(double[] v) {
        double norm = norm(v);
        if (norm > MAX_VEL) {
            for (int c = 0; c < 3; c++) v[c] = v[c] * MAX_VEL / norm;
        } else if (norm < MIN_VEL && norm > 0) {
            for (int c = 0; c < 3; c++) v[c] = v[c] * MIN_VEL / norm;
        }
    }

    private static void updatePred(SeedState s, int k) {
        double[] massCenter = new double[3];
        for (int i = 0; i < s.count(); i++) {
            massCenter[0] += s.x[i]; massCenter[1] += s.y[i]; massCenter[2] += s.z[i];
        }
        for (int c = 0; c < 3; c++) massCenter[c] /= s.count();
        double[] predPos = {s.px[k], s.py[k], s.pz[k]};
        double[] predV = {s.pvx[k], s.pvy[k], s.pvz[k]};
        for (int c = 0; c < 3; c++) predV[c] = predV[c] + (massCenter[c] - predPos[c]) * PRED_POWER;
        double maxV = 2;
        double norm = norm(predV);
        if (norm > maxV) for (int c = 0; c < 3; c++) predV[c] = predV[c] * maxV / norm;
        for (int c = 0; c < 3; c++) predPos[c] = predPos[c] + predV[c];
        s.px[k] = predPos[0]; s.py[k] = predPos[1]; s.pz[k] = predPos[2];
        s.pvx[k] = predV[0]; s.pvy[k] = predV[1]; s.pvz[k] = predV[2];
    }

    private static double[] difference(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double norm(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }
}
