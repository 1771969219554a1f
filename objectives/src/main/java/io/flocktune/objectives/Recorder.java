package io.flocktune.objectives;

import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Simulation;
import io.flocktune.sim.StepObserver;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates objectives while a simulation runs: pass it to {@link Simulation#run} and read
 * {@link #values()} at the end. It samples each spec's window, reads each distinct metric once
 * per step through a shared {@link MetricProbe}, and aggregates on the fly (running sum, min,
 * max, last value, count above the threshold); an observed step allocates nothing.
 *
 * <pre>{@code
 * Simulation simulation = Simulation.of(preset, seed);
 * Recorder recorder = new Recorder(simulation, 1000, specs);
 * simulation.run(1000, recorder);
 * double[] values = recorder.values();
 * }</pre>
 */
public final class Recorder implements StepObserver {
    private final List<Capture> captures;
    private final long steps;
    private final ObjectiveSpec[] specs;
    private final Gauge[] gauges;
    private final long[] samples, above;
    private final double[] sum, min, max, last;
    private long lastObserved = -1;
    private long nonFiniteStep = -1;

    /**
     * @param simulation a simulation that has not run yet (step 0); its captures feed the
     *                   capture metrics
     * @param steps      the run length the simulation will be run for, &ge; 1
     * @param specs      the objectives, at least one
     * @throws IllegalArgumentException if a spec cannot be evaluated on this run (see
     *                                  {@link Objectives#validate})
     */
    public Recorder(Simulation simulation, long steps, List<ObjectiveSpec> specs) {
        if (simulation.stepCount() != 0) {
            throw new IllegalArgumentException("the simulation has already run " + simulation.stepCount() + " steps; start a new one");
        }
        Objectives.validate(steps, specs, simulation.flock().predatorCount(), simulation.preset());
        captures = simulation.captures();   // a live view
        this.steps = steps;
        this.specs = specs.toArray(ObjectiveSpec[]::new);
        MetricProbe probe = new MetricProbe(simulation.preset().world(), simulation.flock().capacity());
        Map<Metric, Gauge> shared = new LinkedHashMap<>();
        gauges = new Gauge[this.specs.length];
        for (int k = 0; k < gauges.length; k++) {
            gauges[k] = shared.computeIfAbsent(this.specs[k].metric(), m -> new Gauge(m, simulation.preset(), probe, simulation.peer()));
        }
        int count = gauges.length;
        samples = new long[count];
        above = new long[count];
        sum = new double[count];
        min = new double[count];
        max = new double[count];
        last = new double[count];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
    }

    @Override
    public void observe(long step, Flock flock) {
        if (step > steps) throw new IllegalStateException("step " + step + " is past the run length " + steps);
        boolean checked = false;
        for (int k = 0; k < specs.length; k++) {
            ObjectiveSpec spec = specs[k];
            Gauge gauge = gauges[k];
            gauge.accumulate(step);     // run-so-far metrics (EvoFlock's) take every step
            if (spec.samples(step, steps)) {
                if (!checked && nonFiniteStep < 0 && !flock.allFinite()) nonFiniteStep = step;
                checked = true;
                double value = gauge.read(step, flock, captures);
                samples[k]++;
                sum[k] += value;
                if (value < min[k]) min[k] = value;
                if (value > max[k]) max[k] = value;
                if (value > spec.threshold()) above[k]++;
                last[k] = value;
            } else if (gauge.needsPreviousStep() && spec.samples(step + 1, steps)) {
                gauge.prepare(step, flock);
            }
        }
        lastObserved = step;
    }

    /**
     * @return one aggregated value per spec, in order (a new array)
     * @throws IllegalStateException if the run has not reached its last step yet
     * @throws ArithmeticException   if the flock's state was not finite at a sampled step (the
     *                               simulation diverged), naming the step
     */
    public double[] values() {
        if (lastObserved != steps) {
            throw new IllegalStateException("the run has reached step " + lastObserved + " of " + steps);
        }
        if (nonFiniteStep >= 0) {
            throw new ArithmeticException("the flock's state is not finite at step " + nonFiniteStep
                    + ", so its objectives are not numbers");
        }
        double[] values = new double[specs.length];
        for (int k = 0; k < specs.length; k++) {
            values[k] = switch (specs[k].aggregation()) {
                case MEAN -> sum[k] / samples[k];
                case FINAL -> last[k];
                case MIN -> min[k];
                case MAX -> max[k];
                case FRACTION_ABOVE -> (double) above[k] / samples[k];
            };
        }
        return values;
    }

    /** @return the specs, in the order of {@link #values()}. */
    public List<ObjectiveSpec> specs() {
        return List.of(specs);
    }
}
