package io.flocktune.sim.bench;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every built-in preset, at its own size and as each benchmark workload at 1 000 boids, runs
 * bit for bit as recorded ({@link StateHashes}). A change that alters the floating-point order of
 * a step fails here; where that is intended, the hashes it moves are recorded again, on purpose,
 * and only those. Recorded again so far, each when its sums moved to the symmetric pair pass,
 * which adds the same terms in another order ({@code FastPairPassTest} checks the two passes
 * agree to rounding): {@code vicsek} with a metric neighbourhood, when its alignment
 * (Σ unit(v_j)) moved; then every synchronous run with a field of view or Couzin's zones, when
 * those moved ({@code reynolds}, {@code seed000}, {@code seed000-fixed} and {@code vicsek} with
 * {@code fieldOfView}, and every {@code couzin} run). And every preset with the topological
 * neighbourhood (the ten {@code …/topological/1000}), when the k nearest came to be added
 * nearest first instead of in the order of the search's heap ({@code TopologicalSumOrderTest}
 * checks the two orders agree to rounding). And the ten {@code seed002}, {@code seed003} and
 * {@code seed003-fixed} runs at 1 000 boids with a metric, field-of-view or global neighbourhood,
 * when a boid that moved farther than the cells allow for came to be checked on its own after the
 * cells' other boids instead of by a scan of the whole flock in slot order
 * ({@code SeedFidelityTest.seed002And003FromAFlockFasterThanItsMaximumSpeed} checks the engine
 * against the seeds' transcriptions in that case).
 */
class StateHashesTest {
    private static final Map<String, Long> RECORDED = recorded();

    @Test
    void everyRunIsBitIdenticalToTheRecordedOne() {
        assertEquals(RECORDED, StateHashes.all());
    }

    private static Map<String, Long> recorded() {
        Object[] table = {
                "reynolds/own/200", 1332007227306537874L,
                "reynolds/preset/1000", 1847894642206222907L,
                "reynolds/metric/1000", 1847894642206222907L,
                "reynolds/fieldOfView/1000", 8665694513309786845L,
                "reynolds/topological/1000", -6193452098634535090L,
                "reynolds/global/1000", 1290570810966693875L,
                "seed000/own/30", 4145576923287126830L,
                "seed000/preset/1000", 3760035676885456224L,
                "seed000/metric/1000", 3760035676885456224L,
                "seed000/fieldOfView/1000", 1384177367836827611L,
                "seed000/topological/1000", 7069215055420328923L,
                "seed000/global/1000", -3263114423862498933L,
                "seed000-fixed/own/30", -543748089627541818L,
                "seed000-fixed/preset/1000", 5684997741144220221L,
                "seed000-fixed/metric/1000", 5684997741144220221L,
                "seed000-fixed/fieldOfView/1000", 5559354629800058399L,
                "seed000-fixed/topological/1000", -8760535237920944271L,
                "seed000-fixed/global/1000", 7411847816621783608L,
                "seed001/own/101", -6597588843618940715L,
                "seed001/preset/1000", 7637480341715177981L,
                "seed001/metric/1000", 7637480341715177981L,
                "seed001/fieldOfView/1000", -4532114679784431772L,
                "seed001/topological/1000", 5031014676981474555L,
                "seed001/global/1000", -9147985223670449344L,
                "seed001-fixed/own/101", -6597588843618940715L,
                "seed001-fixed/preset/1000", 7637480341715177981L,
                "seed001-fixed/metric/1000", 7637480341715177981L,
                "seed001-fixed/fieldOfView/1000", -4532114679784431772L,
                "seed001-fixed/topological/1000", 5031014676981474555L,
                "seed001-fixed/global/1000", -9147985223670449344L,
                "seed002/own/50", 727293928884203840L,
                "seed002/preset/1000", 2179955055094856518L,
                "seed002/metric/1000", 2179955055094856518L,
                "seed002/fieldOfView/1000", 5280023325459579303L,
                "seed002/topological/1000", -4326662380189191479L,
                "seed002/global/1000", -7033208736396432737L,
                "seed003/own/150", -8479479989180335605L,
                "seed003/preset/1000", 6656263788121523591L,
                "seed003/metric/1000", 4262049447353621079L,
                "seed003/fieldOfView/1000", 8880038825373420587L,
                "seed003/topological/1000", -313412645106966075L,
                "seed003/global/1000", 6656263788121523591L,
                "seed003-fixed/own/150", -7076680355601262288L,
                "seed003-fixed/preset/1000", -2555150348499402373L,
                "seed003-fixed/metric/1000", 2514369537466518150L,
                "seed003-fixed/fieldOfView/1000", 2528677872772080029L,
                "seed003-fixed/topological/1000", 3471466218175273315L,
                "seed003-fixed/global/1000", -2555150348499402373L,
                "seed004/own/100", 2689896163709902355L,
                "seed004/preset/1000", -2700561879397439266L,
                "seed004/metric/1000", -2700561879397439266L,
                "seed004/fieldOfView/1000", 3837873810921030026L,
                "seed004/topological/1000", 9031238228109309447L,
                "seed004/global/1000", 973739089154431829L,
                "vicsek/own/400", 7853626786521604749L,
                "vicsek/preset/1000", 4915015194063556544L,
                "vicsek/metric/1000", 4915015194063556544L,
                "vicsek/fieldOfView/1000", 3223253346030712174L,
                "vicsek/topological/1000", -3475499274093445271L,
                "vicsek/global/1000", -8669939451546174263L,
                "couzin/own/100", -1026223923406158589L,
                "couzin/preset/1000", -2403592406030778614L,
                "couzin/metric/1000", 8409123457202883895L,
                "couzin/fieldOfView/1000", -2403592406030778614L
        };
        Map<String, Long> m = new LinkedHashMap<>();
        for (int k = 0; k < table.length; k += 2) m.put((String) table[k], (Long) table[k + 1]);
        return m;
    }
}
