package io.flocktune.sim.fidelity;

/**
 * Seed 000 (Veldic 2024, py-script, 3D) written out all-pairs from
 * {@code seeds/000_1db60f9d84a163ac.txt}, independent of the engine. Constants the seed leaves
 * to its sliders are the {@code seed000} preset's choices (boundRange 50, recog_range 15,
 * max_speed 2, sliders at 1, one obstacle of size 5 at (20, 0, 0)).
 *
 * <p>Where the seed is silent or slips, the engine's documented choice is followed:
 * {@code alignment_rule} divides per boid (the seed's {@code if cnt > 0} is outdented);
 * every rule reads the state at the step's start; the rule outputs are summed in the order
 * separation, alignment, cohesion, obstacles, {@code avoid_bound}, then added to v, then
 * {@code limit_velocity}, then {@code p += v}.
 */
final class Seed000Transcription {
    static final double BOUND_RANGE = 50, RECOG_RANGE = 15, MAX_SPEED = 2;
    static final double[] OBSTACLE = {20, 0, 0};
    static final double OBSTACLE_SIZE = 5;

    private Seed000Transcription() {}

    static void step(SeedState s) {
        int n = s.count();
        double[][] p = new double[n][], v = new double[n][];
        for (int i = 0; i < n; i++) {
            p[i] = new double[] {s.x[i], s.y[i], s.z[i]};
            v[i] = new double[] {s.vx[i], s.vy[i], s.vz[i]};
        }
        double[][] sep = separationRule(p);
        double[][] align = alignmentRule(p, v);
        double[][] coh = cohesionRule(p);
        double[][] avoid = avoidObstaclesRule(p);
        for (int i = 0; i < n; i++) {
            double[] bound = avoidBound(p[i]);
            for (int c = 0; c < 3; c++) {
                v[i][c] += sep[i][c] + align[i][c] + coh[i][c] + avoid[i][c] + bound[c];
            }
            double norm = norm(v[i]);
            if (norm > MAX_SPEED) {
                for (int c = 0; c < 3; c++) v[i][c] = v[i][c] / norm * MAX_SPEED;
            }
            for (int c = 0; c < 3; c++) p[i][c] += v[i][c];
        }
        for (int i = 0; i < n; i++) {
            s.x[i] = p[i][0]; s.y[i] = p[i][1]; s.z[i] = p[i][2];
            s.vx[i] = v[i][0]; s.vy[i] = v[i][1]; s.vz[i] = v[i][2];
        }
    }

    private static double[][] separationRule(double[][] p) {
        int n = p.length;
        double[][] sepV = new double[n][3];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && Math.abs(dist(p[j], p[i])) < 7) {
                    for (int c = 0; c < 3; c++) sepV[i][c] -= p[j][c] - p[i][c];
                }
            }
        }
        for (double[] row : sepV) for (int c = 0; c < 3; c++) row[c] = row[c] / 50 * 1;
        return sepV;
    }

    private static double[][] alignmentRule(double[][] p, double[][] v) {
        int n = p.length;
        double[][] alignV = new double[n][3];
        for (int i = 0; i < n; i++) {
            int cnt = 0;
            for (int j = 0; j < n; j++) {
                if (i != j && dist(p[j], p[i]) < RECOG_RANGE) {
                    for (int c = 0; c < 3; c++) alignV[i][c] += v[j][c];
                    cnt++;
                }
            }
            if (cnt > 0) {
                for (int c = 0; c < 3; c++) alignV[i][c] /= cnt;
            } else {
                alignV[i] = v[i].clone();
            }
        }
        for (int i = 0; i < n; i++) for (int c = 0; c < 3; c++) alignV[i][c] = (alignV[i][c] - v[i][c]) / 600 * 1;
        return alignV;
    }

    private static double[][] cohesionRule(double[][] p) {
        int n = p.length;
        double[][] cohV = new double[n][3];
        for (int i = 0; i < n; i++) {
            int cnt = 0;
            for (int j = 0; j < n; j++) {
                if (i != j && dist(p[j], p[i]) < RECOG_RANGE) {
                    for (int c = 0; c < 3; c++) cohV[i][c] += p[j][c];
                    cnt++;
                }
            }
            if (cnt > 0) {
                for (int c = 0; c < 3; c++) cohV[i][c] /= cnt;
            } else {
                cohV[i] = p[i].clone();
            }
        }
        for (int i = 0; i < n; i++) for (int c = 0; c < 3; c++) cohV[i][c] = (cohV[i][c] - p[i][c]) / 100 * 1;
        return cohV;
    }

    private static double[][] avoidObstaclesRule(double[][] p) {
        int n = p.length;
        double[][] avoidV = new double[n][3];
        for (int i = 0; i < n; i++) {
            double distToObs = dist(p[i], OBSTACLE) - OBSTACLE_SIZE;
            if (distToObs < RECOG_RANGE) {
                double[] away = normalize(new double[] {p[i][0] - OBSTACLE[0], p[i][1] - OBSTACLE[1], p[i][2] - OBSTACLE[2]});
                double push = distToObs < 0.1 ? 100 : 10 / (distToObs * distToObs);
                for (int c = 0; c < 3; c++) avoidV[i][c] += push * away[c];
            }
        }
        return avoidV;
    }

    /** The velocity change {@code avoid_bound} makes for a boid at {@code p}. */
    private static double[] avoidBound(double[] p) {
        double bound = 5, amount = 0.5;
        double[] turn = new double[3];
        for (int c = 0; c < 3; c++) {
            if (p[c] + bound < -BOUND_RANGE) turn[c] += amount;
            if (p[c] - bound > BOUND_RANGE) turn[c] -= amount;
        }
        return turn;
    }

    private static double dist(double[] a, double[] b) {
        double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static double norm(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }

    private static double[] normalize(double[] a) {
        double n = norm(a);
        return new double[] {a[0] / n, a[1] / n, a[2] / n};
    }
}
