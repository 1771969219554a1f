package io.flocktune.tuner.export;

import io.flocktune.sim.Preset;
import io.flocktune.sim.Preset.Sphere;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Boundary;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.ObstacleAvoidance;
import io.flocktune.sim.rule.PredatorBehaviour;
import io.flocktune.sim.rule.Separation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code seed-python}, the seeds' own programs: {@value #FILE}, a module of constants for the numpy boids of seeds 000
 * (Veldic, py-script) and 002 (Yoo), so a tuned flock runs in that code unchanged: seed 000's
 * slider values (its rules return {@code sepV / 50 * separation}, {@code (alignV - boidsV) /
 * 600 * alignment}, {@code (cohV - boidsP) / 100 * cohesion}, so {@code SEPARATION =
 * separation.weight · 50}, {@code ALIGNMENT = alignment.weight · 600}, {@code COHESION =
 * cohesion.weight · 100}), its ranges, speed limit and {@code avoid_bound} constants, its
 * obstacles; and seed 002's factors, speed band, goal and centroid-chasing predator.
 *
 * <p>Their code is synchronous linear separation within a radius, velocity matching and
 * centroid cohesion over a metric neighbourhood, {@code v += Σ}, a speed limit and
 * {@code p += v}. Everything else is listed as unrepresented: other rule variants, a sequential
 * update, a periodic world, noise, steer-to-avoid obstacles, smarter predators, and constants
 * their code shares where the preset has two (seed 000 reuses {@code recog_range} for
 * obstacles, seed 002 its visual range for the goal and the predators).
 *
 * <p>The export ships the seeds' code itself, {@link #STEPPERS}, transcribed from the seed
 * texts (each file lists its choices where the seed is silent), so the module runs as it is.
 */
public final class PythonSeedExport implements Exporter {
    /** The module's file name. */
    public static final String FILE = "flocktune_preset.py";
    /**
     * The seeds' code as printed, reading the module's constants: {@code python3 seed000_step.py
     * MODULE_DIR STATE.csv STEPS OUT.csv} steps a state CSV ({@code flocktune simulate --trace})
     * and writes one, as {@code seed002_step.py} does for seed 002.
     */
    public static final List<String> STEPPERS = List.of("seed000_step.py", "seed002_step.py");

    @Override
    public boolean seedProgram() {
        return true;
    }

    @Override
    public String format() {
        return "seed-python";
    }

    @Override
    public String description() {
        return "the seeds' own programs: constants for the numpy boids of seeds 000 and 002 (" + FILE + ") and their steppers";
    }

    @Override
    public Export export(TunedPreset tuned) {
        return switch (tuned.preset()) {
            case Preset.Peer peer -> Code.notForPeer(peer, "the seeds' programs");
            case Preset.RuleSet rules -> export(tuned, rules);
        };
    }

