package io.flocktune.objectives;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.space.Periodic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayDeque;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MetricProbeTest {
    private static final double EXACT = 1e-12;

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void equalHeadingsArePolarized(int dimension) {
        Flock flock = Flocks.random(dimension, 50, 20, new SplittableRandom(1));
        for (int i = 0; i < flock.count(); i++) {
            double speed = 0.5 + i;   // different speeds, same heading
            flock.vx()[i] = 0.6 * speed;
            flock.vy()[i] = (dimension == 3 ? 0 : 0.8) * speed;
            flock.vz()[i] = (dimension == 3 ? 0.8 : 0) * speed;
        }
        assertEquals(1, new MetricProbe(Flocks.open(dimension), 50).polarization(flock), EXACT);
    }

    /** n boids on a circle of the given radius around (cx, cy), moving tangentially (counter-clockwise). */
    private static Flock ring(int n, double radius, double cx, double cy, boolean tangential) {
        Flock flock = new Flock(2, n, 0);
        for (int i = 0; i < n; i++) {
            double angle = 2 * Math.PI * i / n;
            flock.x()[i] = cx + radius * Math.cos(angle);
            flock.y()[i] = cy + radius * Math.sin(angle);
            flock.vx()[i] = tangential ? -Math.sin(angle) : Math.cos(angle);
            flock.vy()[i] = tangential ? Math.cos(angle) : Math.sin(angle);
        }
        return flock;
    }

    @Test
    void tangentialRingMills() {
        MetricProbe probe = new MetricProbe(Flocks.open(2), 40);
        Flock flock = ring(40, 10, 3, -2, true);
        assertEquals(1, probe.milling(flock), EXACT);
        assertEquals(0, probe.polarization(flock), EXACT);
        Flock radial = ring(40, 10, 3, -2, false);
        assertEquals(0, probe.milling(radial), EXACT);
        assertEquals(0, probe.polarization(radial), EXACT);
    }

    @Test
    void tangentialRingMillsIn3DAndAcrossTheSeam() {
        Flock flat = ring(36, 10, 0, 0, true);
        Flock tilted = new Flock(3, flat.count(), 0);
        for (int i = 0; i < flat.count(); i++) {   // the ring in the x-z plane
            tilted.x()[i] = flat.x()[i]; tilted.z()[i] = flat.y()[i];
            tilted.vx()[i] = flat.vx()[i]; tilted.vz()[i] = flat.vy()[i];
        }
        assertEquals(1, new MetricProbe(Flocks.open(3), 36).milling(tilted), EXACT);

        Flock straddling = ring(36, 10, 48, -49, true);
        Flocks.wrap(straddling, 100);
        assertEquals(1, new MetricProbe(Flocks.periodic(2, 100), 36).milling(straddling), 1e-9);
    }

    @Test
    void centroidMetricsGolden() {
        MetricProbe probe = new MetricProbe(Flocks.open(2), 4);
        Flock square = Flocks.at2D(1, 1, -1, 1, -1, -1, 1, -1);
        assertEquals(Math.sqrt(2), probe.radiusOfGyration(square), EXACT);
        assertEquals(Math.sqrt(2), probe.meanDistanceToCentroid(square), EXACT);
        Flock line = Flocks.at2D(0, 0, 1, 0, 5, 0);   // centroid 2: distances 2, 1, 3
        assertEquals(Math.sqrt(14.0 / 3), probe.radiusOfGyration(line), EXACT);
        assertEquals(2, probe.meanDistanceToCentroid(line), EXACT);
    }

    @Test
    void nearestNeighbourGolden() {
        MetricProbe probe = new MetricProbe(Flocks.open(2), 4);
        // nearest distances 1, 1, 2 and a far straggler at 1000 from the rest
        Flock flock = Flocks.at2D(0, 0, 1, 0, 3, 0, 3, 1000);
        assertEquals((1 + 1 + 2 + 1000) / 4.0, probe.nearestNeighbourDistance(flock), EXACT);
        assertEquals(0, probe.nearestNeighbourDistance(Flocks.at2D(5, 5)), EXACT);
        assertEquals(0, probe.nearestNeighbourDistance(Flocks.at2D(5, 5, 5, 5)), EXACT);
    }

    @Test
    void knownPairDistancesGiveExactCollisionCounts() {
        MetricProbe probe = new MetricProbe(Flocks.open(2), 6);
        // gaps 0.5 | 0.7 | 1.8 | 0.9 along x, and one boid 0.99 above the first
        Flock flock = Flocks.at2D(0, 0, 0.5, 0, 1.2, 0, 3, 0, 3.9, 0, 0, 0.99);
        // closer than 1: (0,1) 0.5, (1,2) 0.7, (3,4) 0.9, (0,5) 0.99, (1,5) √(0.25+0.98)=1.109 no
        assertEquals(4, probe.collisionPairs(flock, 1));
        assertEquals(1, probe.collisionPairs(flock, 0.6));
        assertEquals(0, probe.collisionPairs(flock, 0.5));   // strictly closer
        assertEquals(15, probe.collisionPairs(flock, 10));
    }

    @Test
    void twoClustersFarApart() {
        SplittableRandom random = new SplittableRandom(3);
        Flock flock = new Flock(2, 40, 0);
        for (int i = 0; i < 40; i++) {
            double centre = i < 30 ? -30 : 30;   // 30 boids left, 10 right
            flock.x()[i] = centre + 4 * (random.nextDouble() - 0.5);
            flock.y()[i] = 4 * (random.nextDouble() - 0.5);
        }
        MetricProbe probe = new MetricProbe(Flocks.open(2), 40);
        assertEquals(2, probe.clusters(flock, 5));
        assertEquals(30, probe.largestClusterSize());
        assertEquals(1, probe.clusters(flock, 100));
        assertEquals(40, probe.clusters(flock, 1e-9));
        assertEquals(1, probe.largestClusterSize());
    }

    @Test
    void aClusterAcrossTheSeamIsOne() {
        // two tight groups, one on either side of the x seam, 2 apart through the seam
        Flock flock = Flocks.at2D(49, 0, 49.5, 0.5, -49, 0, -49.5, -0.5, 0, 0);
        MetricProbe probe = new MetricProbe(Flocks.periodic(2, 100), 5);
        assertEquals(2, probe.clusters(flock, 3));
        assertEquals(4, probe.largestClusterSize());
        MetricProbe openProbe = new MetricProbe(Flocks.open(2), 5);
        assertEquals(3, openProbe.clusters(flock, 3));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void flockStraddlingTheSeamMeasuresAsUnwrapped(int dimension) {
        double size = 100;
        for (long seed = 0; seed < 20; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Flock unwrapped = Flocks.random(dimension, 60, 30, random);   // fits well inside half the box
            Flock shifted = unwrapped.copy();
            double sx = 45 + 10 * random.nextDouble(), sy = -45 - 10 * random.nextDouble(), sz = 50 * random.nextDouble();
            for (int i = 0; i < shifted.count(); i++) {
                shifted.x()[i] += sx;
                shifted.y()[i] += sy;
                if (dimension == 3) shifted.z()[i] += sz;
            }
            Flocks.wrap(shifted, size);
            MetricProbe a = new MetricProbe(Flocks.periodic(dimension, size), 60);
            MetricProbe b = new MetricProbe(Flocks.periodic(dimension, size), 60);
            String context = "seed " + seed;
            assertEquals(a.radiusOfGyration(unwrapped), b.radiusOfGyration(shifted), 1e-9, context);
            assertEquals(a.meanDistanceToCentroid(unwrapped), b.meanDistanceToCentroid(shifted), 1e-9, context);
            assertEquals(a.milling(unwrapped), b.milling(shifted), 1e-9, context);
            assertEquals(a.nearestNeighbourDistance(unwrapped), b.nearestNeighbourDistance(shifted), 1e-9, context);
            assertEquals(a.clusters(unwrapped, 4), b.clusters(shifted, 4), context);
            assertEquals(a.largestClusterSize(), b.largestClusterSize(), context);
            assertEquals(a.collisionPairs(unwrapped, 3), b.collisionPairs(shifted, 3), context);
            assertEquals(a.polarization(unwrapped), b.polarization(shifted), EXACT, context);
        }
    }

    /** Grid results equal brute-force O(N²) references, in open and periodic worlds, 2D and 3D. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void gridMetricsEqualBruteForce(int dimension) {
        for (boolean periodic : new boolean[] {false, true}) {
            for (long seed = 0; seed < 15; seed++) {
                SplittableRandom random = new SplittableRandom(seed);
                int n = 1 + random.nextInt(300);
                double size = 100;
                Flock flock = Flocks.random(dimension, n, periodic ? size : 20 + 200 * random.nextDouble(), random);
                if (periodic) Flocks.wrap(flock, size);
                Preset.World world = periodic ? Flocks.periodic(dimension, size) : Flocks.open(dimension);
                MetricProbe probe = new MetricProbe(world, 1 + n / 3);   // grows on demand
                double link = 0.5 + 15 * random.nextDouble();
                String context = "seed " + seed + ", periodic " + periodic + ", n " + n + ", link " + link;
                assertEquals(bruteClusters(flock, link, periodic, size), probe.clusters(flock, link), context);
                assertEquals(brutePairs(flock, link, periodic, size), probe.collisionPairs(flock, link), context);
                assertEquals(bruteNearest(flock, periodic, size), probe.nearestNeighbourDistance(flock), 1e-9, context);
                assertEquals(bruteNearest(flock, periodic, size), probe.nearestNeighbourDistance(flock), 1e-9, context);
            }
        }
    }

    @Test
    void speedsGoalAndPredators() {
        Flock flock = new Flock(2, 2, 2);
        flock.x()[0] = 0; flock.x()[1] = 10;
        flock.vx()[0] = 1; flock.vy()[1] = -3;
        flock.px()[0] = 3; flock.py()[0] = 4;   // 5 from boid 0
        flock.px()[1] = 10; flock.py()[1] = 2;  // 2 from boid 1
        MetricProbe probe = new MetricProbe(Flocks.periodic(2, 100), 2);
        assertEquals(2, probe.meanSpeed(flock), EXACT);
        assertEquals(1, probe.speedSpread(flock), EXACT);
        assertEquals(3.5, probe.predatorDistance(flock), EXACT);
        assertEquals((10 + 0) / 2.0, probe.meanDistanceTo(flock, 10, 0, 0), EXACT);
        // goal at x = 95 ≡ −5: minimum-image distances 5 and 15
        assertEquals(10, probe.meanDistanceTo(flock, 95, 0, 0), EXACT);
        assertThrows(IllegalArgumentException.class, () -> probe.predatorDistance(Flocks.at2D(0, 0)));
    }

    @Test
    void contactsFollowIdsNotSlots() {
        Flock flock = Flocks.at2D(0, 0, 0.5, 0, 10, 0, 10.5, 0, 20, 0);
        MetricProbe probe = new MetricProbe(Flocks.open(2), 5);
        MetricProbe.ContactSet before = new MetricProbe.ContactSet(), after = new MetricProbe.ContactSet();
        probe.contacts(flock, 1, before);
        assertEquals(2, before.size());
        // same pairs in contact after a reshuffle of slots (ids move along), plus boid 4 joins 2
        Flock reshuffled = Flocks.at2D(10.5, 0, 10, 0, 0.5, 0, 0, 0, 10.2, 0.2);
        reshuffled.id()[0] = 3; reshuffled.id()[1] = 2; reshuffled.id()[2] = 1; reshuffled.id()[3] = 0; reshuffled.id()[4] = 4;
        probe.contacts(reshuffled, 1, after);
        assertEquals(4, after.size());   // (0,1), (2,3), (2,4), (3,4)
        assertEquals(2, after.countNotIn(before));
        assertEquals(0, before.countNotIn(after));
    }

    // --- brute-force references

    private static double distance(Flock f, int i, int j, boolean periodic, double size) {
        double dx = f.x()[i] - f.x()[j], dy = f.y()[i] - f.y()[j], dz = f.z()[i] - f.z()[j];
        if (periodic) {
            dx = Periodic.minimumImage(dx, size);
            dy = Periodic.minimumImage(dy, size);
            dz = Periodic.minimumImage(dz, size);
        }
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static long brutePairs(Flock f, double limit, boolean periodic, double size) {
        long pairs = 0;
        for (int i = 0; i < f.count(); i++) {
            for (int j = i + 1; j < f.count(); j++) if (distance(f, i, j, periodic, size) < limit) pairs++;
        }
        return pairs;
    }

    private static int bruteClusters(Flock f, double link, boolean periodic, double size) {
        boolean[] seen = new boolean[f.count()];
        int clusters = 0;
        for (int start = 0; start < f.count(); start++) {
            if (seen[start]) continue;
            clusters++;
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(start);
            seen[start] = true;
            while (!queue.isEmpty()) {
                int i = queue.poll();
                for (int j = 0; j < f.count(); j++) {
                    if (!seen[j] && distance(f, i, j, periodic, size) < link) {
                        seen[j] = true;
                        queue.add(j);
                    }
                }
            }
        }
        return clusters;
    }

    private static double bruteNearest(Flock f, boolean periodic, double size) {
        if (f.count() == 1) return 0;
        double sum = 0;
        for (int i = 0; i < f.count(); i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < f.count(); j++) if (j != i) best = Math.min(best, distance(f, i, j, periodic, size));
            sum += best;
        }
        return sum / f.count();
    }
}
