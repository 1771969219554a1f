package io.flocktune.tuner.compare;

import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.search.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/** The comparison runner with real simulations: the paired design's null case, fresh seeds. */
class ComparingTest {

    static Comparison comparison(String arms, String objectives, int replicates) throws InputException {
        return ComparisonJson.parse("""
                {
                  "format": "flocktune-comparison/1",
                  "name": "small",
                  "set": {"world.size": 30, "boids.spawnSize": 30},
                  "arms": [%s],
                  "objectives": [%s],
                  "scenario": {"boids": 20, "steps": 60, "warmup": 30},
                  "replicates": %d,
                  "bootstrap": 100
                }
                """.formatted(arms, objectives, replicates), "small.json", null);
    }

    @Test
    void armsThatAreTheSamePresetShowNoSignificantDifferenceInAtLeast95PercentOfSeeds(@TempDir Path tmp) throws Exception {
        // same preset, same seeds, same initial states: every paired difference is exactly zero
        Comparison c = comparison("{\"name\": \"one\", \"preset\": \"reynolds\"}, {\"name\": \"two\", \"preset\": \"reynolds\"}",
                "\"polarization\", \"nearestNeighbourDistance\", \"collisionRate(distance=1):mean:min\"", 5);
        Comparing.Options quiet = new Comparing.Options(2, new PrintWriter(new StringWriter()), false);
        int seeds = 40, quiet95 = 0;
        for (int seed = 1; seed <= seeds; seed++) {
            Comparing.Result r = Comparing.start(c.withSeed(seed), tmp.resolve("s" + seed), quiet);
            if (r.analysis().pairs().stream().noneMatch(Analysis.Pair::significant)) quiet95++;
            assertNull(r.initialStates(), "the arms share their initial states");
        }
        assertTrue(quiet95 >= 0.95 * seeds, "no significant difference in " + quiet95 + " of " + seeds + " seeds");
        assertEquals(seeds, quiet95, "with identical arms the paired differences are all zero");
    }

    @Test
    void armsThatDrawDifferentInitialStatesAreReported(@TempDir Path tmp) throws Exception {
        Comparison c = comparison("{\"name\": \"one\", \"preset\": \"reynolds\"}, {\"name\": \"two\", \"preset\": \"reynolds\","
                + " \"set\": {\"boids.initialSpeed\": 0.5}}", "\"polarization\"", 3);
        Comparing.Result r = Comparing.start(c, tmp.resolve("run"), new Comparing.Options(1, new PrintWriter(new StringWriter()), false));
        assertEquals("two differs from one in boids.initialSpeed", r.initialStates());
    }

    @Test
    void replicateSeedsSkipEverySeedATuningUsed() throws InputException {
        Comparison c = comparison("{\"name\": \"one\", \"preset\": \"reynolds\"}, {\"name\": \"two\", \"preset\": \"reynolds\"}",
                "\"polarization\"", 4);
        long[] free = Comparing.replicateSeeds(c, Set.of());
        assertEquals(Seeds.comparison(1, 0), free[0]);
        long[] fresh = Comparing.replicateSeeds(c, Set.of(free[0], free[2]));
        assertArrayEquals(new long[] {free[1], free[3], Seeds.comparison(1, 4), Seeds.comparison(1, 5)}, fresh);
        assertEquals(4, Arrays.stream(fresh).distinct().count());
    }
}
