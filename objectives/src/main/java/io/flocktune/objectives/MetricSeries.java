package io.flocktune.objectives;

import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.StepObserver;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw per-step values of some metrics while a simulation runs, for time series such as
 * {@code simulate --metrics OUT.csv}: at steps 0, every, 2·every, … it reads every metric and
 * hands the step and the values to a {@link Sink}.
 *
 * <pre>{@code
 * Simulation simulation = Simulation.of(preset, seed);
 * simulation.run(1000, new MetricSeries(simulation, metrics, 1, (step, values) -> csv.printRecord(...)));
 * }</pre>
 */
public final class MetricSeries implements StepObserver {

    /** Receives one row of the series. */
    @FunctionalInterface
    public interface Sink {
        /**
         * @param step   the simulation step (0 = initial state)
         * @param values one value per metric, in order; the array is reused for the next row,
         *               so copy it to keep it
         */
        void accept(long step, double[] values);
    }

    private final List<Capture> captures;
    private final Gauge[] gauges;
    private final int every;
    private final Sink sink;
    private final double[] values;

    /**
     * @param simulation a simulation that has not run yet (step 0)
     * @param metrics    the columns, at least one; {@link Metric.PredatorDistance} needs predators
     * @param every      interval between rows in steps, &ge; 1
     * @param sink       receives each row
     * @throws IllegalArgumentException on a bad argument, naming it
     */
    public MetricSeries(Simulation simulation, List<Metric> metrics, int every, Sink sink) {
        if (simulation.stepCount() != 0) {
            throw new IllegalArgumentException("the simulation has already run " + simulation.stepCount() + " steps; start a new one");
        }
        if (metrics.isEmpty()) throw new IllegalArgumentException("metrics: give at least one");
        if (every < 1) throw new IllegalArgumentException("every = " + every + ": must be >= 1");
        for (Metric metric : metrics) {
            Objectives.checkPredators(metric, simulation.flock().predatorCount());
            Objectives.checkPeer(metric, simulation.preset());
        }
        captures = simulation.captures();   // a live view
        this.every = every;
        this.sink = sink;
        MetricProbe probe = new MetricProbe(simulation.preset().world(), simulation.flock().capacity());
        Map<Metric, Gauge> shared = new LinkedHashMap<>();
        gauges = new Gauge[metrics.size()];
        for (int k = 0; k < gauges.length; k++) {
            gauges[k] = shared.computeIfAbsent(metrics.get(k), m -> new Gauge(m, simulation.preset(), probe, simulation.peer()));
        }
        values = new double[gauges.length];
    }

    @Override
    public void observe(long step, Flock flock) {
        for (Gauge gauge : gauges) gauge.accumulate(step);     // run-so-far metrics (EvoFlock's) take every step
        if (step % every == 0) {
            for (int k = 0; k < gauges.length; k++) values[k] = gauges[k].read(step, flock, captures);
            sink.accept(step, values);
        } else if ((step + 1) % every == 0) {
            for (Gauge gauge : gauges) gauge.prepare(step, flock);
        }
    }
}
