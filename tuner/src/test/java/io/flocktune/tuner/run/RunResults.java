package io.flocktune.tuner.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The results of a run directory in a form two runs can be compared by. */
public final class RunResults {
    private RunResults() {}

    /** Every result file of a run, with timing columns blanked; charts and report left out. */
    public static Map<String, String> of(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String name : List.of("experiment.json", "history.csv", "generations.csv", "validation.csv", "pareto.csv")) {
            files.put(name, withoutTimings(Files.readString(dir.resolve(name))));
        }
        try (Stream<Path> best = Files.list(dir.resolve("best"))) {
            for (Path p : best.sorted().toList()) files.put("best/" + p.getFileName(), Files.readString(p));
        }
        return files;
    }

    /** Blanks the timing columns of a CSV file (the columns named in {@link Tables#TIMING}). */
    public static String withoutTimings(String text) {
        List<String> lines = text.lines().toList();
        if (lines.isEmpty() || !lines.getFirst().contains(",")) return text;
        List<String> header = List.of(lines.getFirst().split(","));
        List<Integer> timing = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) if (Tables.TIMING.contains(header.get(i))) timing.add(i);
        if (timing.isEmpty()) return text;
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            String[] cells = line.split(",", -1);   // timing columns come last and hold plain numbers
            for (int i : timing) if (i < cells.length) cells[i] = "";
            out.append(String.join(",", cells)).append('\n');
        }
        return out.toString();
    }

}
