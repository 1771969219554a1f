package io.flocktune.tuner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.flocktune.objectives.Interval;
import io.flocktune.objectives.Measurement;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.StopRules;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
     * of the published budget where the peer states one as a number (0 when not).
     */
    record Published(String experiment, String tool, String figure, String runs, String wall, long publishedRuns) {}

    /** @return the peers' published results, in order */
    static List<Published> published() {
        try (InputStream in = PeersCommand.class.getResourceAsStream("/io/flocktune/tuner/peers.json")) {
            JsonNode root = JsonMapper.builder().build().readTree(in);
            List<Published> out = new ArrayList<>();
            for (JsonNode p : root.get("peers")) {
                out.add(new Published(p.get("experiment").asText(), p.get("tool").asText(), p.get("figure").asText(),
                        p.get("runs").asText(), p.get("wall").asText(), p.path("publishedRuns").asLong(0)));
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the built-in peers.json", e);
        }
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
        Path root = out != null ? out : Path.of("results", "peers-" + java.time.LocalDateTime.now()
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        List<Experiment> experiments = new ArrayList<>();
        for (String name : chosen) {
            Experiment e = scaled(Experiments.builtIn(name), budget);
            experiments.add(seed == null ? e : e.withSeed(seed));
        }
        boolean terminal = System.console() != null && System.console().isTerminal();
        int t = threads.count();
        Tuning.Options options = new Tuning.Options(t, terminal, err, true, io.flocktune.tuner.eval.RunnerFactory.local(t));
        for (Experiment e : experiments) {
            Path dir = root.resolve(e.name());
            long start = System.nanoTime();
            Tuning.Result result = Interruptible.run(err, () -> Tuning.start(e, dir, options));
            double wall = (System.nanoTime() - start) / 1e9;
            print(peers.get(e.name()), e, result, runs(new RunFiles(dir).history()), wall, threads.count(), stdout);
        }
        return Main.OK;
    }

    /** The experiment with {@code fraction} of its generations and model-run limit (at least one each where set). */
    static Experiment scaled(Experiment e, double fraction) {
        if (fraction == 1) return e;
        StopRules s = e.stop();
        return e.withStop(new StopRules(Math.max(1, Math.round(s.generations() * fraction)), s.steadyGenerations(),
                s.wallTime(), s.evaluations() == 0 ? 0 : Math.max(1, Math.round(s.evaluations() * fraction))));
    }

    /** @return model runs by role in a run's {@code history.csv} ({@code new}, {@code survivor}, {@code validation}, ...) */
    static Map<String, Long> runs(Path history) {
        Map<String, Long> byRole = new TreeMap<>();
        try (Reader reader = Files.newBufferedReader(history, StandardCharsets.UTF_8);
             CSVParser parser = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(reader)) {
            for (CSVRecord row : parser) byRole.merge(row.get("role"), 1L, Long::sum);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + history, e);
        }
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
