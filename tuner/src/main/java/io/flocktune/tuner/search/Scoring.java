package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import io.jenetics.DoubleGene;
import io.jenetics.EliteSelector;
import io.jenetics.LinearRankSelector;
import io.jenetics.Selector;
import io.jenetics.TournamentSelector;
import io.jenetics.TruncationSelector;
import io.jenetics.ext.moea.NSGA2Selector;
import io.jenetics.ext.moea.UFTournamentSelector;
import io.jenetics.ext.moea.Vec;

import java.util.List;

/**
 * Turns the objective means of a candidate into the fitness the engine ranks (always
 * minimised): a weighted sum or a distance to targets for a single-objective search, a cost
 * vector for NSGA-II.
 *
 * @param <C> the fitness type: {@code Double} or {@code Vec<double[]>}
 */
public sealed interface Scoring<C extends Comparable<? super C>> {

    /** The objectives, in evaluation order. */
    List<Criterion> criteria();

    /** @return the fitness of a candidate whose objectives have these means. */
    C fitness(double[] means);

    /** @return the fitness of a failed candidate: worse than any other. */
    C worst();

    /**
     * @return a scalar to rank by in tables: the fitness itself for a single objective, the
     *         weighted sum of costs for Pareto
     */
    double scalar(C fitness);

    /** @return the offspring selector for {@code selection}. */
    Selector<DoubleGene, C> offspringSelector(Selection selection);

    /** @return the survivor selector for {@code selection}, keeping the {@code elitism} best. */
    Selector<DoubleGene, C> survivorsSelector(Selection selection, int elitism);

    /** @return the normalised costs of the means, one per criterion. */
    default double[] costs(double[] means) {
        List<Criterion> c = criteria();
        if (means.length != c.size()) {
            throw new IllegalArgumentException(means.length + " means for " + c.size() + " objectives");
        }
        double[] costs = new double[means.length];
        for (int k = 0; k < costs.length; k++) costs[k] = c.get(k).costOf(means[k]);
        return costs;
    }

    /**
     * A single-objective scoring: one {@code Double} to minimise, ranked by the single-fitness
     * selectors; a failed candidate scores +∞.
     */
    sealed interface SingleObjective extends Scoring<Double> {
        @Override default Double worst() { return Double.POSITIVE_INFINITY; }
        @Override default double scalar(Double fitness) { return fitness; }
        @Override default Selector<DoubleGene, Double> offspringSelector(Selection s) { return single(s); }
        @Override default Selector<DoubleGene, Double> survivorsSelector(Selection s, int elitism) {
            return elitism > 0 ? new EliteSelector<>(elitism, single(s)) : single(s);
        }
    }

    /** {@code Σ w_k · cost_k}: a weighted sum of normalised objectives. */
    record WeightedSum(List<Criterion> criteria) implements SingleObjective {
        public WeightedSum {
            criteria = atLeast(1, criteria, "at least one objective is needed");
        }

        @Override
        public Double fitness(double[] means) {
            double[] c = costs(means);
            double sum = 0;
            for (int k = 0; k < c.length; k++) sum += criteria.get(k).weight() * c[k];
            return sum;
        }
    }

    /**
     * {@code sqrt(Σ w_k · cost_k²)}: the weighted Euclidean distance to the targets, when every
     * cost is a normalised distance {@code |mean − target| / scale}.
     */
    record TargetDistance(List<Criterion> criteria) implements SingleObjective {
        public TargetDistance {
            criteria = atLeast(1, criteria, "at least one objective is needed");
        }

        @Override
        public Double fitness(double[] means) {
            double[] c = costs(means);
            double sum = 0;
            for (int k = 0; k < c.length; k++) sum += criteria.get(k).weight() * c[k] * c[k];
            return Math.sqrt(sum);
        }
    }

    /**
     * The vector of normalised costs, ranked by Pareto dominance (NSGA-II). A failed candidate
     * costs {@link Double#MAX_VALUE} in every objective (finite, so crowding distances stay
     * defined).
     */
    record Pareto(List<Criterion> criteria) implements Scoring<Vec<double[]>> {
        public Pareto {
            criteria = atLeast(2, criteria, "a Pareto search needs at least 2 objectives");
        }

        @Override
        public Vec<double[]> fitness(double[] means) {
            return Vec.of(costs(means));
        }

        @Override
        public Vec<double[]> worst() {
            double[] w = new double[criteria.size()];
            java.util.Arrays.fill(w, Double.MAX_VALUE);
            return Vec.of(w);
        }

        @Override
        public double scalar(Vec<double[]> fitness) {
            double[] c = fitness.data();
            double sum = 0;
            for (int k = 0; k < c.length; k++) sum += criteria.get(k).weight() * c[k];
            return sum;
        }

        @Override
        public Selector<DoubleGene, Vec<double[]>> offspringSelector(Selection s) {
            return switch (s) {
                case Selection.Nsga2 n -> NSGA2Selector.ofVec();
                case Selection.UfTournament u -> UFTournamentSelector.ofVec();
                case Selection.Tournament t -> throw singleOnly(s);
                case Selection.LinearRank l -> throw singleOnly(s);
                case Selection.Truncation t -> throw singleOnly(s);
            };
        }

        @Override
        public Selector<DoubleGene, Vec<double[]>> survivorsSelector(Selection s, int elitism) {
            return offspringSelector(s); // non-dominated sorting keeps the front: elitist by design
        }

        private static IllegalArgumentException singleOnly(Selection s) {
            return new IllegalArgumentException("selector " + s + " ranks a single fitness; a Pareto search needs nsga2 or ufTournament");
        }
    }

    /** @return an unmodifiable copy of {@code criteria}, which must hold at least {@code minimum}. */
    private static List<Criterion> atLeast(int minimum, List<Criterion> criteria, String rule) {
        List<Criterion> copy = List.copyOf(Check.present("criteria", criteria));
        if (copy.size() < minimum) throw new IllegalArgumentException(rule);
        return copy;
    }

    private static Selector<DoubleGene, Double> single(Selection s) {
        return switch (s) {
            case Selection.Tournament t -> new TournamentSelector<>(t.size());
            case Selection.LinearRank l -> new LinearRankSelector<>();
            case Selection.Truncation t -> new TruncationSelector<>();
            case Selection.Nsga2 n -> throw paretoOnly(s);
            case Selection.UfTournament u -> throw paretoOnly(s);
        };
    }

    private static IllegalArgumentException paretoOnly(Selection s) {
        return new IllegalArgumentException("selector " + s + " ranks Pareto fronts; a single-objective search needs tournament, linearRank or truncation");
    }
}
