package io.flocktune.sim.peer;

import io.flocktune.sim.BoidRandom;
import io.flocktune.sim.Flock;

import java.util.SplittableRandom;

/**
 * One run of {@link EvoFlock} (formulas and every choice in its Javadoc). State by flock slot in
 * primitive arrays: position, forward (unit), speed, steer memory, the planned steer, the
 * plan-phase 7-NN lists; plus the run's 36 obstacle spheres (index 0 is the big sphere). A step
 * allocates nothing. The 7 nearest neighbours are found by a pass over all other boids keeping
 * the 7 smallest keys by insertion (O(N²) distance evaluations: 40 000 per step for EvoFlock's
 * 200 boids; the key's ×2 for boids not ahead makes a radius-bounded grid search awkward and buys
 * little at this size).
 *
 * <p><b>Per-step records</b>, for objectives (read them after a step, by flock slot): the
 * collisions counted at the step ({@link #collisions()}), each boid's distance after the step to
 * the first entry of its plan-phase neighbour list ({@link #nearestDistance}), its speed after
 * the step ({@link #speed}), its path curvature of the
 * step ({@link #curvature}: |normalize0(old forward · new speed) − normalize0(v_new)|, as
 * {@link EvoFlock} says).
 */
public final class EvoFlockKernel implements PeerKernel {
    private static final int K = EvoFlock.NEIGHBOURS;
    private static final double DT = EvoFlock.DT;
    private static final double SMOOTHNESS = 0.8;
    private static final double BODY_DIAMETER = 1;
    private static final double MARGIN = 4;
    private static final int RETRIES = 4000;
    private static final double BEHIND_PENALTY = 2;
    /** Utilities.h {@code util::epsilon}: a vector with |v|² at most this is "zero length". */
    static final double EPSILON = 1e-15;

    private final EvoFlock p;
    private final int capacity;
    private int n;
    private final double[] x, y, z, fx, fy, fz, speed;
    private final double[] steerX, steerY, steerZ;      // planned steer of this step
    private final double[] memX, memY, memZ;            // Blender value
    private final boolean[] memSet;                     // Blender has a value (false = "first")
    private final int[] neighbours;                     // K per boid, nearest first
    private final double[] keys = new double[K];
    private final double[] unit = new double[3];        // normalize0's result
    private final double[] nearest, curvature;
    private int collisions;
    private long totalCollisions;
    private final double[] ox, oy, oz, or;              // obstacles; 0 = big sphere (excluded outside)
    private final int obstacleCount = EvoFlock.OBSTACLES + 1;
    private int[] id;

    EvoFlockKernel(EvoFlock parameters, int capacity) {
        p = parameters;
        this.capacity = capacity;
        x = new double[capacity]; y = new double[capacity]; z = new double[capacity];
        fx = new double[capacity]; fy = new double[capacity]; fz = new double[capacity];
        speed = new double[capacity];
        steerX = new double[capacity]; steerY = new double[capacity]; steerZ = new double[capacity];
        memX = new double[capacity]; memY = new double[capacity]; memZ = new double[capacity];
        memSet = new boolean[capacity];
        neighbours = new int[capacity * K];
        nearest = new double[capacity];
        curvature = new double[capacity];
        ox = new double[obstacleCount]; oy = new double[obstacleCount]; oz = new double[obstacleCount];
        or = new double[obstacleCount];
    }

    /**
     * Draws the obstacles, then per boid in slot order its position (uniform in the ball of
     * radius 16.5 at (−33, 0, 0)) and forward (normalize((1, 0, 0) + 0.1 · uniform in the unit
     * ball)); speed 0, so the flock's velocities are 0. Boids that start inside an obstacle are
     * pushed out uncounted ({@code enforceObsBoidConstraintsDoNotCount}).
     */
    @Override
    public void randomize(Flock flock, SplittableRandom random) {
        drawObstacles(random);
        start(flock);
        double[] ball = new double[3];
        for (int i = 0; i < n; i++) {
            inUnitBall(random, ball);
            x[i] = -33 + EvoFlock.SPAWN_RADIUS * ball[0];
            y[i] = EvoFlock.SPAWN_RADIUS * ball[1];
            z[i] = EvoFlock.SPAWN_RADIUS * ball[2];
            drawForward(random, i, ball);
            speed[i] = 0;
        }
        pushOutUncounted();
        writeBack(flock);
    }

