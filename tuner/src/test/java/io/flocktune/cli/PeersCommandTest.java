package io.flocktune.cli;

import io.flocktune.tuner.experiment.Experiments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of {@code flocktune peers}, in-process through {@link Main#run}. */
class PeersCommandTest {

    @Test
    void thePublishedTableIsBoundStrictly() throws Exception {
        String text = new String(PeersCommand.class.getResourceAsStream(PeersCommand.PEERS).readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(PeersCommand.published(), PeersCommand.published("\uFEFF" + text.replace("\n", "\r\n"), "peers.json"));
        assertEquals(0, PeersCommand.published(text, "peers.json").getFirst().publishedRuns(), "the default");
        io.flocktune.tuner.io.InputException unknown = assertThrows(io.flocktune.tuner.io.InputException.class,
                () -> PeersCommand.published(text.replace("\"tool\":", "\"toll\": 1, \"tool\":"), "peers.json"));
        assertEquals("peers.json: peers[0].toll: unknown key; allowed: experiment, tool, figure, runs, wall, publishedRuns",
                unknown.getMessage());
        io.flocktune.tuner.io.InputException missing = assertThrows(io.flocktune.tuner.io.InputException.class,
                () -> PeersCommand.published(text.replaceFirst("\"tool\": \"[^\"]*\",", ""), "peers.json"));
        assertEquals("peers.json: peers[0].tool is missing", missing.getMessage());
    }

    @Test
    void everyPublishedPeerIsABuiltInExperimentAndListed() {
        List<PeersCommand.Published> published = PeersCommand.published();
        assertEquals(List.of("behaviorsearch-flocking", "mason-flockers", "evoflock"),
                published.stream().map(PeersCommand.Published::experiment).toList());
        assertEquals(120_000, published.get(2).publishedRuns(), "EvoFlock's 30 000 steps x 4 simulations");
        String list = ok("peers", "--list").out();
        for (PeersCommand.Published p : published) {
            assertTrue(Experiments.NAMES.contains(p.experiment()), p.experiment() + " is a built-in experiment");
            assertTrue(list.contains(p.experiment() + "  " + p.tool() + "\n  published: " + p.figure() + "; " + p.runs()
                    + "; " + p.wall()), list);
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path tmp) {
        for (List<String> args : List.of(List.of("peers", "default"), List.of("peers", "--budget", "0"),
                List.of("peers", "--budget", "1.5"), List.of("peers", "--budget", "NaN"))) {
            List<String> withOut = new java.util.ArrayList<>(args);
            withOut.addAll(List.of("--out", tmp.resolve("out").toString()));
            MainTest.Result r = flocktune(withOut.toArray(String[]::new));
            assertEquals(2, r.exit(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(Files.exists(tmp.resolve("out")), "nothing written for bad input");
        }
    }

    /** A small share of BehaviorSearch's budget: the printed counts are those of the run's history. */
    @Test
    void printsThePublishedFigureBesideTheRunsOwn(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("peers");
        MainTest.Result r = flocktune("peers", "behaviorsearch-flocking", "--budget", "0.02", "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        String printed = r.out();
        PeersCommand.Published p = PeersCommand.published().getFirst();
        Path run = out.resolve("behaviorsearch-flocking");
        Map<String, Long> runs = PeersCommand.runs(run);
        long search = runs.getOrDefault("new", 0L) + runs.getOrDefault("survivor", 0L);
        long checks = runs.values().stream().mapToLong(Long::longValue).sum() - search;
        assertTrue(search > 0 && search <= Math.round(0.02 * 12_000) + 5 * 30, "the budget share: " + runs);
        assertTrue(checks > 0, "held-out selection and test runs: " + runs);
        List<String> lines = printed.lines().toList();
        assertEquals("behaviorsearch-flocking  " + p.tool(), lines.get(0));
        assertEquals("  published: " + p.figure() + "; " + p.runs() + "; " + p.wall(), lines.get(1));
        assertTrue(lines.get(2).matches("  flocktune: convergence \\S+ \\[\\S+, \\S+\\] on 30 fresh test seeds \\(search estimate \\S+\\); "
                + search + " model runs in the search \\+ " + checks + " held-out selection and test runs; \\S+ s wall on 2 thread\\(s\\); .*"),
                lines.get(2));
        assertTrue(Files.isRegularFile(run.resolve("report.html")));

        // before the run: how far the reduced budget is from the published one, and the time it should take
        assertTrue(r.err().contains("peers: behaviorsearch-flocking: 2 % of the published budget: "), r.err());
        assertTrue(r.err().matches("(?s).*peers: behaviorsearch-flocking: at most \\d+ model runs; one takes \\S+ s here.*"), r.err());
        io.flocktune.tuner.experiment.Experiment e = PeersCommand.scaled(io.flocktune.tuner.experiment.Experiments.builtIn(
                "behaviorsearch-flocking"), 0.02);
        assertTrue(search + checks <= PeersCommand.plannedRuns(e), "the planned runs bound the runs: " + runs);

        // the side-by-side table beside the runs, with the printed counts
        List<String> table = Files.readAllLines(out.resolve("peers.csv"));
        assertEquals(String.join(",", PeersCommand.COLUMNS), table.get(0));
        assertEquals(2, table.size(), String.join("\n", table));
        assertTrue(table.get(1).startsWith("behaviorsearch-flocking,"), table.get(1));
        assertTrue(table.get(1).contains(",0.02,convergence,"), table.get(1));
        assertTrue(table.get(1).contains("," + search + "," + checks + ","), table.get(1));
        assertEquals("table: " + out.resolve("peers.csv"), lines.getLast());
    }

    @Test
    void theTimeEstimateScalesThePilotByThePlannedRunsAndThreads() {
        io.flocktune.tuner.experiment.Experiment e = io.flocktune.tuner.experiment.Experiments.builtIn("behaviorsearch-flocking");
        long runs = PeersCommand.plannedRuns(e);
        assertTrue(PeersCommand.estimate(e, 0.5, 2).startsWith("at most " + runs + " model runs; one takes 0.500 s here"));
        double seconds = runs * 0.5 / 2;
        String expected = seconds < 120 ? Math.round(seconds) + " s" : seconds < 7200 ? Math.round(seconds / 60) + " min"
                : String.format(java.util.Locale.ROOT, "%.1f h", seconds / 3600);
        assertTrue(PeersCommand.estimate(e, 0.5, 2).contains("so about " + expected + " on 2 thread(s)"), PeersCommand.estimate(e, 0.5, 2));
    }
}
