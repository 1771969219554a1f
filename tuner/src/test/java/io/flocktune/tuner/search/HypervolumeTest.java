package io.flocktune.tuner.search;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

class HypervolumeTest {
    @Test
    void twoDimensionalStaircase() {
        // points (1,3), (2,2), (3,1) against (4,4): 3 + 2 + 1 = 6 unit squares
        assertEquals(6, Hypervolume.of(List.of(new double[] {1, 3}, new double[] {2, 2}, new double[] {3, 1}), new double[] {4, 4}), 1e-12);
    }

    @Test
    void dominatedAndOutsidePointsAddNothing() {
        double[] ref = {4, 4};
        double alone = Hypervolume.of(List.of(new double[] {1, 1}), ref);
        assertEquals(9, alone, 1e-12);
        assertEquals(alone, Hypervolume.of(List.of(new double[] {1, 1}, new double[] {2, 3}, new double[] {5, 0}), ref), 1e-12);
    }

    @Test
    void threeDimensionalMatchesInclusionExclusion() {
        double[] ref = {1, 1, 1};
        double[] a = {0.2, 0.5, 0.6}, b = {0.5, 0.2, 0.4};
        double va = 0.8 * 0.5 * 0.4, vb = 0.5 * 0.8 * 0.6, both = 0.5 * 0.5 * 0.4;
        assertEquals(va + vb - both, Hypervolume.of(List.of(a, b), ref), 1e-12);
    }

    @Test
    void monteCarloAgreesOnRandomThreeDimensionalFronts() {
        for (long seed = 1; seed <= 5; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < 12; i++) points.add(new double[] {r.nextDouble(), r.nextDouble(), r.nextDouble()});
            double exact = Hypervolume.of(points, new double[] {1, 1, 1});
            int inside = 0, samples = 200_000;
            for (int s = 0; s < samples; s++) {
                double x = r.nextDouble(), y = r.nextDouble(), z = r.nextDouble();
                for (double[] p : points) {
                    if (p[0] <= x && p[1] <= y && p[2] <= z) {
                        inside++;
                        break;
                    }
                }
            }
            assertEquals((double) inside / samples, exact, 0.005, "seed " + seed);
        }
    }
}
