package io.flocktune.sim.fidelity;

import java.util.stream.IntStream;

/**
 * Seed 004 (2023, Unity C#, 3D) written out all-pairs from {@code seeds/004_0a97169380ba7201.txt},
 * independent of the engine: {@code SeparationRule}, {@code AlignmentRule}, {@code CohesionRule}
 * and the final {@code BoidsGenerator.Update}: {@code dir = coh + ali + sep},
 * {@code dir = Lerp(forward, dir, deltaTime)}, normalised, {@code position += dir·speed·deltaTime}.
 * Speed 5, detect range 10 and separation range 5 are the seed's; deltaTime 0.02 is the
 * {@code seed004} preset's choice.
 *
 * <p>Following the engine's documented choices: agents update one by one in id order, in
 * place (Unity's {@code foreach} over {@code _boidAgents}); {@code GetNeighbor} is every other
 * agent whose centre is closer than the range; an agent's {@code forward} is its unit velocity;
 * {@code .normalized} of a zero vector is zero and a zero lerp keeps the forward direction.
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
