package io.flocktune.tuner.run;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.search.Race;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** A tuning run whose finalist stage is a race ({@code replicates.race}). */
class RaceRunTest {

    private static String raced(String race) {
        return TinyExperiment.json("", 3).replace("\"validationSeeds\": 4, \"testSeeds\": 5, \"finalists\": 2}",
                "\"validationSeeds\": 8, \"testSeeds\": 5, \"finalists\": 2, \"race\": " + race + "}");
    }

    @Test
    void aRacedRunIsTheSameOnAnyThreadCountAndWritesItsRace(@TempDir Path tmp) throws Exception {
        Experiment e = ExperimentJson.parse(raced("{\"pool\": 4, \"round\": 2}"), "tiny.json", null);
        assertEquals(new Race(4, 2, 0.05), e.replication().race());
        StringWriter log = new StringWriter();
        Tuning.Result one = Tuning.start(e, tmp.resolve("one"), TuningTest.options(1, log));
        Tuning.start(e, tmp.resolve("two"), TuningTest.options(2, new StringWriter()));
        assertEquals(RunResults.of(tmp.resolve("one")), RunResults.of(tmp.resolve("two")));
        assertEquals(Files.readString(tmp.resolve("one/race.csv")), Files.readString(tmp.resolve("two/race.csv")));

        List<String> race = Files.readAllLines(tmp.resolve("one/race.csv"));
        assertEquals("place,candidate,held_out_seeds,fitness,dropped_after_round,holm_p", race.getFirst());
        assertEquals(1 + 4, race.size(), "every candidate that raced");
        int simulations = 0;
        for (String row : race.subList(1, race.size())) {
            int seeds = Integer.parseInt(row.split(",")[2]);
            assertEquals(0, seeds % 2, "whole rounds: " + row);
            simulations += seeds;
        }
        assertTrue(simulations <= 2 * 8, "within finalists × validationSeeds: " + simulations);
        long validationRows = Files.readAllLines(tmp.resolve("one/history.csv")).stream().filter(l -> l.contains(",validation,")).count();
        assertEquals(simulations, validationRows, "every held-out simulation of the race is in history.csv");
        assertTrue(log.toString().contains("race: 4 candidates, "), log.toString());
        assertTrue(one.finalists().size() - 1 <= 2, "at most finalists are tested");
        assertEquals(Integer.parseInt(race.get(1).split(",")[2]), one.selectionSeeds(), "the seeds the winner ran");

        // its report says how the finalists were chosen
        io.flocktune.tuner.report.Report.write(new RunFiles(tmp.resolve("one")), new java.io.PrintWriter(new StringWriter(), true));
        String html = Files.readString(tmp.resolve("one/report.html"));
        assertTrue(html.contains("survivors of a race of 4 candidates"), "the report names the race");
        assertFalse(html.contains("ranked by their means on 8 held-out selection seeds"));

        // the run's experiment.json keeps the race, and reads back to the same experiment
        Experiment written = ExperimentJson.read(tmp.resolve("one/experiment.json"));
        assertEquals(e.replication(), written.replication());
    }

    @Test
    void withoutARaceTheExperimentFileHasNoRaceKey() throws Exception {
        assertFalse(ExperimentJson.write(TinyExperiment.of("", 3)).contains("race"));
        Experiment defaults = ExperimentJson.parse(raced("{}"), "tiny.json", null);
        // 3 × finalists = 6 would not fit a first round of 5 seeds in the budget of 2 × 8: as many as fit
        assertEquals(new Race(3, 5, 0.05), defaults.replication().race(), "rounds of 5, alpha 0.05");
    }

    @Test
    void aRaceThatCannotRunIsOneLine() {
        assertEquals("tiny.json: replicates.race: its first round (pool 9 × round 2) must fit its budget, finalists × validationSeeds = 16",
                assertThrows(InputException.class, () -> ExperimentJson.parse(raced("{\"pool\": 9, \"round\": 2}"), "tiny.json", null))
                        .getMessage());
        assertEquals("tiny.json: replicates.race.alpha = 0.9: must be in (0, 0.5]",
                assertThrows(InputException.class, () -> ExperimentJson.parse(raced("{\"alpha\": 0.9}"), "tiny.json", null)).getMessage());
        String pareto = raced("{}").replace("\"seed\": 7", "\"seed\": 7, \"combine\": \"pareto\", \"ga\": {\"population\": 8, "
                + "\"offspringFraction\": 0.5, \"selector\": {\"kind\": \"nsga2\"}}").replace("\"ga\": {\"population\": 8, \"offspringFraction\": 0.5, \"elitism\": 1},", "");
        assertTrue(assertThrows(InputException.class, () -> ExperimentJson.parse(pareto, "tiny.json", null)).getMessage()
                .contains("replicates.race: a race ranks by one fitness"));
    }
}
