package io.flocktune.sim.fidelity;

import io.flocktune.sim.Flock;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A flock as plain arrays, index = boid id, for the seed transcriptions; read from and
 * convertible to the state CSV {@code step,kind,id,x,y,z,vx,vy,vz}.
 */
final class SeedState {
    static final String HEADER = "step,kind,id,x,y,z,vx,vy,vz";

    final int dimension;
    final double[] x, y, z, vx, vy, vz;
    final double[] px, py, pz, pvx, pvy, pvz;

    SeedState(int dimension, int count, int predators) {
        this.dimension = dimension;
        x = new double[count]; y = new double[count]; z = new double[count];
        vx = new double[count]; vy = new double[count]; vz = new double[count];
        px = new double[predators]; py = new double[predators]; pz = new double[predators];
        pvx = new double[predators]; pvy = new double[predators]; pvz = new double[predators];
    }

    int count() { return x.length; }

    /** A deep copy. */
    SeedState copy() {
        SeedState c = new SeedState(dimension, count(), predatorCount());
        for (double[][] pair : new double[][][] {{x, c.x}, {y, c.y}, {z, c.z}, {vx, c.vx}, {vy, c.vy}, {vz, c.vz},
                {px, c.px}, {py, c.py}, {pz, c.pz}, {pvx, c.pvx}, {pvy, c.pvy}, {pvz, c.pvz}}) {
            System.arraycopy(pair[0], 0, pair[1], 0, pair[0].length);
        }
        return c;
    }

    int predatorCount() { return px.length; }

    /**
     * Parses a state CSV resource with plain {@link String#split}. Boid ids must be 0 … n−1
     * and predator ids 0 … m−1, in any order.
     */
    static SeedState read(String resource, int dimension) {
        List<String[]> boids = new ArrayList<>(), predators = new ArrayList<>();
        try (InputStream in = SeedState.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing test resource " + resource);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String header = reader.readLine();
            if (!HEADER.equals(header)) throw new IllegalStateException(resource + ": header " + header);
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank()) continue;
                String[] f = line.split(",");
                if (f.length != 9) throw new IllegalStateException(resource + ": bad line " + line);
                switch (f[1]) {
                    case "boid" -> boids.add(f);
                    case "predator" -> predators.add(f);
                    default -> throw new IllegalStateException(resource + ": bad kind " + f[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SeedState s = new SeedState(dimension, boids.size(), predators.size());
        for (String[] f : boids) {
            int i = Integer.parseInt(f[2]);
            s.x[i] = Double.parseDouble(f[3]); s.y[i] = Double.parseDouble(f[4]); s.z[i] = Double.parseDouble(f[5]);
            s.vx[i] = Double.parseDouble(f[6]); s.vy[i] = Double.parseDouble(f[7]); s.vz[i] = Double.parseDouble(f[8]);
        }
        for (String[] f : predators) {
            int k = Integer.parseInt(f[2]);
            s.px[k] = Double.parseDouble(f[3]); s.py[k] = Double.parseDouble(f[4]); s.pz[k] = Double.parseDouble(f[5]);
            s.pvx[k] = Double.parseDouble(f[6]); s.pvy[k] = Double.parseDouble(f[7]); s.pvz[k] = Double.parseDouble(f[8]);
        }
        return s;
    }

    /** The engine's flock with the same state (slot i holds boid id i). */
    Flock toFlock() {
        Flock f = new Flock(dimension, count(), predatorCount());
        System.arraycopy(x, 0, f.x(), 0, count()); System.arraycopy(y, 0, f.y(), 0, count());
        System.arraycopy(z, 0, f.z(), 0, count()); System.arraycopy(vx, 0, f.vx(), 0, count());
        System.arraycopy(vy, 0, f.vy(), 0, count()); System.arraycopy(vz, 0, f.vz(), 0, count());
        System.arraycopy(px, 0, f.px(), 0, predatorCount()); System.arraycopy(py, 0, f.py(), 0, predatorCount());
        System.arraycopy(pz, 0, f.pz(), 0, predatorCount()); System.arraycopy(pvx, 0, f.pvx(), 0, predatorCount());
        System.arraycopy(pvy, 0, f.pvy(), 0, predatorCount()); System.arraycopy(pvz, 0, f.pvz(), 0, predatorCount());
        return f;
    }

    /** The state as CSV lines (header first), every double in its exact round-trip form. */
    List<String> toCsv() {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (int i = 0; i < count(); i++) {
            lines.add("0,boid," + i + "," + x[i] + "," + y[i] + "," + z[i] + "," + vx[i] + "," + vy[i] + "," + vz[i]);
        }
        for (int k = 0; k < predatorCount(); k++) {
            lines.add("0,predator," + k + "," + px[k] + "," + py[k] + "," + pz[k] + "," + pvx[k] + "," + pvy[k] + "," + pvz[k]);
        }
        return lines;
    }
}