    /**
     * Draws the obstacles from {@code random}, then takes the flock's positions; speed = |v| and
     * forward = v / |v|; a boid at rest gets a forward drawn as {@link #randomize} draws it (in
     * slot order, after the obstacles), since a zero velocity has no direction. Boids inside an
     * obstacle are pushed out uncounted, with speed 0 (the source zeroes every speed there, which
     * its own start has anyway; other adopted boids keep theirs).
     */
    @Override
    public void adopt(Flock flock, SplittableRandom random) {
        if (flock.dimension() != 3) throw new IllegalArgumentException("peer.kind = evoFlock needs a 3D state");
        drawObstacles(random);
        start(flock);
        double[] ball = new double[3];
        for (int i = 0; i < n; i++) {
            x[i] = flock.x()[i]; y[i] = flock.y()[i]; z[i] = flock.z()[i];
            double vx = flock.vx()[i], vy = flock.vy()[i], vz = flock.vz()[i];
            double s = Math.sqrt(vx * vx + vy * vy + vz * vz);
            if (s > 0) {
                fx[i] = vx / s; fy[i] = vy / s; fz[i] = vz / s;
            } else {
                drawForward(random, i, ball);
            }
            speed[i] = s;
        }
        pushOutUncounted();
        requireNeighbours();
        writeBack(flock);
    }

    /**
     * Refuses a state in which some boid has fewer than 7 other boids at distance &gt; 0 (after
     * the push out of obstacles): EvoFlock ranks a coincident boid at infinite distance and
     * asserts that none is a neighbour (Boid.h {@code recompute_nearest_neighbors}), so such a
     * boid has no 7 neighbours to steer by. Boids at distinct positions never become coincident
     * by the step's arithmetic except through exact ties, so a run that starts valid stays so.
     */
    private void requireNeighbours() {
        for (int i = 0; i < n; i++) {
            int others = 0;
            for (int j = 0; j < n && others < K; j++) {
                double dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
                if (dx * dx + dy * dy + dz * dz > 0) others++;
            }
            if (others < K) {
                throw new IllegalArgumentException("boid " + id[i] + " has " + others + " other boids at distance > 0: "
                        + "peer.kind = evoFlock needs 7 for each boid (coincident boids are never neighbours)");
            }
        }
    }

    private void start(Flock flock) {
        n = flock.count();
        if (n > capacity) throw new IllegalArgumentException(n + " boids for a kernel of capacity " + capacity);
        if (n <= K) throw new IllegalArgumentException("boids.count = " + n + ": peer.kind = evoFlock needs >= 8");
        id = flock.id();
        java.util.Arrays.fill(memSet, false);
        collisions = 0;
        totalCollisions = 0;
    }

    private void drawForward(SplittableRandom random, int i, double[] ball) {
        inUnitBall(random, ball);
        double a = 1 + 0.1 * ball[0], b = 0.1 * ball[1], c = 0.1 * ball[2];
        double len = Math.sqrt(a * a + b * b + c * c);
        fx[i] = a / len; fy[i] = b / len; fz[i] = c / len;
    }

    /** A point uniform in the unit ball, by rejection from the cube [−1, 1)³. */
    static void inUnitBall(SplittableRandom random, double[] out) {
        while (true) {
            double a = 2 * random.nextDouble() - 1, b = 2 * random.nextDouble() - 1, c = 2 * random.nextDouble() - 1;
            if (a * a + b * b + c * c <= 1) {
                out[0] = a; out[1] = b; out[2] = c;
                return;
            }
        }
    }

    /**
     * The big sphere, then 35 radii U(4, 10), then their centres by rejection (see EvoFlock):
     * when a sphere finds no place in 4000 draws, the radii and every centre are drawn again.
     */
    private void drawObstacles(SplittableRandom random) {
        ox[0] = 0; oy[0] = 0; oz[0] = 0; or[0] = EvoFlock.SPHERE_RADIUS;
        double[] ball = new double[3];
        for (int round = 0; round < 10_000; round++) {
            for (int k = 1; k < obstacleCount; k++) or[k] = 4 + 6 * random.nextDouble();
            if (placeAll(random, ball)) return;
        }
        throw new IllegalStateException("no placement of EvoFlock's 35 obstacles found in 10 000 rounds");
    }

