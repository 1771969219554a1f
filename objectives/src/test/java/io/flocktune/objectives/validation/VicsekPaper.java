package io.flocktune.objectives.validation;

import java.util.SplittableRandom;

/**
 * Vicsek, Czirók, Ben-Jacob, Cohen and Shochet (1995), "Novel type of phase transition in a
 * system of self-driven particles", Phys. Rev. Lett. 75, 1226, transcribed from the paper's
 * equations alone, all pairs, without the engine (nothing of {@code io.flocktune.sim} is used):
 *
 * <pre>
 *   (1) x_i(t+1) = x_i(t) + v_i(t) Δt
 *   (2) θ(t+1) = ⟨θ(t)⟩_r + Δθ
 *   "⟨θ(t)⟩_r denotes the average direction of the velocities of particles (including particle i)
 *    being within a circle of radius r surrounding the given particle", computed as
 *    arctan[⟨sin θ(t)⟩_r / ⟨cos θ(t)⟩_r]; Δθ "a random number chosen with a uniform probability
 *    from the interval [−η/2, η/2]"; v_i has absolute value v and direction θ_i; Δt = 1;
 *    periodic boundary conditions in an L × L box.
 * </pre>
 *
 * Ambiguities, "paper → choice":
 * <ul>
 *   <li>Eq. (1) moves by v_i(t), the velocity before the update of Eq. (2) → both readings are
 *       here: {@link Reading#LITERAL} moves with the old velocity; {@link Reading#NEW_VELOCITY}
 *       with the velocity of direction θ(t+1), as the engine (and most reimplementations) do.</li>
 *   <li>"within a circle of radius r" → distance strictly below r, minimum image.</li>
 *   <li>arctan of the ratio → the quadrant-correct {@code atan2(Σ sin, Σ cos)} (the averages'
 *       common factor 1/n cancels).</li>
 *   <li>the noise's random numbers → supplied by a {@link Noise}, one uniform draw per particle
 *       per step, so that a run can use the engine's draws (see {@link #counterNoise}).</li>
 * </ul>
 */
final class VicsekPaper {

    /** How Eq. (1) is read, see the class comment. */
    enum Reading { LITERAL, NEW_VELOCITY }

    /** The uniform draw in [0, 1) of particle {@code id} at step {@code t} (t = 0 for the first step). */
    @FunctionalInterface
    interface Noise {
        double uniform(long t, int id);
    }

    final int n;
    final double size, speed, radius, eta;
    final double[] x, y, theta;
    private final Reading reading;
    private final Noise noise;
    private long t;

    /**
     * @param x, y   initial positions in [−L/2, L/2), copied
     * @param theta  initial directions in radians, copied
     */
    VicsekPaper(double size, double speed, double radius, double eta, double[] x, double[] y, double[] theta,
                Reading reading, Noise noise) {
        this.n = x.length;
        this.size = size;
        this.speed = speed;
        this.radius = radius;
        this.eta = eta;
        this.x = x.clone();
        this.y = y.clone();
        this.theta = theta.clone();
        this.reading = reading;
        this.noise = noise;
    }

    /** Random initial state: positions uniform in the box, directions uniform. */
    static VicsekPaper random(int n, double size, double speed, double radius, double eta, long seed, Reading reading) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n], y = new double[n], theta = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (random.nextDouble() - 0.5) * size;
            y[i] = (random.nextDouble() - 0.5) * size;
            theta[i] = (random.nextDouble() - 0.5) * 2 * Math.PI;
        }
        SplittableRandom draws = random.split();
        long key = draws.nextLong();
        return new VicsekPaper(size, speed, radius, eta, x, y, theta, reading, counterNoise(key));
    }

    /**
     * A counter-based stream: the draw of particle id at step t is the first output of a SplitMix64
     * generator (Steele, Lea and Flood 2014) whose state starts at mix(mix(key + t·γ) + id), γ the
     * golden gamma; so a draw depends only on (key, t, id). flocktune's engine documents the same
     * keyed stream for its per-boid draws, with key = the first {@code nextLong()} of a
     * {@link SplittableRandom} seeded with the run's seed when the run starts from a given state.
     */
    static Noise counterNoise(long key) {
        final long gamma = 0x9E3779B97F4A7C15L;
        return (t, id) -> {
            long state = mix(mix(key + t * gamma) + id) + gamma;
            return (mix(state) >>> 11) * 0x1.0p-53;
        };
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** One time step of Eqs. (1) and (2) for every particle at once. */
    void step() {
        double[] next = new double[n];
        double r2 = radius * radius;
        for (int i = 0; i < n; i++) {
            double sin = 0, cos = 0;
            for (int j = 0; j < n; j++) {             // all pairs, particle i included (d = 0 < r)
                double dx = image(x[j] - x[i]), dy = image(y[j] - y[i]);
                if (dx * dx + dy * dy < r2) {
                    sin += Math.sin(theta[j]);
                    cos += Math.cos(theta[j]);
                }
            }
            next[i] = Math.atan2(sin, cos) + eta * (noise.uniform(t, i) - 0.5);
        }
        double[] moveWith = reading == Reading.LITERAL ? theta : next;
        for (int i = 0; i < n; i++) {
            x[i] = wrap(x[i] + speed * Math.cos(moveWith[i]));   // Δt = 1
            y[i] = wrap(y[i] + speed * Math.sin(moveWith[i]));
        }
        System.arraycopy(next, 0, theta, 0, n);
        t++;
    }

    /** Eq. (3): v_a = |Σ v_i| / (N v). */
    double polarization() {
        double sx = 0, sy = 0;
        for (int i = 0; i < n; i++) {
            sx += Math.cos(theta[i]);
            sy += Math.sin(theta[i]);
        }
        return Math.hypot(sx, sy) / n;
    }

    private double image(double d) {
        return d - size * Math.rint(d / size);
    }

    private double wrap(double c) {
        return c - size * Math.floor(c / size + 0.5);
    }
}
