package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A boid's random draws are a function of (seed, step, id) only: isolated boids follow the same
 * noisy paths whether or not another boid joins the flock (which changes every slot and the
 * order the engine visits boids in).
 */
class NoiseStreamTest {

    private static Flock isolated(int n) {
        Flock f = new Flock(2, n, 0);
        for (int i = 0; i < n; i++) {
            f.x()[i] = -400 + 160 * i;       // far beyond every radius
            f.y()[i] = (i % 2 == 0 ? -1 : 1) * 150;
            f.vx()[i] = 1;
        }
        return f;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 7, 42})
    void aBoidsNoiseDoesNotDependOnTheOtherBoids(long seed) {
        for (String name : new String[] {"reynolds", "vicsek", "couzin"}) {
            Preset.RuleSet base = Presets.rules(name);
            Preset.RuleSet.Builder b = base.toBuilder().world(new Preset.World(base.world().dimension(), 1000, new Boundary.None()));
            if (name.equals("reynolds")) b.noise(new Preset.Noise(0.3));
            Preset.RuleSet preset = b.build();
            Flock five = isolated(5), six = isolated(6);
            if (preset.world().dimension() == 3) {
                five = lift(five);
                six = lift(six);
            }
            Simulation a = Simulation.of(preset, seed, five);
            Simulation c = Simulation.of(preset, seed, six);
            for (int step = 0; step < 50; step++) {
                a.step();
                c.step();
            }
            Flock fa = a.flock().inIdOrder(), fc = c.flock().inIdOrder();
            for (int i = 0; i < 5; i++) {
                double[] pa = {fa.x()[i], fa.y()[i], fa.z()[i], fa.vx()[i], fa.vy()[i], fa.vz()[i]};
                double[] pc = {fc.x()[i], fc.y()[i], fc.z()[i], fc.vx()[i], fc.vy()[i], fc.vz()[i]};
                assertArrayEquals(pa, pc, 0, name + " boid " + i);
            }
            assertNotEquals(fa.vx()[0], fa.vx()[1], name + ": the boids got different noise");
        }
    }

    private static Flock lift(Flock flat) {
        Flock f = new Flock(3, flat.count(), 0);
        for (int i = 0; i < flat.count(); i++) {
            f.x()[i] = flat.x()[i];
            f.y()[i] = flat.y()[i];
            f.vx()[i] = flat.vx()[i] * 3;
        }
        return f;
    }
}
