package io.flocktune.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.flocktune.cli.MainTest.flocktune;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The built-in comparisons run end to end from the command line, as the README's "Comparing rule
 * variants" section runs them, and {@code seeds} reproduces the tables committed in
 * {@code results/compare-seeds/} (which the README quotes) byte for byte. Minutes on 2 cores:
 * tagged slow, run by {@code .ci/run}.
 */
@Tag("slow")
class BuiltInComparisonsTest {
    private static final List<String> TABLES = List.of("summary.csv", "pairs.csv", "replicates.csv", "looks.csv", "comparison.json");

    @Test
    void seedsReproducesTheCommittedResults(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("seeds");
        MainTest.Result r = flocktune("compare", "seeds", "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        Path committed = Path.of("../results/compare-seeds");
        for (String table : TABLES) {
            assertEquals(Files.readString(committed.resolve(table)), Files.readString(out.resolve(table)), table);
        }
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
        assertTrue(Files.isRegularFile(out.resolve("charts/replicates.png")));
    }

    @Test
    void neighbourhoodsTakesItsSequentialLooks(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("neighbourhoods");
        MainTest.Result r = flocktune("compare", "neighbourhoods", "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        List<String> looks = Files.readAllLines(out.resolve("looks.csv"));
        // header, then one row per look of 10 replicates, 10 ... 60: the README says it takes all 6
        assertEquals(7, looks.size(), String.join("\n", looks));
        assertTrue(looks.getLast().startsWith("6,60,"), looks.getLast());
        // look,replicates,alpha_look,significant,negligible,open,stopped: "4 of the 9 hypotheses stay open at n = 60"
        String[] last = looks.getLast().split(",");
        assertEquals("4", last[5], looks.getLast());
        assertTrue(Files.readString(out.resolve("pairs.csv")).lines().count() > 1);
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
    }

    @Test
    void separationKernelsTunesEveryArmFirst(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("kernels");
        MainTest.Result r = flocktune("compare", "separation-kernels", "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        try (var tunings = Files.list(out.resolve("tuning"))) {
            List<String> arms = tunings.map(run -> run.getFileName().toString()).sorted().toList();
            // seeds 000 and 002 share the linear kernel: four kernels, as the README lists them
            assertEquals(List.of("inverse-distance", "inverse-square-clamped", "linear", "normalized"), arms);
            for (String arm : arms) {
                Path run = out.resolve("tuning").resolve(arm);
                assertTrue(Files.isRegularFile(run.resolve("best/best.json")), run.toString());
            }
        }
        assertTrue(Files.isRegularFile(out.resolve("pairs.csv")));
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
    }
}
