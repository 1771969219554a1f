package io.flocktune.sim.fidelity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * EvoFlock's step (Reynolds, cwreynolds/evoflock 8d04df9) transcribed from the source lines
 * named in {@link io.flocktune.sim.peer.EvoFlock}'s list of choices (Boid.h, Agent.h, Vec3.h,
 * shape.h, flock.h) and {@code shared/peers.md} section 4, written independently of the engine:
 * a boid object with vector fields, all pairs, a full sort of the flock for each boid's 7
 * neighbours, the predicted collisions insertion-sorted by time to collision, the formulas in
 * the source's order. Used only by {@link EvoFlockFidelityTest}.
 */
final class EvoFlockTranscription {

    record V(double x, double y, double z) {
        static final V ZERO = new V(0, 0, 0);
        V plus(V o) { return new V(x + o.x, y + o.y, z + o.z); }
        V minus(V o) { return new V(x - o.x, y - o.y, z - o.z); }
        V times(double s) { return new V(x * s, y * s, z * s); }
        double dot(V o) { return x * o.x + y * o.y + z * o.z; }
        double length() { return Math.sqrt(dot(this)); }
        V normalize() { double l = length(); return new V(x / l, y / l, z / l); }
        /** Vec3.h normalize_or_0: a "zero length" vector (|v|² within 1e-15 of 0, is_valid) is returned as it is. */
        V normalize0() { return isZeroLength() ? this : normalize(); }
        boolean isZeroLength() { return valid(x) && valid(y) && valid(z) && Math.abs(dot(this) - 0) <= 1e-15; }
        static boolean valid(double c) { return c == 0 || (Double.isFinite(c) && Math.abs(c) >= Double.MIN_NORMAL); }
        V truncate(double max) {
            double lenSq = dot(this), maxSq = max * max;
            return times(lenSq > maxSq ? max / Math.sqrt(lenSq) : 1);
        }
    }

    /** One boid: position, unit forward, speed, steer memory (null = empty), plan results. */
    static final class Boid {
        final int id;
        V p, fwd;
        double speed;
        V memory;               // Blender value, null when "first"
        V steer;                // planned this step
        List<Boid> neighbours;  // plan-phase 7-NN, nearest first
        double curvature, nearestDistance;

        Boid(int id, V p, V fwd, double speed) {
            this.id = id; this.p = p; this.fwd = fwd; this.speed = speed;
        }
    }

    /** A sphere; {@code excludeOutside} for the big containing one, else boids are kept outside. */
    record Sphere(V c, double r, boolean excludeOutside) {}

    /** Parameters in peers.md's order. */
    record Params(double maxForce, double wForward, double wSeparate, double wAlign, double wCohere,
                  double wAvoidPredict, double wAvoidStatic, double maxDistSeparate, double maxDistAlign,
                  double maxDistCohere, double angleSeparate, double angleAlign, double angleCohere,
                  double flyAwayMaxDist, double minTimeToCollide) {}

    static final double DT = 1.0 / 30;
    int collisionsThisStep;

    final List<Boid> boids;
    final List<Sphere> obstacles;
    final Params fp;

    EvoFlockTranscription(List<Boid> boids, List<Sphere> obstacles, Params fp) {
        this.boids = boids; this.obstacles = obstacles; this.fp = fp;
    }

    // Utilities.h
    static double clip(double x, double a, double b) {
        double lo = Math.min(a, b), hi = Math.max(a, b);
        if (x < lo) x = lo;
        if (x > hi) x = hi;
        return x;
    }

    static double clip01(double x) { return clip(x, 0, 1); }

    static double remapClip(double x, double in0, double in1, double out0, double out1) {
        double range = in1 - in0;
        double blend = (range == 0) ? 0.5 : (x - in0) / range;
        return clip(out0 * (1 - blend) + out1 * blend, out0, out1);
    }

    /** Flock::fly_boids: plan all, apply all, enforce constraints, then the records. */
    void step() {
        for (Boid b : boids) b.steer = plan(b);
        for (Boid b : boids) apply(b);
        collisionsThisStep = 0;
        for (Boid b : boids) enforce(b);
        for (Boid b : boids) b.nearestDistance = b.p.minus(b.neighbours.get(0).p).length();
    }

    /** Boid.h neighbor_distance: d² times 2 unless forward·offset &gt; 0; infinite for d = 0. */
    double key(Boid me, Boid other) {
        V offset = other.p.minus(me.p);
        double d2 = offset.dot(offset);
        double forwardness = me.fwd.dot(offset);
        return d2 > 0 ? d2 * (forwardness > 0 ? 1 : 2) : Double.POSITIVE_INFINITY;
    }

    double weight(Boid me, Boid n, double maxDist, double cosAngle) {
        double dist = n.p.minus(me.p).length();
        double nearness = 1 - clip01(dist / maxDist);
        double projection = n.p.minus(me.p).normalize().dot(me.fwd);
        return nearness * remapClip(projection, cosAngle, 1, 0, 1);
    }

