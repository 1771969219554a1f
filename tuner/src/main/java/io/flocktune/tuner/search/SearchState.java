package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

import java.util.Arrays;
import java.util.List;

/**
 * Everything a search needs to continue after a completed generation: the population with all
 * replicates of its members, and the counters of the stopping rules. A search resumed from it
 * continues exactly as an uninterrupted one (the engine's random numbers are derived from the
 * experiment seed and the generation, see {@link Seeds}).
 *
 * @param generation      the completed generation, &ge; 0
 * @param individuals     the distinct members of the population, in population order
 * @param population      the population's slots in engine order
 * @param nextId          the id the next new candidate gets
 * @param evaluations     simulations run so far (training only)
 * @param bestScore       the best score so far: the lowest fitness (single objective) or the
 *                        highest hypervolume (Pareto)
 * @param improvedAt      the generation the best score last improved
 * @param reference       the hypervolume reference point (Pareto), or an empty array
 * @param elapsedNanos    wall time spent so far, across resumes
 * @param evaluationNanos wall time spent waiting for simulations so far
 * @param retired         every earlier candidate no longer in the population, by id, as it left;
 *                        kept only by a strategy that learns from all of them
 *                        ({@link Strategy#keepsArchive()}), empty otherwise
 */
public record SearchState(long generation, List<Individual> individuals, List<Slot> population, long nextId,
                          long evaluations, double bestScore, long improvedAt, double[] reference,
                          long elapsedNanos, long evaluationNanos, List<Individual> retired) {
    public SearchState {
        retired = List.copyOf(Check.present("retired", retired));
        if (generation < 0) throw new IllegalArgumentException("generation = " + generation + ": must be >= 0");
        individuals = List.copyOf(Check.present("individuals", individuals));
        population = List.copyOf(Check.present("population", population));
        reference = Check.present("reference", reference).clone();
        for (Slot s : population) {
            if (individuals.stream().noneMatch(i -> i.id() == s.id())) {
                throw new IllegalArgumentException("population slot refers to unknown individual " + s.id());
            }
        }
    }

    /**
     * One place in the engine's population.
     *
     * @param id         the individual in it
     * @param generation the generation Jenetics records for it (its age counts from there)
     */
    public record Slot(long id, long generation) {}

    @Override
    public double[] reference() {
        return reference.clone();
    }

    /** @return the individual with {@code id}. */
    public Individual individual(long id) {
        for (Individual i : individuals) if (i.id() == id) return i;
        throw new IllegalArgumentException("no individual " + id);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchState s && s.generation == generation && s.individuals.equals(individuals)
                && s.population.equals(population) && s.nextId == nextId && s.evaluations == evaluations
                && Double.compare(s.bestScore, bestScore) == 0 && s.improvedAt == improvedAt
                && Arrays.equals(s.reference, reference) && s.retired.equals(retired);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(generation) * 31 + individuals.hashCode();
    }
}
