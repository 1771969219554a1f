package io.flocktune.tuner.sensitivity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.objectives.Objectives;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentEvaluator;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Objective;
import io.flocktune.tuner.io.AtomicFile;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.io.StrictJson;
import io.flocktune.tuner.run.Countdown;
import io.flocktune.tuner.run.Versions;
import io.flocktune.tuner.space.Parameter;
import io.flocktune.tuner.space.ParameterSpace;
import io.flocktune.tuner.store.Study;
import io.flocktune.tuner.store.Table;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs a sensitivity analysis of an experiment's objectives over its parameter space into a
 * results directory: every point of the {@link Design} is simulated {@code replicates} times
 * with the same replicate seeds ({@link Objectives#replicateSeed}) at every point (common random
 * numbers: the noise of two points is as alike as the model allows, so their difference is
 * mostly the parameters'), and a point's value is the mean over its replicates (NaN if one
 * failed).
 *
 * <p>Files: {@code experiment.json} (the experiment, resolved), {@code sensitivity.json} (the
 * {@link Plan} and the versions), {@code samples.csv} (every simulation: point, replicate, seed,
 * the parameter values, the objectives, status), {@code indices.csv}, {@code charts/} and
 * {@code report.html}. {@code samples.csv} grows batch by batch and is the resume state: after a
 * crash, {@link #resume} re-reads its complete rows and runs only what is missing, ending with the
 * files of an uninterrupted run. Every other file is written whole or not at all. Simulations
 * run in parallel, on this machine or on Spark ({@link Options#runners}); every file but the
 * timings is the same for any thread count and either executor.
 *
 * <pre>{@code
 * Plan plan = new Plan(Plan.FORMAT, Plan.Method.MORRIS, 10, 4, 40, 2, 4, 1);
 * Sensitivity.Result r = Sensitivity.start(Experiments.builtIn("default"), plan, Path.of("results/s"),
 *         new Sensitivity.Options(4, new PrintWriter(System.err, true)));
 * }</pre>
 */
public final class Sensitivity {
    private Sensitivity() {}

    static final JsonMapper JSON = StrictJson.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    /** Simulations per batch of {@code samples.csv} rows, at least: a batch is the unit of resumption. */
    static final int BATCH = 64;

    /**
     * @param threads simulations at the same time, &ge; 1
     * @param log     progress lines
     * @param runners where the simulations run: {@link RunnerFactory#local} on {@code threads}
     *                threads, or Spark
     */
    public record Options(int threads, PrintWriter log, RunnerFactory runners) {
        /** Options that run the simulations on {@code threads} threads of this JVM. */
        public Options(int threads, PrintWriter log) {
            this(threads, log, RunnerFactory.local(threads));
        }
    }

    /**
     * @param directory   the results directory
     * @param experiment  the experiment analysed
     * @param plan        the settings
     * @param indices     every index, by objective, parameter and measure
     * @param simulations simulations in {@code samples.csv}
     * @param failed      failed simulations among them
     */
    public record Result(Path directory, Experiment experiment, Plan plan, List<Index> indices, int simulations, int failed) {}

    /**
     * Starts an analysis in {@code directory}, which must not exist or be empty. Everything is
     * checked before the first file is written.
     *
     * @throws InputException       bad experiment or plan, or an unusable directory
     * @throws InterruptedException interrupted; {@code samples.csv} holds the complete batches
     */
    public static Result start(Experiment e, Plan plan, Path directory, Options options) throws InputException, InterruptedException {
        Setup setup = setup(e, plan);
        ObjectNode settings = JSON.valueToTree(plan);
        settings.set("versions", Versions.json());
        Map<String, byte[]> inputs = new LinkedHashMap<>();
        inputs.put("experiment.json", ExperimentJson.write(e).getBytes(StandardCharsets.UTF_8));
        inputs.put(KIND.input(), (settings.toPrettyString() + "\n").getBytes(StandardCharsets.UTF_8));
        try (Study study = Study.create(directory, KIND, inputs, true)) {
            return run(e, plan, setup, study, options);
        }
    }

    /** A sensitivity analysis's directory: {@code sensitivity.json} (with {@code experiment.json}) is its input. */
    public static final Study.Kind KIND = new Study.Kind("sensitivity", "sensitivity", "sensitivity.json", "EXPERIMENT");

    /**
     * Continues the analysis in {@code directory} from the complete rows of its {@code samples.csv}.
     *
     * @throws InputException not a sensitivity directory, or a damaged one
     */
    public static Result resume(Path directory, Options options) throws InputException, InterruptedException {
        try (Study study = Study.resume(directory, KIND)) {
            Path settings = study.file(KIND.input());
            if (!Files.isRegularFile(directory.resolve("experiment.json"))) {
                throw new InputException(directory + ": not a sensitivity directory (no sensitivity.json and experiment.json)");
            }
            JsonNode tree = StrictJson.readTree(JSON, StrictJson.readText(settings), settings.toString());
            if (tree instanceof ObjectNode o) o.remove("versions");
            Plan plan = StrictJson.bind(JSON, tree, Plan.class, settings.toString());
            Experiment e = ExperimentJson.read(directory.resolve("experiment.json"));
            study.unfinish();   // finished again at its end
            return run(e, plan, setup(e, plan), study, options);
        }
    }

    /** What a run needs, all checked: the parameter space, the design and its points. */
    private record Setup(ParameterSpace space, Design design, double[][] points, long[] seeds) {}

    private static Setup setup(Experiment e, Plan plan) throws InputException {
        ParameterSpace space = ParameterSpace.of(e.effectiveBase(), e.parameters(), e.name() + ": parameters");
        Design design;
        try {
            design = plan.design(space.size());
        } catch (IllegalArgumentException ex) {
            throw new InputException(e.name() + ": " + ex.getMessage(), ex);
        }
        long[] seeds = new long[plan.replicates()];
        for (int r = 0; r < seeds.length; r++) seeds[r] = Objectives.replicateSeed(plan.seed(), r);
        return new Setup(space, design, design.points(), seeds);
    }

    private static Result run(Experiment e, Plan plan, Setup setup, Study study, Options options)
            throws InputException, InterruptedException {
        Path directory = study.root();
        int points = setup.points().length, replicates = plan.replicates(), objectives = e.objectives().size();
        int total = points * replicates;
        Outcome[] outcomes = new Outcome[total];
        Path samples = directory.resolve("samples.csv");
        long keep = readSamples(samples, e, setup, outcomes);
        int done = 0;
        while (done < total && outcomes[done] != null) done++;
        // the search's objective function (genes through the experiment's space, across its scenarios), portable to Spark
        ExperimentEvaluator evaluator = ExperimentEvaluator.of(e);
        try (TrialRunner runner = options.runners().open(e.timeLimit());
             Table out = Table.open(samples, header(e), keep)) {
            int batch = Math.max(BATCH, 8 * runner.parallelism());
            if (done > 0) options.log().printf(Locale.ROOT, "sensitivity: resuming after %d of %d simulations%n", done, total);
            Countdown progress = new Countdown(options.log(), "sensitivity", done, total);
            while (done < total) {
                int end = Math.min(total, done + batch);
                List<Trial<double[]>> trials = new ArrayList<>();
                for (int t = done; t < end; t++) trials.add(new Trial<>(setup.points()[t / replicates], setup.seeds()[t % replicates]));
                List<Outcome> results = runner.run(evaluator, trials);
                for (int t = done; t < end; t++) {
                    outcomes[t] = results.get(t - done);
                    out.row(row(e, setup, t / replicates, t % replicates, outcomes[t]));
                }
                out.flush();
                done = end;
                progress.to(done);
            }
        } catch (IOException | java.io.UncheckedIOException ex) {
            // Ctrl-C while a batch was being written: the interrupt closed the file; the rows before it are kept
            if (AtomicFile.interrupted(ex)) throw new InterruptedException("interrupted while writing " + samples);
            throw new InputException(samples + ": cannot write: " + ex.getMessage(), ex);
        }

        double[][] values = new double[points][objectives];
        int failed = 0;
        for (int p = 0; p < points; p++) {
            for (int o = 0; o < objectives; o++) {
                double sum = 0;
                for (int r = 0; r < replicates; r++) {
                    sum += outcomes[p * replicates + r] instanceof Outcome.Success ok ? ok.value(o) : Double.NaN;
                }
                values[p][o] = Double.isFinite(sum) ? sum / replicates : Double.NaN;
            }
        }
        for (Outcome o : outcomes) if (o instanceof Outcome.Failure) failed++;
        List<Index> indices = setup.design().analyze(values, objectives, plan.seed());
        for (String warning : warnings(e, indices)) options.log().println(warning);
        options.log().flush();
        AtomicFile.write(directory.resolve("indices.csv"), indicesCsv(e, indices));
        Result result = new Result(directory, e, plan, indices, total, failed);
        SensitivityReport.write(result);
        study.finish();   // after its tables and report
        return result;
    }

    /**
     * Sobol' indices are fractions of variance, in [0, 1]; an estimate outside [0, 1] whose whole
     * bootstrap interval lies outside too is not sampling noise around a true value in range: the
     * design has too few samples for that index (or the objective is dominated by noise).
     *
     * @return one warning line per such index, naming it, its value and interval, and the remedy
     */
    static List<String> warnings(Experiment e, List<Index> indices) {
        List<String> warnings = new ArrayList<>();
        for (Index x : indices) {
            if (!(x.measure().equals("S1") || x.measure().equals("ST"))) continue;
            boolean below = x.high() < 0, above = x.low() > 1;
            if (!below && !above) continue;
            warnings.add(String.format(Locale.ROOT, "sensitivity: warning: %s of %s on %s = %.3g [%.3g, %.3g] lies %s [0, 1] with its"
                            + " whole interval: too few samples for this index; raise --samples (or --replicates, if the objective"
                            + " is noisy) and do not read it as a share of variance",
                    x.measure(), e.parameters().get(x.parameter()).path(), e.objectives().get(x.objective()).spec().name(),
                    x.value(), x.low(), x.high(), below ? "below" : "above"));
        }
        return warnings;
    }

    /** {@code samples.csv}: point, replicate, seed, one column per parameter (value, or a choice's label), one per objective, status, reason. */
    static List<String> header(Experiment e) {
        List<String> h = new ArrayList<>(List.of("point", "replicate", "seed"));
        for (Parameter p : e.parameters()) h.add(p.path());
        for (Objective o : e.objectives()) h.add(o.spec().name());
        h.addAll(List.of("status", "reason"));
        return h;
    }

    private static List<String> row(Experiment e, Setup setup, int point, int replicate, Outcome outcome) {
        List<String> row = new ArrayList<>(List.of(Integer.toString(point), Integer.toString(replicate),
                Long.toString(setup.seeds()[replicate])));
        double[] genes = setup.points()[point];
        for (int k = 0; k < genes.length; k++) {
            Parameter p = setup.space().parameters().get(k);
            row.add(p instanceof Parameter.Choice ? p.label(genes[k]) : Table.number(p.numeric(genes[k])));
        }
        switch (outcome) {
            case Outcome.Success ok -> {
                for (double v : ok.values()) row.add(Table.number(v));
                row.addAll(List.of("ok", ""));
            }
            case Outcome.Failure f -> {
                for (int o = 0; o < e.objectives().size(); o++) row.add("");
                row.addAll(List.of("failed", f.reason()));
            }
        }
        return row;
    }

    /**
     * Reads the complete rows of an existing {@code samples.csv} into {@code outcomes}.
     *
     * @return the byte length of the header and complete rows to keep, or -1 to start afresh
     * @throws InputException if a row does not belong to this analysis
     */
    private static long readSamples(Path samples, Experiment e, Setup setup, Outcome[] outcomes) throws InputException {
        if (!Files.isRegularFile(samples)) return -1;
        String text;
        try {
            text = Files.readString(samples, StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new InputException(samples + ": cannot read: " + ex.getMessage(), ex);
        }
        int end = text.lastIndexOf('\n') + 1;   // a row cut by a crash has no line end yet
        String complete = text.substring(0, end);
        List<String> header = header(e);
        int objectives = e.objectives().size(), replicates = setup.seeds().length, parameters = setup.space().size();
        int row = 0;
        try (CSVParser parser = CSVParser.parse(complete, Table.FORMAT)) {
            for (CSVRecord record : parser) {
                if (record.getRecordNumber() == 1) {
                    if (!record.toList().equals(header)) throw new InputException(samples + ": header does not match the experiment");
                    continue;
                }
                if (row >= outcomes.length || record.size() != header.size()
                        || Integer.parseInt(record.get(0)) != row / replicates || Integer.parseInt(record.get(1)) != row % replicates
                        || Long.parseLong(record.get(2)) != setup.seeds()[row % replicates]) {
                    throw new InputException(samples + ": row " + (row + 2) + " does not belong to this analysis");
                }
                int first = 3 + parameters;
                if ("ok".equals(record.get(first + objectives))) {
                    double[] v = new double[objectives];
                    for (int o = 0; o < objectives; o++) v[o] = Double.parseDouble(record.get(first + o));
                    outcomes[row] = new Outcome.Success(v, 0);
                } else {
                    outcomes[row] = new Outcome.Failure(record.get(first + objectives + 1), 0);
                }
                row++;
            }
        } catch (IOException | RuntimeException ex) {
            throw new InputException(samples + ": damaged: " + firstLine(ex.getMessage()), ex);
        }
        if (row == 0 && complete.isEmpty()) return -1;
        return complete.getBytes(StandardCharsets.UTF_8).length;
    }

    /** {@code indices.csv}: objective, parameter, measure, value, ci_low, ci_high (95 % bootstrap), samples. */
    private static String indicesCsv(Experiment e, List<Index> indices) {
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(csv, Table.FORMAT)) {
            out.printRecord("objective", "parameter", "measure", "value", "ci_low", "ci_high", "samples");
            for (Index x : indices) {
                out.printRecord(e.objectives().get(x.objective()).spec().name(), e.parameters().get(x.parameter()).path(),
                        x.measure(), Table.number(x.value()), Table.number(x.low()), Table.number(x.high()), x.samples());
            }
        } catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        return csv.toString();
    }

    static String firstLine(String message) {
        return message == null ? "(no message)" : message.lines().findFirst().orElse("").strip();
    }

    /** @return the plan as JSON text, for the report. */
    static String json(Plan plan) {
        try {
            return JSON.writeValueAsString(plan);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
