package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.api.Tune;
import io.flocktune.objectives.Interval;
import io.flocktune.objectives.Measurement;
import io.flocktune.sim.Check;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentEvaluator;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.StrictJson;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.Replication;
import io.flocktune.tuner.search.StopRules;
import io.flocktune.tuner.store.Study;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * {@code flocktune peers}: runs the peers' tuning experiments (NetLogo's Flocking with
 * BehaviorSearch, MASON's Flockers with ECJ, Reynolds' EvoFlock), each as published, and prints
 * each peer's published figure, model runs and wall time beside flocktune's: the best finalist's
 * first objective on fresh test seeds with its 95 % interval, the search's own estimate, the model
 * runs spent (search, then held-out selection and test) and the wall time of this run.
 */
@Command(name = "peers", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the peers' published tuning experiments and prints their figures beside flocktune's.",
                "Without names it runs all of them, in the order of --list."})
final class PeersCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "EXPERIMENT", description = "Peer experiments to run (default: all; see --list).")
    List<String> names = new ArrayList<>();

    @Option(names = "--list", description = "Lists the peer experiments and their published figures, runs nothing.")
    boolean list;

    @Option(names = "--budget", paramLabel = "F", defaultValue = "1",
            description = "Fraction of each experiment's published budget to spend, in (0, 1] (default 1): scales its "
                    + "generations and model-run limit, e.g. 0.1 for a quick look at a long experiment.")
    double budget;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of every run (default: each experiment's).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for the run directories, one per experiment (default: results/peers-<date-time>).")
    Path out;

    @Mixin
    ThreadsOption threads;

    @Spec
    CommandSpec spec;

    /**
     * A peer's published result, from {@code peers.json}; {@code publishedRuns} is the model runs
     * of the published budget where the peer states one as a number (0, its default, when not).
     */
    record Published(String experiment, String tool, String figure, String runs, String wall, Long publishedRuns) {
        Published {
            Check.present("experiment", experiment);
            Check.present("tool", tool);
            Check.present("figure", figure);
            Check.present("runs", runs);
            Check.present("wall", wall);
            publishedRuns = Objects.requireNonNullElse(publishedRuns, 0L);
        }
    }

    /** The file {@code peers.json}: a comment (where the figures come from) and the peers in order. */
    record PeersFile(String comment, List<Published> peers) {
        PeersFile {
            Check.present("comment", comment);
            peers = List.copyOf(Check.present("peers", peers));
        }
    }

    /** The built-in table of the peers' published results. */
    static final String PEERS = "/io/flocktune/tuner/peers.json";

    /** @return the peers' published results, in order */
    static List<Published> published() {
        try (InputStream in = PeersCommand.class.getResourceAsStream(PEERS)) {
            return published(new String(Objects.requireNonNull(in, PEERS).readAllBytes(), StandardCharsets.UTF_8), PEERS);
        } catch (IOException | InputException e) {
            throw new IllegalStateException("cannot read the built-in " + PEERS + ": " + e.getMessage(), e);
        }
    }

    /** @return the peers of a {@code peers.json} text, bound strictly ({@link StrictJson}) */
    static List<Published> published(String json, String source) throws InputException {
        return StrictJson.parse(StrictJson.builder().build(), json, source, PeersFile.class).peers();
    }

    @Override
    public Integer call() throws InputException, InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Map<String, Published> peers = new LinkedHashMap<>();
        for (Published p : published()) peers.put(p.experiment(), p);
        if (list) {
            for (Published p : peers.values()) {
                stdout.printf(Locale.ROOT, "%s  %s%n  published: %s; %s; %s%n", p.experiment(), p.tool(), p.figure(), p.runs(), p.wall());
            }
            stdout.flush();
            return Main.OK;
        }
        if (!(budget > 0 && budget <= 1)) throw new InputException("--budget " + budget + ": must be in (0, 1]");
        List<String> chosen = names.isEmpty() ? List.copyOf(peers.keySet()) : names;
        for (String name : chosen) {
            if (!peers.containsKey(name)) {
                throw new InputException("peers " + name + ": not a peer experiment; peer experiments: "
                        + String.join(", ", peers.keySet()));
            }
        }
        Path root = out != null ? out : StudyOptions.fresh("peers");
        List<Experiment> experiments = new ArrayList<>();
        for (String name : chosen) {
            Experiment e = scaled(Tune.builtIn(name).experiment(), budget);
            experiments.add(seed == null ? e : e.withSeed(seed));
        }
        for (Experiment e : experiments) Study.checkNew(root.resolve(e.name()), Tuning.KIND, true);   // before the first simulation
        boolean terminal = System.console() != null && System.console().isTerminal();
        Execution execution = threads.execution();
        int t = execution.threads();
        List<List<String>> table = new ArrayList<>();
        for (Experiment e : experiments) {
            Path dir = root.resolve(e.name());
            Experiment published = seed == null ? Tune.builtIn(e.name()).experiment() : Tune.builtIn(e.name()).withSeed(seed).experiment();
            if (budget < 1) err.println("peers: " + e.name() + ": " + reduced(published, e, budget));
            err.println("peers: " + e.name() + ": " + estimate(e, pilot(e), t));
            err.flush();
            long start = System.nanoTime();
            Tune tune = Tune.of(e).withExecution(execution).withLog(err).withProgressBar(terminal);
            Tuning.Result result = Main.interruptibly(err, () -> tune.run(dir));
            double wall = (System.nanoTime() - start) / 1e9;
            Map<String, Long> runs = runs(dir);
            print(peers.get(e.name()), e, result, runs, wall, t, stdout);
            table.add(row(peers.get(e.name()), e, result, runs, wall, t, budget));
            writeTable(root.resolve(TABLE), table);
        }
        stdout.println("table: " + root.resolve(TABLE));
        stdout.flush();
        return Main.OK;
    }

    /** The side-by-side table, beside the run directories. */
    static final String TABLE = "peers.csv";

    /** The columns of {@link #TABLE}: the published figures as text, flocktune's as numbers. */
    static final List<String> COLUMNS = List.of("experiment", "tool", "published_figure", "published_runs", "published_wall",
            "budget_fraction", "objective", "estimate", "ci_low", "ci_high", "test_seeds", "search_estimate", "search_runs",
            "check_runs", "wall_seconds", "threads", "directory");

    private static List<String> row(Published p, Experiment e, Tuning.Result r, Map<String, Long> runs, double wall, int threads,
                                    double budget) {
        long search = runs.getOrDefault("new", 0L) + runs.getOrDefault("survivor", 0L);
        long checks = runs.values().stream().mapToLong(Long::longValue).sum() - search;
        Measurement m = r.best().measurement();
        List<String> row = new ArrayList<>(List.of(e.name(), p.tool(), p.figure(), p.runs(), p.wall(), Table.number(budget)));
        if (m == null) {
            row.addAll(List.of("", "", "", "", "", ""));   // the best finalist failed a test replicate
        } else {
            Interval i = m.interval(0);
            row.addAll(List.of(m.specs().getFirst().name(), Table.number(i.estimate()), Table.number(i.low()), Table.number(i.high()),
                    Integer.toString(m.replicates()), Table.number(r.best().searchMeans()[0])));
        }
        row.addAll(List.of(Long.toString(search), Long.toString(checks), String.format(Locale.ROOT, "%.1f", wall),
                Integer.toString(threads), r.directory().toString()));
        return row;
    }

    private static void writeTable(Path file, List<List<String>> rows) throws InputException {
        StringBuilder text = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(text, Table.FORMAT)) {
            printer.printRecord(COLUMNS);
            for (List<String> row : rows) printer.printRecord(row);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        AtomicFile.write(file, text.toString());
    }

    /**
     * @return how far the reduced run is from the published budget, e.g. "2 % of the published
     *         budget: 1 of 50 generations, ...; its figures are not comparable with the published ones"
     */
    static String reduced(Experiment published, Experiment run, double fraction) {
        StopRules p = published.stop(), r = run.stop();
        String limit = p.evaluations() == 0 ? "" : ", a limit of " + r.evaluations() + " of " + p.evaluations() + " model runs";
        return String.format(Locale.ROOT, "%s of the published budget: %d of %d generations%s (at most %d of %d model runs in all);"
                        + " the search sees a fraction of what the peer's did, so its figure is not comparable with the published one",
                percent(fraction), r.generations(), p.generations(), limit, plannedRuns(run), plannedRuns(published));
    }

    private static String percent(double fraction) {
        return java.math.BigDecimal.valueOf(100 * fraction).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString() + " %";
    }

    /**
     * @return an upper bound of the model runs the experiment's budget allows: every candidate of
     *         generation 0 and of each later generation on {@code perEvaluation} seeds (with a
     *         model-run limit, at most the limit and one generation more), then every finalist on the held-out selection and test seeds, and the
     *         base preset on the test seeds
     */
    static long plannedRuns(Experiment e) {
        Replication r = e.replication();
        long search = (e.stop().generations() + 1) * e.genetics().population() * (long) r.perEvaluation();
        // the model-run limit is checked after each generation: a run may pass it by one generation
        if (e.stop().evaluations() > 0) search = Math.min(search, e.stop().evaluations() + e.genetics().population() * (long) r.perEvaluation());
        return search + (long) r.finalists() * (r.validationSeeds() + r.testSeeds()) + r.testSeeds();
    }

    /** @return seconds one model run of the experiment takes here: the mean of two runs at the middle of its space. */
    static double pilot(Experiment e) throws InputException {
        ExperimentEvaluator evaluator = ExperimentEvaluator.of(e);
        double[] middle = new double[e.parameters().size()];
        java.util.Arrays.fill(middle, 0.5);
        long start = System.nanoTime();
        try {
            for (long s = 1; s <= 2; s++) evaluator.evaluate(middle, s);
        } catch (Exception ex) {
            throw new InputException(e.name() + ": the pilot run of its base failed: " + ex.getMessage(), ex);
        }
        return (System.nanoTime() - start) / 2e9;
    }

    /** @return "at most N model runs; one takes S s here (2 pilot runs), so about T on K threads (a bound: ...)" */
    static String estimate(Experiment e, double secondsPerRun, int threads) {
        long runs = plannedRuns(e);
        double seconds = runs * secondsPerRun / threads;
        String time = seconds < 120 ? String.format(Locale.ROOT, "%.0f s", seconds)
                : seconds < 7200 ? String.format(Locale.ROOT, "%.0f min", seconds / 60) : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
        return String.format(Locale.ROOT, "at most %d model runs; one takes %.3g s here (2 pilot runs at the middle of its space),"
                + " so about %s on %d thread(s), less if a stop rule ends the search early", runs, secondsPerRun, time, threads);
    }

    /** The experiment with {@code fraction} of its generations and model-run limit (at least one each where set). */
    static Experiment scaled(Experiment e, double fraction) {
        if (fraction == 1) return e;
        StopRules s = e.stop();
        return e.withStop(new StopRules(Math.max(1, Math.round(s.generations() * fraction)), s.steadyGenerations(),
                s.wallTime(), s.evaluations() == 0 ? 0 : Math.max(1, Math.round(s.evaluations() * fraction))));
    }

    /** @return model runs by role in a run's {@code history.csv} ({@code new}, {@code survivor}, {@code validation}, ...) */
    static Map<String, Long> runs(Path runDirectory) throws InputException {
        Map<String, Long> byRole = new TreeMap<>();
        for (Tuning.HistoryRow row : Tune.history(runDirectory)) byRole.merge(row.role(), 1L, Long::sum);
        return byRole;
    }

    private static void print(Published p, Experiment e, Tuning.Result r, Map<String, Long> runs, double wall, int threads,
                              PrintWriter out) {
        Tuning.Finalist best = r.best();
        Measurement m = best.measurement();
        long search = runs.getOrDefault("new", 0L) + runs.getOrDefault("survivor", 0L);
        long checks = runs.values().stream().mapToLong(Long::longValue).sum() - search;
        out.printf(Locale.ROOT, "%s  %s%n", e.name(), p.tool());
        out.printf(Locale.ROOT, "  published: %s; %s; %s%n", p.figure(), p.runs(), p.wall());
        if (m == null) {
            out.printf(Locale.ROOT, "  flocktune: the best finalist failed a test replicate; see %s%n", r.directory());
        } else {
            Interval i = m.interval(0);
            String share = p.publishedRuns() > 0
                    ? String.format(Locale.ROOT, " (%.2g %% of the published %d)", 100.0 * search / p.publishedRuns(), p.publishedRuns())
                    : "";
            out.printf(Locale.ROOT, "  flocktune: %s %.4g [%.4g, %.4g] on %d fresh test seeds (search estimate %.4g); "
                            + "%d model runs in the search%s + %d held-out selection and test runs; %.1f s wall on %d thread(s); %s%n",
                    m.specs().getFirst().name(), i.estimate(), i.low(), i.high(), m.replicates(), best.searchMeans()[0],
                    search, share, checks, wall, threads, r.directory());
        }
        out.flush();
    }
}
