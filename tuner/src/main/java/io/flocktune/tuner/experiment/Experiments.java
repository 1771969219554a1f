package io.flocktune.tuner.experiment;

import io.flocktune.tuner.io.BuiltIns;
import io.flocktune.tuner.io.InputException;

import java.util.List;

/**
 * The built-in experiments, JSON resources under {@code io/flocktune/tuner/experiments/}:
 * <ul>
 *   <li>{@code default}: weights and radii of {@code reynolds} with one predator, for an aligned,
 *       cohesive flock with few collisions that escapes the predator; under a minute on 2 cores.</li>
 *   <li>{@code pareto}: NSGA-II over polarization, collisions and captures.</li>
 *   <li>{@code seed001}: seed 001's rule set, with the separation kernel of seeds 000, 001, 003
 *       and 004 as a gene, to show how much better the seed gets.</li>
 *   <li>{@code behaviorsearch-flocking}: BehaviorSearch's tutorial search on NetLogo's Flocking
 *       ({@code netlogo-flocking}): minimise the heading spread over ticks 75–100 on the
 *       tutorial's 0.25 grids, at its budget of 12 000 model runs.</li>
 * </ul>
 */
public final class Experiments {
    private Experiments() {}

    /** Built-in experiment names, in listing order. */
    public static final List<String> NAMES = List.of("default", "pareto", "seed001", "behaviorsearch-flocking",
            "mason-flockers", "mason-flockers-nsga2", "evoflock");

    /**
     * @return the built-in experiment {@code name}
     * @throws IllegalArgumentException if there is none of that name
     */
    public static Experiment builtIn(String name) {
        return BuiltIns.load("/io/flocktune/tuner/experiments", "experiment", name, NAMES, (json, source) -> ExperimentJson.parse(json, source, null));
    }

    /**
     * A built-in experiment by name, or else an experiment file.
     *
     * @throws InputException neither a built-in name nor a readable, valid experiment file
     */
    public static Experiment resolve(String nameOrFile) throws InputException {
        if (NAMES.contains(nameOrFile)) return builtIn(nameOrFile);
        return ExperimentJson.read(BuiltIns.file(nameOrFile, "experiment", NAMES));
    }
}
