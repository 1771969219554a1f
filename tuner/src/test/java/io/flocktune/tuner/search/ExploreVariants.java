package io.flocktune.tuner.search;

import io.flocktune.tuner.experiment.Experiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Exploration of GA settings at a fixed budget (the unmodified problem's nominal budget). */
@EnabledIfSystemProperty(named = "explore.variants", matches = ".+")
class ExploreVariants {
    @Test
    void explore() throws Exception {
        Benchmark.Problem p0 = BenchmarkTable.problem(System.getProperty("explore.problem", "default"));
        int k0 = Integer.parseInt(System.getProperty("explore.k0", "1"));
        int k = Integer.parseInt(System.getProperty("explore.k", "8"));
        double budget = Double.parseDouble(System.getProperty("explore.budget", "1"));
        long b = Math.round(budget * Benchmark.nominalBudget(p0.experiment()));
        Path out = Path.of(System.getProperty("explore.out", "target/explore.txt"));
        for (String variant : System.getProperty("explore.variants").split(";")) {
            String[] parts = variant.split("\\|");
            Map<String, String> o = new HashMap<>();
            if (parts.length > 1) for (String kv : parts[1].split(",")) o.put(kv.split("=")[0], kv.split("=")[1]);
            Experiment e = p0.experiment();
            Genetics g = e.genetics();
            Replication r = e.replication();
            Genetics g2 = new Genetics(i(o, "pop", g.population()), d(o, "off", g.offspringFraction()),
                    o.containsKey("tour") ? new Selection.Tournament(i(o, "tour", 3)) : g.selection(),
                    i(o, "elit", g.elitism()), d(o, "mr", g.mutationRate()), d(o, "ms", g.mutationSigma()),
                    d(o, "cr", g.crossoverRate()), g.maximalAge());
            Replication r2 = new Replication(i(o, "pe", r.perEvaluation()), i(o, "ps", r.perSurvival()),
                    r.validationSeeds(), r.testSeeds(), i(o, "fin", r.finalists()));
            Experiment e2 = new Experiment(e.name(), e.description(), e.base(), e.baseName(), e.set(), e.parameters(),
                    e.objectives(), e.combination(), e.scenario(), r2, g2, e.stop(), e.timeLimit(), e.seed(),
                    e.scenarios(), e.search());
            Strategy s = Strategy.ofKind(o.getOrDefault("kind", "ga"));
            Benchmark.Problem p = new Benchmark.Problem(p0.name(), e2);
            double sum = 0;
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s x%s %s:", p0.name(), budget, variant));
            for (long seed = k0; seed < k0 + k; seed++) {
                Benchmark.Run run = Benchmark.run(p, new Benchmark.Method(parts[0], s), seed, b, 100, 2);
                sum += run.test();
                line.append(String.format(Locale.ROOT, " %.3f", run.test()));
            }
            line.append(String.format(Locale.ROOT, " | mean %.3f%n", sum / k));
            System.out.print(line);
            Files.writeString(out, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    private static int i(Map<String, String> o, String key, int def) {
        return o.containsKey(key) ? Integer.parseInt(o.get(key)) : def;
    }

    private static double d(Map<String, String> o, String key, double def) {
        return o.containsKey(key) ? Double.parseDouble(o.get(key)) : def;
    }
}
