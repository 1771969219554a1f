package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;
import io.flocktune.sim.space.Periodic;

import java.util.Arrays;

/**
 * The baseline the engine is measured against: the {@code reynolds} preset's rules (2D, periodic,
 * synchronous; inverse-distance separation, velocity matching, steer-to cohesion, Reynolds
 * steering) written the textbook way, every boid against every other, O(N²) per step, on plain
 * arrays in index order. It computes the same step as {@link io.flocktune.sim.Simulation} up to
 * the order of floating-point sums ({@code NaiveReynoldsTest} checks this).
 */
final class NaiveReynolds {
    private final double size;
    private final double separationRadius2, separationWeight;
    private final double neighbourRadius2, alignmentWeight;
    private final double cohesionWeight, arrivalRadius, cohesionMaxForce;
    private final double dt, maxForce, minSpeed, maxSpeed;
    private final int n;
    private double[] x, y, vx, vy;
    private double[] nextX, nextY, nextVx, nextVy;

    /**
     * @param preset  a preset with the {@code reynolds} preset's rule variants and no goal,
     *                predators, obstacles or noise
     * @param initial the starting state (copied)
     * @throws IllegalArgumentException if the preset uses anything else
     */
    NaiveReynolds(Preset.RuleSet preset, Flock initial) {
        if (preset.world().dimension() != 2 || !(preset.world().boundary() instanceof Boundary.Wrap)
                || preset.update() != Preset.UpdateOrder.SYNCHRONOUS
                || !(preset.neighbourhood() instanceof Neighbourhood.Metric(double radius))
                || !(preset.separation() instanceof Separation.InverseDistance separation)
                || !(preset.alignment() instanceof Alignment.VelocityMatch alignment)
                || !(preset.cohesion() instanceof Cohesion.SteerTo cohesion)
                || !(preset.motion() instanceof Motion.Steering steering)
                || preset.goal().weight() != 0 || preset.predators().count() != 0
                || !preset.obstacles().spheres().isEmpty() || preset.noise().strength() != 0) {
            throw new IllegalArgumentException("preset " + preset.name() + " does not have the reynolds rules");
        }
        size = preset.world().size();
        separationRadius2 = separation.radius() * separation.radius();
        separationWeight = separation.weight();
        neighbourRadius2 = radius * radius;
        alignmentWeight = alignment.weight();
        cohesionWeight = cohesion.weight();
        arrivalRadius = cohesion.arrivalRadius();
        cohesionMaxForce = cohesion.maxForce();
        dt = steering.dt();
        maxForce = steering.maxForce();
        minSpeed = preset.boids().minSpeed();
        maxSpeed = preset.boids().maxSpeed();
        n = initial.count();
        x = Arrays.copyOf(initial.x(), n);
        y = Arrays.copyOf(initial.y(), n);
        vx = Arrays.copyOf(initial.vx(), n);
        vy = Arrays.copyOf(initial.vy(), n);
        nextX = new double[n]; nextY = new double[n]; nextVx = new double[n]; nextVy = new double[n];
    }

    /** Advances every boid by one step, reading only the state at the step's start. */
    void step() {
        for (int i = 0; i < n; i++) {
            double xi = x[i], yi = y[i], vxi = vx[i], vyi = vy[i];
            int separationCount = 0, neighbourCount = 0;
            double pushX = 0, pushY = 0, velocityX = 0, velocityY = 0, offsetX = 0, offsetY = 0;
            for (int j = 0; j < n; j++) {
                if (j == i) continue;
                double dx = Periodic.minimumImage(x[j] - xi, size);
                double dy = Periodic.minimumImage(y[j] - yi, size);
                double d2 = dx * dx + dy * dy;
                if (d2 < separationRadius2 && d2 > 0) {
                    separationCount++;
                    pushX -= dx / d2;
                    pushY -= dy / d2;
                }
                if (d2 < neighbourRadius2) {
                    neighbourCount++;
                    velocityX += vx[j];
                    velocityY += vy[j];
                    offsetX += dx;
                    offsetY += dy;
                }
            }
            double ax = 0, ay = 0;
            if (separationCount > 0) {
                ax += separationWeight * pushX / separationCount;
                ay += separationWeight * pushY / separationCount;
            }
            if (neighbourCount > 0) {
                ax += alignmentWeight * (velocityX / neighbourCount - vxi);
                ay += alignmentWeight * (velocityY / neighbourCount - vyi);
                double cx = offsetX / neighbourCount, cy = offsetY / neighbourCount;
                double distance = Math.sqrt(cx * cx + cy * cy);
                if (distance > 0) {
                    double desired = maxSpeed * Math.min(1, distance / arrivalRadius) / distance;
                    double steerX = cx * desired - vxi, steerY = cy * desired - vyi;
                    double steer = Math.sqrt(steerX * steerX + steerY * steerY);
                    if (steer > cohesionMaxForce) {
                        steerX *= cohesionMaxForce / steer;
                        steerY *= cohesionMaxForce / steer;
                    }
                    ax += cohesionWeight * steerX;
                    ay += cohesionWeight * steerY;
                }
            }
            double force = Math.sqrt(ax * ax + ay * ay);
            if (force > maxForce) {
                ax *= maxForce / force;
                ay *= maxForce / force;
            }
            double nvx = vxi + ax, nvy = vyi + ay;
            double speed = Math.sqrt(nvx * nvx + nvy * nvy);
            if (speed > maxSpeed) {
                nvx *= maxSpeed / speed;
                nvy *= maxSpeed / speed;
            } else if (speed < minSpeed && speed > 0) {
                nvx *= minSpeed / speed;
                nvy *= minSpeed / speed;
            }
            nextX[i] = Periodic.wrap(xi + nvx * dt, size);
            nextY[i] = Periodic.wrap(yi + nvy * dt, size);
            nextVx[i] = nvx;
            nextVy[i] = nvy;
        }
        double[] t;
        t = x; x = nextX; nextX = t;
        t = y; y = nextY; nextY = t;
        t = vx; vx = nextVx; nextVx = t;
        t = vy; vy = nextVy; nextVy = t;
    }

    /** @return boid count. */
    int count() { return n; }

    /** @return x coordinates, live (index = boid slot of the initial flock). */
    double[] x() { return x; }

    /** @return y coordinates, live. */
    double[] y() { return y; }

    /** @return x velocities, live. */
    double[] vx() { return vx; }

    /** @return y velocities, live. */
    double[] vy() { return vy; }
}
