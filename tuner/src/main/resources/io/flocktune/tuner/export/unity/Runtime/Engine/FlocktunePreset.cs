// flocktune's preset (format flocktune-preset/1) as one flat serializable class: every field of
// the JSON preset, named by its path in camel case (world.boundary.kind -> worldBoundaryKind,
// obstacles.spheres[i].x -> obstaclesSpheresX[i]). Unity serializes it as it is (public fields of
// serializable types), so a ScriptableObject or MonoBehaviour can hold one and JsonUtility can
// fill one from the JSON file written beside it; outside Unity, FlocktunePreset.FromJson reads
// the same file (a small reader of flat objects: JsonUtility exists only inside Unity, and
// System.Text.Json is in neither Unity's profile nor Mono's base library). Units: world units, steps, degrees where the field says so; ranges as flocktune
// validates them (the exporter writes only validated presets).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using System.Text;

namespace Flocktune
{
    [Serializable]
    public class FlocktunePreset
    {
        /// <summary>Always "flocktune-preset/1".</summary>
        public string format = "flocktune-preset/1";
        public string name = "";
        public string description = "";

        /// <summary>2 or 3.</summary>
        public int worldDimension = 2;
        /// <summary>Side of the cubic world in world units, centred on the origin, &gt; 0.</summary>
        public double worldSize;
        /// <summary>wrap, wrapPositionsOnly, softMargin, hard or none.</summary>
        public string worldBoundaryKind = "wrap";
        /// <summary>softMargin: how far outside the world the turn starts (world units).</summary>
        public double worldBoundaryMargin;
        /// <summary>softMargin: velocity change per step toward the inside.</summary>
        public double worldBoundaryTurn;

        public int boidsCount;
        public double boidsMinSpeed;
        public double boidsMaxSpeed;
        public double boidsInitialSpeed;
        /// <summary>Side of the cube the boids start in (world units; at most worldSize is used).</summary>
        public double boidsSpawnSize;

        /// <summary>synchronous, sequential or sequential_in_place.</summary>
        public string update = "synchronous";

        /// <summary>metric, metricExcludingCoincident, fieldOfView, topological or global.</summary>
        public string neighbourhoodKind = "metric";
        public double neighbourhoodRadius;
        /// <summary>fieldOfView: the full view angle in degrees.</summary>
        public double neighbourhoodAngle;
        /// <summary>topological: the number of nearest boids.</summary>
        public int neighbourhoodCount;

        /// <summary>linear, inverseDistance, inverseSquareClamped, normalized or zonal.</summary>
        public string separationKind = "linear";
        public double separationRadius;
        public double separationWeight;
        public double separationStrength;
        public double separationMaxForce;

        /// <summary>velocityMatch, summedVelocityMatch, meanVelocityLimited, headingBlend, circularHeadingBlend, meanForward, vicsek or zonal.</summary>
        public string alignmentKind = "velocityMatch";
        public double alignmentWeight;
        public double alignmentMaxForce;
        /// <summary>vicsek: the width of the uniform angle noise in radians.</summary>
        public double alignmentNoise;
        /// <summary>zonal: the orientation zone's radius.</summary>
        public double alignmentRadius;

        /// <summary>centroid, steerTo, unitToCentroid or zonal.</summary>
        public string cohesionKind = "centroid";
        public double cohesionWeight;
        public double cohesionArrivalRadius;
        public double cohesionMaxForce;

        /// <summary>additive, moveThenClamp, unclamped, steering, constantSpeed or turningRate.</summary>
        public string motionKind = "additive";
        /// <summary>Time per step; velocities are per time unit.</summary>
        public double motionDt = 1;
        public double motionMaxForce;
        public double motionSpeed;
        public double motionTurnFactor;
        /// <summary>turningRate: degrees per time unit.</summary>
        public double motionMaxTurnRate;
        public double motionHeadingError;

        public int predatorsCount;
        /// <summary>chaseCentroid, chaseNearest or chaseVisibleCentroid.</summary>
        public string predatorsBehaviourKind = "chaseCentroid";
        public double predatorsBehaviourPower;
        public double predatorsBehaviourVisualRange;
        /// <summary>Degrees, the full view angle.</summary>
        public double predatorsBehaviourFieldOfView;
        /// <summary>Degrees per time unit.</summary>
        public double predatorsBehaviourMaxTurn;
        public double predatorsMaxSpeed;
        public double predatorsFleeRadius;
        public double predatorsFleeWeight;
        public double predatorsCaptureRadius;
        public bool predatorsRemoveOnCapture;

        /// <summary>forceField or steerToAvoid.</summary>
        public string obstaclesAvoidanceKind = "forceField";
        public double obstaclesAvoidanceRange;
        public double obstaclesAvoidanceWeight;
        public double obstaclesAvoidanceLookAhead;
        public double obstaclesAvoidanceClearance;
        /// <summary>Sphere centres and radii, one entry per sphere.</summary>
        public double[] obstaclesSpheresX = new double[0];
        public double[] obstaclesSpheresY = new double[0];
        public double[] obstaclesSpheresZ = new double[0];
        public double[] obstaclesSpheresRadius = new double[0];

        public double goalX;
        public double goalY;
        public double goalZ;
        public double goalRadius;
        public double goalWeight;

        public double noiseStrength;

        /// <returns>a field-by-field copy (arrays copied)</returns>
        public FlocktunePreset Copy()
        {
            var copy = (FlocktunePreset) MemberwiseClone();
            copy.obstaclesSpheresX = (double[]) obstaclesSpheresX.Clone();
            copy.obstaclesSpheresY = (double[]) obstaclesSpheresY.Clone();
            copy.obstaclesSpheresZ = (double[]) obstaclesSpheresZ.Clone();
            copy.obstaclesSpheresRadius = (double[]) obstaclesSpheresRadius.Clone();
            return copy;
        }

