package io.flocktune.tuner.search;

import io.flocktune.sim.Check;

import java.time.Duration;

/**
 * When a search ends: the first rule that fires. Generation 0 is the initial population.
 *
 * @param generations       last generation, in [1, 1 000 000]
 * @param steadyGenerations stop when the best fitness (Pareto: the hypervolume) has not improved
 *                          for this many generations; 0 turns the rule off
 * @param wallTime          stop after this much wall time (counted across resumes); zero turns
 *                          the rule off. Depends on the machine, so a run stopped by it is not
 *                          reproducible
 * @param evaluations       stop once this many simulations have run; 0 turns the rule off
 */
public record StopRules(long generations, long steadyGenerations, Duration wallTime, long evaluations) {
    public StopRules {
        if (generations < 1 || generations > 1_000_000) {
            throw new IllegalArgumentException("generations = " + generations + ": must be in [1, 1000000]");
        }
        if (steadyGenerations < 0) throw new IllegalArgumentException("steadyGenerations = " + steadyGenerations + ": must be >= 0");
        Check.present("wallTime", wallTime);
        if (wallTime.isNegative()) throw new IllegalArgumentException("wallTime = " + wallTime + ": must be >= 0");
        if (evaluations < 0) throw new IllegalArgumentException("evaluations = " + evaluations + ": must be >= 0");
    }

    /** The rule that ended a search. */
    public enum Reason {
        GENERATIONS, STEADY_FITNESS, WALL_TIME, EVALUATIONS, INTERRUPTED;

        /** @return lower-case words, e.g. {@code "steady fitness"}. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }
}
