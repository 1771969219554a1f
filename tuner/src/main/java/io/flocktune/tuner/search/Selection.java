package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

/**
 * How parents and survivors are chosen. The first three rank a single fitness; the last two
 * rank Pareto fronts (they are the only ones a multi-objective search accepts).
 */
public sealed interface Selection {

    /** @return whether this selection works on Pareto ranks (multi-objective). */
    default boolean pareto() {
        return switch (this) {
            case Tournament t -> false;
            case LinearRank l -> false;
            case Truncation t -> false;
            case Nsga2 n -> true;
            case UfTournament u -> true;
        };
    }

    /** Jenetics {@code TournamentSelector}: best of {@code size} drawn at random, &ge; 2. */
    record Tournament(int size) implements Selection {
        public Tournament {
            Check.inRange("size", size, 2, 1000);
        }
    }

    /** Jenetics {@code LinearRankSelector}: probability linear in rank. */
    record LinearRank() implements Selection {}

    /** Jenetics {@code TruncationSelector}: the best ones. */
    record Truncation() implements Selection {}

    /** jenetics.ext {@code NSGA2Selector}: non-dominated rank, then crowding distance. */
    record Nsga2() implements Selection {}

    /** jenetics.ext {@code UFTournamentSelector}: unique-fitness tournament on rank and crowding. */
    record UfTournament() implements Selection {}
}
