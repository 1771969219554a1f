package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import io.jenetics.Alterer;
import io.jenetics.AltererResult;
import io.jenetics.Chromosome;
import io.jenetics.DoubleChromosome;
import io.jenetics.DoubleGene;
import io.jenetics.Genotype;
import io.jenetics.Phenotype;
import io.jenetics.UniformCrossover;
import io.jenetics.util.ISeq;
import io.jenetics.util.RandomRegistry;
import io.jenetics.util.Seq;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * How a {@link Search} proposes the new candidates of a generation. Everything else (population,
 * survivor selection, survivor top-ups, common random numbers per generation, finalists,
 * held-out validation, stopping rules) is the same for every strategy, so two strategies run
 * at the same budget differ only in their proposals.
 */
public sealed interface Strategy {

    /** @return the name used in experiment JSON ({@code "search": {"kind": ...}}). */
    String kind();

    /** @return how the finalists for held-out validation are chosen. */
    Finalists finalists();

    /**
     * @return whether a Gaussian process of one fitness proposes candidates (the model and the
     *         adaptive search), so that the search needs a single objective
     */
    default boolean proposesByModel() {
        return this instanceof Model || this instanceof Adaptive;
    }

    /** @return whether the search keeps every candidate it evaluated (a model learns from all of them). */
    default boolean keepsArchive() {
        return proposesByModel() || finalists() != Finalists.POPULATION;
    }

    /** How the finalists that held-out validation chooses among are picked at the end of a search. */
    enum Finalists {
        /** The best valid members of the final population by the mean of their own replicates. */
        POPULATION,
        /**
         * The best of every candidate evaluated, by the posterior mean of a {@link GaussianProcess}
         * fitted to all of them: a candidate is judged with its neighbours' replicates too, not
         * only its own two or three (single objective only).
         */
        POSTERIOR,
        /**
         * The better half (rounded up) by the posterior mean, the rest the population's best by
         * their own means, so held-out validation chooses between what the model and what the
         * replicates favour: on the benchmark better than either alone (README).
         */
        BOTH;

        /** @return the name used in experiment JSON ({@code "search": {"finalists": ...}}). */
        public String json() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** @return the choice named {@code json}, or null if there is none. */
        public static Finalists ofJson(String json) {
            for (Finalists f : values()) if (f.json().equals(json)) return f;
            return null;
        }
    }

    /**
     * The genetic algorithm: uniform crossover of selected parents, then {@link UnitGeneMutator}
     * with the {@link Genetics} settings.
     */
    record Genetic(Finalists finalists) implements Strategy {
        public Genetic {
            Check.present("finalists", finalists);
        }

        /** The GA with its default finalists, {@link Finalists#BOTH}. */
        public Genetic() {
            this(Finalists.BOTH);
        }

        @Override public String kind() { return "ga"; }
    }

    /**
     * Random search, the honest baseline: every offspring slot is filled with a new candidate
     * drawn uniformly in the unit gene space (categorical genes uniformly among their options),
     * from the generation's engine generator, so it is seeded and independent of the thread
     * count. The parents selected for the slot are ignored.
     */
    record Random(Finalists finalists) implements Strategy {
        public Random {
            Check.present("finalists", finalists);
        }

        /** Random search with its default finalists, the population's best, as the baseline's definition asks. */
        public Random() {
            this(Finalists.POPULATION);
        }

        @Override public String kind() { return "random"; }
    }

    /**
     * Model-based search (Bayesian optimisation): a Gaussian process is fitted to every candidate
     * evaluated so far and the offspring slots are filled by expected improvement under it
     * ({@link ModelProposals}, {@link GaussianProcess}); the finalists are the candidates with
     * the best posterior mean, not the best mean of their own few replicates. The parents
     * selected for the slots are ignored.
     */
    record Model(Finalists finalists) implements Strategy {
        public Model {
            Check.present("finalists", finalists);
        }

        /** The model search with its default finalists, by the posterior. */
        public Model() {
            this(Finalists.POSTERIOR);
        }

        @Override public String kind() { return "model"; }
    }

    /**
     * The GA's proposals until the search has evaluated {@code modelFrom} candidates, the model
     * search's ({@link ModelProposals}) from then on: the GA's local steps where a model would
     * still be a guess, the model's pooling of every replicate once it has enough of them.
     * Below {@code modelFrom} candidates it is the GA, generation for generation.
     *
     * @param modelFrom   candidates evaluated before the model proposes, &ge; {@value #MODEL_FROM_MIN}
     * @param modelPoints candidates the model conditions on, at most (the best half and a spread of
     *                    the rest beyond them), so that a generation costs the same however long
     *                    the run; &ge; {@value #MODEL_FROM_MIN}
     */
    record Adaptive(Finalists finalists, int modelFrom, int modelPoints) implements Strategy {
        /** Candidates evaluated before the model proposes, by default. */
        public static final int MODEL_FROM = 250;

