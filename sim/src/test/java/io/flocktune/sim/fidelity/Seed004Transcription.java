package io.flocktune.sim.fidelity;

import java.util.stream.IntStream;

/**
 * Seed 004 (2023, "Boids(Flocking) Algorithm 만들어보기 (feat. Unity)", C#, 3D), transcribed from
 * {@code seeds/004_0a97169380ba7201.txt} alone: {@code SeparationRule}, {@code AlignmentRule},
 * {@code CohesionRule}, {@code GetNeighbor} and the full {@code BoidsGenerator.Update}: for each
 * agent {@code dir = cohesion + alignment + separation; dir = Vector3.Lerp(forward, dir,
 * Time.deltaTime); dir.Normalize(); position += dir * _speed * Time.deltaTime; rotation =
 * LookRotation(dir)} (so the new forward is {@code dir}). Never calls the engine; a
 * {@link SeedState} velocity is {@code forward · _speed}.
 *
 * <p>Ambiguities, "seed line → choice":
 * <ul>
 *   <li>two {@code Update}s are printed, the first without the Lerp → the full code's;</li>
 *   <li>{@code foreach (var agent in _boidAgents)} moves each agent at once → agents in list
 *       order, each seeing the ones before it moved and turned (that {@code Physics.OverlapSphere}
 *       sees a transform moved in the same frame is Unity's auto-sync setting, not in the seed);</li>
 *   <li>{@code Physics.OverlapSphere(agent.position, range, _boidsLayer)} finds colliders of an
 *       unknown size → the other agents whose centre is closer than {@code range}; the agent's
 *       own collider is dropped ({@code overlaps[i].transform == agent});</li>
 *   <li>serialized defaults {@code _speed = 5f}, {@code _detectRange = 10f},
 *       {@code _separationRange = 5f} → used; {@code _spawnCount} and the spawn areas have none →
 *       chosen in the tests; {@code Time.deltaTime} → a fixed 0.02 (50 frames per second);</li>
 *   <li>{@code Vector3.normalized}/{@code Normalize()} of a (near) zero vector is zero in Unity,
 *       and {@code LookRotation} of zero is undefined → a zero rule vector stays zero; a zero
 *       {@code dir} (never reached in these tests) keeps the forward direction;</li>
 *   <li>{@code Instantiate(_boids, spawnPos, Quaternion.identity)} → every agent starts facing
 *       +z; {@code float} → double.</li>
 * </ul>
 */
final class Seed004Transcription {
    static final double SPEED = 5, DETECT_RANGE = 10, SEPARATION_RANGE = 5, DELTA_TIME = 0.02;

    private Seed004Transcription() {}

    static void step(SeedState s) {
        for (int agent = 0; agent < s.count(); agent++) {
            double[] forward = forward(s, agent);
            double[] cohesion = cohesionRule(s, agent, neighbours(s, agent, DETECT_RANGE));
            double[] alignment = alignmentRule(s, agent, neighbours(s, agent, DETECT_RANGE));
            double[] separation = separationRule(s, agent, neighbours(s, agent, SEPARATION_RANGE));
            double[] dir = new double[3];
            for (int c = 0; c < 3; c++) dir[c] = cohesion[c] + alignment[c] + separation[c];
            for (int c = 0; c < 3; c++) dir[c] = forward[c] + (dir[c] - forward[c]) * DELTA_TIME;   // Vector3.Lerp
            double length = length(dir);
            if (length > 1e-12) {
                for (int c = 0; c < 3; c++) dir[c] /= length;
            } else {
                dir = forward;
            }
            s.vx[agent] = dir[0] * SPEED; s.vy[agent] = dir[1] * SPEED; s.vz[agent] = dir[2] * SPEED;
            s.x[agent] += s.vx[agent] * DELTA_TIME;
            s.y[agent] += s.vy[agent] * DELTA_TIME;
            s.z[agent] += s.vz[agent] * DELTA_TIME;
        }
    }

    private static int[] neighbours(SeedState s, int agent, double range) {
        return IntStream.range(0, s.count()).filter(j -> j != agent && length(
                new double[] {s.x[j] - s.x[agent], s.y[j] - s.y[agent], s.z[j] - s.z[agent]}) < range).toArray();
    }

    private static double[] separationRule(SeedState s, int agent, int[] neighbour) {
        if (neighbour.length == 0) return new double[3];
        double[] dir = new double[3];
        for (int ne : neighbour) {
            dir[0] += s.x[agent] - s.x[ne]; dir[1] += s.y[agent] - s.y[ne]; dir[2] += s.z[agent] - s.z[ne];
        }
        return normalized(dir);
    }

    private static double[] alignmentRule(SeedState s, int agent, int[] neighbour) {
        if (neighbour.length == 0) return forward(s, agent);
        double[] neighbourDir = new double[3];
        for (int ne : neighbour) {
            double[] f = forward(s, ne);
            for (int c = 0; c < 3; c++) neighbourDir[c] += f[c];
        }
        for (int c = 0; c < 3; c++) neighbourDir[c] /= neighbour.length;
        return normalized(neighbourDir);
    }

    private static double[] cohesionRule(SeedState s, int agent, int[] neighbour) {
        if (neighbour.length == 0) return new double[3];
        double[] averagePos = new double[3];
        for (int ne : neighbour) {
            averagePos[0] += s.x[ne]; averagePos[1] += s.y[ne]; averagePos[2] += s.z[ne];
        }
        for (int c = 0; c < 3; c++) averagePos[c] /= neighbour.length;
        return normalized(new double[] {averagePos[0] - s.x[agent], averagePos[1] - s.y[agent], averagePos[2] - s.z[agent]});
    }

    private static double[] forward(SeedState s, int agent) {
        return normalized(new double[] {s.vx[agent], s.vy[agent], s.vz[agent]});
    }

    private static double[] normalized(double[] a) {
        double length = length(a);
        return length > 0 ? new double[] {a[0] / length, a[1] / length, a[2] / length} : new double[3];
    }

    private static double length(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }
}