    private static Export export(TunedPreset tuned, Preset.RuleSet p) {
        Code.Gaps gaps = new Code.Gaps();
        Lines out = new Lines(tuned);

        String updateNote = switch (p.update()) {
            case SYNCHRONOUS -> "synchronous: seed 000's update_boids (every rule reads the step's start)";
            case SEQUENTIAL_IN_PLACE -> "sequentialInPlace: seed 002's Algorithm 1 (boid by boid, each rule in place on v_i)";
            case SEQUENTIAL -> {
                gaps.add("update", "sequential (boid by boid, the rules summed): seed 000's code is synchronous, seed 002's "
                        + "applies each rule in place (sequentialInPlace)");
                yield "sequential: neither seed's code";
            }
        };
        double recog = switch (p.neighbourhood()) {
            case Neighbourhood.Metric m -> m.radius();
            case Neighbourhood.MetricExcludingCoincident m -> {
                gaps.add("neighbourhood.kind", "metricExcludingCoincident: seeds 000/002 count a boid at the same point as a neighbour");
                yield m.radius();
            }
            case Neighbourhood.FieldOfView f -> {
                gaps.add("neighbourhood.angle", "fieldOfView " + f.angle() + " degrees: seeds 000/002 see all round; "
                        + "RECOG_RANGE carries the radius only");
                yield f.radius();
            }
            case Neighbourhood.Topological t -> {
                gaps.add("neighbourhood.kind", "topological (" + t.count() + " nearest): seeds 000/002 use a distance "
                        + "(recog_range); RECOG_RANGE is set to the world size");
                yield p.world().size();
            }
            case Neighbourhood.Global g -> {
                gaps.add("neighbourhood.kind", "global: seeds 000/002 use a distance (recog_range); RECOG_RANGE is "
                        + "set to the world size, which sees the whole flock only in a world without wrap");
                yield Math.min(p.world().size() * Math.sqrt(3), Double.MAX_VALUE);
            }
        };
        String separationNote = switch (p.separation()) {
            case Separation.Linear l -> "";
            case Separation.InverseDistance s -> unlike(gaps, "separation.kind", s, "linear Σ (p_i − p_j) (000 separation_rule, 002 Rule_Separation)");
            case Separation.InverseSquareClamped s -> unlike(gaps, "separation.kind", s, "linear Σ (p_i − p_j) (000 separation_rule, 002 Rule_Separation)");
            case Separation.Normalized s -> unlike(gaps, "separation.kind", s, "linear Σ (p_i − p_j) (000 separation_rule, 002 Rule_Separation)");
            case Separation.Zonal s -> unlike(gaps, "separation.kind", s, "linear Σ (p_i − p_j) without priority (000, 002)");
        };
        if (p.separation() instanceof Separation.InverseSquareClamped s) {
            gaps.add("separation.strength", s.strength() + " and separation.maxForce = " + s.maxForce()
                    + ": seed 003's clamp, which seeds 000/002 do not have");
        }
        String alignmentNote = switch (p.alignment()) {
            case Alignment.VelocityMatch v -> " (velocityMatch: a mean per boid, seed 002; in seed 000's code indent the "
                    + "`if cnt > 0:` block into the `for i` loop)";
            case Alignment.SummedVelocityMatch v -> " (summedVelocityMatch: seed 000's alignment_rule as printed)";
            case Alignment.MeanVelocityLimited a -> {
                gaps.add("alignment.maxForce", a.maxForce() + ": seeds 000/002 do not truncate the alignment");
                yield unlike(gaps, "alignment.kind", a, "velocity matching mean(v_j) − v_i (000 alignment_rule, 002 Rule_Alignment)");
            }
            case Alignment.HeadingBlend a -> unlike(gaps, "alignment.kind", a, "velocity matching mean(v_j) − v_i");
            case Alignment.CircularHeadingBlend a -> unlike(gaps, "alignment.kind", a, "velocity matching mean(v_j) − v_i");
            case Alignment.MeanForward a -> unlike(gaps, "alignment.kind", a, "velocity matching mean(v_j) − v_i");
            case Alignment.Vicsek a -> unlike(gaps, "alignment.kind", a, "velocity matching mean(v_j) − v_i, without noise");
            case Alignment.Zonal a -> unlike(gaps, "alignment.kind", a, "velocity matching over the whole recog_range");
        };
        String cohesionNote = switch (p.cohesion()) {
            case Cohesion.Centroid c -> "";
            case Cohesion.SteerTo c -> {
                gaps.add("cohesion.arrivalRadius", c.arrivalRadius() + " and cohesion.maxForce = " + c.maxForce()
                        + ": seed 001's steer-to with arrival, which seeds 000/002 do not have");
                yield unlike(gaps, "cohesion.kind", c, "the offset to the centroid c_i − p_i (000 cohesion_rule, 002 Rule_cohesion)");
            }
            case Cohesion.UnitToCentroid c -> unlike(gaps, "cohesion.kind", c, "the offset to the centroid c_i − p_i, not its unit vector");
            case Cohesion.Zonal c -> unlike(gaps, "cohesion.kind", c, "the offset to the centroid c_i − p_i over recog_range");
        };
        double dt = p.motion().dt();
        switch (p.motion()) {
            case Motion.MoveThenClamp m -> { }
            case Motion.Additive a -> gaps.add("motion.kind", "additive (limit the speed, then move): seeds 000/002 move with "
                    + "the unlimited velocity and limit it afterwards (moveThenClamp); call limit_velocity()/saturate() "
                    + "before boidsP += boidsV for the same flock");
            case Motion.Unclamped u -> gaps.add("motion.kind", "unclamped (no speed limit): seeds 000/002 limit the speed "
                    + "(limit_velocity, saturate)");
            case Motion.Steering s -> gaps.add("motion.kind", "steering (the summed rule output truncated to maxForce = "
                    + s.maxForce() + "): seeds 000/002 add the sum to v untruncated");
            case Motion.ConstantSpeed c -> gaps.add("motion.kind", "constantSpeed (speed " + c.speed() + ", turnFactor "
                    + c.turnFactor() + "): seeds 000/002 add the rule sum to v and clamp the speed");
            case Motion.TurningRate t -> gaps.add("motion.kind", "turningRate (Couzin): seeds 000/002 add the rule sum to v");
        }
        if (dt != 1) {
            gaps.add("motion.dt", dt + ": seed 000 moves p += v once per frame (dt 1); DT carries it for code that scales p += v * DT");
        }
        String boundary = switch (p.world().boundary()) {
            case Boundary.SoftMargin s -> "softMargin";
            case Boundary.Hard h -> "hard";
            case Boundary.None n -> "none";
            case Boundary.WrapPositionsOnly w -> {
                gaps.add("world.boundary.kind", "wrapPositionsOnly (positions wrap): seeds 000/002 have a bounded box "
                        + "(000 avoid_bound, 002 hard bound)");
                yield "wrapPositionsOnly";
            }
            case Boundary.Wrap w -> {
                gaps.add("world.boundary.kind", "wrap (periodic world, minimum-image distances): seeds 000/002 have a "
                        + "bounded box (000 avoid_bound, 002 hard bound)");
                yield "wrap";
            }
        };
        if (p.noise().strength() > 0) {
            gaps.add("noise.strength", p.noise().strength() + ": seeds 000/002 have no random steering");
        }
        List<Sphere> spheres = p.obstacles().spheres();
        double obstacleRange = 0, obstacleWeight = 0;
        switch (p.obstacles().avoidance()) {
            case ObstacleAvoidance.ForceField f -> {
                obstacleRange = f.range();
                obstacleWeight = f.weight();
                if (!spheres.isEmpty() && f.range() != recog) {
                    gaps.add("obstacles.avoidance.range", f.range() + ": seed 000's avoid_obstacles_rule uses recog_range ("
                            + recog + ") for obstacles too; OBSTACLE_RANGE carries it");
                }
                if (!spheres.isEmpty() && f.weight() != 1) {
                    gaps.add("obstacles.avoidance.weight", f.weight() + ": seed 000's avoid_obstacles_rule has no factor (1); "
                            + "OBSTACLE_WEIGHT carries it");
                }
            }
            case ObstacleAvoidance.SteerToAvoid s -> {
                if (!spheres.isEmpty()) {
                    gaps.add("obstacles.avoidance.kind", "steerToAvoid: seed 000 names it but codes the force field only");
                }
            }
        }
        Preset.Predators predators = p.predators();
        double predPower = 0;
        if (predators.behaviour() instanceof PredatorBehaviour.ChaseCentroid c) predPower = c.power();
        if (predators.count() > 0) {
            switch (predators.behaviour()) {
                case PredatorBehaviour.ChaseCentroid c -> { }
                case PredatorBehaviour.ChaseNearest c -> gaps.add("predators.behaviour.kind",
                        "chaseNearest: seed 002's predator chases the flock's centroid (update_pred)");
                case PredatorBehaviour.ChaseVisibleCentroid c -> gaps.add("predators.behaviour.kind",
                        "chaseVisibleCentroid: seed 002's predator chases the whole flock's centroid (update_pred)");
            }
            if (predators.fleeRadius() != recog) {
                gaps.add("predators.fleeRadius", predators.fleeRadius() + ": seed 002's Rule_Predator uses VisualRange ("
                        + recog + "); PREDATOR_RANGE carries it");
            }
            if (predators.removeOnCapture()) {
                gaps.add("predators.removeOnCapture", "true: seed 002's predators do not remove boids");
            }
        }
        Preset.Goal goal = p.goal();
        if (goal.weight() > 0 && goal.radius() != recog) {
            gaps.add("goal.radius", goal.radius() + ": seed 002's Rule_Goal uses VisualRange (" + recog
                    + "); GOAL_RANGE carries it");
        }

        String separationSlider = scaled(p.separation().weight(), 50, "separation.weight", gaps);
        String alignmentSlider = scaled(p.alignment().weight(), 600, "alignment.weight", gaps);
        String cohesionSlider = scaled(p.cohesion().weight(), 100, "cohesion.weight", gaps);

        // ---------------------------------------------------------------- the module
        out.raw("\"\"\"flocktune preset \"" + doc(p.name()) + "\" as constants for seed 000/002-style numpy boids.");
        out.raw("");
        out.raw("Exported by `flocktune export --to python` from " + doc(tuned.origin()) + ".");
        out.raw("Preset description: " + doc(p.description()));
        if (!tuned.tunedPaths().isEmpty()) out.raw("Tuned by flocktune: " + doc(String.join(", ", tuned.tunedPaths())) + ".");
        out.raw("");
        out.raw("Seed 000's code as printed, with these names:");
        out.raw("    separation_rule(): sepV / 50 * SEPARATION over dist < SEPARATION_RANGE (000 writes 7)");
        out.raw("    alignment_rule():  (alignV - boidsV) / 600 * ALIGNMENT over dist < RECOG_RANGE");
        out.raw("    cohesion_rule():   (cohV - boidsP) / 100 * COHESION over dist < RECOG_RANGE");
        out.raw("    update_boids(): boidsV += the rules; boidsP += boidsV; limit_velocity() with MAX_SPEED;");
        out.raw("    avoid_bound() with BOUND_RANGE, BOUND, AMOUNT");
        out.raw("Seed 002's code uses the same weights unscaled (SEPARATION_FACTOR = SEPARATION / 50, ...).");
        out.raw("Update order: " + updateNote + ".");
        if (gaps.list().isEmpty()) {
            out.raw("");
            out.raw("Every parameter of the preset is represented.");
        } else {
            out.raw("");
            out.raw("NOT represented (the numpy code of seeds 000/002 has no equivalent):");
            for (Export.Unrepresented u : gaps.list()) out.raw("  - " + doc(u.toString()));
        }
        out.raw("\"\"\"");
        out.raw("");
        out.raw("PRESET_NAME = " + pythonString(p.name()));
        out.raw("");
        out.section("Flock");
        out.constant("BOIDS_N", Integer.toString(p.boids().count()), "boids.count (seed 000 boidsN)", "boids.count");
        out.constant("DIMENSION", Integer.toString(p.world().dimension()),
                p.world().dimension() == 2 ? "world.dimension: 2D, keep every z and vz at 0 (the rules keep them 0)"
                        : "world.dimension", "world.dimension");
        out.constant("SPAWN_SIZE", Code.number(p.boids().spawnSize()), "boids.spawnSize: initial positions uniform in the centred box of this side", "boids.spawnSize");
        out.constant("INITIAL_SPEED", Code.number(p.boids().initialSpeed()), "boids.initialSpeed: initial velocities of this length, random directions", "boids.initialSpeed");
        out.raw("");
        out.section("Seed 000 sliders and ranges");
        out.constant("SEPARATION", separationSlider,
                "separation.weight * 50: separation_rule returns sepV / 50 * SEPARATION" + separationNote, "separation.weight");
        out.constant("ALIGNMENT", alignmentSlider,
                "alignment.weight * 600: alignment_rule returns (alignV - boidsV) / 600 * ALIGNMENT" + alignmentNote, "alignment.weight");
        out.constant("COHESION", cohesionSlider,
                "cohesion.weight * 100: cohesion_rule returns (cohV - boidsP) / 100 * COHESION" + cohesionNote, "cohesion.weight");
        out.constant("SEPARATION_RANGE", Code.number(p.separation().radius()),
                "separation.radius: separation_rule's `dist < 7`", "separation.radius");
        out.constant("RECOG_RANGE", Code.number(recog), "neighbourhood.radius: recog_range", "neighbourhood");
        out.constant("MAX_SPEED", Code.number(p.boids().maxSpeed()), "boids.maxSpeed: limit_velocity's max_speed", "boids.maxSpeed");
        out.constant("BOUNDARY", pythonString(boundary), "world.boundary.kind: \"softMargin\" = 000's avoid_bound, "
                + "\"hard\" = 002's hard bound, \"none\" = no bound", "world.boundary");
        out.constant("BOUND_RANGE", Code.number(p.world().size() / 2), "world.size / 2: boundRange, the box is [-BOUND_RANGE, BOUND_RANGE]^3", "world.size");
        if (p.world().boundary() instanceof Boundary.SoftMargin s) {
            out.constant("BOUND", Code.number(s.margin()), "world.boundary.margin: avoid_bound's bound", "world.boundary.margin");
            out.constant("AMOUNT", Code.number(s.turn()), "world.boundary.turn: avoid_bound's amount", "world.boundary.turn");
        }
        out.constant("DT", Code.number(dt), "motion.dt: 000 has none (p += v, DT 1); 002's δt", "motion.dt");
        out.raw("");
        out.section("Seed 002 names for the same weights (Rule_Separation, Rule_Alignment, Rule_cohesion, saturate)");
        out.constant("SEPARATION_FACTOR", Code.number(p.separation().weight()), "separation.weight", "separation.weight");
        out.constant("ALIGN_FACTOR", Code.number(p.alignment().weight()), "alignment.weight", "alignment.weight");
        out.constant("COHESION_FACTOR", Code.number(p.cohesion().weight()), "cohesion.weight", "cohesion.weight");
        out.constant("SEPARATION_DIST", "SEPARATION_RANGE", "002 tests |d| <= Separation_dist, flocktune |d| < radius (differs only on the boundary)", "separation.radius");
        out.constant("VISUAL_RANGE", "RECOG_RANGE", "002's VisualRange", "neighbourhood");
        out.constant("MIN_VEL", Code.number(p.boids().minSpeed()), "boids.minSpeed: saturate's minVel (0: no lower limit)", "boids.minSpeed");
        out.constant("MAX_VEL", "MAX_SPEED", "saturate's maxVel", "boids.maxSpeed");
        out.raw("");
        out.section("Obstacles (seed 000 avoid_obstacles_rule: 100 * unit inside 0.1, else 10 / s**2 * unit, s = dist - size < range)");
        out.constant("OBSTACLE_P", "[" + spheres.stream().map(s -> "[" + Code.number(s.x()) + ", " + Code.number(s.y()) + ", "
                + Code.number(s.z()) + "]").collect(Collectors.joining(", ")) + "]", "obstacles.spheres centres (obstacleP)", "obstacles.spheres");
        out.constant("OBS_SIZE", "[" + spheres.stream().map(s -> Code.number(s.radius())).collect(Collectors.joining(", ")) + "]",
                "obstacles.spheres radii (obsSize)", "obstacles.spheres");
        out.constant("OBSTACLE_RANGE", Code.number(obstacleRange), "obstacles.avoidance.range (000 uses recog_range)", "obstacles.avoidance");
        out.constant("OBSTACLE_WEIGHT", Code.number(obstacleWeight), "obstacles.avoidance.weight (000: 1)", "obstacles.avoidance");
        out.raw("");
        out.section("Goal (seed 002 Rule_Goal: GOAL_FACTOR * (goal - p) when |goal - p| <= range)");
        out.constant("GOAL", "[" + Code.number(goal.x()) + ", " + Code.number(goal.y()) + ", " + Code.number(goal.z()) + "]", "goal.x, goal.y, goal.z", "goal");
        out.constant("GOAL_FACTOR", Code.number(goal.weight()), "goal.weight (0: off)", "goal.weight");
        out.constant("GOAL_RANGE", Code.number(goal.radius()), "goal.radius (002 uses VisualRange)", "goal.radius");
        out.raw("");
        out.section("Predators (seed 002 update_pred and Rule_Predator)");
        out.constant("PRED_N", Integer.toString(predators.count()), "predators.count (0: none)", "predators.count");
        out.constant("PRED_POWER", Code.number(predPower), "predators.behaviour.power: PredV += (mass_center - PredPos) * PredPower", "predators.behaviour");
        out.constant("PRED_MAX_SPEED", Code.number(predators.maxSpeed()), "predators.maxSpeed: update_pred's maxV", "predators.maxSpeed");
        out.constant("PREDATOR_AVOID_FACTOR", Code.number(predators.fleeWeight()), "predators.fleeWeight: predatoravoid_factor * Σ d/|d|", "predators.fleeWeight");
        out.constant("PREDATOR_RANGE", Code.number(predators.fleeRadius()), "predators.fleeRadius (002 uses VisualRange)", "predators.fleeRadius");
        out.constant("CAPTURE_RADIUS", Code.number(predators.captureRadius()), "predators.captureRadius: flocktune counts a capture closer than this", "predators.captureRadius");

        Map<String, String> files = new LinkedHashMap<>();
        files.put(FILE, out.text());
        for (String stepper : STEPPERS) files.put(stepper, Code.resource("python/" + stepper));
        return new Export(files, gaps.list());
    }

