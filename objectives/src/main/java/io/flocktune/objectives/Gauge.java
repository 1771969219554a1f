package io.flocktune.objectives;

import io.flocktune.objectives.MetricProbe.ContactSet;
import io.flocktune.sim.Capture;
import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.peer.EvoFlockKernel;
import io.flocktune.sim.peer.PeerKernel;

import java.util.List;

/**
 * Reads one {@link Metric} step after step during a run, keeping the history the event metrics
 * need (the contacts of the step before, the captures seen so far). A second read at the same
 * step returns the first value, so one gauge can serve several objectives on the same metric.
 */
final class Gauge {
    private final Metric metric;
    private final MetricProbe probe;
    private final double timeStep;                // a step's length in time units (a peer's step: 1)
    private final double goalX, goalY, goalZ;     // the goal point (a peer's model has none: the origin)
    // collision onsets: contacts of the latest recorded step and of the one before
    private ContactSet current, previous;
    // survival: which boid ids have been caught, and how many captures were already looked at
    private boolean[] caught;
    private int caughtCount, capturesSeen;
    private long lastStep = Long.MIN_VALUE;
    // custom metrics: the view handed to the function, reused
    private final FlockView view;
    private double lastValue;
    // EvoFlock's run-so-far totals, from its kernel's per-step records (steps 1..accumulated)
    private final EvoFlockKernel evoFlock;
    private long accumulated;
    private double collisions, separation, speed, curvature, boidSteps;

    Gauge(Metric metric, Preset preset, MetricProbe probe) {
        this(metric, preset, probe, null);
    }

    /** @param peer the run's peer kernel (null for the engine's rules); EvoFlock's metrics read its records */
    Gauge(Metric metric, Preset preset, MetricProbe probe, PeerKernel peer) {
        this.metric = metric;
        evoFlock = metric.evoFlock() && peer instanceof EvoFlockKernel k ? k : null;
        if (metric.evoFlock() && evoFlock == null) {
            throw new IllegalArgumentException(metric.kind() + " reads EvoFlock's records and needs a preset with peer.kind = evoFlock");
        }
        this.probe = probe;
        switch (preset) {
            case Preset.RuleSet rules -> {
                timeStep = rules.motion().dt();
                goalX = rules.goal().x(); goalY = rules.goal().y(); goalZ = rules.goal().z();
            }
            case Preset.Peer model -> {
                timeStep = 1;
                goalX = 0; goalY = 0; goalZ = 0;
            }
        }
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
     * Adds step {@code step}'s records to the run-so-far totals of an EvoFlock metric (nothing for
     * other metrics, for step 0, or for a step already added): call it at every step.
     */
    void accumulate(long step) {
        if (evoFlock == null || step == 0 || step == accumulated) return;
        if (step != accumulated + 1) {
            throw new IllegalStateException(metric.kind() + " at step " + step + " missed step " + (accumulated + 1));
        }
        int n = evoFlock.count();
        collisions += evoFlock.collisions();
        for (int i = 0; i < n; i++) {
            separation += EvoFlockScores.separation(evoFlock.nearestDistance(i));
            speed += EvoFlockScores.speed(evoFlock.speed(i));
            curvature += evoFlock.curvature(i);
        }
        boidSteps += n;
        accumulated = step;
    }

    private double evoFlockScore(long step) {
        accumulate(step);
        if (accumulated != step) throw new IllegalStateException(metric.kind() + " is not defined at step " + step);
        double avoid = EvoFlockScores.avoid(collisions, boidSteps);
        double separate = separation / boidSteps, fast = speed / boidSteps;
        double curve = EvoFlockScores.curvature(curvature / boidSteps);
        return switch (metric) {
            case Metric.EvoFlockAvoid a -> avoid;
            case Metric.EvoFlockSeparate s -> separate;
            case Metric.EvoFlockSpeed s -> fast;
            case Metric.EvoFlockCurvature c -> curve;
            case Metric.EvoFlockFitness(double withCurvature) -> withCurvature == 1
                    ? EvoFlockScores.fitness(avoid, separate, fast, curve)
                    : EvoFlockScores.fitness(avoid, separate, fast);
            default -> throw new AssertionError(metric);
        };
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
            case Metric.GoalDistance g -> probe.meanDistanceTo(flock, goalX, goalY, goalZ);
            case Metric.EvoFlockAvoid e -> evoFlockScore(step);
            case Metric.EvoFlockSeparate e -> evoFlockScore(step);
            case Metric.EvoFlockSpeed e -> evoFlockScore(step);
            case Metric.EvoFlockCurvature e -> evoFlockScore(step);
            case Metric.EvoFlockFitness e -> evoFlockScore(step);
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
