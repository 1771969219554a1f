package io.flocktune.tuner.run;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.store.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

class TuningTest {

    static Tuning.Options options(int threads, StringWriter log) {
        return new Tuning.Options(threads, false, new PrintWriter(log, true), false);
    }

    @Test
    void sameResultsWithOneAndTwoThreads(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 3);
        Tuning.start(e, tmp.resolve("one"), options(1, new StringWriter()));
        Tuning.start(e, tmp.resolve("two"), options(2, new StringWriter()));
        assertEquals(RunResults.of(tmp.resolve("one")), RunResults.of(tmp.resolve("two")));
    }

    /** Also for the model-based search, whose checkpoint carries every retired candidate. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"ga", "model"})
    void resumedRunEndsWithExactlyTheResultsOfAnUninterruptedOne(String kind, @TempDir Path tmp) throws Exception {
        Experiment e = io.flocktune.tuner.experiment.ExperimentJson.parse(TinyExperiment.json("", 6)
                .replace("\"seed\": 7", "\"seed\": 7, \"search\": {\"kind\": \"" + kind + "\"}"), "tiny.json", null);
        assertEquals(kind, e.search().kind());
        Tuning.start(e, tmp.resolve("whole"), options(2, new StringWriter()));

        Path broken = tmp.resolve("broken");
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                Tuning.start(e, broken, options(2, new StringWriter()));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        worker.start();
        Path checkpoint = new RunFiles(broken).checkpoint();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!(Files.exists(checkpoint) && Checkpoint.read(checkpoint).state().generation() >= 2) && worker.isAlive()) {
            assertTrue(System.nanoTime() < deadline, "no checkpoint of generation 2 within a minute");
            Thread.sleep(2);
        }
        worker.interrupt();   // what Ctrl-C does
        worker.join();
        assertInstanceOf(InterruptedException.class, thrown.get(), "the run stops on interruption: " + thrown.get());
        long stoppedAt = Checkpoint.read(checkpoint).state().generation();
        assertTrue(stoppedAt < 6, "interrupted before the end, at " + stoppedAt);
        assertFalse(Files.exists(broken.resolve("validation.csv")));

        StringWriter log = new StringWriter();
        Tuning.Result resumed = Tuning.resume(broken, options(1, log));
        assertEquals(6, resumed.generations());
        assertEquals(RunResults.of(tmp.resolve("whole")), RunResults.of(broken), "resumed after generation " + stoppedAt);
    }

    @Test
    void failedEvaluationsAreRecordedAndTheRunGoesOn(@TempDir Path tmp) throws Exception {
        // candidates with boids.minSpeed above boids.maxSpeed make an invalid preset (each range alone is valid)
        Experiment e = TinyExperiment.of("{\"path\": \"boids.minSpeed\", \"range\": [0.2, 0.9]},"
                + "{\"path\": \"boids.maxSpeed\", \"range\": [0.3, 1.5]}", 3);
        Tuning.Result r = Tuning.start(e, tmp.resolve("run"), options(2, new StringWriter()));
        List<String> history = Files.readAllLines(tmp.resolve("run/history.csv"));
        List<String> failed = history.stream().filter(l -> l.contains(",failed,")).toList();
        assertFalse(failed.isEmpty(), "some candidates have minSpeed > maxSpeed");
        for (String row : failed) assertTrue(row.contains("maxSpeed"), row);
        assertTrue(Files.readString(tmp.resolve("run/generations.csv")).lines().skip(1)
                .anyMatch(l -> !l.split(",")[4].equals("0")), "failures counted per generation");
        assertNotNull(r.best().measurement(), "the best preset is a valid one");
        assertTrue(r.best().preset().boids().minSpeed() <= r.best().preset().boids().maxSpeed());
    }

    @Test
    void aNonEmptyDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("keep.txt"), "mine");
        InputException error = assertThrows(InputException.class,
                () -> Tuning.start(TinyExperiment.of("", 1), tmp, options(1, new StringWriter())));
        assertTrue(error.getMessage().contains("not empty"), error.getMessage());
        assertEquals("mine", Files.readString(tmp.resolve("keep.txt")));
    }

    /**
     * No winner's curse: the finalists are ranked on the selection seeds, and every reported number
     * (validation.csv, the result) comes from fresh test seeds that neither the search nor the
     * selection used; the difference to the base preset is paired on those same test seeds.
     */
    @Test
    void selectsOnHeldOutSeedsAndReportsOnFreshOnes(@TempDir Path tmp) throws Exception {
        Experiment e = TinyExperiment.of("", 3);
        Tuning.Result result = Tuning.start(e, tmp.resolve("run"), options(2, new StringWriter()));
        int objectives = e.objectives().size();
        Map<String, List<double[]>> values = new TreeMap<>();   // "candidate role" -> rows of objective values
        Map<String, List<Long>> seeds = new TreeMap<>();
        java.util.Set<Long> training = new java.util.HashSet<>();
        try (var parser = org.apache.commons.csv.CSVParser.parse(tmp.resolve("run/history.csv"), java.nio.charset.StandardCharsets.UTF_8,
                Table.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            for (var row : parser) {
                String role = row.get("role");
                long seed = Long.parseLong(row.get("seed"));
                if (role.equals("new") || role.equals("survivor")) {
                    training.add(seed);
                    continue;
                }
                double[] v = new double[objectives];
                for (int k = 0; k < objectives; k++) v[k] = Double.parseDouble(row.get(e.objectives().get(k).spec().name()));
                String key = row.get("candidate") + " " + role;
                values.computeIfAbsent(key, x -> new ArrayList<>()).add(v);
                seeds.computeIfAbsent(key, x -> new ArrayList<>()).add(seed);
            }
        }
        List<Long> selectionSeeds = new ArrayList<>(), testSeeds = new ArrayList<>();
        for (int r = 0; r < 4; r++) selectionSeeds.add(io.flocktune.tuner.search.Seeds.validation(7, r));
        for (int r = 0; r < 5; r++) testSeeds.add(io.flocktune.tuner.search.Seeds.test(7, r));
        assertEquals(testSeeds, seeds.get("base baseline"), "the base preset runs on the test seeds");
        for (long seed : testSeeds) assertFalse(training.contains(seed) || selectionSeeds.contains(seed));

        List<Tuning.Finalist> finalists = result.finalists();
        assertEquals(3, finalists.size());
        io.flocktune.objectives.Measurement base = finalists.getFirst().measurement();
        for (int k = 0; k < objectives; k++) assertEquals(mean(values.get("base baseline"), k), base.mean(k), 1e-12);
        for (Tuning.Finalist f : finalists.subList(1, finalists.size())) {
            assertEquals(selectionSeeds, seeds.get(f.candidate() + " validation"));
            assertEquals(testSeeds, seeds.get(f.candidate() + " test"));
            for (int k = 0; k < objectives; k++) {
                assertEquals(mean(values.get(f.candidate() + " test"), k), f.measurement().mean(k), 1e-12, "reported = test mean");
                double paired = mean(values.get(f.candidate() + " test"), k) - mean(values.get("base baseline"), k);
                assertEquals(paired, f.measurement().difference(base, k).estimate(), 1e-12);
            }
            assertTrue(Double.isFinite(f.searchFitness()) && Double.isFinite(f.selectionFitness()));
        }
        assertTrue(finalists.get(1).selectionFitness() <= finalists.get(2).selectionFitness(), "ranked on the selection seeds");

        // validation.csv holds the same numbers
        List<String> csv = Files.readAllLines(tmp.resolve("run/validation.csv"));
        List<String> header = List.of(csv.getFirst().split(","));
        String[] best = csv.get(2).split(",");
        assertEquals(Long.toString(finalists.get(1).candidate()), best[header.indexOf("candidate")]);
        assertEquals(finalists.get(1).fitness(), Double.parseDouble(best[header.indexOf("test_fitness")]));
        assertEquals(finalists.get(1).selectionFitness(), Double.parseDouble(best[header.indexOf("selection_fitness")]));
        io.flocktune.objectives.Interval d = finalists.get(1).measurement().difference(base, 1);
        assertEquals(d.low(), Double.parseDouble(best[header.indexOf("collisions:diff_low")]));
        assertEquals(d.high(), Double.parseDouble(best[header.indexOf("collisions:diff_high")]));
        assertEquals(io.flocktune.objectives.Interval.Kind.BOOTSTRAP, d.kind(), "collisions are counts");
        assertTrue(Double.parseDouble(best[header.indexOf("captures:ci_low")]) >= 0, "a count's interval is never below 0");
    }

    private static double mean(List<double[]> rows, int k) {
        return rows.stream().mapToDouble(v -> v[k]).average().orElseThrow();
    }

    /**
     * Big candidates (200 000 boids) exceed a 0.5 s limit, small ones (20 boids) do not: the run
     * goes on, records the timed-out evaluations as failed, and warns that it may not repeat.
     */
    @Test
    void aRunWhoseEvaluationsHitTheTimeLimitWarnsThatItMayNotRepeat(@TempDir Path tmp) throws Exception {
        String json = TinyExperiment.json("", 1).replace("\"integers\": [20, 40]", "\"choices\": [20, 200000]")
                .replace("\"seed\": 7", "\"seed\": 7, \"evaluationTimeLimit\": 0.5");
        Experiment e = io.flocktune.tuner.experiment.ExperimentJson.parse(json, "slow.json", null);
        StringWriter log = new StringWriter();
        Tuning.Result r = Tuning.start(e, tmp.resolve("run"), options(2, log));
        assertNotNull(r.best().measurement());
        assertTrue(Files.readString(tmp.resolve("run/history.csv")).contains("exceeded the time limit of 0.5 s per evaluation"));
        assertTrue(log.toString().contains("hit the evaluationTimeLimit of 0.5 s and count as failed; whether an evaluation "
                + "hits it depends on the machine's load and --threads, so this run is not guaranteed to repeat bit for bit"), log.toString());
    }
}