        /// <summary>
        /// Reads the flat JSON object flocktune writes beside the preset class (the layout Unity's
        /// JsonUtility reads too): strings, numbers, booleans and arrays of numbers. A key that is
        /// no field, or a value of the wrong type, is an error naming it; absent keys keep their defaults.
        /// </summary>
        /// <exception cref="FormatException">naming the key or position at fault</exception>
        public static FlocktunePreset FromJson(string json)
        {
            var preset = new FlocktunePreset();
            var reader = new FlatJsonReader(json);
            foreach (var entry in reader.ReadObject())
            {
                FieldInfo field = typeof(FlocktunePreset).GetField(entry.Key, BindingFlags.Public | BindingFlags.Instance);
                if (field == null) throw new FormatException("preset JSON: \"" + entry.Key + "\" is not a FlocktunePreset field");
                object value = entry.Value;
                Type type = field.FieldType;
                try
                {
                    if (type == typeof(string) && value is string) field.SetValue(preset, value);
                    else if (type == typeof(bool) && value is bool) field.SetValue(preset, value);
                    else if (type == typeof(double) && value is double) field.SetValue(preset, value);
                    else if (type == typeof(int) && value is double && (double) value == Math.Floor((double) value)
                             && Math.Abs((double) value) <= int.MaxValue) field.SetValue(preset, (int) (double) value);
                    else if (type == typeof(double[]) && value is double[]) field.SetValue(preset, value);
                    else throw new FormatException("");
                }
                catch (FormatException)
                {
                    throw new FormatException("preset JSON: \"" + entry.Key + "\" must be a " + TypeName(type));
                }
            }
            return preset;
        }

        private static string TypeName(Type type)
        {
            if (type == typeof(string)) return "string";
            if (type == typeof(bool)) return "boolean";
            if (type == typeof(int)) return "whole number";
            if (type == typeof(double)) return "number";
            return "array of numbers";
        }

        /// <summary>A reader for one flat JSON object (no nested objects), as flocktune writes it.</summary>
        private sealed class FlatJsonReader
        {
            private readonly string text;
            private int at;

            public FlatJsonReader(string text)
            {
                this.text = text;
            }

            public List<KeyValuePair<string, object>> ReadObject()
            {
                var entries = new List<KeyValuePair<string, object>>();
                Expect('{');
                if (Peek() == '}') { at++; End(); return entries; }
                while (true)
                {
                    string key = ReadString();
                    Expect(':');
                    entries.Add(new KeyValuePair<string, object>(key, ReadValue()));
                    char c = Next();
                    if (c == '}') break;
                    if (c != ',') throw Error("',' or '}'");
                }
                End();
                return entries;
            }

            private object ReadValue()
            {
                char c = Peek();
                if (c == '"') return ReadString();
                if (c == '[')
                {
                    at++;
                    var values = new List<double>();
                    if (Peek() == ']') { at++; return values.ToArray(); }
                    while (true)
                    {
                        values.Add(ReadNumber());
                        char d = Next();
                        if (d == ']') return values.ToArray();
                        if (d != ',') throw Error("',' or ']'");
                    }
                }
                if (Match("true")) return true;
                if (Match("false")) return false;
                return ReadNumber();
            }

            private double ReadNumber()
            {
                SkipSpace();
                int start = at;
                while (at < text.Length && "+-0123456789.eE".IndexOf(text[at]) >= 0) at++;
                double value;
                if (!double.TryParse(text.Substring(start, at - start), NumberStyles.Float, CultureInfo.InvariantCulture, out value)
                    || double.IsInfinity(value))
                {
                    at = start;
                    throw Error("a number");
                }
                return value;
            }

            private string ReadString()
            {
                Expect('"');
                var sb = new StringBuilder();
                while (true)
                {
                    if (at >= text.Length) throw Error("a closing '\"'");
                    char c = text[at++];
                    if (c == '"') return sb.ToString();
                    if (c != '\\') { sb.Append(c); continue; }
                    if (at >= text.Length) throw Error("an escape");
                    char e = text[at++];
                    switch (e)
                    {
                        case 'n': sb.Append('\n'); break;
                        case 't': sb.Append('\t'); break;
                        case 'r': sb.Append('\r'); break;
                        case 'b': sb.Append('\b'); break;
                        case 'f': sb.Append('\f'); break;
                        case 'u':
                            if (at + 4 > text.Length) throw Error("four hex digits");
                            sb.Append((char) int.Parse(text.Substring(at, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                            at += 4;
                            break;
                        default: sb.Append(e); break;   // \" \\ \/
                    }
                }
            }

            private bool Match(string word)
            {
                SkipSpace();
                if (string.CompareOrdinal(text, at, word, 0, word.Length) != 0) return false;
                at += word.Length;
                return true;
            }

            private void Expect(char c)
            {
                if (Next() != c) { at--; throw Error("'" + c + "'"); }
            }

            private char Next()
            {
                SkipSpace();
                if (at >= text.Length) throw Error("more input");
                return text[at++];
            }

            private char Peek()
            {
                SkipSpace();
                return at < text.Length ? text[at] : '\0';
            }

            private void End()
            {
                SkipSpace();
                if (at < text.Length) throw Error("the end of the input");
            }

            private void SkipSpace()
            {
                while (at < text.Length && char.IsWhiteSpace(text[at])) at++;
            }

            private FormatException Error(string expected)
            {
                return new FormatException("preset JSON: expected " + expected + " at character " + at);
            }
        }
    }
}
