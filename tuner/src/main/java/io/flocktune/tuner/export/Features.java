package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Boundary;

/** Checks shared by the exporters whose targets have no predators, obstacles, goal or noise. */
final class Features {
    private Features() {}

    /** Adds the preset's active predators, obstacles, goal and noise to {@code gaps}: {@code target} has none. */
    static void extras(Preset.RuleSet p, String target, Code.Gaps gaps) {
        if (p.predators().count() > 0) {
            gaps.add("predators.count", p.predators().count() + " (" + Code.kind(p.predators().behaviour()) + "): " + target + " has no predators");
        }
        if (!p.obstacles().spheres().isEmpty()) {
            gaps.add("obstacles.spheres", p.obstacles().spheres().size() + " obstacle(s): " + target + " has no obstacles");
        }
        if (p.goal().weight() > 0) {
            gaps.add("goal.weight", p.goal().weight() + ": " + target + " has no goal seeking");
        }
        if (p.noise().strength() > 0) {
            gaps.add("noise.strength", p.noise().strength() + ": " + target + " has no random steering");
        }
    }

    /** Adds a boundary other than none to {@code gaps}: {@code target} flies in open space. */
    static void openSpace(Preset p, String target, Code.Gaps gaps) {
        switch (p.world().boundary()) {
            case Boundary.None n -> { }
            case Boundary.Wrap w -> gaps.add("world.boundary.kind", "wrap (periodic world of side " + p.world().size()
                    + "): " + target + " flies in open space");
            case Boundary.WrapPositionsOnly w -> gaps.add("world.boundary.kind", "wrapPositionsOnly (positions wrap at side "
                    + p.world().size() + "): " + target + " flies in open space");
            case Boundary.SoftMargin s -> gaps.add("world.boundary.kind", "softMargin: " + target + " flies in open space");
            case Boundary.Hard h -> gaps.add("world.boundary.kind", "hard: " + target + " flies in open space");
        }
    }
}
