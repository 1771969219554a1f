package io.flocktune.tuner.run;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.io.InputException;

/** A small, fast experiment for end-to-end tests: 30 boids, 60 steps, 8 candidates, 4 generations. */
public final class TinyExperiment {
    private TinyExperiment() {}

    /** The experiment JSON with {@code extraParameters} (JSON objects, comma-separated, may be empty). */
    public static String json(String extraParameters, int generations) {
        return """
                {
                  "format": "flocktune-experiment/1",
                  "name": "tiny",
                  "description": "tiny test experiment",
                  "base": "reynolds",
                  "set": {"predators.count": 1},
                  "parameters": [
                    {"path": "separation", "choices": [{"kind": "linear", "radius": 2, "weight": 0.05},
                                                       {"kind": "inverseDistance", "radius": 2, "weight": 1.5}]},
                    {"path": "separation.weight", "range": [0.02, 3], "scale": "log"},
                    {"path": "alignment.weight", "range": [0.05, 2], "scale": "log"},
                    {"path": "neighbourhood.radius", "range": [2, 10]},
                    {"path": "boids.count", "integers": [20, 40]}%s
                  ],
                  "objectives": [
                    {"spec": "polarization:mean:max", "scale": 0.1},
                    {"spec": "collisionRate(distance=0.5):mean:min:name=collisions", "scale": 0.01},
                    {"spec": "captureRate:mean:min:name=captures", "scale": 10}
                  ],
                  "scenario": {"steps": 60, "warmup": 20},
                  "replicates": {"perEvaluation": 2, "perSurvival": 1, "validationSeeds": 4, "testSeeds": 5, "finalists": 2},
                  "ga": {"population": 8, "offspringFraction": 0.5, "elitism": 1},
                  "stop": {"generations": %d},
                  "seed": 7
                }
                """.formatted(extraParameters.isEmpty() ? "" : ",\n" + extraParameters, generations);
    }

    /** The tiny experiment. */
    public static Experiment of(String extraParameters, int generations) throws InputException {
        return ExperimentJson.parse(json(extraParameters, generations), "tiny.json", null);
    }
}
