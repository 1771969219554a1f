package io.flocktune.tuner.experiment;

import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.peer.MasonFlockers;
import io.flocktune.tuner.search.Selection;
import io.flocktune.tuner.space.Parameter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The built-in {@code mason-flockers} experiments say what MASON's {@code flockers.master.params}
 * and {@code flockers.multi.master.params} say (peers.md section 3), and the NSGA-II variant's
 * second objective is a constant, as MASON's unfilled {@code assessment[1]} is.
 */
class MasonFlockersExperimentTest {
    static final List<String> GENES = List.of("peer.avoidance", "peer.cohesion", "peer.consistency", "peer.momentum",
            "peer.randomness");

    @Test
    void gaIsMasonsSetUp() {
        Experiment e = Experiments.builtIn("mason-flockers");
        assertEquals("mason-flockers", e.baseName());
        assertGenes(e);
        assertEquals(1, e.objectives().size());
        assertEquals(ObjectiveSpec.parse("meanNeighbourCount(radius=10):final:max:name=neighbours"), e.objectives().getFirst().spec());
        assertEquals(1000, e.scenario().steps());
        assertEquals(1, e.replication().perEvaluation());
        assertEquals(0, e.replication().perSurvival());
        assertEquals(24, e.genetics().population());
        assertEquals(1, e.genetics().survivors(), "MASON replaces all 24; flocktune needs >= 1 survivor");
        assertEquals(new Selection.Tournament(2), e.genetics().selection());
        assertEquals(1.0, e.genetics().mutationRate());
        assertEquals(0.1, e.genetics().mutationSigma());
        assertEquals(30, e.stop().generations());
    }

    @Test
    void nsga2IsMasonsMultiObjectiveSetUp() {
        Experiment e = Experiments.builtIn("mason-flockers-nsga2");
        assertGenes(e);
        assertEquals(Combination.PARETO, e.combination());
        assertEquals(new Selection.Nsga2(), e.genetics().selection());
        assertEquals(30, e.genetics().population());
        assertEquals(30, e.stop().generations());
        assertEquals(2, e.objectives().size());
    }

    /** The second objective is 1 for every candidate and seed (no predators, nobody caught): MASON's constant assessment[1]. */
    @Test
    void nsga2SecondObjectiveIsConstant() {
        Experiment e = Experiments.builtIn("mason-flockers-nsga2");
        ObjectiveSpec constant = e.objectives().get(1).spec();
        List<ObjectiveSpec> specs = List.of(constant);
        Preset.Peer base = Presets.peer("mason-flockers");
        for (MasonFlockers genes : List.of(MasonFlockers.defaults(),
                new MasonFlockers(0.01347, 0.90514, 0.10911, 0.67867, 0.17750, 0.1, 10, 0.7, false),
                new MasonFlockers(0, 0, 0, 0, 0, 0.1, 10, 0.7, false))) {
            Measurement m = Objectives.measure(new Preset.Peer(base.name(), base.description(), base.world(), base.boids(), genes), 7, 50, 3, specs);
            for (int r = 0; r < 3; r++) assertEquals(1, m.value(0, r), genes + " replicate " + r);
        }
    }

    private static void assertGenes(Experiment e) {
        assertEquals(GENES, e.parameters().stream().map(Parameter::path).toList());
        for (Parameter p : e.parameters()) {
            Parameter.Range range = (Parameter.Range) p;
            assertEquals(0, range.min(), p.path());
            assertEquals(1, range.max(), p.path());
        }
    }
}
