package io.flocktune.objectives.validation;

import io.flocktune.objectives.CollectiveState;
import io.flocktune.objectives.Measurement;
import io.flocktune.objectives.Metric;
import io.flocktune.objectives.ObjectiveSpec;
import io.flocktune.objectives.Objectives;
import io.flocktune.sim.Preset;
import io.flocktune.sim.Presets;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Neighbourhood;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Couzin et al. (2002), J. theor. Biol. 218, 1–11, Fig. 3, re-measured on the {@code couzin}
 * preset (N = 100, 3D, r_r = 1, Δr_a = 14): the width Δr_o of the zone of orientation selects
 * swarm, torus, dynamic parallel or highly parallel motion, read off polarization and milling
 * ({@link CollectiveState}).
 */
class CouzinValidationTest {
    private static final Preset.RuleSet COUZIN = Presets.rules("couzin");
    private static final double ATTRACTION_WIDTH = 14;
    private static final long SEED = 2002;

    /** The preset with alignment.radius = r_r + Δr_o and neighbourhood.radius = r_r + Δr_o + Δr_a. */
    static Preset.RuleSet withOrientationWidth(double orientationWidth) {
        double repulsion = COUZIN.separation().radius();
        Alignment.Zonal alignment = (Alignment.Zonal) COUZIN.alignment();
        Neighbourhood.FieldOfView field = (Neighbourhood.FieldOfView) COUZIN.neighbourhood();
        return COUZIN.toBuilder()
                .alignment(new Alignment.Zonal(alignment.weight(), repulsion + orientationWidth))
                .neighbourhood(new Neighbourhood.FieldOfView(repulsion + orientationWidth + ATTRACTION_WIDTH, field.angle()))
                .build();
    }

    /** Polarization (objective 0) and milling (1), sampled after {@code warmup}. */
    static Measurement measure(double orientationWidth, long steps, long warmup, int seeds) {
        List<ObjectiveSpec> specs = List.of(ObjectiveSpec.of(new Metric.Polarization()).withWindow(warmup, 1),
                ObjectiveSpec.of(new Metric.Milling()).withWindow(warmup, 1));
        Measurement measurement = Objectives.measure(withOrientationWidth(orientationWidth), SEED, steps, seeds, specs);
        System.out.printf("dr_o %.1f, seed %d, steps %d-%d: phi %s, m %s%n", orientationWidth, SEED, warmup + 1, steps,
                Arrays.toString(measurement.values(0)), Arrays.toString(measurement.values(1)));
        return measurement;
    }

    /** Each replicate on its own (2 seeds, steps 1001–1500) lands in the paper's state. */
    @ParameterizedTest(name = "dr_o = {0}: {1}")
    @CsvSource({"0, SWARM", "1, TORUS", "3, DYNAMIC_PARALLEL", "6, HIGHLY_PARALLEL"})
    void eachZoneWidthGivesItsState(double orientationWidth, CollectiveState expected) {
        Measurement measurement = measure(orientationWidth, 1500, 1000, 2);
        for (int r = 0; r < measurement.replicates(); r++) {
            assertEquals(expected, CollectiveState.of(measurement.value(0, r), measurement.value(1, r)),
                    "replicate " + r + ": phi " + measurement.value(0, r) + ", m " + measurement.value(1, r));
        }
    }

    /**
     * The published phase boundaries along Δr_o at Δr_a = 14 (Couzin et al. 2002, Fig. 3 and the
     * text of section 3; as remembered from the paper, not digitised, each boundary uncertain by
     * about ±1 in Δr_o): swarm at Δr_o ≈ 0 (below about 0.5), torus for small Δr_o (about 1 to
     * 2), dynamic parallel from about 2 to 3 up to about 5 to 6, highly parallel beyond about 6;
     * between torus and dynamic parallel (about Δr_o 2 to 3) both are stable (collective memory).
     * The sweep's points sit inside the states, at least one uncertainty away from a boundary,
     * except Δr_o = 2, where either of the two bistable states is accepted.
     *
     * <p>The published sweep, 3 seeds, steps 2001–3000, each replicate on its own. At Δr_o = 2 the
     * torus and the dynamic parallel group are both stable, the bistability (collective memory)
     * Couzin et al. report near the torus–parallel boundary, so a replicate may end in either:
     * seed 2002 sends one of three into the parallel group.
     */
    @Tag("slow")
    @ParameterizedTest(name = "dr_o = {0}: {1}")
    @CsvSource({"0, SWARM", "1, TORUS", "2, TORUS|DYNAMIC_PARALLEL", "3, DYNAMIC_PARALLEL", "6, HIGHLY_PARALLEL",
            "10, HIGHLY_PARALLEL", "13, HIGHLY_PARALLEL"})
    void thePublishedSweepPassesThroughTheFourStates(double orientationWidth, String allowed) {
        Set<CollectiveState> states = Arrays.stream(allowed.split("\\|")).map(CollectiveState::valueOf).collect(Collectors.toSet());
        Measurement measurement = measure(orientationWidth, 3000, 2000, 3);
        for (int r = 0; r < measurement.replicates(); r++) {
            CollectiveState state = CollectiveState.of(measurement.value(0, r), measurement.value(1, r));
            assertTrue(states.contains(state), "replicate " + r + ": " + state + ", expected " + allowed);
        }
    }
}
