package io.flocktune.tuner.validation;

import io.flocktune.objectives.CollectiveState;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Neighbourhood;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A published phase diagram re-measured with the engine: one parameter of a preset swept over
 * values, with objectives measured at each value over several seeds ({@link Sweep}). The cases
 * are closed: each has its own chart ({@link ValidationChart}).
 *
 * <pre>{@code
 * Validation vicsek = Validation.Vicsek.of(Presets.get("vicsek"), new Schedule(3000, 3, 1));
 * List<SweepPoint> points = Sweep.run(vicsek, executor);
 * }</pre>
 */
public sealed interface Validation {

    /**
     * How each point is measured.
     *
     * @param steps steps per run, &ge; 2
     * @param seeds replicates per point, &ge; 1; replicate r runs with
     *              {@code Objectives.replicateSeed(seed, r)}, the same seeds at every point
     * @param seed  root seed, any 64-bit integer
     */
    record Schedule(long steps, int seeds, long seed) {
        public Schedule {
            if (steps < 2) throw new IllegalArgumentException("steps = " + steps + ": must be >= 2");
            if (seeds < 1) throw new IllegalArgumentException("seeds = " + seeds + ": must be >= 1");
        }
    }

    /**
     * @param which the validation, named in the message
     * @throws IllegalArgumentException if {@code base} runs a peer's model: a validation sweeps a
     *                                  rule of the engine's
     */
    private static Preset.RuleSet ruleSet(Preset base, String which) {
        return switch (base) {
            case Preset.RuleSet rules -> rules;
            case Preset.Peer peer -> throw new IllegalArgumentException("preset " + peer.name() + " runs the peer model "
                    + Kinds.of(peer.peer()) + ": the " + which + " validation sweeps a rule of the engine's");
        };
    }

    /** @return the file stem and command name, e.g. {@code vicsek} */
    String name();

    /** @return the preset the parameter is swept in */
    Preset base();

    /** @return the CSV column of the swept value, e.g. {@code eta} */
    String parameter();

    /** @return the swept values, in the order they are measured and drawn */
    List<Double> values();

    /** @return how each point is measured */
    Schedule schedule();

    /** @return the preset at one swept value */
    Preset at(double value);

    /** @return the objectives measured at each point */
    List<ObjectiveSpec> objectives();

    /** @return steps skipped before the objectives sample, from the schedule's run length */
    long warmup();

    /**
     * Vicsek et al. (1995), Phys. Rev. Lett. 75, 1226, Fig. 2a: polarization φ against the noise
     * amplitude η ({@code alignment.noise}), the mean over the second half of each run. φ falls
     * from ≈ 1 at small η towards √(π/4N), the value for random headings, at η = 2π.
     *
     * @param base   a preset whose alignment is {@link Alignment.Vicsek}
     * @param noises η values in radians, each in [0, 2π], at least one
     */
    record Vicsek(Preset.RuleSet base, List<Double> noises, Schedule schedule) implements Validation {
        /** η = 0, 0.5, …, 6, 2π. */
        public static final List<Double> NOISES = List.of(0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 2 * Math.PI);

        public Vicsek {
            if (!(base.alignment() instanceof Alignment.Vicsek)) {
                throw new IllegalArgumentException("alignment.kind = " + Kinds.of(base.alignment()) + ": the Vicsek validation needs vicsek");
            }
            noises = List.copyOf(noises);
            if (noises.isEmpty()) throw new IllegalArgumentException("noise values: give at least one");
            noises.forEach(noise -> new Alignment.Vicsek(1, noise));   // checks the range
        }

        /** The sweep over {@link #NOISES}. */
        public static Vicsek of(Preset base, Schedule schedule) {
            return of(base, NOISES, schedule);
        }

        /** @throws IllegalArgumentException if {@code base} is not a rule set with Vicsek alignment, or a noise is out of range */
        public static Vicsek of(Preset base, List<Double> noises, Schedule schedule) {
            return new Vicsek(ruleSet(base, "Vicsek"), noises, schedule);
        }

        @Override
        public String name() {
            return "vicsek";
        }

        @Override
        public String parameter() {
            return "eta";
        }

        @Override
        public List<Double> values() {
            return noises;
        }

        @Override
        public Preset.RuleSet at(double noise) {
            Alignment.Vicsek alignment = (Alignment.Vicsek) base.alignment();
            return base.toBuilder().alignment(new Alignment.Vicsek(alignment.weight(), noise)).build();
        }

        /** The second half of each run. */
        @Override
        public long warmup() {
            return schedule.steps() / 2;
        }

        @Override
        public List<ObjectiveSpec> objectives() {
            return List.of(ObjectiveSpec.of(new Metric.Polarization()).withWindow(warmup(), 1));
        }

        /** @return √(π/4N), the expected polarization of N independent random 2D headings */
        public double randomLevel() {
            return Math.sqrt(Math.PI / (4.0 * base.boids().count()));
        }
    }

