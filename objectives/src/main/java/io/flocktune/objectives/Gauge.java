package io.flocktune.objectives;

import io.flocktune.objectives.MetricProbe.ContactSet;
import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;

import java.util.List;

/**
 * Reads one {@link Metric} step after step during a run, keeping the history the event metrics
 * need (the contacts of the step before, the captures seen so far). A second read at the same
 * step returns the first value, so one gauge can serve several objectives on the same metric.
 */
final class Gauge {
    private final Metric metric;
    private final MetricProbe probe;
    private final double timeStep;
    private final Preset.Goal goal;
    // collision onsets: contacts of the latest recorded step and of the one before
    private ContactSet current, previous;
    // survival: which boid ids have been caught, and how many captures were already looked at
    private boolean[] caught;
    private int caughtCount, capturesSeen;
    private long lastStep = Long.MIN_VALUE;
    // custom metrics: the view handed to the function, reused
    private final FlockView view;
    private double lastValue;

    Gauge(Metric metric, Preset preset, MetricProbe probe) {
        this.metric = metric;
        this.probe = probe;
        timeStep = preset.motion().dt();
        goal = preset.goal();
        view = metric instanceof Metric.Custom ? new FlockView(preset) : null;
        if (metric instanceof Metric.CollisionOnsets) {
            current = new ContactSet();
            previous = new ContactSet();
        }
    }

    Metric metric() {
        return metric;
    }

    /** @return whether a read at step t needs {@link #prepare} (or a read) at step t − 1. */
    boolean needsPreviousStep() {
        return metric instanceof Metric.CollisionOnsets;
    }

    /** Records what a read at the next step will compare against (the contacts of this step). */
    void prepare(long step, Flock flock) {
        if (metric instanceof Metric.CollisionOnsets(double distance)) recordContacts(step, flock, distance);
    }

    private void recordContacts(long step, Flock flock, double distance) {
        if (current.step == step) return;
        ContactSet swap = previous;
        previous = current;
        current = swap;
        probe.contacts(flock, distance, current);
        current.step = step;
    }

    /**
     * @param step     the flock's step (0 = initial state)
     * @param captures every capture of the run up to this step, in order
     * @return the metric's value at this step
     * @throws IllegalStateException for collision onsets when step − 1 was neither read nor prepared
     */
    double read(long step, Flock flock, List<Capture> captures) {
        if (step == lastStep) return lastValue;
        double value = switch (metric) {
            case Metric.Polarization p -> probe.polarization(flock);
            case Metric.Milling m -> probe.milling(flock);
            case Metric.RadiusOfGyration r -> probe.radiusOfGyration(flock);
            case Metric.MeanDistanceToCentroid d -> probe.meanDistanceToCentroid(flock);
            case Metric.NearestNeighbourDistance d -> probe.nearestNeighbourDistance(flock);
            case Metric.LargestClusterFraction(double link) -> {
                probe.clusters(flock, link);
                yield (double) probe.largestClusterSize() / flock.count();
            }
            case Metric.ClusterCount(double link) -> probe.clusters(flock, link);
            case Metric.CollisionRate(double distance) -> (double) probe.collisionPairs(flock, distance) / flock.count();
            case Metric.MeanNeighbourCount(double radius) ->
                    (double) (flock.count() + 2 * probe.pairsWithin(flock, radius)) / flock.count();
            case Metric.CollisionOnsets(double distance) -> onsets(step, flock, distance);
            case Metric.CaptureRate c -> flock.predatorCount() == 0 ? 0
                    : capturesAt(step, captures) * 1000.0 / (flock.predatorCount() * timeStep);
            case Metric.SurvivalFraction s -> survival(flock, captures);
            case Metric.TimeToFirstCapture t -> captures.isEmpty() ? step + 1 : captures.getFirst().step();
            case Metric.PredatorDistance d -> probe.predatorDistance(flock);
            case Metric.MeanSpeed s -> probe.meanSpeed(flock);
            case Metric.SpeedSpread s -> probe.speedSpread(flock);
            case Metric.HeadingSpread h -> probe.headingSpread(flock);
            case Metric.GoalDistance g -> probe.meanDistanceTo(flock, goal.x(), goal.y(), goal.z());
            case Metric.Custom c -> c.function().applyAsDouble(view.at(step, flock, captures));
        };
        lastStep = step;
        lastValue = value;
        return value;
    }

    private double onsets(long step, Flock flock, double distance) {
        recordContacts(step, flock, distance);
        if (step == 0) return 0;
        if (previous.step != step - 1) {
            throw new IllegalStateException("collision onsets at step " + step + " need the contacts of step " + (step - 1));
        }
        return current.countNotIn(previous) / (flock.count() * timeStep);
    }

    private static int capturesAt(long step, List<Capture> captures) {
        int count = 0;
        for (int c = captures.size() - 1; c >= 0 && captures.get(c).step() >= step; c--) {
            if (captures.get(c).step() == step) count++;
        }
        return count;
    }

    private double survival(Flock flock, List<Capture> captures) {
        if (caught == null) caught = new boolean[flock.capacity()];
        for (; capturesSeen < captures.size(); capturesSeen++) {
            int boid = captures.get(capturesSeen).boid();
            if (!caught[boid]) {
                caught[boid] = true;
                caughtCount++;
            }
        }
        return 1 - (double) caughtCount / flock.capacity();
    }
}
