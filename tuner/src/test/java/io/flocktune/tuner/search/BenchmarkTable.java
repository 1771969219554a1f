package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.experiment.Experiments;
import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the benchmark table of the README (see {@link Benchmark} for the protocol). Runs only
 * when asked, e.g.
 * <pre>
 * mvn -o -B -pl tuner -am test -Dtest=BenchmarkTable -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dbenchmark.problems=default,seed001 -Dbenchmark.k=5 -Dbenchmark.budget=1 \
 *     -Dbenchmark.testSeeds=100 -Dbenchmark.threads=2 -Dbenchmark.out=target/benchmark.md
 * </pre>
 * {@code benchmark.problems}: built-in experiment names, experiment files, or a test resource
 * named in {@link #RESOURCES} ({@code cheap}, the CI problem; {@code reynolds-full}, twelve genes); {@code benchmark.budget}: multiple of each problem's
 * {@link Benchmark#nominalBudget nominal budget}; run seeds are 1..k, or from..from + k − 1 with
 * {@code benchmark.from} (e.g. more run seeds for methods measured before). The table gives each
 * method's share of the gap between the base preset and the best pick of the table that it
 * closes; the base preset is measured on the same test seeds.
 *
 * <p>{@code benchmark.logs=A,B} tables runs again from earlier outputs of this class instead of
 * running them ({@code benchmark.problems} still selects the problems), with
 * {@code benchmark.labels=1x,4x} appended to their method names ({@code ga@1x}) and
 * {@code benchmark.first} the method every other is paired against, e.g. a method at 4× against
 * itself at 1× on the same run seeds.
 */
@EnabledIfSystemProperty(named = "benchmark.problems", matches = ".+")
class BenchmarkTable {

    /**
     * The methods, first the one every other is paired against ({@code benchmark.methods}:
     * comma-separated {@code kind} or {@code kind:finalists}, e.g. {@code ga,ga:population,random:both}, each optionally
     * with {@code +race} (pool 15, rounds of 5, alpha 0.05) or {@code +race(POOL;ROUND;ALPHA)}: the finalist stage as a {@link Race};
     * and then optionally {@code /vN}: N held-out seeds per finalist instead of the experiment's, e.g. {@code ga/v96},
     * {@code /pN}: a population of N, {@code /rN}: N replicates per new candidate, e.g. {@code ga/p40/r4},
     * {@code /mN}: the adaptive search's model from N candidates, e.g. {@code adaptive/m400}).
     */
    static final List<Benchmark.Method> METHODS = java.util.Arrays.stream(System.getProperty("benchmark.methods", "model,ga,random").split(","))
            .map(String::trim).map(BenchmarkTable::method).toList();

    static Benchmark.Method method(String name) {
        String[] options = name.split("/");   // e.g. ga/v96/p40/r4: held-out seeds per finalist, population, replicates
        int validationSeeds = 0, population = 0, perEvaluation = 0, modelFrom = 0;
        for (String o : java.util.Arrays.asList(options).subList(1, options.length)) {
            int n = Integer.parseInt(o.substring(1));
            switch (o.charAt(0)) {
                case 'v' -> validationSeeds = n;
                case 'p' -> population = n;
                case 'r' -> perEvaluation = n;
                case 'm' -> modelFrom = n;
                default -> throw new IllegalArgumentException(name + ": unknown option /" + o);
            }
        }
        String[] raced = options[0].split("\\+race", -1);   // e.g. ga+race or ga:both+race(15;5;0.05): pool, round, alpha
        String[] parts = raced[0].split(":");
        Strategy s = java.util.Objects.requireNonNull(Strategy.ofKind(parts[0]), name);
        if (parts.length > 1) s = s.withFinalists(java.util.Objects.requireNonNull(Strategy.Finalists.ofJson(parts[1]), name));
        if (modelFrom > 0) s = new Strategy.Adaptive(s.finalists(), modelFrom);
        if (raced.length == 1) return new Benchmark.Method(name, s, null, validationSeeds, population, perEvaluation);
        String[] settings = raced[1].isEmpty() ? new String[] {"15", "5", "0.05"} : raced[1].replaceAll("[()]", "").split(";");
        return new Benchmark.Method(name, s, new Race(Integer.parseInt(settings[0]), Integer.parseInt(settings[1]),
                Double.parseDouble(settings[2])), validationSeeds, population, perEvaluation);
    }

    /** Benchmark problems that are test resources next to this class ({@code NAME.json}). */
    static final List<String> RESOURCES = List.of("cheap", "reynolds-full", "variants");

    /** @return the CI problem, a test resource. */
    static Benchmark.Problem cheap() {
        return resource("cheap");
    }

    /** @return the benchmark problem in the test resource {@code name.json}. */
    static Benchmark.Problem resource(String name) {
        try (InputStream in = BenchmarkTable.class.getResourceAsStream(name + ".json")) {
            return new Benchmark.Problem(name, ExperimentJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name + ".json", null));
        } catch (IOException | InputException e) {
            throw new IllegalStateException(e);
        }
    }

    static Benchmark.Problem problem(String name) throws InputException {
        if (RESOURCES.contains(name)) return resource(name);
        Experiment e = Experiments.resolve(name);
        return new Benchmark.Problem(e.name(), e);
    }

    @Test
    void writeTable() throws Exception {
        List<String> names = Arrays.asList(System.getProperty("benchmark.problems").split(","));
        int k = Integer.parseInt(System.getProperty("benchmark.k", "5"));
        long from = Long.parseLong(System.getProperty("benchmark.from", "1"));
        double budget = Double.parseDouble(System.getProperty("benchmark.budget", "1"));
        int testSeeds = Integer.parseInt(System.getProperty("benchmark.testSeeds", "100"));
        int threads = Integer.parseInt(System.getProperty("benchmark.threads", String.valueOf(LocalRunner.availableThreads())));
        Path out = Path.of(System.getProperty("benchmark.out", "target/benchmark.md"));
        String logs = System.getProperty("benchmark.logs", "");
        List<Benchmark.Run> runs = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        Map<String, Double> bases = new LinkedHashMap<>();
        StringBuilder log = new StringBuilder();
        String header;
        if (!logs.isEmpty()) {
            // tabled again from earlier runs' logs, e.g. the same methods at two budgets: ga@1x, ga@4x
            String[] files = logs.split(",");
            String[] labels = System.getProperty("benchmark.labels", "").split(",");
            for (int f = 0; f < files.length; f++) {
                String suffix = labels.length == files.length && !labels[f].isBlank() ? "@" + labels[f].strip() : "";
                for (String line : Files.readAllLines(Path.of(files[f].strip()))) {
                    Benchmark.Run r = Benchmark.parse(line, suffix);
                    if (r == null || !names.contains(r.problem())) continue;
                    runs.add(r);
                    if (!methods.contains(r.method())) methods.add(r.method());
                    log.append(Benchmark.logLine(r)).append('\n');
                }
            }
            String first = System.getProperty("benchmark.first", "");   // the method every other is paired against
            if (methods.remove(first)) methods.addFirst(first);
            header = String.format(Locale.ROOT, "from the logs %s, %d test seeds%n%n", logs, testSeeds);
        } else {
            methods.addAll(METHODS.stream().map(Benchmark.Method::name).toList());
            for (String name : names) {
                Benchmark.Problem p = problem(name.strip());
                long b = Math.round(budget * Benchmark.nominalBudget(p.experiment()));
                for (long seed = from; seed < from + k; seed++) {
                    for (Benchmark.Method m : METHODS) {
                        Benchmark.Run r = Benchmark.run(p, m, seed, b, testSeeds, threads);
                        runs.add(r);
                        String line = Benchmark.logLine(r);
                        System.out.println(line);
                        log.append(line).append('\n');
                    }
                }
            }
            header = String.format(Locale.ROOT, "budget ×%s, k = %d run seeds, %d test seeds, %d threads%n%n", budget, k, testSeeds, threads);
        }
        for (String name : names) {
            Benchmark.Problem p = problem(name.strip());
            bases.put(p.name(), Benchmark.baseTest(p, testSeeds, threads));
        }
        String table = Benchmark.table(runs, methods, bases);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, header + table + "\n```\n" + log + "```\n");
        System.out.println(table);
    }
}
