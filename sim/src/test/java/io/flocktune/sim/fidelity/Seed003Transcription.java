package io.flocktune.sim.fidelity;

/**
 * Seed 003 (Cha 2025, C++/SFML, 2D) written out all-pairs from
 * {@code seeds/003_e3ec9347ce36dfaa.txt}, independent of the engine:
 * {@code BirdShape::Separation}, {@code ::Alignment} and {@code ::Cohesion} applied one after
 * another to the bird's velocity, each scanning the whole flock. The config values are the
 * {@code seed003} preset's choices: desiredSeparation 20, separationStrength 10,
 * maxSeparationForce 0.5, alignmentStrength 0.05, cohesionStrength 0.02, and the position
 * update the post leaves out is the engine's: speed limited to 4, {@code p += v}.
 *
 * <p>Birds update one by one in id order, in place (a bird sees the earlier ones moved), in
 * double precision where the seed uses float.
 */
final class Seed003Transcription {
    static final double DESIRED_SEPARATION = 20, SEPARATION_STRENGTH = 10, MAX_SEPARATION_FORCE = 0.5;
    static final double ALIGNMENT_STRENGTH = 0.05, COHESION_STRENGTH = 0.02, MAX_SPEED = 4;

    private Seed003Transcription() {}

    static void step(SeedState s) {
        for (int i = 0; i < s.count(); i++) {
            separation(s, i);
            alignment(s, i);
            cohesion(s, i);
            double speed = Math.sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]);
            if (speed > MAX_SPEED) {
                s.vx[i] = s.vx[i] / speed * MAX_SPEED;
                s.vy[i] = s.vy[i] / speed * MAX_SPEED;
            }
            s.x[i] += s.vx[i];
            s.y[i] += s.vy[i];
        }
    }

    private static void separation(SeedState s, int i) {
        double steerX = 0, steerY = 0;
        int count = 0;
        for (int j = 0; j < s.count(); j++) {
            if (j == i) continue;
            double diffX = s.x[i] - s.x[j], diffY = s.y[i] - s.y[j];
            double distSquared = diffX * diffX + diffY * diffY;
            if (distSquared > 0 && distSquared < DESIRED_SEPARATION * DESIRED_SEPARATION) {
                steerX += diffX / distSquared;
                steerY += diffY / distSquared;
                count++;
            }
        }
        if (count > 0) {
            steerX /= count;
            steerY /= count;
            double len = Math.sqrt(steerX * steerX + steerY * steerY);
            if (len > 0) {
                double magnitude = Math.min(SEPARATION_STRENGTH * len, MAX_SEPARATION_FORCE);
                s.vx[i] += steerX / len * magnitude;
                s.vy[i] += steerY / len * magnitude;
            }
        }
    }

    private static void alignment(SeedState s, int i) {
        double birdAngle = Math.atan2(s.vy[i], s.vx[i]);
        double speed = Math.sqrt(s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]);
        int count = 0;
        double angleSum = 0;
        for (int j = 0; j < s.count(); j++) {
            if (j == i) continue;
            angleSum += Math.atan2(s.vy[j], s.vx[j]);
            count++;
        }
        if (count > 0) {
            double avgAngle = angleSum / count;
            double newAngle = birdAngle + (avgAngle - birdAngle) * ALIGNMENT_STRENGTH;
            s.vx[i] = Math.cos(newAngle) * speed;
            s.vy[i] = Math.sin(newAngle) * speed;
        }
    }

    private static void cohesion(SeedState s, int i) {
        double centerX = 0, centerY = 0;
        int count = 0;
        for (int j = 0; j < s.count(); j++) {
            if (j == i) continue;
            centerX += s.x[j];
            centerY += s.y[j];
            count++;
        }
        if (count > 0) {
            centerX /= count;
            centerY /= count;
        }
        double toX = centerX - s.x[i], toY = centerY - s.y[i];
        double distance = Math.sqrt(toX * toX + toY * toY);
        if (distance > 0) {
            s.vx[i] += toX / distance * COHESION_STRENGTH;
            s.vy[i] += toY / distance * COHESION_STRENGTH;
        }
    }
}
