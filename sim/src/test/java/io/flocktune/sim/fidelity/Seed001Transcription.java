package io.flocktune.sim.fidelity;

/**
 * Seed 001 (Choi 2012, "잘 빠진 군체 알고리즘 - flock", CoffeeScript after harry.me, 2D canvas
 * 550 × 550), transcribed from {@code seeds/001_bf95e8aa9650e236.txt} alone, method by method in
 * the post's names: {@code step}, {@code flock}, {@code cohere}, {@code steer_to}, {@code align},
 * {@code separate}, and the {@code processing.draw} loop. Never calls the engine.
 *
 * <p>Ambiguities, "seed line → choice":
 * <ul>
 *   <li>{@code for boid in boids: boid.step(boids)} → boids move one by one in list order, each
 *       seeing the ones before it already moved (in place);</li>
 *   <li>{@code new Boid(start, 2, 0.05, processing)} against {@code constructor: (loc, processing)}
 *       → the extra arguments are lost; MAX_SPEED and MAX_FORCE are the globals the comment
 *       names: "maximum speed of 2, maximum force of 0.05";</li>
 *   <li>NEIGHBOUR_RADIUS, DESIRED_SEPARATION, SEPARATION/ALIGNMENT/COHESION_WEIGHT are never given
 *       ("글에는 세 행동 요소들에 적용되는 영향도 값을 적어놓진 않았지만") → 50, 25, 2 / 1 / 1;</li>
 *   <li>{@code this._wrapIfNeeded()} (body not printed) → the position wraps modulo the 550 × 550
 *       canvas (a boid leaving one edge re-enters at the other with the same overshoot), while
 *       {@code @location.distance(boid.location)} and {@code Vector.subtract} stay plain: no
 *       minimum image;</li>
 *   <li>the Vector class (vector.js) is not printed → {@code distance} Euclidean,
 *       {@code normalize} divides by the length, {@code limit(m)} scales a longer vector to
 *       length m, {@code add}/{@code subtract}/{@code multiply}/{@code divide} component-wise
 *       and in place;</li>
 *   <li>canvas coordinates → measured from the canvas centre, so {@code start = (width/2,
 *       height/2)} is (0, 0) (as the engine does; shifting by 275 would cost the 1/d separation of
 *       101 boids started at one point its last digits);</li>
 *   <li>{@code for i in [0..100]} → 101 boids (CoffeeScript's inclusive range), all at
 *       {@code start}; {@code Math.random()*2-1} velocities → a fixed draw in the tests.</li>
 * </ul>
 */
final class Seed001Transcription {
    static final double WIDTH = 550, HEIGHT = 550;
    /** Canvas coordinates minus this are the (centred) coordinates a {@link SeedState} holds. */
    static final double[] CENTRE = {WIDTH / 2, HEIGHT / 2};
    static final double MAX_SPEED = 2, MAX_FORCE = 0.05;
    static final double DESIRED_SEPARATION = 25, NEIGHBOUR_RADIUS = 50;
    static final double SEPARATION_WEIGHT = 2, ALIGNMENT_WEIGHT = 1, COHESION_WEIGHT = 1;

    private Seed001Transcription() {}

    /** A boid: canvas location and velocity (2D). */
    private static final class Boid {
        final double[] location, velocity;

        Boid(double[] location, double[] velocity) {
            this.location = location;
            this.velocity = velocity;
        }
    }

    /** One {@code processing.draw}: {@code for boid in boids: boid.step(boids)}. */
    static void step(SeedState s) {
        Boid[] boids = new Boid[s.count()];
        for (int i = 0; i < boids.length; i++) {      // locations relative to the canvas centre
            boids[i] = new Boid(new double[] {s.x[i], s.y[i]}, new double[] {s.vx[i], s.vy[i]});
        }
        for (Boid boid : boids) step(boid, boids);
        for (int i = 0; i < boids.length; i++) {
            s.x[i] = boids[i].location[0];
            s.y[i] = boids[i].location[1];
            s.vx[i] = boids[i].velocity[0];
            s.vy[i] = boids[i].velocity[1];
        }
    }

