package io.flocktune.tuner.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.sim.Preset;
import io.flocktune.sim.rule.Alignment;
import io.flocktune.sim.rule.Cohesion;
import io.flocktune.sim.rule.Motion;
import io.flocktune.sim.rule.Neighbourhood;
import io.flocktune.sim.rule.Separation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code seed-unity}, the settings of seed 004's own Unity program: {@value #CLASS_FILE}, a C# {@code ScriptableObject} whose fields are seed 004's
 * {@code BoidsGenerator} settings (Unity, 2023: {@code _detectRange}, {@code _separationRange},
 * {@code _speed}, the spawn count and area) plus the three rule weights and the lerp factor that
 * seed 004 hard-codes ({@code Vector3.Lerp(forward, dir, Time.deltaTime)}), each with a comment
 * saying which preset field it comes from; and {@code NAME.json}, the same values as a JSON
 * asset for {@code JsonUtility.FromJsonOverwrite}. Seed 004's rules are the normalised
 * separation sum, the normalised mean forward and the unit vector to the local centroid,
 * combined into a direction that the forward vector lerps toward, flown at constant speed,
 * each boid in turn; anything else is listed as unrepresented. The export also ships
 * {@value #STUBS_FOLDER}: stubs of the few UnityEngine types the class uses and a program that
 * prints its fields, so it compiles and runs with Mono outside Unity
 * ({@code cd Stubs~ && mcs -out:print.exe ../FlocktuneBoidsSettings.cs UnityEngineStubs.cs PrintSettings.cs && mono print.exe}); Unity
 * ignores folders whose name ends in '~'. For flocktune's own engine in Unity, see {@link UnityExport}.
 */
public final class UnitySeedExport implements Exporter {
    /** The C# file; Unity requires it to be named after its class. */
    public static final String CLASS_FILE = "FlocktuneBoidsSettings.cs";

    /** The folder of the Mono stubs and the printing program (ignored by Unity). */
    public static final String STUBS_FOLDER = "Stubs~";

    private static final List<String> STUBS = List.of("UnityEngineStubs.cs", "PrintSettings.cs");

    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Override
    public boolean seedProgram() {
        return true;
    }

    @Override
    public String format() {
        return "seed-unity";
    }

    @Override
    public String description() {
        return "seed 004's own Unity program: a C# ScriptableObject of its BoidsGenerator settings and a JSON asset ("
                + CLASS_FILE + ", NAME.json, " + STUBS_FOLDER + "/ to compile it with Mono)";
    }

    /** One serialized field: C# type ({@code float}, {@code int}, {@code bool}: 0 or 1), name, value, comment. */
    private record Field(String type, String name, double value, String comment) {
        String literal() {
            return switch (type) {
                case "int" -> Integer.toString((int) value);
                case "bool" -> value != 0 ? "true" : "false";
                default -> Float.toString((float) value) + "f";
            };
        }
    }

    /** @return {@code value}, or the nearest float if it has none (the gap added to {@code gaps}) */
    private static double fl(double value, String path, Code.Gaps gaps) {
        float f = Code.toFloat(value, path, "seed 004's float fields", gaps);
        return f == (float) value ? value : f;
    }

    @Override
    public Export export(TunedPreset tuned) {
        return switch (tuned.preset()) {
            case Preset.Peer peer -> Code.notForPeer(peer, "seed 004's BoidsGenerator");
            case Preset.RuleSet rules -> export(tuned, rules);
        };
    }

    private static Export export(TunedPreset tuned, Preset.RuleSet p) {
        Code.Gaps gaps = new Code.Gaps();
        String target = "seed 004's BoidsGenerator";
        if (p.update() != Preset.UpdateOrder.SEQUENTIAL) {
            gaps.add("update", "synchronous: seed 004's Update() moves each boid in turn, the later ones seeing the earlier ones moved");
        }
        double detect = switch (p.neighbourhood()) {
            case Neighbourhood.Metric m -> m.radius();
            case Neighbourhood.MetricExcludingCoincident m -> {
                gaps.add("neighbourhood.kind", "metricExcludingCoincident: seed 004's Physics.OverlapSphere also returns "
                        + "boids at the same point");
                yield m.radius();
            }
            case Neighbourhood.FieldOfView f -> {
                gaps.add("neighbourhood.angle", f.angle() + " degrees: seed 004's Physics.OverlapSphere sees all round");
                yield f.radius();
            }
            case Neighbourhood.Topological t -> {
                gaps.add("neighbourhood.kind", "topological (" + t.count() + " nearest): seed 004 finds neighbours within _detectRange");
                yield p.world().size();
            }
            case Neighbourhood.Global g -> {
                gaps.add("neighbourhood.kind", "global: seed 004 finds neighbours within _detectRange; detectRange is set to the world's diagonal");
                yield Math.min(p.world().size() * Math.sqrt(3), Double.MAX_VALUE);
            }
        };
        switch (p.separation()) {
            case Separation.Normalized s -> { }
            case Separation.Linear s -> gap(gaps, "separation.kind", s, "the normalised sum unit(Σ (p_i − p_j)) (SeparationRule)");
            case Separation.InverseDistance s -> gap(gaps, "separation.kind", s, "the normalised sum unit(Σ (p_i − p_j)) (SeparationRule)");
            case Separation.InverseSquareClamped s -> gap(gaps, "separation.kind", s, "the normalised sum unit(Σ (p_i − p_j)) (SeparationRule)");
            case Separation.Zonal s -> gap(gaps, "separation.kind", s, "the normalised sum, without priority (SeparationRule)");
        }
        switch (p.alignment()) {
            case Alignment.MeanForward a -> { }
            case Alignment.VelocityMatch a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector (AlignmentRule)");
            case Alignment.SummedVelocityMatch a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector (AlignmentRule)");
            case Alignment.MeanVelocityLimited a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector (AlignmentRule)");
            case Alignment.HeadingBlend a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector (AlignmentRule)");
            case Alignment.CircularHeadingBlend a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector (AlignmentRule)");
            case Alignment.Vicsek a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector, without noise (AlignmentRule)");
            case Alignment.Zonal a -> gap(gaps, "alignment.kind", a, "the normalised mean forward vector over _detectRange (AlignmentRule)");
        }
        switch (p.cohesion()) {
            case Cohesion.UnitToCentroid c -> { }
            case Cohesion.Centroid c -> gap(gaps, "cohesion.kind", c, "the unit vector to the centroid (CohesionRule)");
            case Cohesion.SteerTo c -> gap(gaps, "cohesion.kind", c, "the unit vector to the centroid (CohesionRule)");
            case Cohesion.Zonal c -> gap(gaps, "cohesion.kind", c, "the unit vector to the centroid over _detectRange (CohesionRule)");
        }
        double speed, lerp;
        String motionSource = "the preset's motion is " + Code.kind(p.motion()) + ", not 004's: ";
        switch (p.motion()) {
            case Motion.ConstantSpeed c -> { speed = c.speed(); lerp = c.turnFactor(); motionSource = ""; }
            case Motion.Additive a -> {
                speed = p.boids().maxSpeed(); lerp = 1;
                gaps.add("motion.kind", "additive (v += Σ, speed clamped): seed 004 flies at constant speed toward the lerped direction; speed = boids.maxSpeed, lerpFactor 1");
            }
            case Motion.MoveThenClamp m -> {
                speed = p.boids().maxSpeed(); lerp = 1;
                gaps.add("motion.kind", "moveThenClamp (v += Σ, move, then clamp the speed): seed 004 flies at constant speed toward the lerped direction; speed = boids.maxSpeed, lerpFactor 1");
            }
            case Motion.Unclamped u -> {
                speed = p.boids().maxSpeed(); lerp = 1;
                gaps.add("motion.kind", "unclamped (v += Σ, no speed limit): seed 004 flies at constant speed toward the lerped direction; speed = boids.maxSpeed, lerpFactor 1");
            }
            case Motion.Steering s -> {
                speed = p.boids().maxSpeed(); lerp = 1;
                gaps.add("motion.kind", "steering (v += limit(Σ, " + s.maxForce() + ")): seed 004 flies at constant speed; speed = boids.maxSpeed, lerpFactor 1");
            }
            case Motion.TurningRate t -> {
                speed = t.speed(); lerp = 1;
                gaps.add("motion.kind", "turningRate (at most " + t.maxTurnRate() + " degrees/s, heading error "
                        + t.headingError() + "): seed 004 lerps the direction instead; lerpFactor 1");
            }
        }
        Features.openSpace(p, target, gaps);
        Features.extras(p, target, gaps);

        double spawn = Math.min(p.boids().spawnSize(), p.world().size());
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("float", "detectRange", fl(detect, "neighbourhood.radius", gaps),
                "BoidsGenerator._detectRange <- neighbourhood.radius" + tuned.mark("neighbourhood")
                        + ": cohesion and alignment see boids within it"));
        fields.add(new Field("float", "separationRange", fl(p.separation().radius(), "separation.radius", gaps),
                "BoidsGenerator._separationRange <- separation.radius" + tuned.mark("separation.radius")));
        fields.add(new Field("float", "speed", fl(speed, "motion.speed", gaps),
                "BoidsGenerator._speed <- " + (p.motion() instanceof Motion.ConstantSpeed || p.motion() instanceof Motion.TurningRate
                        ? "motion.speed" : "boids.maxSpeed") + tuned.mark("motion") + " (world units per second)"));
        fields.add(new Field("float", "cohesionWeight", fl(p.cohesion().weight(), "cohesion.weight", gaps),
                "cohesion.weight" + tuned.mark("cohesion") + ": factor on CohesionRule.GetDirection (seed 004: 1)"));
        fields.add(new Field("float", "alignmentWeight", fl(p.alignment().weight(), "alignment.weight", gaps),
                "alignment.weight" + tuned.mark("alignment") + ": factor on AlignmentRule.GetDirection (seed 004: 1)"));
        fields.add(new Field("float", "separationWeight", fl(p.separation().weight(), "separation.weight", gaps),
                "separation.weight" + tuned.mark("separation") + ": factor on SeparationRule.GetDirection (seed 004: 1)"));
        fields.add(new Field("float", "lerpFactor", fl(lerp, "motion.turnFactor", gaps),
                (motionSource.isEmpty() ? "motion.turnFactor" + tuned.mark("motion") : motionSource + "1")
                        + ": replaces Time.deltaTime as the t of Vector3.Lerp(forward, dir, t)"));
        fields.add(new Field("float", "stepSeconds", fl(p.motion().dt(), "motion.dt", gaps),
                "motion.dt" + tuned.mark("motion.dt") + ": seconds per step; run Update's body in FixedUpdate with "
                        + "Time.fixedDeltaTime = stepSeconds for flocktune's trajectory"));
        fields.add(new Field("int", "spawnCount", p.boids().count(),
                "BoidsGenerator._spawnCount <- boids.count" + tuned.mark("boids.count")
                        + (p.boids().count() > 1000 ? " (above seed 004's [Range(1, 1000)])" : "")));
        fields.add(new Field("float", "spawnMin", fl(-spawn / 2, "boids.spawnSize", gaps),
                "_spawnAreaPosX/Y/Z._min <- -boids.spawnSize / 2" + tuned.mark("boids.spawnSize")));
        fields.add(new Field("float", "spawnMax", fl(spawn / 2, "boids.spawnSize", gaps),
                "_spawnAreaPosX/Y/Z._max <- boids.spawnSize / 2" + tuned.mark("boids.spawnSize")));
        fields.add(new Field("bool", "flat", p.world().dimension() == 2 ? 1 : 0,
                "world.dimension == 2: spawn at z = 0 (_spawnAreaPosZ = [0, 0]); the rules then keep every boid in the plane"));

        StringBuilder cs = new StringBuilder();
        cs.append("// flocktune preset \"").append(Code.oneLine(p.name())).append("\" for seed 004's Unity boids (BoidsGenerator).\n");
        cs.append("// Exported by `flocktune export --to seed-unity` from ").append(Code.oneLine(tuned.origin())).append(".\n");
        cs.append("// Preset description: ").append(Code.oneLine(p.description())).append('\n');
        if (!tuned.tunedPaths().isEmpty()) cs.append("// Tuned by flocktune: ").append(Code.oneLine(String.join(", ", tuned.tunedPaths()))).append(".\n");
        cs.append("//\n");
        cs.append("// In BoidsGenerator, read these instead of its serialized fields and weight the rules:\n");
        cs.append("//   Vector3 dir = settings.cohesionWeight * _cohesionRule.GetDirection(agent, GetNeighbor(agent, settings.detectRange))\n");
        cs.append("//               + settings.alignmentWeight * _alignmentRule.GetDirection(agent, GetNeighbor(agent, settings.detectRange))\n");
        cs.append("//               + settings.separationWeight * _separtionRule.GetDirection(agent, GetNeighbor(agent, settings.separationRange));\n");
        cs.append("//   dir = Vector3.Lerp(agent.transform.forward, dir, settings.lerpFactor);\n");
        cs.append("//   dir.Normalize();\n");
        cs.append("//   agent.transform.position += dir * settings.speed * settings.stepSeconds;\n");
        cs.append("// Physics.OverlapSphere also returns boids whose collider only reaches into the range;\n");
        cs.append("// flocktune measures centre distances (use small colliders for the same neighbours).\n");
        if (gaps.list().isEmpty()) {
            cs.append("// Every parameter of the preset is represented.\n");
        } else {
            cs.append("//\n// NOT represented (seed 004's BoidsGenerator has no equivalent):\n");
            for (Export.Unrepresented u : gaps.list()) cs.append("//   - ").append(Code.oneLine(u.toString())).append('\n');
        }
        cs.append("using UnityEngine;\n\n");
        cs.append("[CreateAssetMenu(fileName = \"FlocktuneBoidsSettings\", menuName = \"Flocktune/Boids Settings\")]\n");
        cs.append("public class FlocktuneBoidsSettings : ScriptableObject\n{\n");
        for (Field f : fields) {
            cs.append("    /// <summary>").append(f.comment().replace("<", "&lt;").replace(">", "&gt;")).append("</summary>\n");
            cs.append("    public ").append(f.type()).append(' ').append(f.name()).append(" = ").append(f.literal()).append(";\n\n");
        }
        cs.append("    /// <summary>Overwrites the fields with a JSON asset written by flocktune (same field names).</summary>\n");
        cs.append("    public void Load(string json)\n    {\n        JsonUtility.FromJsonOverwrite(json, this);\n    }\n");
        cs.append("}\n");

        ObjectNode asset = JsonNodeFactory.instance.objectNode();
        for (Field f : fields) {
            switch (f.type()) {
                case "int" -> asset.put(f.name(), (int) f.value());
                case "bool" -> asset.put(f.name(), f.value() != 0);
                default -> asset.put(f.name(), f.value());   // reads back as the same float as the literal
            }
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put(CLASS_FILE, cs.toString());
        try {
            files.put(Code.fileName(p.name()) + ".json", MAPPER.writeValueAsString(asset) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the Unity asset", e);
        }
        for (String stub : STUBS) files.put(STUBS_FOLDER + "/" + stub, Code.resource("seed-unity/" + stub));
        return new Export(files, gaps.list());
    }

    private static void gap(Code.Gaps gaps, String path, Object variant, String target) {
        gaps.add(path, Code.kind(variant) + ": seed 004 has " + target);
    }
}