        /** The fewest candidates a model can be fitted on. */
        public static final int MODEL_FROM_MIN = ModelProposals.MINIMUM_OBSERVATIONS;

        /** Candidates the model conditions on, at most (a Cholesky factor of n of them takes n³/6 operations). */
        public static final int MODEL_POINTS = 1000;

        public Adaptive {
            Check.present("finalists", finalists);
            Check.inRange("modelFrom", modelFrom, MODEL_FROM_MIN, Integer.MAX_VALUE);
            Check.inRange("modelPoints", modelPoints, MODEL_FROM_MIN, Integer.MAX_VALUE);
        }

        /** The adaptive search with the model from {@code modelFrom} candidates, on at most {@value #MODEL_POINTS}. */
        public Adaptive(Finalists finalists, int modelFrom) {
            this(finalists, modelFrom, MODEL_POINTS);
        }

        /** The adaptive search with its defaults: finalists {@link Finalists#BOTH}, the model from {@value #MODEL_FROM} candidates. */
        public Adaptive() {
            this(Finalists.BOTH, MODEL_FROM);
        }

        @Override public String kind() { return "adaptive"; }
    }

    /**
     * The default strategy of a single-objective experiment: the adaptive search, the GA at small
     * budgets and the model from {@value Adaptive#MODEL_FROM} candidates on (chosen on the search
     * benchmark, results/search-benchmark/README.md).
     */
    Strategy DEFAULT = new Adaptive();

    /**
     * @param pareto whether the experiment combines its objectives by Pareto dominance
     * @return {@link #DEFAULT}, or for a Pareto search, which no model of one fitness can serve,
     *         the GA with its front as finalists
     */
    static Strategy defaultFor(boolean pareto) {
        return pareto ? new Genetic(Finalists.POPULATION) : DEFAULT;
    }

    /** @return the strategy named {@code kind} with its default finalists, or null if there is none. */
    static Strategy ofKind(String kind) {
        return switch (kind) {
            case "ga" -> new Genetic();
            case "random" -> new Random();
            case "model" -> new Model();
            case "adaptive" -> new Adaptive();
            default -> null;
        };
    }

    /** @return this strategy with {@code finalists} chosen that way. */
    default Strategy withFinalists(Finalists finalists) {
        return switch (this) {
            case Genetic g -> new Genetic(finalists);
            case Random r -> new Random(finalists);
            case Model m -> new Model(finalists);
            case Adaptive a -> new Adaptive(finalists, a.modelFrom(), a.modelPoints());
        };
    }

    /**
     * @param model         the model of the current generation (used by {@link Model} only)
     * @param perEvaluation replicates of a new candidate
     * @return the alterer that turns selected parents into offspring under {@code strategy}
     */
    static <C extends Comparable<? super C>> Alterer<DoubleGene, C> alterer(Strategy strategy, Genetics genetics,
                                                                          BitSet categorical,
                                                                          Supplier<GaussianProcess> model,
                                                                          int perEvaluation) {
        return switch (strategy) {
            case Genetic g -> genetic(genetics, categorical);
            case Random r -> new Redraw<>();
            case Model m -> new ModelProposals<C>(model, perEvaluation, new Redraw<C>());
            case Adaptive a -> new ModelProposals<C>(model, perEvaluation, Strategy.<C>genetic(genetics, categorical));
        };
    }

    private static <C extends Comparable<? super C>> Alterer<DoubleGene, C> genetic(Genetics genetics, BitSet categorical) {
        return new UniformCrossover<DoubleGene, C>(genetics.crossoverRate(), 0.5)
                .andThen(new UnitGeneMutator<>(genetics.mutationRate(), genetics.mutationSigma(), categorical));
    }

    /**
     * Replaces every offspring by a new phenotype (born in the current generation) whose genes
     * are uniform draws in [0, 1) from {@link RandomRegistry#random()}.
     */
    final class Redraw<C extends Comparable<? super C>> implements Alterer<DoubleGene, C> {
        @Override
        public AltererResult<DoubleGene, C> alter(Seq<Phenotype<DoubleGene, C>> population, long generation) {
            RandomGenerator random = RandomRegistry.random();
            List<Phenotype<DoubleGene, C>> fresh = new ArrayList<>(population.size());
            int genes = 0;
            for (Phenotype<DoubleGene, C> p : population) {
                Genotype<DoubleGene> g = p.genotype();
                List<DoubleChromosome> chromosomes = new ArrayList<>(g.length());
                for (Chromosome<DoubleGene> c : g) {
                    double[] u = new double[c.length()];
                    for (int i = 0; i < u.length; i++) u[i] = random.nextDouble();
                    chromosomes.add(DoubleChromosome.of(java.util.Arrays.stream(u).mapToObj(v -> DoubleGene.of(v, 0, 1)).toList()));
                    genes += u.length;
                }
                fresh.add(Phenotype.of(Genotype.of(chromosomes), generation));
            }
            return new AltererResult<>(ISeq.of(fresh), genes);
        }
    }
}
