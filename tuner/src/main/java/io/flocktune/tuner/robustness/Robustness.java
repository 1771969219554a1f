package io.flocktune.tuner.robustness;

import io.flocktune.objectives.Interval;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Check;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PortableEvaluator;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetEdit;
import io.flocktune.tuner.io.PresetPath;
import io.flocktune.tuner.io.Untyped;
import io.flocktune.tuner.run.Countdown;

import java.io.PrintWriter;
import java.io.Serial;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Re-measures a preset across scenario factors, one factor at a time around the preset
 * (one-at-a-time design: each factor's levels with every other field at the preset's value, so
 * each chart isolates one factor; interactions between factors are not explored). Every point
 * runs the same R replicate seeds ({@link Objectives#replicateSeed}), so a point's difference to
 * the preset is a paired difference on common initial states and noise, with its own 95 %
 * interval. The preset itself is one point, shared by every factor level equal to it.
 *
 * <p>An objective a point cannot measure (a predator metric without predators) is n/a there; a
 * failed or non-finite replicate makes that point's objective failed, with the reason.
 *
 * <p>The simulations run on this machine or on Spark ({@link #run(Preset, ScenarioGrid, String,
 * List, Settings, RunnerFactory, PrintWriter) runners}); the result is the same.
 */
public final class Robustness {
    private Robustness() {}

    /**
     * @param steps      steps per replicate, &ge; 1
     * @param replicates R, &ge; 2 (an interval needs two)
     * @param seed       root of the replicate seeds
     * @param timeLimit  wall time one replicate may take, &gt; 0
     */
    public record Settings(long steps, int replicates, long seed, Duration timeLimit) {
        public Settings {
            if (steps < 1) throw new IllegalArgumentException("steps = " + steps + ": must be >= 1");
            Check.inRange("replicates", replicates, 2, 10_000);
        }
    }

    /**
     * One point of the grid: the preset with one factor at one level.
     *
     * @param factor index of the factor, -1 for the preset itself
     * @param level  index of the level, -1 for the preset itself
     * @param label  e.g. {@code "×0.25"} or {@code "2"}
     * @param value  the value set at the factor's path, as text (see {@link Result#values})
     * @param preset the preset at this point
     */
    public record Point(int factor, int level, String label, String value, Preset preset) {}

    /**
     * One objective at one level of one factor.
     *
     * @param factor      factor index
     * @param level       level index
     * @param point       index into {@link Result#points()} (0: the preset)
     * @param objective   objective index
     * @param measurement the replicates, or null (see status)
     * @param difference  the paired difference to the preset on the same seeds, level − preset, with
     *                    its 95 % interval ({@link Measurement#difference}), or null
     * @param status      {@code ok}, {@code n/a} (not measurable there) or {@code failed: reason}
     */
    public record Cell(int factor, int level, int point, int objective, Measurement measurement, Interval difference,
                       String status) {}

    /**
     * @param preset   the preset measured (with --set applied)
     * @param grid     the factors
     * @param specs    the objectives
     * @param settings run length, replicates, seed
     * @param points   the preset (0) and every other distinct point
     * @param levels   {@code levels[f][l]}: the point index of factor f's level l
     * @param values   {@code values[f][l]}: the value factor f's level l sets at its path, as text: a
     *                 scaled number as Java writes it ({@code 50}, {@code 20.0}), a listed value as
     *                 compact JSON ({@link Untyped#text})
     * @param outcomes {@code outcomes[point][replicate]}
     * @param cells    every (factor, level, objective), factor by factor
     */
    public record Result(Preset preset, ScenarioGrid grid, List<ObjectiveSpec> specs, Settings settings, List<Point> points,
                         int[][] levels, String[][] values, Outcome[][] outcomes, List<Cell> cells) {
        /** @return the replicate seeds, shared by every point. */
        public long[] seeds() {
            long[] s = new long[settings.replicates()];
            for (int r = 0; r < s.length; r++) s[r] = Objectives.replicateSeed(settings.seed(), r);
            return s;
        }

        /** @return the cell of (factor, level, objective). */
        public Cell cell(int factor, int level, int objective) {
            for (Cell c : cells) if (c.factor() == factor && c.level() == level && c.objective() == objective) return c;
            throw new IllegalArgumentException("no cell " + factor + "/" + level + "/" + objective);
        }
    }

    /**
     * Builds every point (all checked before anything runs), runs them and summarises.
     *
     * @param source names the grid in error messages: its file, or "default scenarios"
     * @throws InputException a factor whose path does not exist or that makes an invalid preset
     */
    public static Result run(Preset preset, ScenarioGrid grid, String source, List<ObjectiveSpec> specs, Settings settings, int threads,
                             PrintWriter log) throws InputException, InterruptedException {
        return run(preset, grid, source, specs, settings, RunnerFactory.local(threads), log);
    }

    /**
     * As {@link #run(Preset, ScenarioGrid, String, List, Settings, int, PrintWriter)}, with the
     * simulations run by {@code runners} ({@link RunnerFactory#local}, or Spark).
     */
    public static Result run(Preset preset, ScenarioGrid grid, String source, List<ObjectiveSpec> specs, Settings settings,
                             RunnerFactory runners, PrintWriter log) throws InputException, InterruptedException {
        List<Point> points = new ArrayList<>();
        points.add(new Point(-1, -1, "preset", "", preset));
        int[][] levels = new int[grid.factors().size()][];
        String[][] values = new String[grid.factors().size()][];
        for (int f = 0; f < grid.factors().size(); f++) {
            Factor factor = grid.factors().get(f);
            String where = source + ": factor \"" + factor.name() + "\"";
            PresetPath path = PresetPath.of(factor.path());
            Object own = new PresetEdit(preset).get(path, where);
            if (factor.scaled() && !(own instanceof Number)) {
                throw new InputException(where + ": " + factor.path() + " = " + own + " is not a number; multipliers need one");
            }
            levels[f] = new int[factor.levels()];
            values[f] = new String[factor.levels()];
            for (int l = 0; l < factor.levels(); l++) {
                PresetEdit edit = new PresetEdit(preset);
                String label;
                if (factor.scaled()) {
                    double m = factor.multipliers().get(l);
                    Number value = scaled((Number) own, m);
                    edit.set(path, value, where);
                    for (String also : factor.alsoScale()) {
                        PresetPath alsoPath = PresetPath.of(also);
                        Object other = new PresetEdit(preset).get(alsoPath, where + ": alsoScale");
                        if (!(other instanceof Number n)) throw new InputException(where + ": alsoScale " + also + " = " + other + " is not a number");
                        edit.set(alsoPath, scaled(n, m), where + ": alsoScale");
                    }
                    label = "×" + trim(m);
                    values[f][l] = value.toString();
                } else {
                    Untyped value = factor.values().get(l);
                    try {
                        edit.set(path, edit.typed(path, value.as(edit.type(path, where), factor.path()), where), where);
                    } catch (IllegalArgumentException invalid) {
                        edit.fail(invalid);
                    }
                    label = value.label();
                    values[f][l] = value.text();
                }
                Preset p = edit.build(where + " at " + label);
                int index = -1;
                for (int q = 0; q < points.size() && index < 0; q++) if (points.get(q).preset().equals(p)) index = q;
                if (index < 0) {
                    index = points.size();
                    points.add(new Point(f, l, label, values[f][l], p));
                }
                levels[f][l] = index;
            }
        }
        // which objectives each point can measure
        boolean[][] measurable = new boolean[points.size()][specs.size()];
        for (int p = 0; p < points.size(); p++) {
            for (int k = 0; k < specs.size(); k++) {
                try {
                    Objectives.validate(points.get(p).preset(), settings.steps(), List.of(specs.get(k)));
                    measurable[p][k] = true;
                } catch (IllegalArgumentException e) {
                    if (p == 0) throw new InputException("--objective: " + e.getMessage(), e);
                }
            }
        }

        int replicates = settings.replicates();
        long[] seeds = new long[replicates];
        for (int r = 0; r < replicates; r++) seeds[r] = Objectives.replicateSeed(settings.seed(), r);
        List<Trial<Subject>> trials = new ArrayList<>();
        for (int p = 0; p < points.size(); p++) {
            Subject subject = new Subject(points.get(p).preset(), measurable[p]);
            for (int r = 0; r < replicates; r++) trials.add(new Trial<>(subject, seeds[r]));
        }
        Measuring evaluator = new Measuring(new PresetEvaluator(settings.steps(), specs));
        log.printf(Locale.ROOT, "robustness: %d points × %d replicates = %d simulations of %d steps%n", points.size(), replicates,
                trials.size(), settings.steps());
        List<Outcome> flat = new ArrayList<>(trials.size());
        Countdown progress = new Countdown(log, "robustness", 0, trials.size());
        try (TrialRunner runner = runners.open(settings.timeLimit())) {
            // in batches, for the progress lines; every trial is a pure function of its preset and seed
            int batch = Math.max(64, 8 * runner.parallelism());
            for (int from = 0; from < trials.size(); from += batch) {
                flat.addAll(runner.run(evaluator, trials.subList(from, Math.min(trials.size(), from + batch))));
                progress.to(flat.size());
            }
        }
        Outcome[][] outcomes = new Outcome[points.size()][replicates];
        for (int i = 0; i < flat.size(); i++) outcomes[i / replicates][i % replicates] = flat.get(i);

        List<Cell> cells = new ArrayList<>();
        for (int f = 0; f < grid.factors().size(); f++) {
            for (int l = 0; l < levels[f].length; l++) {
                int p = levels[f][l];
                for (int k = 0; k < specs.size(); k++) cells.add(cell(f, l, p, k, specs.get(k), measurable[p][k], outcomes[p], outcomes[0]));
            }
        }
        return new Result(preset, grid, specs, settings, points, levels, values, outcomes, cells);
    }

    /** What one trial measures: a point's preset and which of the objectives it can measure. */
    record Subject(Preset preset, boolean[] measurable) {}

    /**
     * Measures a {@link Subject}: its measurable objectives, NaN for the others (n/a). Portable:
     * it travels as the {@link PresetEvaluator} of every objective, a subject as its preset's
     * JSON and the mask.
     */
    record Measuring(PresetEvaluator all) implements PortableEvaluator<Subject> {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public double[] evaluate(Subject subject, long seed) {
            List<ObjectiveSpec> specs = all.specs(), subset = new ArrayList<>();
            for (int k = 0; k < specs.size(); k++) if (subject.measurable()[k]) subset.add(specs.get(k));
            double[] some = subset.isEmpty() ? new double[0] : Objectives.evaluate(subject.preset(), seed, all.steps(), subset);
            double[] values = new double[specs.size()];
            for (int k = 0, j = 0; k < specs.size(); k++) values[k] = subject.measurable()[k] ? some[j++] : Double.NaN;
            return values;
        }

        @Override
        public Serializable pack(Subject subject) {
            return new Packed(all.pack(subject.preset()), subject.measurable().clone());
        }

        @Override
        public Subject unpack(Serializable packed) {
            Packed p = (Packed) packed;
            return new Subject(all.unpack(p.preset()), p.measurable().clone());
        }
    }

    /** A {@link Subject} as it travels. */
    private record Packed(Serializable preset, boolean[] measurable) implements Serializable {}

    private static Cell cell(int f, int l, int p, int k, ObjectiveSpec spec, boolean measurable, Outcome[] at, Outcome[] preset) {
        if (!measurable) return new Cell(f, l, p, k, null, null, "n/a");
        double[] values = values(at, k);
        for (Outcome o : at) if (o instanceof Outcome.Failure failure) return new Cell(f, l, p, k, null, null, "failed: " + failure.reason());
        if (values == null) return new Cell(f, l, p, k, null, null, "failed: a replicate's value is not finite");
        Measurement m = new Measurement(List.of(spec), new double[][] {values});
        double[] own = values(preset, k);
        Interval d = own == null ? null : m.difference(new Measurement(List.of(spec), new double[][] {own}), 0);
        return new Cell(f, l, p, k, m, d, "ok");
    }

    /** @return objective k of every replicate, or null if one failed or is not finite. */
    private static double[] values(Outcome[] outcomes, int k) {
        double[] v = new double[outcomes.length];
        for (int r = 0; r < outcomes.length; r++) {
            if (!(outcomes[r] instanceof Outcome.Success ok) || !Double.isFinite(ok.value(k))) return null;
            v[r] = ok.value(k);
        }
        return v;
    }

    /** @return {@code own × m}, rounded to the nearest integer (at least 1 when own ≥ 1) if {@code own} is an integer. */
    private static Number scaled(Number own, double m) {
        if (own instanceof Integer || own instanceof Long) {
            long v = Math.round(own.longValue() * m);
            return own.longValue() >= 1 ? Math.max(1, v) : v;
        }
        return own.doubleValue() * m;
    }

    static String trim(double m) {
        String s = Double.toString(m);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

}
