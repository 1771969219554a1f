package io.flocktune.tuner.search;

import io.flocktune.sim.Check;
import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;
import io.flocktune.tuner.stats.PairedTests;
import io.jenetics.DoubleChromosome;
import io.jenetics.DoubleGene;
import io.jenetics.Genotype;
import io.jenetics.Optimize;
import io.jenetics.Phenotype;
import io.jenetics.engine.Engine;
import io.jenetics.engine.EvolutionDurations;
import io.jenetics.engine.EvolutionInterceptor;
import io.jenetics.engine.EvolutionResult;
import io.jenetics.engine.EvolutionStart;
import io.jenetics.ext.moea.MOEA;
import io.jenetics.ext.moea.Pareto;
import io.jenetics.ext.moea.Vec;
import io.jenetics.util.ISeq;
import io.jenetics.util.IntRange;
import io.jenetics.util.RandomRegistry;
import io.jenetics.util.Seq;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A genetic search over unit genes with noise handling, on a Jenetics {@link Engine} driven one
 * generation at a time. The {@link Strategy} decides how offspring are proposed (genetic
 * operators, or uniform random draws for the random-search baseline); everything below holds
 * for every strategy.
 *
 * <p><b>Noise.</b> A new candidate runs {@link Replication#perEvaluation()} replicates. All
 * candidates of generation {@code g} use the same training seeds {@code Seeds.training(seed, g,
 * r)} (common random numbers); the next generation gets new ones. After selection, every
 * survivor born earlier gets {@link Replication#perSurvival()} more replicates with the seeds of
 * the current generation, and its fitness becomes the mean over <em>all</em> its replicates, so
 * a candidate that was lucky once regresses to its true mean as it lives on. At the end,
 * {@link #finalists} are re-run on held-out seeds by {@link #validate}, which select the best,
 * and on fresh seeds by {@link #test}, which measure them for the report (selecting and
 * reporting on the same seeds would report the luck the selection picked).
 *
 * <p><b>Determinism.</b> The engine's own steps (selection, crossover, mutation) run on the
 * calling thread inside {@code RandomRegistry.with(Seeds.engine(seed, g))}, with a same-thread
 * executor; only the fitness function, a pure function of genes and seed, runs in parallel on
 * the {@link TrialRunner}, whose outcomes come back in trial order. History and results are
 * therefore bit-identical for any thread count, and a search resumed from a {@link SearchState}
 * continues exactly as the uninterrupted one.
 *
 * @param <C> fitness type, see {@link Scoring}
 */
public final class Search<C extends Comparable<? super C>> {

    /** Sees every completed generation, e.g. to write history and a checkpoint. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param summary     statistics of the generation
         * @param evaluations every replicate run in it, in run order
         * @param state       the state after it, from which the search can resume
         */
        void generation(GenerationSummary summary, List<Evaluation> evaluations, SearchState state);
    }

    /** Why a replicate ran. */
    public enum Role {
        /** First evaluation of a new candidate. */
        NEW,
        /** Extra replicate of a survivor. */
        SURVIVOR,
        /** Held-out validation of a finalist: the selection of the best. */
        VALIDATION,
        /** A finalist on the fresh test seeds: the reported numbers. */
        TEST
    }

    /**
     * One replicate of one candidate, a row of the history.
     *
     * @param candidate the individual's id
     * @param genes     its unit genes (a copy is kept)
     * @param replicate what ran and what came out
     * @param role      why it ran
     */
    public record Evaluation(long candidate, double[] genes, Replicate replicate, Role role) {
        public Evaluation {
            genes = genes.clone();
        }

        @Override
        public double[] genes() {
            return genes.clone();
        }
    }

    /**
     * @param state  the final state
     * @param reason the rule that ended the search
     */
    public record Result(SearchState state, StopRules.Reason reason) {}

    /**
     * A finalist after validation.
     *
     * @param individual the candidate as it left the search
     * @param replicates its held-out replicates, in seed order
     */
    public record Validated(Individual individual, List<Replicate> replicates) {
        public Validated {
            replicates = List.copyOf(replicates);
        }

        /** @return whether a held-out replicate failed. */
        public boolean failed() {
            return replicates.stream().anyMatch(r -> r.outcome() instanceof Outcome.Failure);
        }

        /** @return replicates × objectives matrix of the held-out values (only if not failed). */
        public double[][] values() {
            return replicates.stream().map(r -> ((Outcome.Success) r.outcome()).values()).toArray(double[][]::new);
        }
    }

    private final Scoring<C> scoring;
    private final Strategy strategy;
    private final int[] levels;
    private final Genetics genetics;
    private final Replication replication;
    private final StopRules stop;
    private final long seed;
    private final int geneCount;
    private final Evaluator<double[]> evaluator;
    private final TrialRunner runner;
    private final Engine<DoubleGene, C> engine;
    private final int objectives;

    // the generation in progress; touched by the calling thread only
    private long generation;
    private long nextId;
    private long evaluationCount;
    private long evaluationNanos;
    private int failures;
    private final Map<Genotype<DoubleGene>, Individual> known = new HashMap<>();
    private final List<Evaluation> evaluations = new ArrayList<>();
    private final List<Individual> newcomers = new ArrayList<>();   // registered by the evaluator, replicated by replicateGeneration
    private List<Individual> retired = List.of();
    private java.util.Optional<GaussianProcess> model;   // this generation's, fitted on first use

    /**
     * A search with the default strategy for its scoring ({@link Strategy#defaultFor}).
     *
     * @param scoring     objectives to fitness
     * @param genetics    GA settings
     * @param replication noise handling
     * @param stop        stopping rules
     * @param seed        the experiment seed
     * @param levels      per unit gene: 0 for an ordered gene (range, grid, integers), the number
     *                    of options (&ge; 2) of a categorical one (mutated by redrawing)
     * @param evaluator   unit genes and seed → objective values (pure)
     * @param runner      runs the trials, possibly in parallel
     * @throws IllegalArgumentException if the selection does not fit the scoring
     */
    public Search(Scoring<C> scoring, Genetics genetics, Replication replication, StopRules stop, long seed,
                  int[] levels, Evaluator<double[]> evaluator, TrialRunner runner) {
        this(scoring, Strategy.defaultFor(scoring instanceof Scoring.Pareto), genetics, replication, stop, seed, levels, evaluator, runner);
    }

    /**
     * @param strategy    how new candidates are proposed; {@code genetics} still sets the
     *                    population, offspring fraction and survivor selection
     * @see #Search(Scoring, Genetics, Replication, StopRules, long, int[], Evaluator, TrialRunner)
     */
    public Search(Scoring<C> scoring, Strategy strategy, Genetics genetics, Replication replication, StopRules stop,
                  long seed, int[] levels, Evaluator<double[]> evaluator, TrialRunner runner) {
        this.strategy = Check.present("strategy", strategy);
        if (scoring instanceof Scoring.Pareto && strategy.proposesByModel()) {
            throw new IllegalArgumentException("a Gaussian process models one fitness: search kind " + strategy.kind()
                    + " needs a single objective");
        }
        this.levels = Check.present("levels", levels).clone();
        BitSet categorical = new BitSet();
        for (int j = 0; j < levels.length; j++) {
            if (levels[j] == 0) continue;
            Check.inRange("levels[" + j + "]", levels[j], 2, Integer.MAX_VALUE);
            categorical.set(j);
        }
        this.scoring = Check.present("scoring", scoring);
        this.genetics = Check.present("genetics", genetics);
        this.replication = Check.present("replication", replication);
        this.stop = Check.present("stop", stop);
        this.seed = seed;
        this.geneCount = Check.inRange("genes", levels.length, 1, 100_000);
        this.evaluator = Check.present("evaluator", evaluator);
        this.runner = Check.present("runner", runner);
        this.objectives = scoring.criteria().size();
        Genotype<DoubleGene> factory = Genotype.of(DoubleChromosome.of(0, 1, geneCount));
        this.engine = new Engine.Builder<>(new ReplicatedEvaluator(), factory)
                .optimize(Optimize.MINIMUM)
                .populationSize(genetics.population())
                .offspringFraction(genetics.offspringFraction())
                .offspringSelector(scoring.offspringSelector(genetics.selection()))
                .survivorsSelector(scoring.survivorsSelector(genetics.selection(), genetics.elitism()))
                .alterers(Strategy.<C>alterer(strategy, genetics, categorical, this::model, replication.perEvaluation()))
                .maximalPhenotypeAge(genetics.maximalAge())
                .interceptor(EvolutionInterceptor.ofAfter(this::distinctGenotypes))
                .executor(Runnable::run)
                .build();
    }

    /**
     * Runs the search from the start or from {@code resume} until a stopping rule fires.
     *
     * @param resume   the state of the last completed generation, or null to start afresh
     * @param listener sees every completed generation (generation 0 included)
     * @throws InterruptedException if the thread is interrupted; the generation in flight is
     *                              lost, the last state the listener saw is complete
     */
    public Result run(SearchState resume, Listener listener) throws InterruptedException {
        SearchState state = resume != null ? resume : initial(listener);
        while (true) {
            StopRules.Reason reason = stopReason(state);
            if (reason != null) return new Result(state, reason);
            if (Thread.interrupted()) throw new InterruptedException();
            state = next(state, listener);
        }
    }

    private StopRules.Reason stopReason(SearchState s) {
        if (s.generation() >= stop.generations()) return StopRules.Reason.GENERATIONS;
        if (stop.steadyGenerations() > 0 && s.generation() - s.improvedAt() >= stop.steadyGenerations()) {
            return StopRules.Reason.STEADY_FITNESS;
        }
        if (!stop.wallTime().isZero() && s.elapsedNanos() >= stop.wallTime().toNanos()) return StopRules.Reason.WALL_TIME;
        if (stop.evaluations() > 0 && s.evaluations() >= stop.evaluations()) return StopRules.Reason.EVALUATIONS;
        return null;
    }

    private SearchState initial(Listener listener) throws InterruptedException {
        long start = System.nanoTime();
        begin(0, 0, 0, List.of(), List.of());
        ISeq<Phenotype<DoubleGene, C>> population = RandomRegistry.with(Seeds.engine(seed, 0)).call(() ->
                engine.genotypeFactory().instances().limit(genetics.population())
                        .map(gt -> Phenotype.<DoubleGene, C>of(gt, 0)).collect(ISeq.toISeq()));
        ISeq<Phenotype<DoubleGene, C>> registered = engine.eval(population);
        replicateGeneration(List.of());
        ISeq<Phenotype<DoubleGene, C>> evaluated = registered.map(p -> p.withFitness(fitness(known.get(p.genotype())))).asISeq();
        double[] reference = new double[0];
        if (scoring instanceof Scoring.Pareto) {
            List<double[]> costs = distinct(evaluated).stream().filter(i -> !i.failed())
                    .map(i -> scoring.costs(values(i))).toList();
            reference = Hypervolume.referenceFor(costs, objectives);
        }
        return finish(evaluated, 0, Double.NaN, 0, reference, 0, start, listener);
    }

    private SearchState next(SearchState state, Listener listener) throws InterruptedException {
        long start = System.nanoTime();
        long g = state.generation() + 1;
        begin(g, state.nextId(), state.evaluations(), state.individuals(), state.retired());
        ISeq<Phenotype<DoubleGene, C>> population = state.population().stream()
                .map(s -> Phenotype.of(genotype(state.individual(s.id())), s.generation(), fitness(state.individual(s.id()))))
                .collect(ISeq.toISeq());
        EvolutionResult<DoubleGene, C> result =
                RandomRegistry.with(Seeds.engine(seed, g)).call(() -> engine.evolve(EvolutionStart.of(population, g)));
        List<Individual> survivors = replication.perSurvival() == 0 ? List.of()
                : distinct(result.population()).stream().filter(i -> i.born() < g && !i.failed()).toList();
        replicateGeneration(survivors);
        ISeq<Phenotype<DoubleGene, C>> updated = result.population()
                .map(p -> p.withFitness(fitness(known.get(p.genotype())))).asISeq();
        return finish(updated, g, state.bestScore(), state.improvedAt(), state.reference(), state.elapsedNanos(),
                start, listener, state.evaluationNanos());
    }

    private SearchState finish(ISeq<Phenotype<DoubleGene, C>> population, long g, double bestScore, long improvedAt,
                               double[] reference, long elapsedBefore, long start, Listener listener) {
        return finish(population, g, bestScore, improvedAt, reference, elapsedBefore, start, listener, 0);
    }

    private SearchState finish(ISeq<Phenotype<DoubleGene, C>> population, long g, double bestScore, long improvedAt,
                               double[] reference, long elapsedBefore, long start, Listener listener,
                               long evaluationNanosBefore) {
        List<Individual> members = distinct(population);
        List<SearchState.Slot> slots = population.stream()
                .map(p -> new SearchState.Slot(known.get(p.genotype()).id(), p.generation())).toList();
        List<Individual> valid = members.stream().filter(i -> !i.failed()).toList();
        DescriptiveStatistics fitness = new DescriptiveStatistics();
        Individual best = null;
        double bestValue = Double.POSITIVE_INFINITY;
        for (Individual i : valid) {
            double v = scoring.scalar(fitness(i));
            fitness.addValue(v);
            if (v < bestValue) {
                bestValue = v;
                best = i;
            }
        }
        double hypervolume = Double.NaN;
        int frontSize = 0;
        double score = bestValue;
        if (scoring instanceof Scoring.Pareto) {
            List<double[]> front = front(valid);
            frontSize = front.size();
            hypervolume = Hypervolume.of(front, reference);
            score = -hypervolume;
        }
        boolean improved = Double.isNaN(bestScore) || score < bestScore;
        long wall = System.nanoTime() - start;
        SearchState next = new SearchState(g, members, slots, nextId, evaluationCount,
                improved ? score : bestScore, improved ? g : improvedAt, reference, elapsedBefore + wall,
                evaluationNanosBefore + evaluationNanos, retiredAfter(members));
        int topUps = (int) evaluations.stream().filter(e -> e.role() == Role.SURVIVOR).map(Evaluation::candidate).distinct().count();
        int fresh = (int) evaluations.stream().filter(e -> e.role() == Role.NEW).map(Evaluation::candidate).distinct().count();
        GenerationSummary summary = new GenerationSummary(g, evaluationCount, fresh, topUps, failures,
                valid.isEmpty() ? Double.NaN : bestValue, valid.isEmpty() ? Double.NaN : fitness.getMean(),
                valid.isEmpty() ? Double.NaN : fitness.getPercentile(10), valid.isEmpty() ? Double.NaN : fitness.getPercentile(90),
                best == null ? -1 : best.id(), best == null ? 0 : best.replicates().size(),
                best == null ? new double[0] : values(best), hypervolume, frontSize, wall, evaluationNanos);
        listener.generation(summary, List.copyOf(evaluations), next);
        return next;
    }

    /** @return the archive's retired candidates once this generation's members are known (id order). */
    private List<Individual> retiredAfter(List<Individual> members) {
        if (!strategy.keepsArchive()) return List.of();
        java.util.Set<Long> stay = new java.util.HashSet<>();
        for (Individual i : members) stay.add(i.id());
        List<Individual> out = new ArrayList<>(retired);
        known.values().stream().filter(i -> !stay.contains(i.id())).sorted(Comparator.comparingLong(Individual::id)).forEach(out::add);
        return out;
    }

    /** @return every candidate evaluated so far (retired ones, then the population's), in id order. */
    private List<Individual> archive() {
        List<Individual> all = new ArrayList<>(retired);
        all.addAll(known.values());
        all.sort(Comparator.comparingLong(Individual::id));
        return all;
    }

    /**
     * The Gaussian process of this generation, fitted once on the archive as it stood when the
     * generation began (a failed candidate counts with the worst valid fitness); no model
     * before {@link ModelProposals#MINIMUM_OBSERVATIONS} valid candidates, nor, for the adaptive
     * search, before {@link Strategy.Adaptive#modelFrom()} candidates ({@link #adaptiveModel}).
     */
    private GaussianProcess model() {
        if (model == null) model = java.util.Optional.ofNullable(strategy instanceof Strategy.Adaptive a ? adaptiveModel(a) : fit(archive()));
        return model.orElse(null);
    }

    /** An archive grows by this factor between two fits of the adaptive search's hyperparameters. */
    static final double REFIT_GROWTH = 1.2;

    private Observations hyperparametersFrom;   // the observations the cached hyperparameters were fitted on
    private double[] hyperparameters;
    private int hyperparameterFits;
    private int modelPoints;   // the candidates the last adaptive model conditioned on

    /**
     * The adaptive search's model: the posterior of the archive (beyond
     * {@link Strategy.Adaptive#modelPoints()} candidates its best half and a spread of the rest,
     * {@link GaussianProcess#fitSubset}), with hyperparameters
     * fitted anew only when the archive has grown by {@value #REFIT_GROWTH}× since their last fit
     * (the first at {@link Strategy.Adaptive#modelFrom()} candidates), on the archive as it stood
     * then. Which generation that was follows from the candidates' birth generations, and the
     * archive as it stood then from their replicates' generations, so a resumed search fits the
     * same hyperparameters; the fit is then kept for the generations that take it.
     */
    private GaussianProcess adaptiveModel(Strategy.Adaptive a) {
        List<Individual> archive = archive();
        if (archive.size() < a.modelFrom()) return null;
        Observations now = observations(archive);
        if (now == null) return null;
        if (now.y().length > a.modelPoints()) now = now.only(GaussianProcess.fitSubset(now.y(), a.modelPoints()));
        modelPoints = now.y().length;
        Observations then = observations(archiveAt(archive, lastRefit(archive, a.modelFrom())));
        if (then == null) then = now;   // too few valid candidates then: fitted on what there is now
        if (!then.equals(hyperparametersFrom)) {
            hyperparameters = GaussianProcess.hyperparameters(then.x(), then.y(), then.seeds(), levels);
            hyperparametersFrom = then;
            hyperparameterFits++;
        }
        return GaussianProcess.fit(now.x(), now.y(), now.seeds(), levels, hyperparameters);
    }

    /** @return how often this search has fitted the adaptive model's hyperparameters (for tests). */
    int hyperparameterFits() {
        return hyperparameterFits;
    }

    /** @return the candidates the last adaptive model conditioned on, 0 before the first (for tests). */
    int modelPoints() {
        return modelPoints;
    }

    /** @return the last generation up to this one that began with enough candidates for a new fit (see {@link #adaptiveModel}). */
    private long lastRefit(List<Individual> archive, int modelFrom) {
        long[] born = archive.stream().mapToLong(Individual::born).sorted().toArray();
        long at = -1, sizeAt = 0;
        int before = 0;   // candidates born before generation g: the archive as generation g began
        for (long g = 1; g <= generation; g++) {
            while (before < born.length && born[before] < g) before++;
            if (at < 0 ? before >= modelFrom : before >= REFIT_GROWTH * sizeAt) {
                at = g;
                sizeAt = before;
            }
        }
        return at;
    }

    /** @return the archive as generation {@code g} began: the candidates born before it, with their replicates run before it. */
    private static List<Individual> archiveAt(List<Individual> archive, long g) {
        return archive.stream().filter(i -> i.born() < g)
                .map(i -> new Individual(i.id(), i.genes(), i.born(), i.replicates().stream().filter(r -> r.generation() < g).toList()))
                .toList();
    }

    /**
     * What a Gaussian process is fitted on: each candidate's unit genes, scalar fitness and the
     * seeds of its replicates, in archive order.
     */
    private record Observations(double[][] x, double[] y, long[][] seeds) {
        /** @return the observations at {@code indices} only. */
        Observations only(int[] indices) {
            return new Observations(Arrays.stream(indices).mapToObj(k -> x[k]).toArray(double[][]::new),
                    Arrays.stream(indices).mapToDouble(k -> y[k]).toArray(),
                    Arrays.stream(indices).mapToObj(k -> seeds[k]).toArray(long[][]::new));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Observations other && Arrays.deepEquals(x, other.x) && Arrays.equals(y, other.y)
                    && Arrays.deepEquals(seeds, other.seeds);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(y);
        }
    }

    /**
     * @return the Gaussian process of {@code archive}, or null with too few valid candidates
     *         (package-private for the diagnostics beside the search's tests)
     */
    GaussianProcess fit(List<Individual> archive) {
        Observations o = observations(archive);
        return o == null ? null : GaussianProcess.fit(o.x(), o.y(), o.seeds(), levels);
    }

    /** @return the observations of {@code archive} (a failed candidate counts with the worst valid fitness), or null with too few valid ones. */
    private Observations observations(List<Individual> archive) {
        double[] y = new double[archive.size()];
        double worst = Double.NEGATIVE_INFINITY;
        int valid = 0;
        for (int k = 0; k < y.length; k++) {
            Individual i = archive.get(k);
            y[k] = i.failed() ? Double.NaN : scoring.scalar(fitness(i));
            if (!i.failed()) {
                worst = Math.max(worst, y[k]);
                valid++;
            }
        }
        if (valid < ModelProposals.MINIMUM_OBSERVATIONS) return null;
        for (int k = 0; k < y.length; k++) if (Double.isNaN(y[k])) y[k] = worst;
        double[][] x = archive.stream().map(Individual::genes).toArray(double[][]::new);
        long[][] seeds = archive.stream().map(i -> i.replicates().stream().mapToLong(Replicate::seed).toArray()).toArray(long[][]::new);
        return new Observations(x, y, seeds);
    }

    private void begin(long g, long firstId, long evaluationsSoFar, List<Individual> individuals, List<Individual> retiredSoFar) {
        generation = g;
        retired = retiredSoFar;
        model = null;
        nextId = firstId;
        evaluationCount = evaluationsSoFar;
        evaluationNanos = 0;
        failures = 0;
        known.clear();
        for (Individual i : individuals) known.put(genotype(i), i);
        evaluations.clear();
        newcomers.clear();
    }

    /**
     * Runs this generation's training replicates in one batch, so that no thread waits between
     * them: {@link Replication#perEvaluation()} of each newcomer the engine registered, then
     * {@link Replication#perSurvival()} more of each survivor (the history lists them in that
     * order), each with this generation's seeds.
     */
    private void replicateGeneration(List<Individual> survivors) throws InterruptedException {
        List<Individual> fresh = List.copyOf(newcomers);
        newcomers.clear();
        int perNew = replication.perEvaluation(), perSurvivor = replication.perSurvival();
        List<Trial<double[]>> trials = new ArrayList<>();
        for (Individual i : fresh) for (int r = 0; r < perNew; r++) trials.add(new Trial<>(i.genes(), Seeds.training(seed, generation, r)));
        for (Individual i : survivors) for (int r = 0; r < perSurvivor; r++) trials.add(new Trial<>(i.genes(), Seeds.training(seed, generation, r)));
        List<Outcome> outcomes = runTimed(trials);
        int t = 0;
        for (Individual i : fresh) t = addReplicates(i, perNew, Role.NEW, trials, outcomes, t);
        for (Individual i : survivors) t = addReplicates(i, perSurvivor, Role.SURVIVOR, trials, outcomes, t);
        evaluationCount += trials.size();
    }

    /** Adds {@code count} replicates to {@code i} from trials and outcomes {@code from} on; returns the next index. */
    private int addReplicates(Individual i, int count, Role role, List<Trial<double[]>> trials, List<Outcome> outcomes, int from) {
        List<Replicate> more = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            Replicate rep = new Replicate(generation, r, trials.get(from + r).seed(), outcomes.get(from + r));
            more.add(rep);
            evaluations.add(new Evaluation(i.id(), i.genes(), rep, role));
            if (rep.outcome() instanceof Outcome.Failure) failures++;
        }
        Individual updated = i.plus(more);
        known.put(genotype(updated), updated);
        return from + count;
    }

    private List<Outcome> runTimed(List<Trial<double[]>> trials) throws InterruptedException {
        long t0 = System.nanoTime();
        List<Outcome> raw = runner.run(evaluator, trials);
        evaluationNanos += System.nanoTime() - t0;
        return raw.stream().map(this::checked).toList();
    }

    /** A success must have one finite value per objective; anything else is a failure. */
    private Outcome checked(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Failure f -> f;
            case Outcome.Success s -> {
                double[] v = s.values();
                if (v.length != objectives) {
                    yield new Outcome.Failure("evaluator returned " + v.length + " values for " + objectives + " objectives", s.nanos());
                }
                for (int k = 0; k < v.length; k++) {
                    if (!Double.isFinite(v[k])) {
                        yield new Outcome.Failure("objective " + scoring.criteria().get(k).name() + " is " + v[k], s.nanos());
                    }
                }
                yield s;
            }
        };
    }

    /**
     * Replaces every repeated genotype of a new population with a fresh random one, keeping the
     * order of the others, so duplicates do not crowd the population. (Jenetics'
     * {@code toUniquePopulation} rebuilds the population from a hash map, whose order depends on
     * identity hash codes and so differs between JVMs; a resumed run would then diverge.)
     */
    private EvolutionResult<DoubleGene, C> distinctGenotypes(EvolutionResult<DoubleGene, C> result) {
        java.util.Set<Genotype<DoubleGene>> seen = new java.util.HashSet<>();
        List<Phenotype<DoubleGene, C>> population = new ArrayList<>();
        boolean changed = false;
        for (Phenotype<DoubleGene, C> p : result.population()) {
            if (seen.add(p.genotype())) {
                population.add(p);
                continue;
            }
            Genotype<DoubleGene> fresh = engine.genotypeFactory().newInstance();
            for (int retry = 0; retry < 10 && !seen.add(fresh); retry++) fresh = engine.genotypeFactory().newInstance();
            population.add(Phenotype.of(fresh, result.generation()));
            changed = true;
        }
        return changed ? EvolutionResult.of(result.optimize(), ISeq.of(population), result.generation(),
                result.totalGenerations(), result.durations(), result.killCount(), result.invalidCount(), result.alterCount())
                : result;
    }

    /**
     * The engine's fitness evaluator: a new genotype becomes a newcomer, with an id in the order
     * the engine hands it over, and the worst fitness as a placeholder; its replicates run with
     * the survivors' in the generation's one batch ({@link #replicateGeneration}), after which
     * every member's fitness is set from its replicates. The engine ranks nobody in between.
     */
    private final class ReplicatedEvaluator implements io.jenetics.engine.Evaluator<DoubleGene, C> {
        @Override
        public ISeq<Phenotype<DoubleGene, C>> eval(Seq<Phenotype<DoubleGene, C>> population) {
            for (Phenotype<DoubleGene, C> p : population) {
                if (p.nonEvaluated() && !known.containsKey(p.genotype())) {
                    Individual i = new Individual(nextId++, genes(p.genotype()), generation, List.of());
                    known.put(p.genotype(), i);
                    newcomers.add(i);
                }
            }
            return population.map(p -> {
                if (p.isEvaluated()) return p;
                Individual i = known.get(p.genotype());
                return p.withFitness(i.replicates().isEmpty() ? scoring.worst() : fitness(i));   // no replicates yet: a newcomer
            }).asISeq();
        }
    }

    /** The objective values a candidate's fitness comes from: its replicates combined ({@link Replication#combine}). */
    private double[] values(Individual i) {
        return replication.combine().of(i, scoring.criteria());
    }

    private C fitness(Individual i) {
        return i.failed() ? scoring.worst() : scoring.fitness(values(i));
    }

    private List<Individual> distinct(ISeq<Phenotype<DoubleGene, C>> population) {
        Map<Long, Individual> seen = new LinkedHashMap<>();
        for (Phenotype<DoubleGene, C> p : population) {
            Individual i = known.get(p.genotype());
            seen.putIfAbsent(i.id(), i);
        }
        return List.copyOf(seen.values());
    }

    /** @return the cost vectors of the first Pareto front of {@code valid} (minimisation). */
    private List<double[]> front(List<Individual> valid) {
        ISeq<double[]> costs = valid.stream().map(i -> scoring.costs(values(i))).collect(ISeq.toISeq());
        return Pareto.front(costs, (double[] a, double[] b) -> Pareto.dominance(b, a)).asList();
    }

    /**
     * The candidates to validate ({@link Replication#finalists()} of them, or a race's
     * {@link Race#pool()} when the replication has a {@link Replication#race()}), as the strategy's
     * {@link Strategy.Finalists} say: the best valid members of the final population by their own
     * means (single objective), or up to that many members of its first Pareto front, thinned by
     * crowding distance ({@link MOEA#toParetoSet}), ordered by scalar fitness (always so for a
     * Pareto search); or the best valid candidates of the whole run by the posterior mean of the
     * Gaussian process fitted to all of them; or both, half and half (with fewer than
     * {@link ModelProposals#MINIMUM_OBSERVATIONS} valid candidates, the population's).
     */
    public List<Individual> finalists(SearchState state) {
        return stage(state).finalists();
    }

    /**
     * Starts the finalist stage of {@code state}: {@link #finalists} in two steps, so that the
     * candidates certain to be finalists can be validated while the model that picks the others
     * is fitted. Validating them ({@link #validate}) on another thread while
     * {@link Stage#finalists()} runs is safe; nothing else of this search may run meanwhile.
     */
    public Stage stage(SearchState state) {
        begin(state.generation(), state.nextId(), state.evaluations(), state.individuals(), state.retired());
        return new Stage(state);
    }

    /** The finalist stage of one state ({@link #stage}). */
    public final class Stage {
        private final SearchState state;
        private final int k;
        private final List<Individual> byScalar;   // the valid members of the population, best first

        private Stage(SearchState state) {
            this.state = state;
            this.k = replication.race() == null ? replication.finalists() : replication.race().pool();
            this.byScalar = state.individuals().stream().filter(i -> !i.failed()).sorted(byOwnFitness()).toList();
        }

        /**
         * @return the candidates {@link #finalists()} holds whatever the model says, best first:
         *         with finalists {@code population}, every one; with {@code both}, the best half
         *         (rounded down) of the population by its own means, since the model's half is
         *         taken first and the population's fills the rest; none for {@code posterior},
         *         a Pareto search or a race (whose pool is validated in rounds)
         */
        public List<Individual> sure() {
            if (replication.race() != null || scoring instanceof Scoring.Pareto) return List.of();
            return switch (strategy.finalists()) {
                case POPULATION -> byScalar.stream().limit(k).toList();
                case BOTH -> byScalar.stream().limit(k / 2).toList();
                case POSTERIOR -> List.of();
            };
        }

        /** @return the candidates to validate, as {@link Search#finalists} says; it fits the model, if any. */
        public List<Individual> finalists() {
            if (strategy.finalists() != Strategy.Finalists.POPULATION && !(scoring instanceof Scoring.Pareto)) {
                List<Individual> archive = archive();
                GaussianProcess gp = fit(archive);
                if (gp != null) {
                    Map<Long, Double> posterior = new HashMap<>();
                    for (Individual i : archive) if (!i.failed()) posterior.put(i.id(), gp.mean(i.genes()));
                    List<Individual> byPosterior = archive.stream().filter(i -> !i.failed())
                            .sorted(Comparator.<Individual>comparingDouble(i -> posterior.get(i.id())).thenComparingLong(Individual::id))
                            .toList();
                    if (strategy.finalists() == Strategy.Finalists.POSTERIOR) return byPosterior.stream().limit(k).toList();
                    Map<Long, Individual> chosen = new LinkedHashMap<>();
                    for (Individual i : byPosterior) if (chosen.size() < (k + 1) / 2) chosen.putIfAbsent(i.id(), i);
                    for (Individual i : byScalar) if (chosen.size() < k) chosen.putIfAbsent(i.id(), i);
                    for (Individual i : byPosterior) if (chosen.size() < k) chosen.putIfAbsent(i.id(), i);
                    return List.copyOf(chosen.values());
                }
            }
            if (!(scoring instanceof Scoring.Pareto)) return byScalar.stream().limit(k).toList();
            ISeq<Phenotype<DoubleGene, C>> population = state.individuals().stream().filter(i -> !i.failed())
                    .map(i -> Phenotype.of(genotype(i), i.born(), fitness(i))).collect(ISeq.toISeq());
            @SuppressWarnings("unchecked")
            EvolutionResult<DoubleGene, Vec<double[]>> result = (EvolutionResult<DoubleGene, Vec<double[]>>) (Object)
                    EvolutionResult.of(Optimize.MINIMUM, population, state.generation(), EvolutionDurations.ZERO, 0, 0, 0);
            ISeq<Phenotype<DoubleGene, Vec<double[]>>> set = RandomRegistry.with(Seeds.engine(seed, -1)).call(() ->
                    Stream.of(result).collect(MOEA.toParetoSet(new IntRange(k, k + 1))));   // an oversized set shrinks to the lower bound
            return set.stream().map(p -> known.get(p.genotype())).distinct().sorted(byOwnFitness()).toList();
        }
    }

    /** @return candidates by the scalar fitness of their own training means, the lower id on a tie. */
    private Comparator<Individual> byOwnFitness() {
        return Comparator.<Individual>comparingDouble(i -> scoring.scalar(fitness(i))).thenComparingLong(Individual::id);
    }

    /**
     * Re-runs each finalist on {@link Replication#validationSeeds()} held-out seeds
     * ({@link Seeds#validation}), the same seeds for every finalist.
     *
     * @return one entry per finalist, in the given order
     */
    public List<Validated> validate(List<Individual> finalists) throws InterruptedException {
        return validate(finalists, List.of());
    }

    /**
     * As {@link #validate(List)}, reusing the held-out replicates of the finalists validated
     * already (e.g. a {@link Stage#sure()} validated while the model was fitted): the same
     * replicates as validating them again.
     *
     * @param done earlier results of {@link #validate(List)}; those of candidates not among
     *             {@code finalists} are ignored
     * @return one entry per finalist, in the given order
     */
    public List<Validated> validate(List<Individual> finalists, List<Validated> done) throws InterruptedException {
        Map<Long, Validated> byId = new HashMap<>();
        for (Validated v : done) byId.put(v.individual().id(), v);
        List<Individual> rest = finalists.stream().filter(i -> !byId.containsKey(i.id())).toList();
        java.util.Iterator<Validated> more = rerun(rest, 0, replication.validationSeeds(), r -> Seeds.validation(seed, r)).iterator();
        List<Validated> out = new ArrayList<>();
        for (Individual i : finalists) out.add(byId.containsKey(i.id()) ? byId.get(i.id()) : more.next());
        return out;
    }

    /**
     * Re-runs each finalist on {@link Replication#testSeeds()} fresh seeds ({@link Seeds#test}),
     * the same for every finalist and the base preset, never used by the search or the selection:
     * the reported means and paired differences come from these.
     *
     * @return one entry per finalist, in the given order
     */
    public List<Validated> test(List<Individual> finalists) throws InterruptedException {
        return rerun(finalists, 0, replication.testSeeds(), r -> Seeds.test(seed, r));
    }

    /**
     * Races {@code pool} on held-out seeds ({@link Seeds#validation}, the same seeds in the same
     * order as {@link #validate}) as {@link Replication#race()} says: the finalist stage of a
     * search with a race, instead of {@link #validate}.
     *
     * @param pool the candidates, e.g. {@link #finalists}
     * @return every candidate's held-out replicates and place
     * @throws IllegalStateException if the replication has no race
     */
    public Race.Result race(List<Individual> pool) throws InterruptedException {
        Race race = replication.race();
        if (race == null) throw new IllegalStateException("no race in " + replication);
        long budget = (long) replication.finalists() * replication.validationSeeds();
        Map<Long, List<Replicate>> replicates = new HashMap<>();
        Map<Long, Integer> dropped = new HashMap<>();
        Map<Long, Double> pValues = new HashMap<>();
        for (Individual i : pool) replicates.put(i.id(), new ArrayList<>());
        Comparator<Validated> byFitness = byValidatedFitness();
        List<Individual> alive = new ArrayList<>(pool);
        int seeds = 0, rounds = 0;
        long spent = 0;
        while (!alive.isEmpty() && (rounds == 0 || alive.size() > 1)) {
            int next = Math.min(race.round(), replication.validationSeeds() - seeds);
            if (next <= 0 || spent + (long) alive.size() * next > budget) break;
            for (Validated more : rerun(alive, seeds, next, r -> Seeds.validation(seed, r))) {
                replicates.get(more.individual().id()).addAll(more.replicates());
            }
            spent += (long) alive.size() * next;
            seeds += next;
            rounds++;
            List<Validated> standing = new ArrayList<>();
            for (Individual i : alive) {
                Validated v = new Validated(i, replicates.get(i.id()));
                if (v.failed()) {
                    dropped.put(i.id(), rounds);
                    pValues.put(i.id(), Double.NaN);
                } else {
                    standing.add(v);
                }
            }
            alive = new ArrayList<>(standing.stream().map(Validated::individual).toList());
            if (standing.size() < 2) continue;
            Validated incumbent = standing.stream().min(byFitness).orElseThrow();
            double[] best = perSeedFitness(incumbent);
            List<Validated> others = standing.stream().filter(v -> v != incumbent).toList();
            double[] p = new double[others.size()];
            for (int k = 0; k < p.length; k++) p[k] = PairedTests.wilcoxonGreater(perSeedFitness(others.get(k)), best).p();
            double[] adjusted = PairedTests.holm(p);
            for (int k = 0; k < p.length; k++) {
                long id = others.get(k).individual().id();
                pValues.put(id, adjusted[k]);
                if (adjusted[k] <= race.alpha()) {
                    dropped.put(id, rounds);
                    alive.remove(others.get(k).individual());
                }
            }
        }
        List<Race.Entry> entries = new ArrayList<>();
        for (Individual i : pool) {
            entries.add(new Race.Entry(new Validated(i, replicates.get(i.id())), dropped.getOrDefault(i.id(), 0),
                    pValues.getOrDefault(i.id(), Double.NaN)));
        }
        return new Race.Result(Race.rank(entries, byFitness), rounds, spent);
    }

    /** @return the fitness of each held-out replicate's own objective values, in replicate order. */
    private double[] perSeedFitness(Validated v) {
        return Arrays.stream(v.values()).mapToDouble(values -> scoring.scalar(scoring.fitness(values))).toArray();
    }

    /**
     * Runs replicates {@code from} … {@code from + count − 1} of each individual, replicate r on
     * {@code seeds(r)}, in one batch.
     *
     * @return one entry per individual, in the given order, holding these replicates only
     */
    private List<Validated> rerun(List<Individual> individuals, int from, int count, java.util.function.IntToLongFunction seeds)
            throws InterruptedException {
        if (individuals.isEmpty()) return List.of();
        List<Trial<double[]>> trials = new ArrayList<>();
        for (Individual i : individuals) {
            for (int r = from; r < from + count; r++) trials.add(new Trial<>(i.genes(), seeds.applyAsLong(r)));
        }
        List<Outcome> outcomes = runTimed(trials);
        List<Validated> out = new ArrayList<>();
        for (int k = 0; k < individuals.size(); k++) {
            List<Replicate> reps = new ArrayList<>();
            for (int r = 0; r < count; r++) {
                reps.add(new Replicate(generation, from + r, trials.get(k * count + r).seed(), outcomes.get(k * count + r)));
            }
            out.add(new Validated(individuals.get(k), reps));
        }
        return out;
    }

    /** @return the order finalists are ranked in: by the scalar fitness of their held-out means, the lower id on a tie. */
    public Comparator<Validated> byValidatedFitness() {
        return Comparator.<Validated>comparingDouble(v -> scoring.scalar(validatedFitness(v))).thenComparingLong(v -> v.individual().id());
    }

    /** @return the fitness of validated means, for ranking finalists (null if one failed). */
    public C validatedFitness(Validated v) {
        if (v.failed()) return scoring.worst();
        double[][] values = v.values();
        double[] means = new double[objectives];
        for (double[] row : values) for (int k = 0; k < objectives; k++) means[k] += row[k];
        for (int k = 0; k < objectives; k++) means[k] /= values.length;
        return scoring.fitness(means);
    }

    /** @return the scoring this search ranks by. */
    public Scoring<C> scoring() {
        return scoring;
    }

    static double[] genes(Genotype<DoubleGene> gt) {
        return gt.chromosome().stream().mapToDouble(DoubleGene::doubleValue).toArray();
    }

    static Genotype<DoubleGene> genotype(double[] genes) {
        return Genotype.of(DoubleChromosome.of(Arrays.stream(genes).mapToObj(u -> DoubleGene.of(u, 0, 1)).toList()));
    }

    private static Genotype<DoubleGene> genotype(Individual i) {
        return genotype(i.genes());
    }
}