    /**
     * Couzin et al. (2002), J. theor. Biol. 218, 1–11, Fig. 3: polarization φ and milling m
     * against the width Δr_o of the zone of orientation at a fixed width Δr_a of the zone of
     * attraction, the means over the last third of each run; the group passes from swarm
     * (Δr_o ≈ 0) through torus and dynamic parallel to highly parallel
     * ({@link CollectiveState}). With r_r the separation radius,
     * {@code alignment.radius = r_r + Δr_o} and {@code neighbourhood.radius = r_r + Δr_o + Δr_a}.
     *
     * @param base               a preset with {@link Alignment.Zonal} alignment and a metric or
     *                           field-of-view neighbourhood
     * @param orientationWidths  Δr_o values in world units, each &ge; 0, at least one
     * @param attractionWidth    Δr_a in world units, &gt; 0
     */
    record Couzin(Preset.RuleSet base, List<Double> orientationWidths, double attractionWidth, Schedule schedule) implements Validation {
        /** Δr_o = 0, 1, 2, 3, 6, 10, 13. */
        public static final List<Double> ORIENTATION_WIDTHS = List.of(0.0, 1.0, 2.0, 3.0, 6.0, 10.0, 13.0);
        /** Δr_a = 14, as in the paper's Fig. 3 sweep. */
        public static final double ATTRACTION_WIDTH = 14;

        public Couzin {
            if (!(base.alignment() instanceof Alignment.Zonal)) {
                throw new IllegalArgumentException("alignment.kind = " + Kinds.of(base.alignment()) + ": the Couzin validation needs zonal");
            }
            withRadius(base.neighbourhood(), 1);   // checks the neighbourhood has a radius
            orientationWidths = List.copyOf(orientationWidths);
            if (orientationWidths.isEmpty()) throw new IllegalArgumentException("orientation widths: give at least one");
            for (double width : orientationWidths) {
                if (!(width >= 0 && Double.isFinite(width))) {
                    throw new IllegalArgumentException("orientation width = " + width + ": must be >= 0 and finite");
                }
            }
            if (!(attractionWidth > 0 && Double.isFinite(attractionWidth))) {
                throw new IllegalArgumentException("attraction width = " + attractionWidth + ": must be > 0 and finite");
            }
        }

        /** The sweep over {@link #ORIENTATION_WIDTHS} at Δr_a = {@link #ATTRACTION_WIDTH}. */
        public static Couzin of(Preset base, Schedule schedule) {
            return of(base, ORIENTATION_WIDTHS, ATTRACTION_WIDTH, schedule);
        }

        /** @throws IllegalArgumentException if {@code base} is not a rule set with zonal alignment, or a width is out of range */
        public static Couzin of(Preset base, List<Double> orientationWidths, double attractionWidth, Schedule schedule) {
            return new Couzin(ruleSet(base, "Couzin"), orientationWidths, attractionWidth, schedule);
        }

        @Override
        public String name() {
            return "couzin";
        }

        @Override
        public String parameter() {
            return "dr_o";
        }

        @Override
        public List<Double> values() {
            return orientationWidths;
        }

        @Override
        public Preset.RuleSet at(double orientationWidth) {
            double repulsion = base.separation().radius();
            Alignment.Zonal alignment = (Alignment.Zonal) base.alignment();
            return base.toBuilder()
                    .alignment(new Alignment.Zonal(alignment.weight(), repulsion + orientationWidth))
                    .neighbourhood(withRadius(base.neighbourhood(), repulsion + orientationWidth + attractionWidth))
                    .build();
        }

        /** The last third of each run (steps 2001–3000 of 3000, as measured for the preset). */
        @Override
        public long warmup() {
            return schedule.steps() * 2 / 3;
        }

        @Override
        public List<ObjectiveSpec> objectives() {
            return List.of(ObjectiveSpec.of(new Metric.Polarization()).withWindow(warmup(), 1),
                    ObjectiveSpec.of(new Metric.Milling()).withWindow(warmup(), 1));
        }

        /** @return the state of a point of this sweep, from its mean polarization and milling */
        public CollectiveState state(SweepPoint point) {
            Measurement measurement = point.measurement();
            return CollectiveState.of(measurement.mean(0), measurement.mean(1));
        }

        /** @return each seed's state at a point of this sweep, in replicate order */
        public List<CollectiveState> replicateStates(SweepPoint point) {
            Measurement measurement = point.measurement();
            return IntStream.range(0, measurement.replicates())
                    .mapToObj(r -> CollectiveState.of(measurement.value(0, r), measurement.value(1, r))).toList();
        }

        private static Neighbourhood withRadius(Neighbourhood neighbourhood, double radius) {
            return switch (neighbourhood) {
                case Neighbourhood.Metric metric -> new Neighbourhood.Metric(radius);
                case Neighbourhood.MetricExcludingCoincident metric -> new Neighbourhood.MetricExcludingCoincident(radius);
                case Neighbourhood.FieldOfView fieldOfView -> new Neighbourhood.FieldOfView(radius, fieldOfView.angle());
                case Neighbourhood.Topological topological -> throw noRadius(neighbourhood);
                case Neighbourhood.Global global -> throw noRadius(neighbourhood);
            };
        }

        private static IllegalArgumentException noRadius(Neighbourhood neighbourhood) {
            return new IllegalArgumentException("neighbourhood.kind = " + Kinds.of(neighbourhood)
                    + ": the Couzin validation needs a radius (metric or fieldOfView)");
        }
    }
}
