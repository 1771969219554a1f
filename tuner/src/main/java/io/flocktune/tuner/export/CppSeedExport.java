package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;

import java.util.Map;

/**
 * {@code seed-cpp}: {@value #FILE}, a header with a {@code constexpr} configuration in the naming of
 * seed 003 (Cha, C++/SFML: {@code BirdShape::Separation}, {@code Alignment}, {@code Cohesion}
 * read {@code config.desiredSeparation}, {@code separationStrength}, {@code maxSeparationForce},
 * {@code alignmentStrength}, {@code cohesionStrength}), as {@code float}s like seed 003's.
 *
 * <p>Seed 003's separation is {@code unit(s)·min(separationStrength·|s|, maxSeparationForce)}
 * without a weight; the preset's {@code weight ≥ 0} is folded in exactly:
 * {@code weight·min(a, b) = min(weight·a, weight·b)}. Its alignment blends heading angles
 * (the arithmetic mean, as coded) and its cohesion adds the unit vector to the whole flock's
 * centroid; it is 2D, updates in place and flies in open space. Anything else is listed as
 * unrepresented.
 *
 * <p>{@value #STEPPER} ships seed 003's {@code BirdShape::Separation}, {@code Alignment} and
 * {@code Cohesion} as printed, with a stand-in for {@code sf::Vector2f}, as a headless stepper
 * (state CSV in, trace out) that reads the header: the seed's own code on the exported values.
 */
public final class CppSeedExport implements Exporter {
    /** The header's file name. */
    public static final String FILE = "flocktune_config.hpp";
    /** Seed 003's rules as printed, headless with a stand-in for SFML: a stepper reading {@value #FILE}. */
    public static final String STEPPER = "seed003_step.cpp";

    @Override
    public boolean seedProgram() {
        return true;
    }

    @Override
    public String format() {
        return "seed-cpp";
    }

    @Override
    public String description() {
        return "seed 003's own program: a header with a constexpr config struct in its naming (" + FILE
                + ") and its rules as printed, headless (" + STEPPER + ")";
    }

    @Override
    public Export export(TunedPreset tuned) {
        return switch (tuned.preset()) {
            case Preset.Peer peer -> Code.notForPeer(peer, "seed 003's program");
            case Preset.RuleSet rules -> export(tuned, rules);
        };
    }

