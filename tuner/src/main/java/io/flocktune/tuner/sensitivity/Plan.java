package io.flocktune.tuner.sensitivity;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.flocktune.sim.Check;

/**
 * The settings of a sensitivity analysis, written to {@code sensitivity.json} so a run can be
 * resumed and repeated ({@value #FORMAT}).
 *
 * @param format       {@value #FORMAT}
 * @param method       Morris screening or Sobol' indices
 * @param trajectories Morris: trajectories r, &ge; 2
 * @param levels       Morris: grid levels p, even, &ge; 2
 * @param candidates   Morris: candidate trajectories the r are chosen from for spread, &ge; r
 *                     (= r: plain random trajectories)
 * @param samples      Sobol: N, rows of Saltelli's A and B matrices, &ge; 2 (powers of two
 *                     recommended)
 * @param replicates   simulations per point, &ge; 1, on the same replicate seeds at every point
 * @param seed         seed of the replicate seeds, the Morris trajectories and the bootstrap
 */
public record Plan(String format, Method method, int trajectories, int levels, int candidates, int samples, int replicates,
                   long seed) {
    /** The file format of {@code sensitivity.json}. */
    public static final String FORMAT = "flocktune-sensitivity/1";

    public Plan {
        if (!FORMAT.equals(format)) throw new IllegalArgumentException("format = " + format + ": must be \"" + FORMAT + "\"");
        Check.present("method", method);
        Check.inRange("trajectories", trajectories, 2, 100_000);
        Check.inRange("levels", levels, 2, 1000);
        if (levels % 2 != 0) throw new IllegalArgumentException("levels = " + levels + ": must be even");
        if (candidates < trajectories || candidates > 100_000) {
            throw new IllegalArgumentException("candidates = " + candidates + ": must be in [trajectories = " + trajectories + ", 100000]");
        }
        Check.inRange("samples", samples, 2, 1 << 24);
        Check.inRange("replicates", replicates, 1, 10_000);
    }

    /** @return the design over {@code dimensions} parameters. */
    public Design design(int dimensions) {
        return switch (method) {
            case MORRIS -> new Morris(dimensions, levels, trajectories, candidates, seed);
            case SOBOL -> new Sobol(dimensions, samples);
        };
    }

    /** The sensitivity methods, by their names on the command line and in {@code sensitivity.json}. */
    public enum Method {
        /** Morris elementary effects ({@link Morris}). */
        @JsonProperty("morris") MORRIS,
        /** Sobol' indices ({@link Sobol}). */
        @JsonProperty("sobol") SOBOL;

        /** @return the method called {@code name} ({@code morris} or {@code sobol}), or null. */
        public static Method of(String name) {
            for (Method m : values()) if (m.text().equals(name)) return m;
            return null;
        }

        /** @return the name, {@code morris} or {@code sobol}. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
