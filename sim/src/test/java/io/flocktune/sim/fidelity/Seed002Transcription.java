package io.flocktune.sim.fidelity;

import io.flocktune.sim.Capture;

import java.util.ArrayList;
import java.util.List;

/**
 * Seed 002 (Yoo 2023, "Programming Assignment Report #1", Python + three.js, 3D), transcribed
 * from {@code seeds/002_43e2fe14194a110d.txt} alone: Algorithm 1 (the main loop), Algorithms 2–6
 * (cohesion, alignment, separation, goal, predator avoidance), Listing 1 ({@code update_pred}),
 * Listing 2 ({@code saturate}) and the Discussion's hard bounding. Never calls the engine.
 *
 * <p>Algorithm 1, as printed: {@code for Each boid b_i: N_b = FindNeighbor(b); for each rule k:
 * v_i = v_i + w_k * rule_k(b, N_b); p_i = p_i + δt * v_i} — boids in index order, each rule
 * adding to {@code v_i} at once (a later rule reads the changed {@code v_i}), the boid moving
 * before the next boid is looked at (which then sees it moved).
 *
 * <p>Ambiguities, "seed line → choice":
 * <ul>
 *   <li>"for each rule k" (order not given) → the order the report defines them: Algorithm 2
 *       cohesion, 3 alignment, 4 separation, 5 goal, 6 predator avoidance (3.6 obstacle avoidance
 *       has no code: none); so alignment's {@code v_i} already includes cohesion's change;</li>
 *   <li>{@code w_k * rule_k} while each rule already returns {@code factor * v} → one factor:
 *       {@code w_k = 1};</li>
 *   <li>{@code FindNeighbor(b)} (not printed) with "If distance between two boid is larger than
 *       visual range each boid cannot affect each other" → the other boids with
 *       {@code |p_k − p_i| <= VisualRange}; the same VisualRange for the goal and predators;</li>
 *   <li>{@code saturate()} and the bounding are described in the Discussion, not called in
 *       Algorithm 1 → after the loop over boids: {@code saturate()}, then the hard bound ("If
 *       position of boid is beyond range change velocity toward center immediately": the boid is
 *       put back on the wall and that velocity component turned toward the centre); so a boid
 *       moves with its unsaturated velocity;</li>
 *   <li>{@code saturate}'s {@code boidsV[i]*minVel/norm} for a boid at rest is 0/0 → it stays at
 *       rest; Algorithm 6's {@code d/|d|} for a boid on the predator is 0/0 → no push;</li>
 *   <li>{@code update_pred} (Listing 1) is not placed in Algorithm 1 → once per frame, after the
 *       boids and their saturation, toward the centroid of their new positions;
 *       {@code PredPos=PredPos+PredV} with no δt;</li>
 *   <li>δt, visual range, separation distance, factors, goal, PredPower, minVel, maxVel, the
 *       bound (not given) → 1, 10, 3, 0.05 / 0.05 / 0.005 (separation / alignment / cohesion),
 *       goal (30, 30, 30) with factor 0.01, 0.001, 0.5 (predator avoidance), 0.5, 2, walls at ±50;</li>
 *   <li>captures are not in the seed → recorded as in the engine: after the predators moved, each
 *       boid closer than 1 to a predator.</li>
 * </ul>
 */
final class Seed002Transcription {
    static final double VISUAL_RANGE = 10, SEPARATION_DIST = 3;
    static final double SEPARATION_FACTOR = 0.05, ALIGN_FACTOR = 0.05, COHESION_FACTOR = 0.005;
    static final double[] P_GOAL = {30, 30, 30};
    static final double GOAL_FACTOR = 0.01, PREDATORAVOID_FACTOR = 0.5, PRED_POWER = 0.001;
    static final double MIN_VEL = 0.5, MAX_VEL = 2, DELTA_T = 1, BOUND = 50, CAPTURE_RADIUS = 1;

    private Seed002Transcription() {}

    /** One frame; {@code step} is its 1-based number, for the capture events. */
    static void step(SeedState s, long step, List<Capture> captures) {
        int boidsN = s.count();
        double[][] p = new double[boidsN][], v = new double[boidsN][];
        for (int i = 0; i < boidsN; i++) {
            p[i] = new double[] {s.x[i], s.y[i], s.z[i]};
            v[i] = new double[] {s.vx[i], s.vy[i], s.vz[i]};
        }
        double[][] predators = new double[s.predatorCount()][];
        for (int k = 0; k < predators.length; k++) predators[k] = new double[] {s.px[k], s.py[k], s.pz[k]};

        // Algorithm 1
        for (int i = 0; i < boidsN; i++) {
            List<Integer> nb = findNeighbor(p, i);
            add(v[i], ruleCohesion(p, i, nb));
            add(v[i], ruleAlignment(v, i, nb));
            add(v[i], ruleSeparation(p, i, nb));
            add(v[i], ruleGoal(p[i]));
            add(v[i], rulePredator(p[i], predators));
            for (int c = 0; c < 3; c++) p[i][c] = p[i][c] + DELTA_T * v[i][c];
        }
        saturate(v);
        hardBound(p, v);
        for (int i = 0; i < boidsN; i++) {
            s.x[i] = p[i][0]; s.y[i] = p[i][1]; s.z[i] = p[i][2];
            s.vx[i] = v[i][0]; s.vy[i] = v[i][1]; s.vz[i] = v[i][2];
        }
        for (int k = 0; k < s.predatorCount(); k++) {
            updatePred(s, k);
            for (int i = 0; i < boidsN; i++) {
                double dx = s.x[i] - s.px[k], dy = s.y[i] - s.py[k], dz = s.z[i] - s.pz[k];
                if (Math.sqrt(dx * dx + dy * dy + dz * dz) < CAPTURE_RADIUS) captures.add(new Capture(step, k, i));
            }
        }
    }

