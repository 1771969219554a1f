package io.flocktune.sim.rule;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.api.Test;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocity;
import static io.flocktune.sim.TestFlocks.velocityChange;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** Golden values of every {@link Alignment} variant on hand-made configurations. */
class AlignmentTest {

    @Test
    void velocityMatchOfAnAlignedPairIsZero() {
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 0.3, -1.2, 0.7}, new double[] {3, 0, 0, 0.3, -1.2, 0.7});
        Flock after = step(3, new Alignment.VelocityMatch(0.8), before);
        assertArrayEquals(new double[3], velocityChange(before, after, 0));
        assertArrayEquals(new double[3], velocityChange(before, after, 1));
    }

    @Test
    void velocityMatchSteersTowardTheMeanVelocity() {
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 1, 0, 0}, new double[] {2, 0, 0, 0, 1, 0},
                new double[] {0, 2, 0, 0, 0, 2});
        // 0.25 · ((0, 0.5, 1) − (1, 0, 0))
        assertVector("boid 0", vector(-0.25, 0.125, 0.25),
                velocityChange(before, step(3, new Alignment.VelocityMatch(0.25), before), 0));
    }

    @Test
    void meanVelocityLimitedTruncatesToMaxForce() {
        Alignment limited = new Alignment.MeanVelocityLimited(2, 0.5);
        Flock fast = TestFlocks.of(2, new double[] {0, 0, 0, 0, 0, 0}, new double[] {1, 0, 0, 3, 4, 0});
        assertVector("truncated", vector(0.6, 0.8, 0), velocityChange(fast, step(2, limited, fast), 0));
        Flock slow = TestFlocks.of(2, new double[] {0, 0, 0, 0, 0, 0}, new double[] {1, 0, 0, 0.03, 0.04, 0});
        assertVector("below the limit", vector(0.06, 0.08, 0), velocityChange(slow, step(2, limited, slow), 0));
    }

    @Test
    void headingBlendsTurnByWeightTimesTheAngleDifference() {
        // headings 10° and 50°, no ±π crossing: both variants turn each boid a quarter of the way
        Flock before = TestFlocks.of(2, headed(0, 10, 2), headed(1, 50, 1));
        for (Alignment blend : new Alignment[] {new Alignment.HeadingBlend(0.25), new Alignment.CircularHeadingBlend(0.25)}) {
            Flock after = step(2, blend, before);
            assertVector(blend + " boid 0", heading(20, 2), velocity(after, 0));
            assertVector(blend + " boid 1", heading(40, 1), velocity(after, 1));
        }
    }

    @Test
    void asCodedHeadingBlendGoesTheLongWayAcrossPi() {
        // 170° and −170°: the arithmetic mean is 0°, so half-way turns both toward 0°
        Flock before = TestFlocks.of(2, headed(0, 170, 2), headed(1, -170, 1));
        Flock after = step(2, new Alignment.HeadingBlend(0.5), before);
        assertVector("boid 0", heading(0, 2), velocity(after, 0));
        assertVector("boid 1", heading(0, 1), velocity(after, 1));
    }

    @Test
    void circularHeadingBlendTakesTheShortWayAcrossPi() {
        // the circular mean of the other is ∓170°; the short arc is 20°, half of it 10°: both end at 180°
        Flock before = TestFlocks.of(2, headed(0, 170, 2), headed(1, -170, 1));
        Flock after = step(2, new Alignment.CircularHeadingBlend(0.5), before);
        assertVector("boid 0", heading(180, 2), velocity(after, 0));
        assertVector("boid 1", heading(180, 1), velocity(after, 1));
    }

    @Test
    void meanForwardIsTheUnitMeanOfUnitVelocities() {
        Flock before = TestFlocks.of(3, new double[] {0, 0, 0, 1, 0, 0}, new double[] {1, 0, 0, 0, 3, 0},
                new double[] {0, 1, 0, 0, 0, -2}, new double[] {100, 0, 0, 3, 4, 0});
        Flock after = step(3, new Alignment.MeanForward(1.5), before);
        double h = 1.5 / Math.sqrt(2);
        assertVector("boid 0", vector(0, h, -h), velocityChange(before, after, 0));
        // boid 3 has no neighbour: its own forward direction
        assertVector("lone boid 3", vector(0.9, 1.2, 0), velocityChange(before, after, 3));
    }

    private static Flock step(int dimension, Alignment alignment, Flock before) {
        Preset.RuleSet preset = TestPresets.quiet(dimension).toBuilder().alignment(alignment).build();
        return TestFlocks.stepOnce(preset, before).flock();
    }

    /** A 2D boid at (x, 0) moving at {@code speed} with heading {@code degrees}. */
    private static double[] headed(double x, double degrees, double speed) {
        double[] v = heading(degrees, speed);
        return new double[] {x, 0, 0, v[0], v[1], 0};
    }

    private static double[] heading(double degrees, double speed) {
        double a = Math.toRadians(degrees);
        return vector(speed * Math.cos(a), speed * Math.sin(a), 0);
    }
}
