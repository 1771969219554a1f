package io.flocktune.tuner.run;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The search finds a known answer: the Vicsek noise η at which polarization is 0.5. Polarization
 * falls from ≈ 1 at small η to ≈ 0 at η = 2π, so exactly one band of η gives 0.5; the found η is
 * checked by simulating it again on fresh seeds.
 */
class KnownAnswerTest {

    static final String EXPERIMENT = """
            {
              "format": "flocktune-experiment/1",
              "name": "vicsek-half",
              "description": "Vicsek noise for polarization 0.5",
              "base": "vicsek",
              "parameters": [{"path": "alignment.noise", "range": [0, 6.2831]}],
              "objectives": ["polarization:mean:target=0.5:every=5"],
              "combine": "targetDistance",
              "scenario": {"boids": 200, "steps": 300, "warmup": 150},
              "replicates": {"perEvaluation": 2, "perSurvival": 1, "validationSeeds": 10, "testSeeds": 10, "finalists": 2},
              "ga": {"population": 10, "offspringFraction": 0.6, "elitism": 1, "mutationSigma": 0.08},
              "stop": {"generations": 6},
              "seed": 3
            }
            """;

    @Test
    void findsTheVicsekNoiseOfHalfPolarization(@TempDir Path tmp) throws Exception {
        Experiment e = ExperimentJson.parse(EXPERIMENT, "vicsek-half.json", null);
        Tuning.Result r = Tuning.start(e, tmp.resolve("run"),
                new Tuning.Options(2, false, new PrintWriter(new StringWriter()), false));
        Preset.RuleSet best = assertInstanceOf(Preset.RuleSet.class, r.best().preset());
        double eta = ((Alignment.Vicsek) best.alignment()).noise();

        long freshSeed = 0x5EED_F00DL;   // not a training or validation seed of the run
        Measurement m = Objectives.measure(best, freshSeed, 300, 12, List.of(ObjectiveSpec.parse("polarization:every=5", 150)));
        assertEquals(0.5, m.mean(0), 0.07, "polarization at the found eta = " + eta + ": " + m.mean(0) + " ± " + m.halfWidth95(0));
        for (double far : new double[] {eta - 1.2, eta + 1.2}) {
            if (far < 0 || far > 2 * Math.PI) continue;
            Preset other = new Preset.RuleSet(best.format(), best.name(), best.description(), best.world(), best.boids(), best.update(),
                    best.neighbourhood(), best.separation(), new Alignment.Vicsek(1, far), best.cohesion(), best.motion(),
                    best.predators(), best.obstacles(), best.goal(), best.noise());
            double p = Objectives.measure(other, freshSeed, 300, 6, List.of(ObjectiveSpec.parse("polarization:every=5", 150))).mean(0);
            assertTrue(Math.abs(p - 0.5) > Math.abs(m.mean(0) - 0.5), "eta " + far + " is farther from the answer: " + p);
        }
    }
}
