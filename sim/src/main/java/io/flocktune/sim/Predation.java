package io.flocktune.sim;

import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.space.Periodic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The predators' half of a step: their movement by {@link PredatorBehaviour} and the captures.
 * O(N) per predator; the predators' arrays live in the {@link Flock}. Predators keep the boids'
 * clock: their velocity is in world units per time unit and a step moves them by
 * {@code u·dt}, dt the preset's {@code motion.dt}, exactly as it moves the boids.
 */
final class Predation {
    private static final int CENTROID = 0, NEAREST = 1, VISIBLE_CENTROID = 2;

    private final Flock flock;
    private final boolean periodic, threeD;
    private final double size;
    private final int kind;
    private final double dt, power, maxSpeed, sightR2, viewCosine, captureR2;
    private final Turning.Limit maxTurn;          // radians per step
    private final boolean removeOnCapture;
    private final List<Capture> captures = new ArrayList<>();
    private final double[] turned = new double[3];

    /** @param dt the time step, {@code motion.dt}, &gt; 0 */
    Predation(Preset.Predators predators, Flock flock, boolean periodic, double size, double dt) {
        this.flock = flock;
        this.dt = dt;
        this.periodic = periodic;
        this.threeD = flock.dimension() == 3;
        this.size = size;
        maxSpeed = predators.maxSpeed();
        captureR2 = predators.captureRadius() * predators.captureRadius();
        removeOnCapture = predators.removeOnCapture();
        switch (predators.behaviour()) {
            case PredatorBehaviour.ChaseCentroid c -> {
                kind = CENTROID; power = c.power(); sightR2 = 0; viewCosine = -2; maxTurn = Turning.HALF_TURN;
            }
            case PredatorBehaviour.ChaseNearest c -> {
                kind = NEAREST; power = 0;
                sightR2 = c.visualRange() * c.visualRange();
                viewCosine = c.fieldOfView() >= 360 ? -2 : Math.cos(Math.toRadians(c.fieldOfView() / 2));
                maxTurn = new Turning.Limit(Math.toRadians(c.maxTurn()) * dt);
            }
            case PredatorBehaviour.ChaseVisibleCentroid c -> {
                kind = VISIBLE_CENTROID; power = 0;
                sightR2 = c.visualRange() * c.visualRange();
                viewCosine = c.fieldOfView() >= 360 ? -2 : Math.cos(Math.toRadians(c.fieldOfView() / 2));
                maxTurn = new Turning.Limit(Math.toRadians(c.maxTurn()) * dt);
            }
        }
    }

    /** @return every capture so far, in order (unmodifiable view). */
    List<Capture> captures() {
        return Collections.unmodifiableList(captures);
    }

    private double delta(double d) {
        return periodic ? Periodic.minimumImage(d, size) : d;
    }

    /** Moves every predator by its behaviour (after the boids moved this step). */
    void move() {
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double[] px = flock.px(), py = flock.py(), pz = flock.pz();
        double[] pvx = flock.pvx(), pvy = flock.pvy(), pvz = flock.pvz();
        for (int q = 0; q < flock.predatorCount(); q++) {
            if (kind != CENTROID) {
                chaseVisible(q, n);
                continue;
            }
            // centroid relative to the predator (minimum image in a periodic world)
            double cx = 0, cy = 0, cz = 0;
            if (periodic) {
                for (int i = 0; i < n; i++) {
                    cx += delta(x[i] - px[q]); cy += delta(y[i] - py[q]); cz += delta(z[i] - pz[q]);
                }
                cx /= n; cy /= n; cz /= n;
            } else {
                for (int i = 0; i < n; i++) { cx += x[i]; cy += y[i]; cz += z[i]; }
                cx = cx / n - px[q]; cy = cy / n - py[q]; cz = cz / n - pz[q];
            }
            // u ← u + (c − q)·power·dt: power is the pull toward the centroid per unit of time
            double ux = pvx[q] + cx * power * dt, uy = pvy[q] + cy * power * dt, uz = pvz[q] + cz * power * dt;
            double speed = Math.sqrt(ux * ux + uy * uy + uz * uz);
            if (speed > maxSpeed) {
                double f = maxSpeed / speed;
                ux *= f; uy *= f; uz *= f;
            }
            pvx[q] = ux; pvy[q] = uy; pvz[q] = uz;
            px[q] += ux * dt; py[q] += uy * dt; pz[q] += uz * dt;
            if (periodic) {
                px[q] = Periodic.wrap(px[q], size);
                py[q] = Periodic.wrap(py[q], size);
                if (threeD) pz[q] = Periodic.wrap(pz[q], size);
            }
        }
    }

