package io.flocktune.cli;

import io.flocktune.api.Execution;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.sensitivity.Index;
import io.flocktune.tuner.sensitivity.Plan;
import io.flocktune.tuner.sensitivity.Sensitivity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code flocktune sensitivity}: Morris elementary effects or Sobol' indices of an experiment's
 * objectives over its parameters ({@link Sensitivity}); prints the ranking per objective and
 * where the report is.
 */
@Command(name = "sensitivity", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Which parameters matter: Morris elementary effects or Sobol' indices of an experiment's objectives.",
                "Every point is replicated on common seeds; writes samples.csv, indices.csv, charts and report.html."})
final class SensitivityCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME|FILE",
            description = "A built-in experiment or an experiment JSON file (default: default); its parameters, objectives and scenario are used.")
    String experiment;

    @Option(names = "--method", paramLabel = "morris|sobol", defaultValue = "morris",
            description = "Morris screening (cheap: r·(k+1) points) or Sobol' variance shares (N·(k+2) points) (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--trajectories", paramLabel = "R", defaultValue = "10",
            description = "Morris: trajectories, >= 2 (default: ${DEFAULT-VALUE}).")
    int trajectories;

    @Option(names = "--levels", paramLabel = "P", defaultValue = "4",
            description = "Morris: grid levels, even, >= 2 (default: ${DEFAULT-VALUE}).")
    int levels;

    @Option(names = "--candidates", paramLabel = "M",
            description = "Morris: candidate trajectories the R are chosen from for spread, >= R; R gives the plain random design (default: 4·R).")
    Integer candidates;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "128",
            description = "Sobol': rows N of Saltelli's matrices, >= 2, a power of two is best (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--replicates", paramLabel = "R", defaultValue = "4",
            description = "Simulations per point, >= 1, on the same seeds at every point (default: ${DEFAULT-VALUE}).")
    int replicates;

    @Mixin
    StudyOptions study;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        Execution execution = study.execution();
        PrintWriter err = spec.commandLine().getErr();
        Sensitivity.Options options = new Sensitivity.Options(execution.threads(), err, execution.runners());
        Sensitivity.Result result = Main.interruptibly(err, () -> run(options));
        print(result, spec.commandLine().getOut());
        return Main.OK;
    }

    /** Starts or resumes the analysis; on Ctrl-C says how to continue (samples.csv keeps the finished batches). */
    private Sensitivity.Result run(Sensitivity.Options options) throws InputException, InterruptedException {
        Path directory = study.resume;
        try {
            if (study.resume != null) {
                if (experiment != null || study.out != null || study.seed != null || spec.commandLine().getParseResult().originalArgs().stream()
                        .anyMatch(a -> List.of("--method", "--trajectories", "--levels", "--candidates", "--samples", "--replicates")
                                .contains(a.split("=", 2)[0]))) {
                    throw new InputException("--resume " + study.resume + ": takes only --threads, --executor and --master (the rest is in its sensitivity.json)");
                }
                return Sensitivity.resume(study.resume, options);
            }
            Plan.Method chosen = Plan.Method.of(method);
            if (chosen == null) throw new InputException("--method = " + method + ": must be morris or sobol");
            Experiment e = Experiments.resolve(experiment == null ? "default" : experiment);
            Plan plan;
            try {
                plan = new Plan(Plan.FORMAT, chosen, trajectories, levels, candidates == null ? 4 * trajectories : candidates, samples,
                        replicates, study.seed == null ? e.seed() : study.seed);
            } catch (IllegalArgumentException ex) {
                throw new InputException("--" + ex.getMessage(), ex);
            }
            directory = study.directory(e.name() + "-sensitivity-" + method);
            return Sensitivity.start(e, plan, directory, options);
        } catch (InterruptedException interrupted) {
            throw new InterruptedException("interrupted; " + directory.resolve("samples.csv")
                    + " keeps the finished simulations; continue with: ./flocktune sensitivity --resume " + directory);
        }
    }

    /** One line per objective: the parameters from most to least important (μ* or ST). */
    private static void print(Sensitivity.Result r, PrintWriter out) {
        boolean morris = r.plan().method() == Plan.Method.MORRIS;
        String measure = morris ? "muStar" : "ST";
        out.printf(Locale.ROOT, "sensitivity: %s (%s, %d simulations%s)%n", r.directory(), morris ? "Morris" : "Sobol'",
                r.simulations(), r.failed() > 0 ? ", " + r.failed() + " failed" : "");
        int width = r.experiment().objectives().stream().mapToInt(o -> o.spec().name().length()).max().orElse(10);
        for (int o = 0; o < r.experiment().objectives().size(); o++) {
            int objective = o;
            List<Index> ranked = r.indices().stream().filter(x -> x.objective() == objective && x.measure().equals(measure))
                    .sorted(Comparator.comparingDouble((Index x) -> Double.isNaN(x.value()) ? Double.NEGATIVE_INFINITY : x.value()).reversed())
                    .toList();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-" + width + "s  %s:", r.experiment().objectives().get(o).spec().name(),
                    morris ? "mu*" : "ST"));
            for (Index x : ranked) {
                line.append(String.format(Locale.ROOT, " %s %.3g [%.3g, %.3g];", r.experiment().parameters().get(x.parameter()).path(),
                        x.value(), x.low(), x.high()));
            }
            out.println(line.substring(0, line.length() - 1));
        }
        out.println("report: " + r.directory().resolve("report.html"));
        out.flush();
    }
}
