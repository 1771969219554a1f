package io.flocktune.tuner.compare;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.sim.Preset;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.PresetEvaluator;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.PresetJson;
import io.flocktune.tuner.report.Report;
import io.flocktune.tuner.run.Tuning;
import io.flocktune.tuner.search.Seeds;
import io.flocktune.tuner.store.Study;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Runs a comparison into a directory: tunes the "tune first" arms (each into
 * {@code tuning/ARM/}, through {@link Tuning}), then measures every arm on the same replicate
 * seeds, look by look, appending each look's rows to {@code replicates.csv} before analysing
 * it. A run killed at any moment resumes ({@link #resume}): the rows already written are kept,
 * a half-written last row is dropped, and the result is exactly that of an uninterrupted run.
 * Every replicate is a pure function of its arm and seed, so the results do not depend on the
 * thread count or on where the simulations run ({@link Options#runners}: this machine or Spark).
 *
 * <pre>{@code
 * Comparison c = Comparisons.builtIn("seeds");
 * Comparing.Result r = Comparing.start(c, Path.of("results/seeds"), new Comparing.Options(2, log, true));
 * r.analysis().pairs().forEach(p -> System.out.println(r.analysis().verdict(p)));
 * }</pre>
 */
public final class Comparing {
    private Comparing() {}

    /**
     * @param threads simulations at the same time, &ge; 1
     * @param log     progress lines and messages
     * @param report  whether to draw the charts and report.html at the end
     * @param runners where the simulations run, the tunings of "tune first" arms included:
     *                {@link RunnerFactory#local} on {@code threads} threads, or Spark
     */
    public record Options(int threads, PrintWriter log, boolean report, RunnerFactory runners) {
        /** Options that run the simulations on {@code threads} threads of this JVM. */
        public Options(int threads, PrintWriter log, boolean report) {
            this(threads, log, report, RunnerFactory.local(threads));
        }
    }

    /**
     * @param directory     the comparison directory
     * @param comparison    what was compared
     * @param presets       the preset each arm ran, in arm order
     * @param analysis      the statistics at the look the comparison stopped at
     * @param failed        replicates left out because an arm failed on them
     * @param initialStates null when every arm starts from the same initial state on a seed;
     *                      otherwise what differs between them
     */
    public record Result(Path directory, Comparison comparison, List<Preset> presets, Analysis analysis, int failed,
                         String initialStates) {}

    /**
     * Starts a comparison in {@code directory}, which must not exist or be empty.
     *
     * @throws InputException       unusable directory, or an arm that cannot run
     * @throws InterruptedException interrupted; the rows written so far are kept
     */
    public static Result start(Comparison c, Path directory, Options options) throws InputException, InterruptedException {
        for (int i = 0; i < c.arms().size(); i++) Study.checkName("arms[" + i + "].name", c.arms().get(i).name(), ".json");
        byte[] resolved = ComparisonJson.writeResolved(c).getBytes(StandardCharsets.UTF_8);
        try (Study study = Study.create(directory, KIND, resolved, true)) {
            return run(c, study, options);
        }
    }

    /** A comparison's directory: {@code comparison.json} is its input. */
    public static final Study.Kind KIND = new Study.Kind("compare", "comparison", "comparison.json", "COMPARISON");

    /**
     * Continues the comparison in {@code directory}: its finished tunings are kept, an
     * unfinished one (also one killed while drawing its report) is resumed, the replicates
     * already written are kept.
     *
     * @throws InputException no comparison there, or files that do not belong to it
     */
    public static Result resume(Path directory, Options options) throws InputException, InterruptedException {
        try (Study study = Study.resume(directory, KIND)) {
            Comparison c = ComparisonJson.read(new ComparisonFiles(directory).comparison());
            study.unfinish();   // finished again at its end
            return run(c, study, options);
        }
    }

    private static Result run(Comparison c, Study study, Options options) throws InputException, InterruptedException {
        ComparisonFiles files = new ComparisonFiles(study.root());
        try {
            Result result = measure(c, files, options);
            study.finish();   // after its tables and report
            return result;
        } catch (InterruptedException e) {
            throw new InterruptedException("interrupted; the replicates of the completed looks (and a tuning's last checkpoint)"
                    + " are kept in " + files.root() + "; continue with: ./flocktune compare --resume " + files.root());
        }
    }

    private static Result measure(Comparison c, ComparisonFiles files, Options options) throws InputException, InterruptedException {
        PrintWriter log = options.log();
        String warning = c.significanceWarning();
        if (warning != null) {
            log.println(c.name() + ": " + warning);
            log.flush();
        }
        if (options.report()) Report.prepare();
        List<Preset> presets = new ArrayList<>();
        Set<Long> used = new HashSet<>();
        for (int i = 0; i < c.arms().size(); i++) {
            Comparison.Arm arm = c.arms().get(i);
            Preset preset = switch (arm) {
                case Comparison.Arm.Fixed f -> f.preset();
                case Comparison.Arm.Tuned t -> tune(c, i, t, files, options, used);
            };
            presets.add(ComparisonJson.withBoids(preset, c.scenario(), "arm " + arm.name()));
        }
        try {
            Files.createDirectories(files.arms());
        } catch (IOException e) {
            throw new InputException(files.arms() + ": cannot create: " + e.getMessage(), e);
        }
        for (int i = 0; i < presets.size(); i++) {
            AtomicFile.write(files.arms().resolve(c.arms().get(i).name() + ".json"), PresetJson.write(presets.get(i)));
        }
        long[] seeds = replicateSeeds(c, used);
        String initialStates = initialStates(c, presets);
        if (initialStates != null) log.println("note: the arms do not share initial states (" + initialStates + ")");

        int arms = presets.size();
        Outcome[][] outcomes = new Outcome[c.replicates().max()][arms];
        long kept = readReplicates(c, files, seeds, outcomes);
        PresetEvaluator evaluator = new PresetEvaluator(c.scenario().steps(), c.objectives());
        List<Analysis> looks;
        try (TrialRunner runner = options.runners().open(c.timeLimit());
             Table rows = Table.open(files.replicates(), header(c), kept)) {
            looks = sequential(c, outcomes, (look, n) -> {
                List<Trial<Preset>> trials = new ArrayList<>();
                List<int[]> cells = new ArrayList<>();
                for (int r = 0; r < n; r++) {
                    for (int a = 0; a < arms; a++) {
                        if (outcomes[r][a] == null) {
                            trials.add(new Trial<>(presets.get(a), seeds[r]));
                            cells.add(new int[] {r, a});
                        }
                    }
                }
                if (trials.isEmpty()) return;
                log.printf(Locale.ROOT, "%s: look %d of at most %d, replicates %d (%d simulations)%n", c.name(), look + 1,
                        c.replicates().looks(), n, trials.size());
                List<Outcome> results = runner.run(evaluator, trials);
                for (int t = 0; t < results.size(); t++) {
                    int r = cells.get(t)[0], a = cells.get(t)[1];
                    outcomes[r][a] = results.get(t);
                    rows.row(row(c, a, r, seeds[r], results.get(t)));
                }
                rows.flush();
            });
        } catch (IOException e) {
            throw new InputException(files.root() + ": cannot write results: " + e.getMessage(), e);
        } catch (TooFewReplicates e) {
            throw new InputException(files.root() + ": " + e.getMessage() + "; the failures are in " + files.replicates(), e);
        }
        Analysis analysis = looks.getLast();
        int failed = analysis.failed();
        Result result = new Result(files.root(), c, presets, analysis, failed, initialStates);
        writeTables(result, looks, files);
        if (options.report()) ComparisonReport.write(files.root(), log);
        return result;
    }

    /** Measures the replicates below {@code n} that {@code outcomes} lacks, in place. */
    @FunctionalInterface
    interface Measure {
        void upTo(int look, int n) throws IOException, InterruptedException;
    }

    /** Fewer than 3 replicates ran on every arm. */
    static final class TooFewReplicates extends Exception {
        @java.io.Serial
        private static final long serialVersionUID = 1L;

        TooFewReplicates(String message) {
            super(message);
        }
    }

    /**
     * The sequential procedure: at look k, measure up to {@code replicates().at(k)} replicates,
     * analyse those that succeeded on every arm (a failed replicate leaves the pairing for every
     * arm), and stop once every hypothesis is settled or the maximum is reached.
     *
     * @param outcomes {@code outcomes[replicate][arm]}, null where not yet measured
     * @return the analysis of every look taken, the last one final
     */
    static List<Analysis> sequential(Comparison c, Outcome[][] outcomes, Measure measure)
            throws IOException, InterruptedException, TooFewReplicates {
        int arms = c.arms().size(), objectives = c.objectives().size();
        List<String> names = c.arms().stream().map(Comparison.Arm::name).toList();
        List<Analysis> looks = new ArrayList<>();
        for (int look = 0; look < c.replicates().looks(); look++) {
            int n = c.replicates().at(look);
            measure.upTo(look, n);
            List<Integer> usable = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                boolean ok = true;
                for (int a = 0; a < arms; a++) ok &= outcomes[r][a] instanceof Outcome.Success s && finite(s.values());
                if (ok) usable.add(r);
            }
            if (usable.size() < 3) throw new TooFewReplicates("only " + usable.size() + " of " + n + " replicates ran on every arm");
            double[][][] values = new double[arms][objectives][usable.size()];
            for (int a = 0; a < arms; a++) {
                for (int u = 0; u < usable.size(); u++) {
                    double[] v = ((Outcome.Success) outcomes[usable.get(u)][a]).values();
                    for (int k = 0; k < objectives; k++) values[a][k][u] = v[k];
                }
            }
            Analysis analysis = Analysis.of(names, c.objectives(), values, n - usable.size(), look, c.replicates().looks(),
                    c.alpha(), c.bootstrap(), c.seed());
            looks.add(analysis);
            if (analysis.settled() || n == c.replicates().max()) break;
        }
        return looks;
    }

    /** Tunes (or finishes tuning, or reads the finished tuning of) a "tune first" arm. */
    private static Preset tune(Comparison c, int index, Comparison.Arm.Tuned arm, ComparisonFiles files, Options options,
                               Set<Long> used) throws InputException, InterruptedException {
        Path directory = files.tuning(arm.name());
        Path best = directory.resolve("best").resolve("best.json");
        Preset preset;
        Tuning.Options tuning = new Tuning.Options(options.threads(), false, options.log(), options.report(), options.runners())
                .withReporter(Report.TUNING);
        if (Study.finished(directory) && Files.isRegularFile(best)) {
            preset = PresetJson.read(best);
        } else if (Files.isRegularFile(directory.resolve("experiment.json"))) {
            options.log().println(c.name() + ": continuing the tuning of arm " + arm.name() + " in " + directory);
            preset = Tuning.resume(directory, tuning).best().preset();
        } else {
            options.log().println(c.name() + ": tuning arm " + arm.name() + " first, into " + directory);
            Experiment e = arm.experiment().withSeed(Seeds.tuningArm(c.seed(), index));
            preset = Tuning.start(e, directory, tuning).best().preset();
        }
        used.addAll(tuningSeeds(directory.resolve("history.csv")));
        return preset;
    }

    /** @return every simulation seed in a tuning run's history (training, validation and baseline). */
    static Set<Long> tuningSeeds(Path history) throws InputException {
        Set<Long> seeds = new HashSet<>();
        try (Reader in = Files.newBufferedReader(history, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.parse(in, CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get())) {
            for (CSVRecord r : parser) seeds.add(Long.parseLong(r.get("seed")));
        } catch (IOException | IllegalArgumentException e) {
            throw new InputException(history + ": cannot read the tuning history: " + e.getMessage(), e);
        }
        return seeds;
    }

    /**
     * The replicate seeds: candidates {@link Seeds#comparison} 0, 1, 2, … in order, skipping any
     * seed in {@code used} (the seeds of the tunings) or already taken, so the comparison runs
     * on fresh seeds only.
     */
    static long[] replicateSeeds(Comparison c, Set<Long> used) {
        long[] seeds = new long[c.replicates().max()];
        Set<Long> taken = new HashSet<>(used);
        int r = 0;
        for (long j = 0; r < seeds.length; j++) {
            long s = Seeds.comparison(c.seed(), j);
            if (taken.add(s)) seeds[r++] = s;
        }
        return seeds;
    }

    /** @return null if every arm draws the same initial state from a seed, else what differs. */
    static String initialStates(Comparison c, List<Preset> presets) {
        Preset first = presets.getFirst();
        for (int i = 1; i < presets.size(); i++) {
            Preset p = presets.get(i);
            List<String> differ = new ArrayList<>();
            if (p.world().dimension() != first.world().dimension()) differ.add("world.dimension");
            if (p.boids().count() != first.boids().count()) differ.add("boids.count");
            if (Math.min(p.boids().spawnSize(), p.world().size()) != Math.min(first.boids().spawnSize(), first.world().size())) {
                differ.add("boids.spawnSize");
            }
            if (p.boids().initialSpeed() != first.boids().initialSpeed()) differ.add("boids.initialSpeed");
            if (p.predatorCount() != first.predatorCount()) differ.add("predators.count");
            else if (p.predatorCount() > 0 && p.world().size() != first.world().size()) differ.add("world.size (predators' positions)");
            if (!differ.isEmpty()) {
                return c.arms().get(i).name() + " differs from " + c.arms().getFirst().name() + " in " + String.join(", ", differ);
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ replicates.csv

    static List<String> header(Comparison c) {
        List<String> h = new ArrayList<>(List.of("arm", "replicate", "seed"));
        for (ObjectiveSpec o : c.objectives()) h.add(o.name());
        h.addAll(List.of("status", "reason"));
        return h;
    }

    private static List<String> row(Comparison c, int arm, int replicate, long seed, Outcome outcome) {
        List<String> row = new ArrayList<>(List.of(c.arms().get(arm).name(), Integer.toString(replicate), Long.toString(seed)));
        switch (outcome) {
            case Outcome.Success ok -> {
                for (double v : ok.values()) row.add(Table.number(v));
                row.add(finite(ok.values()) ? "ok" : "failed");
                row.add(finite(ok.values()) ? "" : "a non-finite objective value");
            }
            case Outcome.Failure f -> {
                for (int k = 0; k < c.objectives().size(); k++) row.add("");
                row.add("failed");
                row.add(f.reason());
            }
        }
        return row;
    }

    private static boolean finite(double[] values) {
        for (double v : values) if (!Double.isFinite(v)) return false;
        return true;
    }

    /**
     * Reads the rows a previous session wrote into {@code outcomes}, up to the last complete
     * line, and checks that they are this comparison's (arm names, seeds, order).
     *
     * @return the length in bytes to keep, or −1 when there is no file yet
     */
    private static long readReplicates(Comparison c, ComparisonFiles files, long[] seeds, Outcome[][] outcomes)
            throws InputException {
        Path file = files.replicates();
        if (!Files.isRegularFile(file)) return -1;
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        }
        int complete = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                complete = i + 1;
                break;
            }
        }
        String text = new String(bytes, 0, complete, StandardCharsets.UTF_8);
        List<String> header = header(c);
        if (text.isEmpty()) return -1;
        Map<String, Integer> armIndex = new LinkedHashMap<>();
        for (int a = 0; a < c.arms().size(); a++) armIndex.put(c.arms().get(a).name(), a);
        try (CSVParser parser = CSVParser.parse(new StringReader(text), Table.FORMAT)) {
            int line = 0;
            for (CSVRecord r : parser) {
                line++;
                if (line == 1) {
                    if (!r.toList().equals(header)) throw new InputException(file + ": line 1: expected the header " + header);
                    continue;
                }
                if (r.size() != header.size()) throw new InputException(file + ": line " + line + ": expected " + header.size() + " cells");
                Integer a = armIndex.get(r.get(0));
                int replicate = Integer.parseInt(r.get(1));
                if (a == null || replicate < 0 || replicate >= seeds.length || Long.parseLong(r.get(2)) != seeds[replicate]
                        || outcomes[replicate][a] != null) {
                    throw new InputException(file + ": line " + line + ": not a row of this comparison (arm, replicate or seed)");
                }
                int k = c.objectives().size();
                String status = r.get(3 + k);
                if (status.equals("ok") || (status.equals("failed") && !r.get(3).isEmpty())) {
                    double[] v = new double[k];
                    for (int j = 0; j < k; j++) v[j] = Double.parseDouble(r.get(3 + j));
                    outcomes[replicate][a] = new Outcome.Success(v, 0);
                } else {
                    outcomes[replicate][a] = new Outcome.Failure(r.get(4 + k), 0);
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        }
        return complete;
    }

    // ------------------------------------------------------------------ summary.csv, pairs.csv, looks.csv

    private static void writeTables(Result result, List<Analysis> looks, ComparisonFiles files) throws InputException {
        Analysis a = result.analysis();
        StringBuilder summary = new StringBuilder();
        StringBuilder pairs = new StringBuilder();
        StringBuilder lookRows = new StringBuilder();
        try (CSVPrinter s = new CSVPrinter(summary, Table.FORMAT);
             CSVPrinter p = new CSVPrinter(pairs, Table.FORMAT);
             CSVPrinter l = new CSVPrinter(lookRows, Table.FORMAT)) {
            s.printRecord("arm", "objective", "direction", "replicates", "mean", "sd", "ci_low", "ci_high");
            for (int arm = 0; arm < a.arms().size(); arm++) {
                Measurement m = a.measurements().get(arm);
                for (int k = 0; k < a.specs().size(); k++) {
                    double[] ci = m.ci95(k);
                    s.printRecord(a.arms().get(arm), a.specs().get(k).name(), a.specs().get(k).direction().text(), m.replicates(),
                            Table.number(m.mean(k)), Table.number(m.sd(k)), Table.number(ci[0]), Table.number(ci[1]));
                }
            }
            p.printRecord("arm_a", "arm_b", "objective", "replicates", "mean_difference", "nonzero_differences", "w_plus",
                    "p_method", "p", "p_holm", "alpha_look", "significant", "a12", "a12_low", "a12_high", "negligible", "verdict");
            for (Analysis.Pair pair : a.pairs()) {
                p.printRecord(a.arms().get(pair.a()), a.arms().get(pair.b()), a.specs().get(pair.objective()).name(), a.replicates(),
                        Table.number(pair.meanDifference()), pair.wilcoxon().nonZero(), Table.number(pair.wilcoxon().wPlus()),
                        pair.wilcoxon().method().text(), Table.number(pair.wilcoxon().p()), Table.number(pair.pHolm()),
                        Table.number(a.alphaLook()), pair.significant(), Table.number(pair.a12()), Table.number(pair.a12Low()),
                        Table.number(pair.a12High()), pair.negligible(), a.verdict(pair));
            }
            l.printRecord("look", "replicates", "alpha_look", "significant", "negligible", "open", "stopped");
            for (Analysis look : looks) {
                long significant = look.pairs().stream().filter(Analysis.Pair::significant).count();
                long negligible = look.pairs().stream().filter(x -> !x.significant() && x.negligible()).count();
                l.printRecord(look.look() + 1, look.replicates(), Table.number(look.alphaLook()), significant, negligible,
                        look.pairs().size() - significant - negligible, look == a);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        AtomicFile.write(files.summary(), summary.toString());
        AtomicFile.write(files.pairs(), pairs.toString());
        AtomicFile.write(files.looks(), lookRows.toString());
    }
}