    private static List<Integer> findNeighbor(double[][] p, int i) {
        List<Integer> nb = new ArrayList<>();
        for (int k = 0; k < p.length; k++) {
            if (k != i && norm(difference(p[k], p[i])) <= VISUAL_RANGE) nb.add(k);
        }
        return nb;
    }

    /** Algorithm 2. */
    private static double[] ruleCohesion(double[][] p, int i, List<Integer> nb) {
        double[] sum = new double[3];
        for (int k : nb) for (int c = 0; c < 3; c++) sum[c] = sum[c] + p[k][c];
        if (nb.isEmpty()) return new double[3];
        double[] out = new double[3];
        for (int c = 0; c < 3; c++) out[c] = COHESION_FACTOR * (sum[c] / nb.size() - p[i][c]);
        return out;
    }

    /** Algorithm 3; {@code v[i]} is the boid's velocity as already changed by the rules before. */
    private static double[] ruleAlignment(double[][] v, int i, List<Integer> nb) {
        double[] sum = new double[3];
        for (int k : nb) for (int c = 0; c < 3; c++) sum[c] = sum[c] + v[k][c];
        if (nb.isEmpty()) return new double[3];
        double[] out = new double[3];
        for (int c = 0; c < 3; c++) out[c] = ALIGN_FACTOR * (sum[c] / nb.size() - v[i][c]);
        return out;
    }

    /** Algorithm 4. */
    private static double[] ruleSeparation(double[][] p, int i, List<Integer> nb) {
        double[] out = new double[3];
        for (int k : nb) {
            double[] d = difference(p[i], p[k]);
            if (norm(d) <= SEPARATION_DIST) add(out, d);
        }
        for (int c = 0; c < 3; c++) out[c] = SEPARATION_FACTOR * out[c];
        return out;
    }

    /** Algorithm 5. */
    private static double[] ruleGoal(double[] pi) {
        double[] out = new double[3];
        double[] d = difference(P_GOAL, pi);
        if (norm(d) <= VISUAL_RANGE) add(out, d);
        for (int c = 0; c < 3; c++) out[c] = GOAL_FACTOR * out[c];
        return out;
    }

    /** Algorithm 6. */
    private static double[] rulePredator(double[] pi, double[][] predators) {
        double[] out = new double[3];
        for (double[] pk : predators) {
            double[] d = difference(pi, pk);
            double length = norm(d);
            if (length <= VISUAL_RANGE && length > 0) for (int c = 0; c < 3; c++) out[c] += d[c] / length;
        }
        for (int c = 0; c < 3; c++) out[c] = PREDATORAVOID_FACTOR * out[c];
        return out;
    }

    /** Listing 2. */
    private static void saturate(double[][] boidsV) {
        for (double[] vi : boidsV) {
            double norm = norm(vi);
            if (norm > MAX_VEL) {
                for (int c = 0; c < 3; c++) vi[c] = vi[c] * MAX_VEL / norm;
            } else if (norm < MIN_VEL && norm > 0) {
                for (int c = 0; c < 3; c++) vi[c] = vi[c] * MIN_VEL / norm;
            }
        }
    }

    private static void hardBound(double[][] p, double[][] v) {
        for (int i = 0; i < p.length; i++) {
            for (int c = 0; c < 3; c++) {
                if (p[i][c] > BOUND) { p[i][c] = BOUND; v[i][c] = -Math.abs(v[i][c]); }
                else if (p[i][c] < -BOUND) { p[i][c] = -BOUND; v[i][c] = Math.abs(v[i][c]); }
            }
        }
    }

    /** Listing 1. */
    private static void updatePred(SeedState s, int k) {
        int boidsN = s.count();
        double[] massCenter = new double[3];
        for (int i = 0; i < boidsN; i++) {
            massCenter[0] = massCenter[0] + s.x[i]; massCenter[1] = massCenter[1] + s.y[i]; massCenter[2] = massCenter[2] + s.z[i];
        }
        for (int c = 0; c < 3; c++) massCenter[c] = massCenter[c] / boidsN;
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

    private static void add(double[] a, double[] b) {
        for (int c = 0; c < 3; c++) a[c] = a[c] + b[c];
    }

    private static double[] difference(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double norm(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }
}
