package io.flocktune.api;

/** Small, fast inputs for the API tests, as JSON text (the formats the files use). */
final class ApiFixtures {
    private ApiFixtures() {}

    /** 30 boids, 60 steps, 8 candidates, two objectives, {@code generations} generations. */
    static String tinyExperiment(int generations) {
        return """
                {
                  "format": "flocktune-experiment/1",
                  "name": "tiny",
                  "description": "tiny test experiment",
                  "base": "reynolds",
                  "set": {"boids.count": 30},
                  "parameters": [
                    {"path": "separation.weight", "range": [0.02, 3], "scale": "log"},
                    {"path": "alignment.weight", "range": [0.05, 2], "scale": "log"}
                  ],
                  "objectives": [
                    {"spec": "polarization:mean:max", "scale": 0.1},
                    {"spec": "collisionRate(distance=0.5):mean:min:name=collisions", "scale": 0.01}
                  ],
                  "scenario": {"steps": 60, "warmup": 20},
                  "replicates": {"perEvaluation": 2, "perSurvival": 1, "validationSeeds": 4, "testSeeds": 5, "finalists": 2},
                  "ga": {"population": 8, "offspringFraction": 0.5, "elitism": 1},
                  "stop": {"generations": %d},
                  "seed": 7
                }
                """.formatted(generations);
    }

    /** Two arms on 20 boids for 60 steps, 6 paired replicates. */
    static final String SMALL_COMPARISON = """
            {
              "format": "flocktune-comparison/1",
              "name": "small",
              "set": {"world.size": 30, "boids.spawnSize": 30},
              "arms": [{"name": "reynolds", "preset": "reynolds"},
                       {"name": "strong", "preset": "reynolds", "set": {"separation.weight": 3}}],
              "objectives": ["polarization", "nearestNeighbourDistance"],
              "scenario": {"boids": 20, "steps": 60, "warmup": 30},
              "replicates": 6,
              "bootstrap": 100
            }
            """;
}
