package io.flocktune.sim;

import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.PredatorBehaviour;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The predators seed 002 asks for: chase what they can see, with a view cone and a turn limit. */
class SmartPredatorTest {

    private static Preset.RuleSet withPredator(PredatorBehaviour behaviour) {
        // synchronous, limit before the move: the flock's pairwise pushes leave its centroid where it is
        return Presets.rules("seed002").toBuilder()
                .update(Preset.UpdateOrder.SYNCHRONOUS).motion(new io.flocktune.sim.rule.Motion.Additive(1))
                .world(new Preset.World(2, 1000, new Boundary.None()))
                .goal(new Preset.Goal(0, 0, 0, 1, 0))
                .predators(new Preset.Predators(1, behaviour, 2, 1, 0, 0, false))
                .build();
    }

    /** Two flocks of 5 boids each, at x = −100 and x = +40, and one predator at the origin. */
    private static Flock twoFlocks(double predatorVx) {
        Flock f = new Flock(2, 10, 1);
        for (int i = 0; i < 10; i++) {
            f.x()[i] = (i < 5 ? -100 : 40) + i % 5;
            f.y()[i] = i % 5;
        }
        f.pvx()[0] = predatorVx;
        return f;
    }

    @Test
    void centroidChaserFliesIntoTheGapNearestChaserTakesTheNearFlock() {
        Simulation dumb = Simulation.of(withPredator(new PredatorBehaviour.ChaseCentroid(0.01)), 1, twoFlocks(0));
        dumb.step();
        assertTrue(dumb.flock().pvx()[0] < 0, "the whole flock's centroid is at x = -28: toward the gap");

        Simulation smart = Simulation.of(withPredator(new PredatorBehaviour.ChaseNearest(80, 360, 30)), 1, twoFlocks(0));
        smart.step();
        assertTrue(smart.flock().pvx()[0] > 0, "the nearest boid is in the flock at +40");
        double speed = Math.hypot(smart.flock().pvx()[0], smart.flock().pvy()[0]);
        assertEquals(2, speed, 1e-12, "smart predators fly at max speed");
    }

    @Test
    void visibleCentroidChaserIgnoresTheFlockOutOfSight() {
        Simulation sim = Simulation.of(withPredator(new PredatorBehaviour.ChaseVisibleCentroid(80, 360, 30)), 1, twoFlocks(0));
        sim.step();
        // sees only the flock at +40..44, y 0..4: centroid (42, 2)
        double expectedAngle = Math.atan2(2, 42);
        assertEquals(expectedAngle, Math.atan2(sim.flock().pvy()[0], sim.flock().pvx()[0]), 1e-12);
    }

    @Test
    void turnIsLimitedAndTheBlindAngleHides() {
        // flying −x toward nothing visible ahead; the flock at +40 is straight behind
        Simulation narrow = Simulation.of(withPredator(new PredatorBehaviour.ChaseNearest(80, 180, 30)), 1, twoFlocks(-2));
        narrow.step();
        assertEquals(-2, narrow.flock().pvx()[0], 1e-12, "a 180° field does not see behind: keeps its course");

        // a wide field sees it, but may turn only 30° in one step
        Simulation wide = Simulation.of(withPredator(new PredatorBehaviour.ChaseNearest(80, 360, 30)), 1, twoFlocks(-2));
        wide.step();
        double heading = Math.atan2(wide.flock().pvy()[0], wide.flock().pvx()[0]);
        assertEquals(Math.toRadians(150), Math.abs(heading), 1e-9, "turned exactly 30° away from 180°");
    }
}
