package io.flocktune.sim.rule;

import io.flocktune.sim.Flock;
import io.flocktune.sim.Preset;
import io.flocktune.sim.TestFlocks;
import io.flocktune.sim.TestPresets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static io.flocktune.sim.TestFlocks.assertVector;
import static io.flocktune.sim.TestFlocks.vector;
import static io.flocktune.sim.TestFlocks.velocityChange;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** Golden values of every {@link Separation} variant on hand-made configurations. */
class SeparationTest {
    static final double D = 3.5;                                     // pair distance, < radius 5
    static final double[] U = {2.0 / 7, 3.0 / 7, 6.0 / 7};           // unit direction from boid 0 to boid 1

    /** Each variant with the push length it gives a pair at distance {@link #D}. */
    static Stream<Arguments> pairs() {
        return Stream.of(
                Arguments.of(new Separation.Linear(5, 0.4), 0.4 * D),
                Arguments.of(new Separation.InverseDistance(5, 0.4), 0.4 / D),
                Arguments.of(new Separation.InverseSquareClamped(5, 0.4, 2, 10), 0.4 * 2 / D),
                Arguments.of(new Separation.InverseSquareClamped(5, 0.4, 2, 0.1), 0.4 * 0.1),
                Arguments.of(new Separation.Normalized(5, 0.4), 0.4));
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void pairIsPushedApartAlongItsLine(Separation separation, double push) {
        Flock before = pair(D);
        Flock after = TestFlocks.stepOnce(TestPresets.quiet(3).toBuilder().separation(separation).build(), before).flock();
        assertVector("boid 0", vector(-push * U[0], -push * U[1], -push * U[2]), velocityChange(before, after, 0));
        assertVector("boid 1", vector(push * U[0], push * U[1], push * U[2]), velocityChange(before, after, 1));
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void pairBeyondTheRadiusIsLeftAlone(Separation separation, double ignored) {
        Flock before = pair(5.5);
        Flock after = TestFlocks.stepOnce(TestPresets.quiet(3).toBuilder().separation(separation).build(), before).flock();
        assertArrayEquals(new double[3], velocityChange(before, after, 0));
        assertArrayEquals(new double[3], velocityChange(before, after, 1));
    }

    /** Boid 0 at the origin with neighbours at (2, 0) and (0, 4): sum, mean and clamp differ. */
    static Stream<Arguments> triangles() {
        double sx = -0.25, sy = -0.125;                              // mean of unit(p0 − pj)/d
        double len = Math.hypot(sx, sy);
        return Stream.of(
                Arguments.of(new Separation.Linear(5, 1), vector(-2, -4, 0)),
                Arguments.of(new Separation.InverseDistance(5, 1), vector(sx, sy, 0)),
                Arguments.of(new Separation.InverseSquareClamped(5, 1, 1, 10), vector(sx, sy, 0)),
                Arguments.of(new Separation.InverseSquareClamped(5, 1, 2, 0.3), vector(0.3 * sx / len, 0.3 * sy / len, 0)),
                Arguments.of(new Separation.Normalized(5, 1), vector(-1 / Math.sqrt(5), -2 / Math.sqrt(5), 0)));
    }

    @ParameterizedTest
    @MethodSource("triangles")
    void threeBoidsGolden(Separation separation, double[] expected) {
        Flock before = TestFlocks.of(2, new double[] {0, 0, 0, 0, 0, 0}, new double[] {2, 0, 0, 0, 0, 0},
                new double[] {0, 4, 0, 0, 0, 0});
        Preset.RuleSet preset = TestPresets.quiet(2).toBuilder().separation(separation).build();
        assertVector("boid 0", expected, velocityChange(before, TestFlocks.stepOnce(preset, before).flock(), 0));
    }

    private static Flock pair(double distance) {
        double x = 1, y = 2, z = 3;
        return TestFlocks.of(3, new double[] {x, y, z, 0, 0, 0},
                new double[] {x + distance * U[0], y + distance * U[1], z + distance * U[2], 0, 0, 0});
    }
}