    private static void step(Boid self, Boid[] neighbours) {
        double[] acceleration = flock(self, neighbours);
        add(self.velocity, acceleration);
        limit(self.velocity, MAX_SPEED);
        add(self.location, self.velocity);
        wrapIfNeeded(self);
    }

    private static double[] flock(Boid self, Boid[] neighbours) {
        double[] separation = multiply(separate(self, neighbours), SEPARATION_WEIGHT);
        double[] alignment = multiply(align(self, neighbours), ALIGNMENT_WEIGHT);
        double[] cohesion = multiply(cohere(self, neighbours), COHESION_WEIGHT);
        add(separation, alignment);
        add(separation, cohesion);
        return separation;
    }

    private static double[] cohere(Boid self, Boid[] neighbours) {
        double[] sum = new double[2];
        int count = 0;
        for (Boid boid : neighbours) {
            double d = distance(self.location, boid.location);
            if (d > 0 && d < NEIGHBOUR_RADIUS) {
                add(sum, boid.location);
                count++;
            }
        }
        if (count > 0) return steerTo(self, divide(sum, count));
        return sum;
    }

    private static double[] steerTo(Boid self, double[] target) {
        double[] desired = subtract(target, self.location);
        double d = magnitude(desired);
        double[] steer;
        if (d > 0) {
            normalize(desired);
            if (d < 100.0) multiply(desired, MAX_SPEED * (d / 100.0));
            else multiply(desired, MAX_SPEED);
            steer = subtract(desired, self.velocity);
            limit(steer, MAX_FORCE);
        } else {
            steer = new double[2];
        }
        return steer;
    }

    private static double[] align(Boid self, Boid[] neighbours) {
        double[] mean = new double[2];
        int count = 0;
        for (Boid boid : neighbours) {
            double d = distance(self.location, boid.location);
            if (d > 0 && d < NEIGHBOUR_RADIUS) {
                add(mean, boid.velocity);
                count++;
            }
        }
        if (count > 0) divide(mean, count);
        limit(mean, MAX_FORCE);
        return mean;
    }

    private static double[] separate(Boid self, Boid[] neighbours) {
        double[] mean = new double[2];
        int count = 0;
        for (Boid boid : neighbours) {
            double d = distance(self.location, boid.location);
            if (d > 0 && d < DESIRED_SEPARATION) {
                add(mean, divide(normalize(subtract(self.location, boid.location)), d));
                count++;
            }
        }
        if (count > 0) divide(mean, count);
        return mean;
    }

    /** The canvas [0, width) × [0, height), in coordinates centred on it. */
    private static void wrapIfNeeded(Boid self) {
        double[] size = {WIDTH, HEIGHT};
        for (int c = 0; c < 2; c++) {
            if (self.location[c] < -CENTRE[c]) self.location[c] += size[c];
            else if (self.location[c] >= size[c] - CENTRE[c]) self.location[c] -= size[c];
        }
    }

    // --- the Vector operations (in place, returning their receiver, as chained in the seed)

    private static double distance(double[] a, double[] b) {
        double dx = a[0] - b[0], dy = a[1] - b[1];
        return Math.sqrt(dx * dx + dy * dy);
    }

    private static double magnitude(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1]);
    }

    private static double[] subtract(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1]};
    }

    private static void add(double[] a, double[] b) {
        a[0] += b[0];
        a[1] += b[1];
    }

    private static double[] multiply(double[] a, double f) {
        a[0] *= f;
        a[1] *= f;
        return a;
    }

    private static double[] divide(double[] a, double f) {
        a[0] /= f;
        a[1] /= f;
        return a;
    }

    private static double[] normalize(double[] a) {
        double m = magnitude(a);
        if (m > 0) divide(a, m);
        return a;
    }

    private static void limit(double[] a, double max) {
        double m = magnitude(a);
        if (m > max) multiply(normalize(a), max);
    }
}
