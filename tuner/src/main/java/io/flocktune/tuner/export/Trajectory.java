package io.flocktune.tuner.export;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.rule.Boundary;

import java.util.Arrays;

/**
 * A recorded run for a moving preview (the web player's replay, the report's preview): every boid and predator at {@code frames}
 * evenly spaced steps, as three bytes each (x, y, heading). Positions are quantised to
 * 0…254 across the view (255 marks a boid removed by a capture); the heading is the direction
 * of (vx, vy) in 256ths of a turn. A periodic world is shown whole; an open world through a
 * window of side {@code view} that follows the flock's centroid. 3D flocks are seen from above.
 *
 * @param label      caption
 * @param view       side of the shown square in world units (the world's size)
 * @param boids      boid slots per frame
 * @param predators  predators per frame
 * @param frames     number of frames
 * @param stride     steps between frames
 * @param data       frames × (boids + predators) × 3 bytes (a copy is kept)
 */
public record Trajectory(String label, double view, int boids, int predators, int frames, long stride, byte[] data) {
    public Trajectory {
        data = data.clone();
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    /**
     * Runs {@code preset} with {@code seed} for {@code steps} steps and records {@code frames}
     * frames (the last at the final step).
     */
    public static Trajectory record(String label, Preset preset, long seed, long steps, int frames) {
        int count = Math.max(1, (int) Math.min(frames, steps));
        long stride = Math.max(1, steps / count);
        Simulation sim = Simulation.of(preset, seed);
        Flock flock = sim.flock();
        int boids = flock.capacity(), predators = flock.predatorCount();
        byte[] data = new byte[count * (boids + predators) * 3];
        boolean wrap = preset.world().boundary() instanceof Boundary.Wrap
                || preset.world().boundary() instanceof Boundary.WrapPositionsOnly;   // positions stay in the box
        double view = preset.world().size();
        for (int f = 0; f < count; f++) {
            sim.run(stride, (step, state) -> {});
            double cx = 0, cy = 0;
            if (!wrap) {
                for (int i = 0; i < flock.count(); i++) {
                    cx += flock.x()[i];
                    cy += flock.y()[i];
                }
                cx /= flock.count();
                cy /= flock.count();
            }
            int base = f * (boids + predators) * 3;
            Arrays.fill(data, base, base + boids * 3, (byte) 255);
            for (int i = 0; i < flock.count(); i++) {
                int at = base + flock.id()[i] * 3;
                put(data, at, flock.x()[i] - cx, flock.y()[i] - cy, flock.vx()[i], flock.vy()[i], view);
            }
            for (int p = 0; p < predators; p++) {
                int at = base + (boids + p) * 3;
                put(data, at, flock.px()[p] - cx, flock.py()[p] - cy, flock.pvx()[p], flock.pvy()[p], view);
            }
        }
        return new Trajectory(label, view, boids, predators, count, stride, data);
    }

    /**
     * @return the JSON object the web player's {@code decodeTrajectory} reads: view, boids,
     *         predators, frames, stride and the bytes in base64
     */
    public String json() {
        return "{\"view\":" + view + ",\"boids\":" + boids + ",\"predators\":" + predators + ",\"frames\":" + frames
                + ",\"stride\":" + stride + ",\"data\":\"" + java.util.Base64.getEncoder().encodeToString(data) + "\"}";
    }

    private static void put(byte[] data, int at, double x, double y, double vx, double vy, double view) {
        data[at] = (byte) quantise(x, view);
        data[at + 1] = (byte) quantise(y, view);
        double turn = Math.atan2(vy, vx) / (2 * Math.PI);
        data[at + 2] = (byte) ((int) Math.floor((turn - Math.floor(turn)) * 256) & 0xFF);
    }

    private static int quantise(double v, double view) {
        double u = v / view + 0.5;
        u -= Math.floor(u);   // periodic: wrap; open: the window wraps too, which keeps far boids visible at the edge
        return Math.min(254, (int) Math.floor(u * 255));
    }
}
