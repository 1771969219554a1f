package io.flocktune.sim.fidelity;

/**
 * Seed 003 (차승준 2025, "Boids 알고리즘 - Bird Flocking Simulation in C++", SFML, 2D), transcribed
 * from {@code seeds/003_e3ec9347ce36dfaa.txt} alone: {@code BirdShape::Separation},
 * {@code ::Alignment} and {@code ::Cohesion}, each changing {@code m_velocity} in place, each
 * scanning the whole {@code flock} (separation within {@code desiredSeparation}, alignment and
 * cohesion over every other bird). Never calls the engine.
 *
 * <p>Ambiguities, "seed line → choice":
 * <ul>
 *   <li>no main loop, no position update and no speed limit are printed → per frame, for each
 *       bird in order: {@code Separation(flock); Alignment(flock); Cohesion(flock);} then
 *       {@code position += m_velocity} (one time unit per frame), the next bird seeing it moved;
 *       no speed limit;</li>
 *   <li>the order of the three calls → the order the post presents them (separation, alignment,
 *       cohesion); alignment turns the velocity as already changed by separation;</li>
 *   <li>{@code getVelocity()} → {@code m_velocity}; {@code float} → double;</li>
 *   <li>"아래는 내 프로그램의 상수값들이다" (the table of constants is an image, not in the text) →
 *       desiredSeparation 20, separationStrength 10, maxSeparationForce 0.5, alignmentStrength
 *       0.05, cohesionStrength 0.02;</li>
 *   <li>{@code avgAngle = angleSum / count} is an arithmetic mean of atan2 angles → transcribed as
 *       printed: headings of 179° and −179° average to 0°;</li>
 *   <li>{@code Cohesion} with no other bird leaves {@code centerMass = (0, 0)} and steers to the
 *       origin → transcribed as printed (the engine gives a lone bird no cohesion; the flocks
 *       tested here have 150 birds).</li>
 * </ul>
 */
final class Seed003Transcription {
    static final double DESIRED_SEPARATION = 20, SEPARATION_STRENGTH = 10, MAX_SEPARATION_FORCE = 0.5;
    static final double ALIGNMENT_STRENGTH = 0.05, COHESION_STRENGTH = 0.02;

    private Seed003Transcription() {}

    static void step(SeedState s) {
        for (int i = 0; i < s.count(); i++) {
            separation(s, i);
            alignment(s, i);
            cohesion(s, i);
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