    V plan(Boid me) {
        List<Boid> sorted = new ArrayList<>(boids);
        sorted.sort(Comparator.<Boid>comparingDouble(o -> key(me, o)).thenComparingInt(o -> o.id));
        me.neighbours = sorted.subList(0, 7);

        V f = me.fwd.times(remapClip(me.speed, 18, 22, 1, -1)).times(fp.wForward);

        V sep = V.ZERO;
        for (Boid n : me.neighbours) sep = sep.plus(me.p.minus(n.p).times(weight(me, n, fp.maxDistSeparate, fp.angleSeparate)));
        V s = sep.normalize0().times(fp.wSeparate);

        V ali = V.ZERO;
        for (Boid n : me.neighbours) ali = ali.plus(n.fwd.minus(me.fwd).normalize0().times(weight(me, n, fp.maxDistAlign, fp.angleAlign)));
        V a = ali.normalize0().times(fp.wAlign);

        V centre = V.ZERO;
        double total = 0;
        for (Boid n : me.neighbours) {
            double w = weight(me, n, fp.maxDistCohere, fp.angleCohere);
            centre = centre.plus(n.p.times(w));
            total += w;
        }
        if (total > 0) centre = new V(centre.x / total, centre.y / total, centre.z / total);
        V c = centre.minus(me.p).normalize0().times(fp.wCohere);

        V ap = predictive(me).times(fp.wAvoidPredict);

        V as = V.ZERO;
        for (Sphere o : obstacles) as = as.plus(flyAway(me, o));
        as = as.times(fp.wAvoidStatic);

        V raw = f.plus(s).plus(a).plus(c).plus(ap).plus(as);
        V blended = me.memory == null ? raw : raw.times(1 - 0.8).plus(me.memory.times(0.8));
        me.memory = blended;
        return blended;
    }

    /** shape.h ray_sphere_intersection: the hit point or null. */
    static V raySphere(V o, V u, double r, V c) {
        V oc = o.minus(c);
        double delta = Math.pow(u.dot(oc), 2) - (Math.pow(oc.length(), 2) - r * r);
        if (delta < 0) return null;
        double sq = Math.sqrt(delta);
        double d1 = -u.dot(oc) + sq;
        double d2 = -u.dot(oc) - sq;
        V hit = null;
        if (d1 >= 0) hit = o.plus(u.times(d1));
        if (d2 >= 0 && d2 < d1) hit = o.plus(u.times(d2));
        return hit;
    }

    /** One predicted collision (Boid.h cache_predicted_obstacle_collisions). */
    record Collision(Sphere o, double timeToCollision, double dist, V poi) {}

    V predictive(Boid me) {
        List<Collision> collisions = new ArrayList<>();
        for (Sphere o : obstacles) {
            V poi = raySphere(me.p, me.fwd, o.r, o.c);
            if (poi == null) continue;
            double dist = poi.minus(me.p).length();
            collisions.add(new Collision(o, dist / me.speed, dist, poi));
        }
        // std::sort of a short list: insertion sort by time_to_collision with "<" (equal, +inf
        // and NaN keys keep the obstacles' order)
        for (int i = 1; i < collisions.size(); i++) {
            Collision c = collisions.get(i);
            int j = i;
            while (j > 0 && c.timeToCollision() < collisions.get(j - 1).timeToCollision()) {
                collisions.set(j, collisions.get(j - 1));
                j--;
            }
            collisions.set(j, c);
        }
        if (collisions.isEmpty()) return V.ZERO;
        Sphere first = collisions.get(0).o();
        V firstPoi = collisions.get(0).poi();
        double firstDist = collisions.get(0).dist();
        double sdf = me.p.minus(first.c).length() - first.r;
        V normal = firstPoi.minus(first.c).normalize().times(Math.signum(sdf));
        V lateral = normal.minus(me.fwd.times(normal.dot(me.fwd)));
        V avoidance = lateral.normalize0();
        double weight = remapClip(firstDist, 0, me.speed * fp.minTimeToCollide, 1, 0);
        V braking = me.fwd.times(avoidance.length() * -0.5);
        return avoidance.plus(braking).times(weight);
    }

    V flyAway(Boid me, Sphere o) {
        V toCentre = o.c.minus(me.p);
        double dc = toCentre.length();
        if (dc == 0) return V.ZERO;
        boolean inside = dc - o.r < 0;
        double wall = Math.abs(o.r - dc);
        if (wall < fp.flyAwayMaxDist) {
            V normal = new V(toCentre.x / dc, toCentre.y / dc, toCentre.z / dc);
            if (normal.dot(me.fwd) < 0.9) {
                double w = 1 - wall / fp.flyAwayMaxDist;
                return normal.times(w).times(inside ? 1 : -1);
            }
        }
        return V.ZERO;
    }

    /** Agent::steer. */
    void apply(Boid b) {
        V force = b.steer.truncate(fp.maxForce);
        V acceleration = force.times(1 / 1.0);
        V newVelocity = b.fwd.times(b.speed).plus(acceleration.times(DT));
        double newSpeed = newVelocity.length();
        b.speed = newSpeed;                                          // setSpeed, then setPathCurvature:
        b.curvature = b.fwd.times(b.speed).normalize0().minus(newVelocity.normalize0()).length();
        if (newSpeed > 0) {
            b.fwd = new V(newVelocity.x / newSpeed, newVelocity.y / newSpeed, newVelocity.z / newSpeed);
            b.p = b.p.plus(b.fwd.times(newSpeed).times(DT));
        }
    }

    /** Boid::enforceObstacleConstraint, obstacle by obstacle. */
    void enforce(Boid b) {
        for (Sphere o : obstacles) {
            double sdf = b.p.minus(o.c).length() - o.r;
            boolean violates = o.excludeOutside ? sdf > 0 : sdf < 0;
            if (!violates) continue;
            V n = b.p.minus(o.c).normalize();
            V surface = n.times(o.r).plus(o.c);
            V allowed = n.times(o.excludeOutside ? -1 : 1);
            V ec = surface.plus(allowed);
            if (!ec.equals(b.p)) {
                collisionsThisStep++;
                b.speed = 0;
                b.memory = null;
                V to = ec.plus(allowed.times(1.0));
                b.fwd = to.minus(ec).normalize();
                b.p = ec;
            }
        }
    }
}
