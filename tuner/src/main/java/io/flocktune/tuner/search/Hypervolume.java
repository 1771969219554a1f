package io.flocktune.tuner.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The hypervolume indicator of a set of cost vectors (all objectives minimised): the volume of
 * the region they dominate, bounded by a reference point. Exact, by slicing along the last
 * objective and recursing (HSO, While et al. 2006); fine for the fronts of a GA population
 * (hundreds of points, two to four objectives). Points not strictly better than the reference
 * in every objective contribute nothing.
 */
public final class Hypervolume {
    private Hypervolume() {}

    /**
     * @param points    cost vectors, each of the reference's length
     * @param reference the reference point (worse than any point of interest)
     * @return the dominated volume, &ge; 0
     */
    public static double of(List<double[]> points, double[] reference) {
        int d = reference.length;
        List<double[]> inside = new ArrayList<>();
        for (double[] p : points) {
            if (p.length != d) throw new IllegalArgumentException("point of length " + p.length + " for reference of length " + d);
            boolean better = true;
            for (int k = 0; k < d; k++) better &= p[k] < reference[k];
            if (better) inside.add(p.clone());
        }
        return volume(inside, reference, d);
    }

    private static double volume(List<double[]> points, double[] reference, int d) {
        if (points.isEmpty()) return 0;
        if (d == 1) {
            double best = reference[0];
            for (double[] p : points) best = Math.min(best, p[0]);
            return reference[0] - best;
        }
        int last = d - 1;
        List<double[]> sorted = new ArrayList<>(points);
        sorted.sort(Comparator.comparingDouble(p -> p[last]));
        double total = 0;
        List<double[]> slab = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            slab.add(sorted.get(i));
            double top = i + 1 < sorted.size() ? sorted.get(i + 1)[last] : reference[last];
            double depth = top - sorted.get(i)[last];
            if (depth > 0) total += depth * volume(slab, reference, last);
        }
        return total;
    }

    /**
     * @return a reference point just beyond the worst of {@code points} in every objective
     *         (worst + 10 % of the spread, at least 1e-9 beyond)
     */
    public static double[] referenceFor(List<double[]> points, int dimensions) {
        double[] min = new double[dimensions], max = new double[dimensions];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (double[] p : points) {
            for (int k = 0; k < dimensions; k++) {
                min[k] = Math.min(min[k], p[k]);
                max[k] = Math.max(max[k], p[k]);
            }
        }
        double[] ref = new double[dimensions];
        for (int k = 0; k < dimensions; k++) {
            ref[k] = points.isEmpty() ? 1 : max[k] + Math.max(0.1 * (max[k] - min[k]), 1e-9 + 1e-9 * Math.abs(max[k]));
        }
        return ref;
    }
}
