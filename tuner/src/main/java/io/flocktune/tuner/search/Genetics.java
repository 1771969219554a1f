package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

/**
 * Settings of the genetic algorithm.
 *
 * @param population        individuals per generation, in [4, 100 000]
 * @param offspringFraction share of each generation replaced by offspring, in (0, 1)
 * @param selection         parent and survivor selection
 * @param elitism           best individuals always kept (single objective), in [0, survivors)
 * @param mutationRate      probability that a gene mutates, in [0, 1]
 * @param mutationSigma     standard deviation of a Gaussian mutation of an ordered gene, on
 *                          the unit interval, in (0, 1]; categorical genes are redrawn
 * @param crossoverRate     probability that a pair of offspring recombines (uniform crossover,
 *                          each gene swapped with probability ½), in [0, 1]
 * @param maximalAge        generations an individual may survive, &ge; 1
 */
public record Genetics(int population, double offspringFraction, Selection selection, int elitism,
                       double mutationRate, double mutationSigma, double crossoverRate, long maximalAge) {
    public Genetics {
        Check.inRange("population", population, 4, 100_000);
        Check.inRange("offspringFraction", offspringFraction, Math.ulp(0.0), Math.nextDown(1.0));
        Check.present("selection", selection);
        Check.inRange("elitism", elitism, 0, Math.max(0, survivors(population, offspringFraction) - 1));
        Check.inRange("mutationRate", mutationRate, 0, 1);
        Check.inRange("mutationSigma", mutationSigma, Math.ulp(0.0), 1);
        Check.inRange("crossoverRate", crossoverRate, 0, 1);
        if (maximalAge < 1) throw new IllegalArgumentException("maximalAge = " + maximalAge + ": must be >= 1");
    }

    /** @return survivors per generation, as Jenetics rounds them. */
    public int survivors() {
        return survivors(population, offspringFraction);
    }

    private static int survivors(int population, double offspringFraction) {
        return population - (int) Math.rint(population * offspringFraction);
    }
}