    private boolean placeAll(SplittableRandom random, double[] ball) {
        for (int k = 1; k < obstacleCount; k++) {
            double reach = EvoFlock.SPHERE_RADIUS - or[k] - MARGIN;
            boolean placed = false;
            for (int attempt = 0; attempt < RETRIES && !placed; attempt++) {
                inUnitBall(random, ball);
                ox[k] = reach * ball[0]; oy[k] = reach * ball[1]; oz[k] = reach * ball[2];
                placed = clear(k);
            }
            if (!placed) return false;
        }
        return true;
    }

    private boolean clear(int k) {
        for (int j = 1; j < k; j++) {
            double dx = ox[k] - ox[j], dy = oy[k] - oy[j], dz = oz[k] - oz[j];
            double gap = or[k] + or[j] + MARGIN;
            if (dx * dx + dy * dy + dz * dz < gap * gap) return false;
        }
        return true;
    }

    @Override
    public void step(Flock flock, long step, BoidRandom random) {
        for (int i = 0; i < n; i++) plan(i);
        for (int i = 0; i < n; i++) apply(i);
        collisions = 0;
        for (int i = 0; i < n; i++) enforce(i);
        totalCollisions += collisions;
        for (int i = 0; i < n; i++) {
            int j = neighbours[i * K];
            double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
            nearest[i] = Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        writeBack(flock);
    }

    /**
     * The 7 nearest by key d² · (1 if forward·offset &gt; 0, else 2), d &gt; 0, ties to the lower id
     * (Boid.h {@code recompute_nearest_neighbors}, see {@link EvoFlock}).
     */
    private void findNeighbours(int i) {
        int base = i * K;
        int found = 0;
        double worst = Double.POSITIVE_INFINITY;     // keys[K − 1] once K are found
        double xi = x[i], yi = y[i], zi = z[i], fxi = fx[i], fyi = fy[i], fzi = fz[i];
        for (int j = 0; j < n; j++) {
            double dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
            double d2 = dx * dx + dy * dy + dz * dz;
            if (!(d2 > 0)) continue;
            if (!(fxi * dx + fyi * dy + fzi * dz > 0)) d2 *= BEHIND_PENALTY;
            if (d2 > worst) continue;
            if (found == K && !before(d2, id[j], keys[K - 1], id[neighbours[base + K - 1]])) continue;
            int at = found < K ? found++ : K - 1;
            while (at > 0 && before(d2, id[j], keys[at - 1], id[neighbours[base + at - 1]])) {
                keys[at] = keys[at - 1];
                neighbours[base + at] = neighbours[base + at - 1];
                at--;
            }
            keys[at] = d2;
            neighbours[base + at] = j;
            if (found == K) worst = keys[K - 1];
        }
        if (found < K) throw new IllegalStateException("boid " + id[i] + " has fewer than 7 boids at distance > 0");
    }

    private static boolean before(double key, int id, double otherKey, int otherId) {
        return key < otherKey || (key == otherKey && id < otherId);
    }

    private void plan(int i) {
        findNeighbours(i);
        double xi = x[i], yi = y[i], zi = z[i], fxi = fx[i], fyi = fy[i], fzi = fz[i], si = speed[i];
        // speed control
        double fw = remapClip(si, 18, 22, 1, -1), wf = p.weightForward();
        double rx = fxi * fw * wf, ry = fyi * fw * wf, rz = fzi * fw * wf;
        // separation, alignment, cohesion over the 7 neighbours
        double sx = 0, sy = 0, sz = 0, ax = 0, ay = 0, az = 0, cx = 0, cy = 0, cz = 0, total = 0;
        int base = i * K;
        for (int k = 0; k < K; k++) {
            int j = neighbours[base + k];
            double dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
            double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double projection = (dx / dist) * fxi + (dy / dist) * fyi + (dz / dist) * fzi;
            double ws = (1 - clip01(dist / p.maxDistSeparate())) * remapClip(projection, p.angleSeparate(), 1, 0, 1);
            sx += -dx * ws; sy += -dy * ws; sz += -dz * ws;
            double wa = (1 - clip01(dist / p.maxDistAlign())) * remapClip(projection, p.angleAlign(), 1, 0, 1);
            normalize0(fx[j] - fxi, fy[j] - fyi, fz[j] - fzi);
            ax += unit[0] * wa; ay += unit[1] * wa; az += unit[2] * wa;
            double wc = (1 - clip01(dist / p.maxDistCohere())) * remapClip(projection, p.angleCohere(), 1, 0, 1);
            cx += x[j] * wc; cy += y[j] * wc; cz += z[j] * wc;
            total += wc;
        }
        normalize0(sx, sy, sz);
        double w = p.weightSeparate();
        rx += unit[0] * w; ry += unit[1] * w; rz += unit[2] * w;
        normalize0(ax, ay, az);
        w = p.weightAlign();
        rx += unit[0] * w; ry += unit[1] * w; rz += unit[2] * w;
        if (total > 0) {
            cx /= total; cy /= total; cz /= total;
        }
        normalize0(cx - xi, cy - yi, cz - zi);
        w = p.weightCohere();
        rx += unit[0] * w; ry += unit[1] * w; rz += unit[2] * w;
        // predictive avoidance: the first ray hit by time to collision dist / speed
        int hit = -1;
        double hitTime = 0, hitDist = 0, hx = 0, hy = 0, hz = 0;
        for (int o = 0; o < obstacleCount; o++) {
            double qx = xi - ox[o], qy = yi - oy[o], qz = zi - oz[o];
            double ud = fxi * qx + fyi * qy + fzi * qz;
            double delta = ud * ud - ((qx * qx + qy * qy + qz * qz) - or[o] * or[o]);
            if (!(delta >= 0)) continue;
            double root = Math.sqrt(delta);
            double d1 = -ud + root, d2 = -ud - root;
            double d;
            if (d2 >= 0 && d2 < d1) d = d2;
            else if (d1 >= 0) d = d1;
            else continue;
            double px = xi + fxi * d, py = yi + fyi * d, pz = zi + fzi * d;
            double ex = px - xi, ey = py - yi, ez = pz - zi;
            double dist = Math.sqrt(ex * ex + ey * ey + ez * ez);
            double time = dist / si;                     // +Infinity (or NaN) for every hit at speed 0
            if (hit < 0 || time < hitTime) {
                hit = o;
                hitTime = time;
                hitDist = dist;
                hx = px; hy = py; hz = pz;
            }
        }
        if (hit >= 0) {
            double nx = hx - ox[hit], ny = hy - oy[hit], nz = hz - oz[hit];
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            nx /= nl; ny /= nl; nz /= nl;
            double qx = xi - ox[hit], qy = yi - oy[hit], qz = zi - oz[hit];
            double sign = Math.signum(Math.sqrt(qx * qx + qy * qy + qz * qz) - or[hit]);
            nx *= sign; ny *= sign; nz *= sign;
            double along = nx * fxi + ny * fyi + nz * fzi;
            normalize0(nx - fxi * along, ny - fyi * along, nz - fzi * along);
            double alx = unit[0], aly = unit[1], alz = unit[2];
            double alen = Math.sqrt(alx * alx + aly * aly + alz * alz);
            double weight = remapClip(hitDist, 0, si * p.minTimeToCollide(), 1, 0);
            double brake = alen * -0.5;
            w = p.weightAvoidPredict();
            rx += (alx + fxi * brake) * weight * w;
            ry += (aly + fyi * brake) * weight * w;
            rz += (alz + fzi * brake) * weight * w;
        }
        // static avoidance: fly away from every obstacle surface within flyAwayMaxDist
        double maxDistance = p.flyAwayMaxDist();
        double vx = 0, vy = 0, vz = 0;
        for (int o = 0; o < obstacleCount; o++) {
            double qx = ox[o] - xi, qy = oy[o] - yi, qz = oz[o] - zi;
            double c2 = qx * qx + qy * qy + qz * qz;
            double outer = or[o] + maxDistance, inner = Math.max(0, or[o] - maxDistance);
            if (c2 >= outer * outer || c2 <= inner * inner) continue;   // ||c − p| − r| >= maxDistance: no push
            double centre = Math.sqrt(c2);
            if (!(centre > 0)) continue;
            boolean inside = centre - or[o] < 0;
            double wall = Math.abs(or[o] - centre);
            if (wall < maxDistance) {
                double ux = qx / centre, uy = qy / centre, uz = qz / centre;
                if (ux * fxi + uy * fyi + uz * fzi < 0.9) {
                    double weight = 1 - wall / maxDistance;
                    double sign = inside ? 1 : -1;
                    vx += ux * weight * sign; vy += uy * weight * sign; vz += uz * weight * sign;
                }
            }
        }
        w = p.weightAvoidStatic();
        rx += vx * w; ry += vy * w; rz += vz * w;
        // smoothing
        if (memSet[i]) {
            rx = rx * (1 - SMOOTHNESS) + memX[i] * SMOOTHNESS;
            ry = ry * (1 - SMOOTHNESS) + memY[i] * SMOOTHNESS;
            rz = rz * (1 - SMOOTHNESS) + memZ[i] * SMOOTHNESS;
        }
        memX[i] = rx; memY[i] = ry; memZ[i] = rz;
        memSet[i] = true;
        steerX[i] = rx; steerY[i] = ry; steerZ[i] = rz;
    }

    private void apply(int i) {
        double sx = steerX[i], sy = steerY[i], sz = steerZ[i];
        double len2 = sx * sx + sy * sy + sz * sz;
        double max = p.maxForce();
        if (len2 > max * max) {
            double scale = max / Math.sqrt(len2);
            sx *= scale; sy *= scale; sz *= scale;
        }
        double s = speed[i];
        double nvx = fx[i] * s + sx * DT, nvy = fy[i] * s + sy * DT, nvz = fz[i] * s + sz * DT;
        double ns = Math.sqrt(nvx * nvx + nvy * nvy + nvz * nvz);
        // curvature after setSpeed: |normalize0(old forward · new speed) − normalize0(v_new)|
        normalize0(fx[i] * ns, fy[i] * ns, fz[i] * ns);
        double ax = unit[0], ay = unit[1], az = unit[2];
        normalize0(nvx, nvy, nvz);
        double cx = ax - unit[0], cy = ay - unit[1], cz = az - unit[2];
        curvature[i] = Math.sqrt(cx * cx + cy * cy + cz * cz);
        speed[i] = ns;
        if (ns > 0) {
            fx[i] = nvx / ns; fy[i] = nvy / ns; fz[i] = nvz / ns;
            x[i] += fx[i] * ns * DT; y[i] += fy[i] * ns * DT; z[i] += fz[i] * ns * DT;
        }
    }

    private void enforce(int i) {
        for (int o = 0; o < obstacleCount; o++) {
            double qx = x[i] - ox[o], qy = y[i] - oy[o], qz = z[i] - oz[o];
            double c2 = qx * qx + qy * qy + qz * qz, r2 = or[o] * or[o];
            boolean excludedOutside = o == 0;
            if (excludedOutside ? c2 <= r2 * 0.999999 : c2 >= r2 * 1.000001) continue;   // clearly allowed
            double centre = Math.sqrt(c2);
            double sdf = centre - or[o];
            if (excludedOutside ? sdf > 0 : sdf < 0) {
                double ux = qx / centre, uy = qy / centre, uz = qz / centre;
                double sign = excludedOutside ? -1 : 1;
                double ex = ux * or[o] + ox[o] + ux * sign;
                double ey = uy * or[o] + oy[o] + uy * sign;
                double ez = uz * or[o] + oz[o] + uz * sign;
                if (ex != x[i] || ey != y[i] || ez != z[i]) {
                    collisions++;
                    speed[i] = 0;
                    memSet[i] = false;
                    double tx = (ex + ux * sign * BODY_DIAMETER) - ex;
                    double ty = (ey + uy * sign * BODY_DIAMETER) - ey;
                    double tz = (ez + uz * sign * BODY_DIAMETER) - ez;
                    double tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
                    fx[i] = tx / tl; fy[i] = ty / tl; fz[i] = tz / tl;
                    x[i] = ex; y[i] = ey; z[i] = ez;
                }
            }
        }
    }

    /**
     * flock.h {@code enforceObsBoidConstraintsDoNotCount}: the start's boids inside an obstacle
     * (or outside the big sphere) are pushed out as a collision would push them, not counted.
     */
    private void pushOutUncounted() {
        for (int i = 0; i < n; i++) enforce(i);
        collisions = 0;
    }

    private void writeBack(Flock flock) {
        double[] fxs = flock.x(), fys = flock.y(), fzs = flock.z(), vxs = flock.vx(), vys = flock.vy(), vzs = flock.vz();
        for (int i = 0; i < n; i++) {
            fxs[i] = x[i]; fys[i] = y[i]; fzs[i] = z[i];
            vxs[i] = fx[i] * speed[i]; vys[i] = fy[i] * speed[i]; vzs[i] = fz[i] * speed[i];
        }
    }

    /**
     * Vec3.h {@code normalize_or_0} into {@link #unit}: v / |v|, except that a "zero length" vector
     * (|v|² &le; 1e-15, Utilities.h {@code within_epsilon}, with every component 0 or normal,
     * {@code is_valid}) is returned as it is, not as 0.
     */
    private void normalize0(double vx, double vy, double vz) {
        double l2 = vx * vx + vy * vy + vz * vz;
        if (l2 <= EPSILON && normalOrZero(vx) && normalOrZero(vy) && normalOrZero(vz)) {
            unit[0] = vx; unit[1] = vy; unit[2] = vz;
        } else {
            double l = Math.sqrt(l2);
            unit[0] = vx / l; unit[1] = vy / l; unit[2] = vz / l;
        }
    }

    private static boolean normalOrZero(double v) {
        return v == 0 || (Math.abs(v) >= Double.MIN_NORMAL && Double.isFinite(v));
    }

    /** Utilities.h {@code remap_interval_clip}: a zero-width input interval blends 0.5. */
    static double remapClip(double v, double in0, double in1, double out0, double out1) {
        double range = in1 - in0;
        double blend = range == 0 ? 0.5 : (v - in0) / range;
        double r = out0 * (1 - blend) + out1 * blend;
        double lo = Math.min(out0, out1), hi = Math.max(out0, out1);
        if (r < lo) r = lo;
        if (r > hi) r = hi;
        return r;
    }

    static double clip01(double v) {
        if (v < 0) v = 0;
        if (v > 1) v = 1;
        return v;
    }

    /** @return the collisions counted at the latest step (0 before the first) */
    public int collisions() { return collisions; }

    /** @return the collisions counted since the start of the run */
    public long totalCollisions() { return totalCollisions; }

    /** @return boid {@code slot}'s distance after the latest step to its plan-phase nearest neighbour */
    public double nearestDistance(int slot) { return nearest[slot]; }

    /** @return boid {@code slot}'s speed after the latest step (world units per second) */
    public double speed(int slot) { return speed[slot]; }

    /** @return boid {@code slot}'s path curvature at the latest step, in [0, 2] */
    public double curvature(int slot) { return curvature[slot]; }

    /** @return the flock slot of boid {@code slot}'s {@code k}-th nearest neighbour (0 = nearest) of the latest plan phase */
    public int neighbour(int slot, int k) { return neighbours[slot * K + k]; }

    /** @return the number of boids */
    public int count() { return n; }

    /** @return the obstacle spheres as rows {x, y, z, radius}; row 0 is the big sphere (a copy) */
    public double[][] obstacles() {
        double[][] rows = new double[obstacleCount][];
        for (int o = 0; o < obstacleCount; o++) rows[o] = new double[]{ox[o], oy[o], oz[o], or[o]};
        return rows;
    }

    /** @return boid {@code slot}'s forward unit vector component {@code axis} (0, 1, 2) */
    public double forward(int slot, int axis) {
        return switch (axis) {
            case 0 -> fx[slot];
            case 1 -> fy[slot];
            case 2 -> fz[slot];
            default -> throw new IllegalArgumentException("axis = " + axis + ": must be 0, 1 or 2");
        };
    }
}
