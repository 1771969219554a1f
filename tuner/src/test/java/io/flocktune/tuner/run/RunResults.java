package io.flocktune.tuner.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The results of a run directory in a form two runs can be compared by. */
public final class RunResults {
    private RunResults() {}

    /** Every result file of a run (timings.csv, charts and report left out), byte for byte. */
    public static Map<String, String> of(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String name : List.of("experiment.json", "history.csv", "generations.csv", "validation.csv", "pareto.csv")) {
            files.put(name, Files.readString(dir.resolve(name)));
        }
        try (Stream<Path> best = Files.list(dir.resolve("best"))) {
            for (Path p : best.sorted().toList()) files.put("best/" + p.getFileName(), Files.readString(p));
        }
        return files;
    }
}
