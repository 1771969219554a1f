package io.flocktune.sim.fidelity;

/**
 * Seed 001 (Choi 2012 after harry.me, CoffeeScript, 2D) written out all-pairs from
 * {@code seeds/001_bf95e8aa9650e236.txt}, independent of the engine: {@code step},
 * {@code flock}, {@code separate}, {@code align}, {@code cohere}, {@code steer_to}. MAX_SPEED 2
 * and MAX_FORCE 0.05 are the seed's; DESIRED_SEPARATION 25, NEIGHBOUR_RADIUS 50 and weights
 * 2/1/1 are the {@code seed001} preset's choices.
 *
 * <p>As in the seed's {@code for boid in boids: boid.step(boids)}, boids move one by one in id
 * order, in place. Following the engine's documented choices, the 550×550 canvas is a torus
 * centred on the origin: {@code _wrapIfNeeded} maps into [−275, 275) and every
 * {@code distance}/{@code subtract} between boids uses the minimum image.
 */
final class Seed001Transcription {
    static final double SIZE = 550;
    static final double MAX_SPEED = 2, MAX_FORCE = 0.05;
    static final double DESIRED_SEPARATION = 25, NEIGHBOUR_RADIUS = 50;
    static final double SEPARATION_WEIGHT = 2, ALIGNMENT_WEIGHT = 1, COHESION_WEIGHT = 1;

    private Seed001Transcription() {}

    static void step(SeedState s) {
        for (int i = 0; i < s.count(); i++) stepBoid(s, i);
    }

    private static void stepBoid(SeedState s, int i) {
        double[] acceleration = flock(s, i);
        double[] velocity = {s.vx[i] + acceleration[0], s.vy[i] + acceleration[1]};
        limit(velocity, MAX_SPEED);
        s.vx[i] = velocity[0];
        s.vy[i] = velocity[1];
        s.x[i] = wrap(s.x[i] + velocity[0]);
        s.y[i] = wrap(s.y[i] + velocity[1]);
    }

    private static double[] flock(SeedState s, int i) {
        double[] separation = multiply(separate(s, i), SEPARATION_WEIGHT);
        double[] alignment = multiply(align(s, i), ALIGNMENT_WEIGHT);
        double[] cohesion = multiply(cohere(s, i), COHESION_WEIGHT);
        return new double[] {separation[0] + alignment[0] + cohesion[0], separation[1] + alignment[1] + cohesion[1]};
    }

    private static double[] separate(SeedState s, int i) {
        double[] mean = new double[2];
        int count = 0;
        for (int j = 0; j < s.count(); j++) {
            double[] away = towards(s, j, i);            // location − boid.location
            double d = magnitude(away);
            if (d > 0 && d < DESIRED_SEPARATION) {
                away[0] = away[0] / d / d;               // .normalize().divide(d)
                away[1] = away[1] / d / d;
                mean[0] += away[0];
                mean[1] += away[1];
                count++;
            }
        }
        if (count > 0) {
            mean[0] /= count;
            mean[1] /= count;
        }
        return mean;
    }

    private static double[] align(SeedState s, int i) {
        double[] mean = new double[2];
        int count = 0;
        for (int j = 0; j < s.count(); j++) {
            double d = magnitude(towards(s, j, i));
            if (d > 0 && d < NEIGHBOUR_RADIUS) {
                mean[0] += s.vx[j];
                mean[1] += s.vy[j];
                count++;
            }
        }
        if (count > 0) {
            mean[0] /= count;
            mean[1] /= count;
        }
        limit(mean, MAX_FORCE);
        return mean;
    }

    private static double[] cohere(SeedState s, int i) {
        double[] sum = new double[2];
        int count = 0;
        for (int j = 0; j < s.count(); j++) {
            double[] offset = towards(s, i, j);          // boid.location − location, minimum image
            double d = magnitude(offset);
            if (d > 0 && d < NEIGHBOUR_RADIUS) {
                sum[0] += s.x[i] + offset[0];            // the image of boid.location nearest to us
                sum[1] += s.y[i] + offset[1];
                count++;
            }
        }
        if (count > 0) return steerTo(s, i, new double[] {sum[0] / count, sum[1] / count});
        return sum;
    }

    private static double[] steerTo(SeedState s, int i, double[] target) {
        double[] desired = {target[0] - s.x[i], target[1] - s.y[i]};
        double d = magnitude(desired);
        double[] steer;
        if (d > 0) {
            desired[0] /= d;
            desired[1] /= d;
            double speed = d < 100.0 ? MAX_SPEED * (d / 100.0) : MAX_SPEED;
            desired[0] *= speed;
            desired[1] *= speed;
            steer = new double[] {desired[0] - s.vx[i], desired[1] - s.vy[i]};
            limit(steer, MAX_FORCE);
        } else {
            steer = new double[2];
        }
        return steer;
    }

    /** Minimum-image vector from boid {@code from} to boid {@code to}. */
    private static double[] towards(SeedState s, int from, int to) {
        return new double[] {minimumImage(s.x[to] - s.x[from]), minimumImage(s.y[to] - s.y[from])};
    }

    private static double minimumImage(double d) {
        if (d > SIZE / 2) return d - SIZE;
        if (d < -SIZE / 2) return d + SIZE;
        return d;
    }

    private static double wrap(double c) {
        if (c >= SIZE / 2) return c - SIZE;
        if (c < -SIZE / 2) return c + SIZE;
        return c;
    }

    private static double magnitude(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1]);
    }

    private static double[] multiply(double[] a, double f) {
        return new double[] {a[0] * f, a[1] * f};
    }

    private static void limit(double[] a, double max) {
        double m = magnitude(a);
        if (m > max) {
            a[0] = a[0] / m * max;
            a[1] = a[1] / m * max;
        }
    }
}