    /** ChaseNearest / ChaseVisibleCentroid: turn toward the target at max speed, then move. */
    private void chaseVisible(int q, int n) {
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double[] px = flock.px(), py = flock.py(), pz = flock.pz();
        double[] pvx = flock.pvx(), pvy = flock.pvy(), pvz = flock.pvz();
        double speed = Math.sqrt(pvx[q] * pvx[q] + pvy[q] * pvy[q] + pvz[q] * pvz[q]);
        double hx = 0, hy = 0, hz = 0;
        double viewCos = viewCosine;
        if (speed > 0) { hx = pvx[q] / speed; hy = pvy[q] / speed; hz = pvz[q] / speed; } else viewCos = -2;
        double tx = 0, ty = 0, tz = 0, best = Double.POSITIVE_INFINITY;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            double dx = delta(x[i] - px[q]), dy = delta(y[i] - py[q]), dz = delta(z[i] - pz[q]);
            double d2 = dx * dx + dy * dy + dz * dz;
            if (d2 > sightR2 || d2 == 0) continue;
            if (viewCos > -2 && hx * dx + hy * dy + hz * dz < viewCos * Math.sqrt(d2)) continue;
            seen++;
            if (kind == NEAREST) {
                if (d2 < best) { best = d2; tx = dx; ty = dy; tz = dz; }
            } else {
                tx += dx; ty += dy; tz += dz;
            }
        }
        double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (seen > 0 && len > 0) {
            double gx = tx / len, gy = ty / len, gz = tz / len;
            if (speed > 0) {
                Turning.toward(hx, hy, hz, gx, gy, gz, maxTurn, threeD, turned);
                gx = turned[0]; gy = turned[1]; gz = turned[2];
            }
            pvx[q] = gx * maxSpeed; pvy[q] = gy * maxSpeed; pvz[q] = gz * maxSpeed;
        } else if (speed > 0) {
            pvx[q] = hx * maxSpeed; pvy[q] = hy * maxSpeed; pvz[q] = hz * maxSpeed;
        }
        px[q] += pvx[q] * dt; py[q] += pvy[q] * dt; pz[q] += pvz[q] * dt;
        if (periodic) {
            px[q] = Periodic.wrap(px[q], size);
            py[q] = Periodic.wrap(py[q], size);
            if (threeD) pz[q] = Periodic.wrap(pz[q], size);
        }
    }

    /**
     * Records a capture for every boid within the capture radius of a predator at the end of
     * {@code step}, removing it when the preset says so (the last boid always stays).
     */
    void capture(long step) {
        if (captureR2 <= 0) return;
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        double[] px = flock.px(), py = flock.py(), pz = flock.pz();
        for (int q = 0; q < flock.predatorCount(); q++) {
            for (int i = 0; i < flock.count(); i++) {
                double dx = delta(x[i] - px[q]), dy = delta(y[i] - py[q]), dz = delta(z[i] - pz[q]);
                if (dx * dx + dy * dy + dz * dz < captureR2) {
                    captures.add(new Capture(step, q, flock.id()[i]));
                    if (removeOnCapture && flock.count() > 1) {
                        flock.remove(i);
                        i--;
                    }
                }
            }
        }
    }
}
