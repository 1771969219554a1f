package io.flocktune.sim.fidelity;

/**
 * Seed 000 (Veldic 2024, "Boids Simulation (1)", Python/py-script, 3D), transcribed from
 * {@code seeds/000_1db60f9d84a163ac.txt} alone, function by function in the post's names and
 * order of statements: {@code separation_rule}, {@code alignment_rule}, {@code cohesion_rule},
 * {@code update_boids}, {@code limit_velocity}, {@code avoid_bound}, {@code avoid_obstacles_rule}.
 * {@code boidsP}, {@code boidsV} are (N, 3) arrays, row i = boid i; every rule reads them as they
 * are when it is called (numpy arrays, updated only by {@code +=} in {@code update_boids}).
 * Never calls the engine.
 *
 * <p>Ambiguities, "seed line → choice":
 * <ul>
 *   <li>no main loop is printed ("위와 같은 규칙을 통해 얻은 acceleration을 각 time step 마다 업데이트
 *       해주면 된다") → one frame is {@code update_boids(); limit_velocity(); avoid_bound()}, the
 *       order in which the post presents them;</li>
 *   <li>{@code boidsV += vel1 + vel2 + vel3} (only three rules) while {@code avoid_obstacles_rule}
 *       is defined but its call is not printed → its result is added in the same sum, so a push
 *       moves the boid in the same frame ({@code boidsP += boidsV} with the unlimited velocity);</li>
 *   <li>{@code if cnt > 0:} / {@code alignV[i] /= cnt} / {@code else: alignV[i] = boidsV[i]} is
 *       indented at the level of {@code for i}, after the loop → transcribed as printed: it runs
 *       once, with {@code i = boidsN − 1} and that boid's {@code cnt}; every other row keeps the
 *       plain sum;</li>
 *   <li>{@code / 50 * separation}, {@code / 600 * alignment}, {@code / 100 * cohesion}: slider
 *       values → 1;</li>
 *   <li>{@code recog_range}, {@code boundRange}, {@code max_speed}, obstacles (slider/toggle
 *       values) → 15, 50, 2, one obstacle of {@code obsSize} 5 at (20, 0, 0);</li>
 *   <li>{@code dist}, {@code normalize} are not printed → Euclidean distance, {@code x / |x|};
 *       {@code normalize(boidsP[i] - obstacleP[j])} for a boid at the obstacle's centre would be
 *       0/0 → that obstacle pushes nothing;</li>
 *   <li>goal seeking and predators ("넘어가도록 한다", code not printed) → none.</li>
 * </ul>
 */
final class Seed000Transcription {
    static final double BOUND_RANGE = 50, RECOG_RANGE = 15, MAX_SPEED = 2;
    static final double SEPARATION = 1, ALIGNMENT = 1, COHESION = 1;   // the sliders
    static final double[][] OBSTACLE_P = {{20, 0, 0}};
    static final double[] OBS_SIZE = {5};

    private Seed000Transcription() {}

    /** One frame: {@code update_boids(); limit_velocity(); avoid_bound()}. */
    static void step(SeedState s) {
        int boidsN = s.count();
        double[][] boidsP = new double[boidsN][], boidsV = new double[boidsN][];
        for (int i = 0; i < boidsN; i++) {
            boidsP[i] = new double[] {s.x[i], s.y[i], s.z[i]};
            boidsV[i] = new double[] {s.vx[i], s.vy[i], s.vz[i]};
        }
        updateBoids(boidsP, boidsV);
        limitVelocity(boidsV);
        avoidBound(boidsP, boidsV);
        for (int i = 0; i < boidsN; i++) {
            s.x[i] = boidsP[i][0]; s.y[i] = boidsP[i][1]; s.z[i] = boidsP[i][2];
            s.vx[i] = boidsV[i][0]; s.vy[i] = boidsV[i][1]; s.vz[i] = boidsV[i][2];
        }
    }

    static double[][] separationRule(double[][] boidsP) {
        int boidsN = boidsP.length;
        double[][] sepV = new double[boidsN][3];
        for (int i = 0; i < boidsN; i++) {
            for (int j = 0; j < boidsN; j++) {
                if (i != j) {
                    if (Math.abs(dist(boidsP[j], boidsP[i])) < 7) {
                        for (int c = 0; c < 3; c++) sepV[i][c] -= boidsP[j][c] - boidsP[i][c];
                    }
                }
            }
        }
        double[][] out = new double[boidsN][3];
        for (int i = 0; i < boidsN; i++) for (int c = 0; c < 3; c++) out[i][c] = sepV[i][c] / 50 * SEPARATION;
        return out;
    }