    private static String unlike(Code.Gaps gaps, String path, Object variant, String target) {
        gaps.add(path, Code.kind(variant) + ": seeds 000/002 have " + target);
        return " (NOT the same rule: the preset's " + path + " is " + Code.kind(variant) + ")";
    }

    /** Seed 000's slider value {@code weight · scale}; beyond the largest double it is written as infinity and listed. */
    private static String scaled(double weight, double scale, String path, Code.Gaps gaps) {
        double slider = weight * scale;
        if (Double.isFinite(slider)) return Code.number(slider);
        gaps.add(path, weight + ": seed 000's slider (× " + Code.number(scale) + ") exceeds the largest double; written as float(\"inf\")");
        return "float(\"inf\")";
    }

    /** A Python string literal of {@code s} on one line. */
    private static String pythonString(String s) {
        return "\"" + Code.oneLine(s).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** {@code s} on one line, safe inside the module's docstring (backslashes and quotes escaped). */
    private static String doc(String s) {
        return Code.oneLine(s).replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** The module's lines, with constants and their comments aligned. */
    private static final class Lines {
        private final StringBuilder text = new StringBuilder();
        private final TunedPreset tuned;

        Lines(TunedPreset tuned) {
            this.tuned = tuned;
        }

        void raw(String line) {
            text.append(line).append('\n');
        }

        void section(String title) {
            raw("# " + title);
        }

        void constant(String name, String value, String comment, String path) {
            String assignment = name + " = " + value;
            raw(String.format("%-28s  # %s%s", assignment, comment, tuned.mark(path)));
        }

        String text() {
            return text.toString();
        }
    }
}