    private static Export export(TunedPreset tuned, Preset.RuleSet p) {
        Code.Gaps gaps = new Code.Gaps();
        String target = "seed 003's program";
        if (p.world().dimension() != 2) gaps.add("world.dimension", "3: seed 003 is 2D (sf::Vector2f); z is dropped");
        if (p.update() != Preset.UpdateOrder.SEQUENTIAL) {
            gaps.add("update", "synchronous: seed 003 updates each bird in place, one after another (sequential)");
        }
        switch (p.neighbourhood()) {
            case Neighbourhood.Global g -> { }
            case Neighbourhood.Metric m -> gaps.add("neighbourhood.kind", "metric (radius " + m.radius()
                    + "): seed 003's alignment and cohesion see the whole flock (global)");
            case Neighbourhood.MetricExcludingCoincident m -> gaps.add("neighbourhood.kind", "metricExcludingCoincident (radius "
                    + m.radius() + "): seed 003's alignment and cohesion see the whole flock (global)");
            case Neighbourhood.FieldOfView f -> gaps.add("neighbourhood.kind", "fieldOfView: seed 003's alignment and cohesion see the whole flock (global)");
            case Neighbourhood.Topological t -> gaps.add("neighbourhood.kind", "topological: seed 003's alignment and cohesion see the whole flock (global)");
        }
        double weight = p.separation().weight();
        double strength, maxForce;
        switch (p.separation()) {
            case Separation.InverseSquareClamped s -> {
                strength = weight * s.strength();
                maxForce = weight * s.maxForce();
            }
            case Separation.Linear s -> { strength = weight; maxForce = Float.MAX_VALUE; separationGap(gaps, s); }
            case Separation.InverseDistance s -> { strength = weight; maxForce = Float.MAX_VALUE; separationGap(gaps, s); }
            case Separation.Normalized s -> { strength = weight; maxForce = Float.MAX_VALUE; separationGap(gaps, s); }
            case Separation.Zonal s -> { strength = weight; maxForce = Float.MAX_VALUE; separationGap(gaps, s); }
        }
        switch (p.alignment()) {
            case Alignment.HeadingBlend a -> { }
            case Alignment.CircularHeadingBlend a -> gaps.add("alignment.kind", "circularHeadingBlend: seed 003 as coded "
                    + "averages atan2 angles arithmetically (wrong across ±π); use atan2(Σ sin, Σ cos) and the shortest arc "
                    + "in BirdShape::Alignment for the same flock");
            case Alignment.VelocityMatch a -> alignmentGap(gaps, a);
            case Alignment.SummedVelocityMatch a -> alignmentGap(gaps, a);
            case Alignment.MeanVelocityLimited a -> alignmentGap(gaps, a);
            case Alignment.MeanForward a -> alignmentGap(gaps, a);
            case Alignment.Vicsek a -> alignmentGap(gaps, a);
            case Alignment.Zonal a -> alignmentGap(gaps, a);
        }
        if (p.alignment().weight() > 1) {
            gaps.add("alignment.weight", p.alignment().weight() + ": seed 003's alignmentStrength is a blend fraction in [0, 1]");
        }
        switch (p.cohesion()) {
            case Cohesion.UnitToCentroid c -> { }
            case Cohesion.Centroid c -> cohesionGap(gaps, c);
            case Cohesion.SteerTo c -> cohesionGap(gaps, c);
            case Cohesion.Zonal c -> cohesionGap(gaps, c);
        }
        switch (p.motion()) {
            case Motion.Unclamped u -> { }
            case Motion.Additive a -> gaps.add("motion.kind", "additive (speed clamped to [boids.minSpeed, boids.maxSpeed] "
                    + "before the move): seed 003 as printed has no speed limit; clamp m_velocity to [config.minSpeed, "
                    + "config.maxSpeed] after Cohesion for the same flock");
            case Motion.MoveThenClamp m -> gaps.add("motion.kind", "moveThenClamp: seed 003 as printed has no speed limit");
            case Motion.Steering s -> gaps.add("motion.kind", "steering: seed 003 adds each rule to m_velocity untruncated");
            case Motion.ConstantSpeed c -> gaps.add("motion.kind", "constantSpeed: seed 003 adds each rule to m_velocity");
            case Motion.TurningRate t -> gaps.add("motion.kind", "turningRate: seed 003 adds each rule to m_velocity");
        }
        if (p.motion().dt() != 1) gaps.add("motion.dt", p.motion().dt() + ": seed 003 moves by its velocity once per frame (dt 1)");
        Features.openSpace(p, target, gaps);
        Features.extras(p, target, gaps);

        StringBuilder values = new StringBuilder();
        values.append("inline constexpr BoidsConfig config{\n");
        value(values, Code.floatLiteral(p.separation().radius(), "separation.radius", target, gaps), "desiredSeparation");
        value(values, Code.floatLiteral(strength, "separation.strength", target, gaps), "separationStrength");
        value(values, Code.floatLiteral(maxForce, "separation.maxForce", target, gaps), "maxSeparationForce");
        value(values, Code.floatLiteral(p.alignment().weight(), "alignment.weight", target, gaps), "alignmentStrength");
        value(values, Code.floatLiteral(p.cohesion().weight(), "cohesion.weight", target, gaps), "cohesionStrength");
        value(values, Code.floatLiteral(p.boids().maxSpeed(), "boids.maxSpeed", target, gaps), "maxSpeed");
        value(values, Code.floatLiteral(p.boids().minSpeed(), "boids.minSpeed", target, gaps), "minSpeed");
        value(values, Integer.toString(p.boids().count()), "birdCount");
        value(values, Code.floatLiteral(Math.min(p.boids().spawnSize(), p.world().size()), "boids.spawnSize", target, gaps), "spawnSize");
        value(values, Code.floatLiteral(p.boids().initialSpeed(), "boids.initialSpeed", target, gaps), "initialSpeed");
        StringBuilder h = new StringBuilder();
        h.append("// flocktune preset \"").append(Code.cppComment(p.name())).append("\" for seed 003-style C++ boids (BirdShape, SFML).\n");
        h.append("// Exported by `flocktune export --to cpp` from ").append(Code.cppComment(tuned.origin())).append(".\n");
        h.append("// Preset description: ").append(Code.cppComment(p.description())).append('\n');
        if (!tuned.tunedPaths().isEmpty()) h.append("// Tuned by flocktune: ").append(Code.cppComment(String.join(", ", tuned.tunedPaths()))).append(".\n");
        h.append("//\n");
        h.append("// Use: #include \"").append(FILE).append("\" and read flocktune::config.desiredSeparation etc. where\n");
        h.append("// BirdShape reads config.*; the rules apply in the order Separation, Alignment, Cohesion to\n");
        h.append("// m_velocity, then the bird moves by it. Values are floats, as in\n");
        h.append("// seed 003 (flocktune computes in double precision).\n");
        if (gaps.list().isEmpty()) {
            h.append("// Every parameter of the preset is represented.\n");
        } else {
            h.append("//\n// NOT represented (seed 003's program has no equivalent):\n");
            for (Export.Unrepresented u : gaps.list()) h.append("//   - ").append(Code.cppComment(u.toString())).append('\n');
        }
        h.append("#pragma once\n\nnamespace flocktune {\n\n");
        h.append("struct BoidsConfig {\n");
        field(h, "float", "desiredSeparation", "separation.radius: birds closer than this push apart" + tuned.mark("separation.radius"));
        boolean clamped = p.separation() instanceof Separation.InverseSquareClamped;
        String weightMark = tuned.tuned("separation.weight") ? " (tuned)" : "";
        field(h, "float", "separationStrength", (clamped ? "separation.strength * separation.weight"
                + (tuned.tuned("separation.strength") ? " (tuned)" : weightMark)
                : "separation.weight" + weightMark + " (the preset's separation is not 003's)"));
        field(h, "float", "maxSeparationForce", clamped ? "separation.maxForce * separation.weight"
                + (tuned.tuned("separation.maxForce") ? " (tuned)" : weightMark)
                : "no cap in the preset's separation (the largest float)");
        field(h, "float", "alignmentStrength", "alignment.weight: heading blend fraction per frame, in [0, 1]" + tuned.mark("alignment"));
        field(h, "float", "cohesionStrength", "cohesion.weight: length of the step toward the flock's centre" + tuned.mark("cohesion"));
        String unused = p.motion() instanceof Motion.Unclamped ? " (not used: no speed limit, as in seed 003)" : "";
        field(h, "float", "maxSpeed", "boids.maxSpeed: upper speed clamp" + unused + tuned.mark("boids.maxSpeed"));
        field(h, "float", "minSpeed", "boids.minSpeed: lower speed clamp (0: none)" + unused + tuned.mark("boids.minSpeed"));
        field(h, "int", "birdCount", "boids.count" + tuned.mark("boids.count"));
        field(h, "float", "spawnSize", "boids.spawnSize: side of the centred square of initial positions" + tuned.mark("boids.spawnSize"));
        field(h, "float", "initialSpeed", "boids.initialSpeed: speed of the random initial velocities" + tuned.mark("boids.initialSpeed"));
        h.append("};\n\n");
        h.append(values);
        h.append("};\n\n}  // namespace flocktune\n");
        Map<String, String> files = new java.util.LinkedHashMap<>();
        files.put(FILE, h.toString());
        files.put(STEPPER, Code.resource("seed-cpp/" + STEPPER));
        return new Export(files, gaps.list());
    }

    private static void field(StringBuilder h, String type, String name, String comment) {
        h.append(String.format("    %-28s // %s%n", type + " " + name + ";", comment));
    }

    private static void value(StringBuilder h, String literal, String name) {
        h.append(String.format("    %-28s // %s%n", literal + ",", name));
    }

    private static void separationGap(Code.Gaps gaps, Separation s) {
        gaps.add("separation.kind", Code.kind(s) + ": seed 003's separation is the clamped mean of (p_i - p_j)/d² "
                + "(inverseSquareClamped)");
    }

    private static void alignmentGap(Code.Gaps gaps, Alignment a) {
        gaps.add("alignment.kind", Code.kind(a) + ": seed 003's alignment blends the heading angle (headingBlend)");
    }

    private static void cohesionGap(Code.Gaps gaps, Cohesion c) {
        gaps.add("cohesion.kind", Code.kind(c) + ": seed 003's cohesion adds the unit vector to the centroid (unitToCentroid)");
    }
}