    /** As printed: the division by {@code cnt} is outside the loop over i. */
    static double[][] alignmentRule(double[][] boidsP, double[][] boidsV) {
        int boidsN = boidsP.length;
        double[][] alignV = new double[boidsN][3];
        int i, cnt = 0;
        for (i = 0; i < boidsN; i++) {
            cnt = 0;
            for (int j = 0; j < boidsN; j++) {
                if (i != j && dist(boidsP[j], boidsP[i]) < RECOG_RANGE) {
                    for (int c = 0; c < 3; c++) alignV[i][c] += boidsV[j][c];
                    cnt += 1;
                }
            }
        }
        i = boidsN - 1;                          // Python's loop variable after the loop
        if (cnt > 0) {
            for (int c = 0; c < 3; c++) alignV[i][c] /= cnt;
        } else {
            alignV[i] = boidsV[i].clone();
        }
        double[][] out = new double[boidsN][3];
        for (int k = 0; k < boidsN; k++) {
            for (int c = 0; c < 3; c++) out[k][c] = (alignV[k][c] - boidsV[k][c]) / 600 * ALIGNMENT;
        }
        return out;
    }

    static double[][] cohesionRule(double[][] boidsP) {
        int boidsN = boidsP.length;
        double[][] cohV = new double[boidsN][3];
        for (int i = 0; i < boidsN; i++) {
            int cnt = 0;
            for (int j = 0; j < boidsN; j++) {
                if (i != j && dist(boidsP[j], boidsP[i]) < RECOG_RANGE) {
                    for (int c = 0; c < 3; c++) cohV[i][c] += boidsP[j][c];
                    cnt += 1;
                }
            }
            if (cnt > 0) {
                for (int c = 0; c < 3; c++) cohV[i][c] /= cnt;
            } else {
                cohV[i] = boidsP[i].clone();
            }
        }
        double[][] out = new double[boidsN][3];
        for (int i = 0; i < boidsN; i++) for (int c = 0; c < 3; c++) out[i][c] = (cohV[i][c] - boidsP[i][c]) / 100 * COHESION;
        return out;
    }

    static double[][] avoidObstaclesRule(double[][] boidsP) {
        int boidsN = boidsP.length, obstacleN = OBSTACLE_P.length;
        double[][] avoidV = new double[boidsN][3];
        if (obstacleN == 0) return avoidV;
        for (int i = 0; i < boidsN; i++) {
            for (int j = 0; j < obstacleN; j++) {
                double distToObs = dist(boidsP[i], OBSTACLE_P[j]) - OBS_SIZE[j];
                if (distToObs < RECOG_RANGE) {
                    double[] away = normalize(new double[] {boidsP[i][0] - OBSTACLE_P[j][0],
                            boidsP[i][1] - OBSTACLE_P[j][1], boidsP[i][2] - OBSTACLE_P[j][2]});
                    double push = distToObs < 0.1 ? 100 : 10 / (distToObs * distToObs);
                    for (int c = 0; c < 3; c++) avoidV[i][c] += push * away[c];
                }
            }
        }
        return avoidV;
    }

    /** {@code boidsV += vel1 + vel2 + vel3 (+ obstacles); boidsP += boidsV}. */
    static void updateBoids(double[][] boidsP, double[][] boidsV) {
        double[][] vel1 = cohesionRule(boidsP);
        double[][] vel2 = separationRule(boidsP);
        double[][] vel3 = alignmentRule(boidsP, boidsV);
        double[][] vel4 = avoidObstaclesRule(boidsP);
        for (int i = 0; i < boidsP.length; i++) {
            for (int c = 0; c < 3; c++) boidsV[i][c] += vel1[i][c] + vel2[i][c] + vel3[i][c] + vel4[i][c];
        }
        for (int i = 0; i < boidsP.length; i++) for (int c = 0; c < 3; c++) boidsP[i][c] += boidsV[i][c];
    }

    static void limitVelocity(double[][] boidsV) {
        for (double[] v : boidsV) {
            double norm = norm(v);
            if (norm > MAX_SPEED) {
                for (int c = 0; c < 3; c++) v[c] = v[c] / norm * MAX_SPEED;
            }
        }
    }

    static void avoidBound(double[][] boidsP, double[][] boidsV) {
        double bound = 5, amount = 0.5;
        for (int i = 0; i < boidsP.length; i++) {
            for (int c = 0; c < 3; c++) {               // [0], [1], [2] as in the six printed ifs
                if (boidsP[i][c] + bound < -BOUND_RANGE) boidsV[i][c] += amount;
                if (boidsP[i][c] - bound > BOUND_RANGE) boidsV[i][c] -= amount;
            }
        }
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
        return n > 0 ? new double[] {a[0] / n, a[1] / n, a[2] / n} : new double[3];
    }
}
