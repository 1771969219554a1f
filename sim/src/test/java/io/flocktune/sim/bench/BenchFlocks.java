package io.flocktune.sim.bench;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.space.NeighbourGrid;
import io.flocktune.sim.space.Periodic;

/**
 * Benchmark workloads: a built-in preset's rules in a periodic world whose size is set from the
 * boid count so that a uniformly spread flock has a chosen mean number of neighbours, and a
 * counter of the actual mean neighbour count of a flock.
 */
final class BenchFlocks {
    /**
     * The built-in presets of the engine's rules, in listing order: the benchmark matrix. Peer
     * models ({@link Preset.Peer}) run their own kernels with their own worlds and are timed
     * on their own (README, "Peers' models and experiments"), not scaled here.
     */
    static java.util.List<String> rulePresets() {
        return io.flocktune.sim.Presets.all().entrySet().stream().filter(e -> e.getValue() instanceof Preset.RuleSet)
                .map(java.util.Map.Entry::getKey).toList();
    }

    /** The mean number of neighbours every benchmark workload is scaled to. */
    static final double MEAN_NEIGHBOURS = 10;

    private BenchFlocks() {}

    /**
     * The radius the workload is scaled on: the metric neighbourhood radius (alignment and
     * cohesion), or the separation radius when the neighbourhood is global (seed 003), whose
     * alignment and cohesion cost O(1) per boid from flock-wide sums.
     */
    static double countingRadius(Preset.RuleSet preset) {
        return switch (preset.neighbourhood()) {
            case Neighbourhood.Metric metric -> metric.radius();
            case Neighbourhood.MetricExcludingCoincident metric -> metric.radius();
            case Neighbourhood.FieldOfView view -> view.radius();
            case Neighbourhood.Topological topological -> preset.separation().radius();
            case Neighbourhood.Global global -> preset.separation().radius();
        };
    }

    /**
     * Side of the periodic box in which {@code boids} boids spread uniformly have on average
     * {@code meanNeighbours} others within {@code radius}: (N − 1)·V_d(r) / L^d = k.
     *
     * @param dimension 2 or 3
     * @param boids     number of boids, &ge; 2
     */
    static double worldSize(int dimension, int boids, double radius, double meanNeighbours) {
        double ball = dimension == 2 ? Math.PI * radius * radius : 4.0 / 3.0 * Math.PI * radius * radius * radius;
        return Math.pow((boids - 1) * ball / meanNeighbours, 1.0 / dimension);
    }

    /**
     * {@code base}'s rules with {@code boids} boids spawned uniformly in a periodic world sized by
     * {@link #worldSize} for {@link #MEAN_NEIGHBOURS} neighbours within {@link #countingRadius}.
     * Everything else (update order, forces, predators, obstacles, goal, noise) is kept.
     */
    static Preset.RuleSet scaled(Preset.RuleSet base, int boids) {
        Preset.World world = base.world();
        double size = worldSize(world.dimension(), boids, countingRadius(base), MEAN_NEIGHBOURS);
        Preset.Boids b = base.boids();
        return base.toBuilder()
                .world(new Preset.World(world.dimension(), size, new Boundary.Wrap()))
                .boids(new Preset.Boids(boids, b.minSpeed(), b.maxSpeed(), b.initialSpeed(), size))
                .build();
    }

    /**
     * {@code workload} with its neighbourhood replaced, at the workload's
     * {@link #countingRadius} r (the world stays as {@link #scaled} sized it for the preset's own
     * neighbourhood): {@code "preset"} keeps it; {@code "metric"} is {@code Metric(r)};
     * {@code "fieldOfView"} is {@code FieldOfView(r, 270°)} (about 3/4 of the neighbours);
     * {@code "topological"} is the {@link #MEAN_NEIGHBOURS} nearest; {@code "global"} is every boid.
     */
    static Preset.RuleSet withNeighbourhood(Preset.RuleSet workload, String neighbourhood) {
        double r = countingRadius(workload);
        Neighbourhood replaced = switch (neighbourhood) {
            case "preset" -> workload.neighbourhood();
            case "metric" -> new Neighbourhood.Metric(r);
            case "fieldOfView" -> new Neighbourhood.FieldOfView(r, 270);
            case "topological" -> new Neighbourhood.Topological((int) MEAN_NEIGHBOURS);
            case "global" -> new Neighbourhood.Global();
            default -> throw new IllegalArgumentException("neighbourhood = " + neighbourhood
                    + ": one of preset, metric, fieldOfView, topological, global");
        };
        return workload.toBuilder().neighbourhood(replaced).build();
    }

    /**
     * The mean over boids of the number of other boids closer than {@code radius}
     * (minimum-image distances in the periodic box of side {@code size}), counted with a
     * {@link NeighbourGrid} in O(N).
     */
    static double meanNeighbours(Flock flock, double radius, double size) {
        int n = flock.count();
        double[] x = flock.x(), y = flock.y(), z = flock.z();
        NeighbourGrid grid = new NeighbourGrid(flock.dimension(), true, size, n);
        grid.build(x, y, z, n, radius);
        int[] order = grid.order();
        int[] runs = new int[36];
        double r2 = radius * radius;
        long pairs = 0;
        for (int i = 0; i < n; i++) {
            int runCount = grid.ranges(x[i], y[i], z[i], runs);
            for (int r = 0; r < runCount; r++) {
                for (int k = runs[2 * r]; k < runs[2 * r + 1]; k++) {
                    int j = order[k];
                    if (j == i) continue;
                    double dx = Periodic.minimumImage(x[j] - x[i], size);
                    double dy = Periodic.minimumImage(y[j] - y[i], size);
                    double dz = Periodic.minimumImage(z[j] - z[i], size);
                    if (dx * dx + dy * dy + dz * dz < r2) pairs++;
                }
            }
        }
        return (double) pairs / n;
    }

    /**
     * Copies the boid and predator state of {@code from} into the live arrays of {@code to},
     * without allocating.
     *
     * @throws IllegalArgumentException if the flocks differ in dimension or counts
     */
    static void restore(Flock from, Flock to) {
        int n = from.count(), predators = from.predatorCount();
        if (from.dimension() != to.dimension() || n != to.count() || predators != to.predatorCount()) {
            throw new IllegalArgumentException("flocks differ in dimension or counts");
        }
        copy(from.x(), to.x(), n); copy(from.y(), to.y(), n); copy(from.z(), to.z(), n);
        copy(from.vx(), to.vx(), n); copy(from.vy(), to.vy(), n); copy(from.vz(), to.vz(), n);
        copy(from.px(), to.px(), predators); copy(from.py(), to.py(), predators); copy(from.pz(), to.pz(), predators);
        copy(from.pvx(), to.pvx(), predators); copy(from.pvy(), to.pvy(), predators); copy(from.pvz(), to.pvz(), predators);
    }

    private static void copy(double[] from, double[] to, int n) {
        System.arraycopy(from, 0, to, 0, n);
    }
}
