package io.flocktune.api;

import io.flocktune.objectives.Metric;
import io.flocktune.objectives.MetricProbe;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.StepObserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a simulation run came to, as {@code flocktune simulate} prints it, computed in this one
 * place: add a metric here (a field, its computation in {@link Recorder}, a line in
 * {@link #lines()}). The final-state metrics come from {@link MetricProbe}, as the objectives' do.
 * Watch a run with a {@link Recorder} (e.g. beside other observers of
 * {@link Simulation#run(long, StepObserver)}) and ask it for the summary afterwards.
 *
 * @param preset       the preset's name
 * @param seed         the run's seed
 * @param steps        steps run
 * @param boids        boids at the start
 * @param boidsSource  where the boid count came from, or empty for the preset
 * @param predators    predators, 0 if none
 * @param wallSeconds  wall-clock time of the run, trace writing included, in seconds
 * @param boidUpdates  boid updates done (boids × steps, fewer when captures remove boids)
 * @param meanSpeed    mean boid speed in the final state, world units per time unit
 * @param captures     captures recorded
 * @param polarization polarization of the final state, in [0, 1] ({@link Metric.Polarization})
 * @param milling      milling of the final state, in [0, 1] ({@link Metric.Milling})
 */
public record RunSummary(String preset, long seed, long steps, int boids, String boidsSource, int predators,
               double wallSeconds, long boidUpdates, double meanSpeed, int captures,
               double polarization, double milling) {

    /**
     * Watches a run: counts boid updates (the live count before each step). Give it every
     * step, then call {@link #summary}.
     */
    public static final class Recorder implements StepObserver {
        private long boidUpdates;
        private int countBefore = -1;

        @Override
        public void observe(long step, Flock flock) {
            if (countBefore >= 0) boidUpdates += countBefore;
            countBefore = flock.count();
        }

        /**
         * @param simulation  the simulation this recorder watched, after its run
         * @param seed        its seed
         * @param steps       steps run
         * @param boids       boids at the start
         * @param boidsSource where the boid count came from, or empty for the preset
         * @param wallNanos   wall-clock time of the run, in nanoseconds
         * @return the summary of the run
         */
        public RunSummary summary(Simulation simulation, long seed, long steps, int boids, String boidsSource, long wallNanos) {
            Flock flock = simulation.flock();
            MetricProbe probe = new MetricProbe(simulation.preset().world(), flock.capacity());
            return new RunSummary(simulation.preset().name(), seed, steps, boids, boidsSource, flock.predatorCount(),
                    wallNanos * 1e-9, boidUpdates, probe.meanSpeed(flock), simulation.captures().size(),
                    probe.polarization(flock), probe.milling(flock));
        }
    }

    /** @return the summary as aligned {@code label  value} lines. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        add(lines, "preset", preset);
        add(lines, "seed", Long.toString(seed));
        add(lines, "steps", Long.toString(steps));
        add(lines, "boids", boids + (boidsSource.isEmpty() ? "" : " (" + boidsSource + ")"));
        if (predators > 0) add(lines, "predators", Integer.toString(predators));
        add(lines, "wall time", format("%.3f s", wallSeconds));
        add(lines, "speed", wallSeconds > 0 && steps > 0
                ? format("%,.0f steps/s, %,.0f boid-updates/s", steps / wallSeconds, boidUpdates / wallSeconds)
                : "n/a (no steps run)");
        add(lines, "mean speed", format("%.6g (final state)", meanSpeed));
        add(lines, "captures", Integer.toString(captures));
        add(lines, "order", format("polarization %.6g, milling %.6g (final state)", polarization, milling));
        return lines;
    }

    private static void add(List<String> lines, String label, String value) {
        lines.add(format("%-11s %s", label, value));
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
