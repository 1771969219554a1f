// flocktune's flock engine in C#, double precision, no UnityEngine dependency: a transcription of
// the Java engine (sim/.../Simulation.java, BoidUpdate.java, Predation.java, Turning.java,
// InitialState.java, BoidRandom.java, space/Periodic.java and the formulas beside each rule in
// sim/.../rule/*.java), structured as the web player's JavaScript engine (flock.mjs) that follows
// it. Every rule variant, neighbourhood, boundary, motion model, predator behaviour, obstacle
// avoidance and the goal of flocktune's rule presets run here; flocktune's test runs each from
// the same state as `flocktune simulate --init STATE.csv --trace` for 50 steps and requires every
// position and velocity within 1e-9.
//
// Choices where the Java engine leaves room:
//   - Java visits neighbours in grid-cell order; this engine sorts boids into its own cells and
//     visits them in that order (sums agree up to rounding, far below 1e-9).
//   - Topological neighbours: all pairs, ties broken by id order (Java's slot order breaks only
//     exact ties differently).
//   - The peers' models (presets with a "peer") are not run here: flocktune refuses to export them.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Flocktune
{
    /// <summary>A capture: at step <c>Step</c>, predator <c>Predator</c> caught boid <c>Boid</c> (its id).</summary>
    public struct FlocktuneCapture
    {
        public long Step;
        public int Predator;
        public int Boid;
    }

    /// <summary>
    /// A running flock. Boids live in arrays in ascending id order (the first <see cref="Count"/>
    /// entries of X … Vz and Id), predators in PX … PVz. A 2D world keeps every z at 0.
    /// <code>
    /// var sim = FlocktuneSimulation.FromSeed(MyTunedPreset.Create(), 1);
    /// for (int k = 0; k &lt; 100; k++) sim.Step();
    /// Console.WriteLine(sim.Polarization());
    /// </code>
    /// </summary>
    public sealed class FlocktuneSimulation
    {
        private enum Bound { Wrap, WrapPositionsOnly, SoftMargin, Hard, None }
        private enum Near { Metric, FieldOfView, Topological, Global }
        private enum Sep { Linear, InverseDistance, InverseSquareClamped, Normalized, Zonal }
        private enum Ali { VelocityMatch, SummedVelocityMatch, MeanVelocityLimited, HeadingBlend, CircularHeadingBlend, MeanForward, Vicsek, Zonal }
        private enum Coh { Centroid, SteerTo, UnitToCentroid, Zonal }
        private enum Mot { Additive, MoveThenClamp, Unclamped, Steering, ConstantSpeed, TurningRate }
        private enum Chase { Centroid, Nearest, VisibleCentroid }

        /// <summary>The preset kinds this engine runs, by preset field (every kind of the Java engine).</summary>
        public static readonly IDictionary<string, string[]> Supported = new Dictionary<string, string[]>
        {
            { "world.boundary", new[] { "wrap", "wrapPositionsOnly", "softMargin", "hard", "none" } },
            { "neighbourhood", new[] { "metric", "metricExcludingCoincident", "fieldOfView", "topological", "global" } },
            { "separation", new[] { "linear", "inverseDistance", "inverseSquareClamped", "normalized", "zonal" } },
            { "alignment", new[] { "velocityMatch", "summedVelocityMatch", "meanVelocityLimited", "headingBlend", "circularHeadingBlend", "meanForward", "vicsek", "zonal" } },
            { "cohesion", new[] { "centroid", "steerTo", "unitToCentroid", "zonal" } },
            { "motion", new[] { "additive", "moveThenClamp", "unclamped", "steering", "constantSpeed", "turningRate" } },
            { "predators.behaviour", new[] { "chaseCentroid", "chaseNearest", "chaseVisibleCentroid" } },
            { "obstacles.avoidance", new[] { "forceField", "steerToAvoid" } },
            { "update", new[] { "synchronous", "sequential", "sequential_in_place" } },
        };

        // ------------------------------------------------------------------ state

        /// <summary>Number of boids (removal on capture lowers it).</summary>
        public int Count { get; private set; }
        /// <summary>Steps taken.</summary>
        public long StepCount { get; private set; }
        public double[] X, Y, Z, Vx, Vy, Vz;
        public int[] Id;
        public readonly int PredatorCount;
        public readonly double[] PX, PY, PZ, PVx, PVy, PVz;
        /// <summary>Every capture so far, in order.</summary>
        public readonly List<FlocktuneCapture> Captures = new List<FlocktuneCapture>();
        /// <summary>The preset this flock runs (a copy: change it and call <see cref="Configure"/>).</summary>
        public readonly FlocktunePreset Preset;

        private readonly BoidRandom random;
        private double[] nx, ny, nz, nvx, nvy, nvz;
        private readonly double[] ux, uy, uz, heading;
        private readonly double[] turned = new double[3];
        private int[] nearSlots = new int[0];
        private double[] nearD2 = new double[0];

        // the preset's parameters as plain fields (Configure)
        private bool threeD, sequential, inPlace, periodic, wrapPositions, excludeCoincident, global, needUnit, needHeading;
        private bool removeOnCapture, stepUnbounded, drawsPerBoid;
        private double size, half, softMargin, softTurn;
        private Bound bnd;
        private Near nb;
        private Sep sep;
        private Ali ali;
        private Coh coh;
        private Mot mot;
        private Chase predKind;
        private double sepR2, sepWeight, sepStrength, sepMaxForce;
        private double nbR2, fieldOfViewCos;
        private int topologicalCount;
        private double aliWeight, aliMaxForce, vicsekNoise, orientationR2;
        private double cohWeight, cohArrival, cohMaxForce;
        private double minSpeed, maxSpeed, dt, motMaxForce, constSpeed, turnFactor, maxTurnPerStep, headingError;
        private double goalX, goalY, goalZ, goalR2, goalWeight;
        private double fleeR2, fleeWeight, predMaxSpeed, captureR2, predPower, predSightR2, predViewCos, predDt, predMaxTurn;
        private double[] obsX, obsY, obsZ, obsR;
        private bool forceField;
        private double obsRange, obsWeight, obsClearance, noise;

        // global sums (neighbourhood global)
        private double gpx, gpy, gpz, gvx, gvy, gvz, gux, guy, guz, gheading;
        private int lastId;

        // the grid
        private bool gridAll, scanAll;
        private double slack;
        private readonly int[] cells = new int[3];
        private readonly double[] gridLo = new double[3], gridHi = new double[3], gridWidth = new double[3];
        private int[] order, home, hx, hy, hz, start = new int[1], fill = new int[0];
        private readonly int[] runs = new int[2 * 27];

        // ------------------------------------------------------------------ construction

        /// <summary>
        /// As Java's Simulation.of(preset, seed): the random initial state and the run key from
        /// SplittableRandom(seed), bit for bit. Boids start uniformly in a cube of side
        /// min(boidsSpawnSize, worldSize) centred on the origin, at boidsInitialSpeed in a uniform direction.
        /// </summary>
        /// <exception cref="ArgumentException">a kind this engine does not run, or a preset of a peer</exception>
        public static FlocktuneSimulation FromSeed(FlocktunePreset preset, long seed)
        {
            var random = new SplittableRandom(seed);
            bool threeD = preset.worldDimension == 3;
            int n = preset.boidsCount;
            double spawn = Math.Min(preset.boidsSpawnSize, preset.worldSize);
            double speed = preset.boidsInitialSpeed;
            var state = new double[n][];
            for (int i = 0; i < n; i++)
            {
                double x = spawn * (random.NextDouble() - 0.5);
                double y = spawn * (random.NextDouble() - 0.5);
                double z = threeD ? spawn * (random.NextDouble() - 0.5) : 0;
                double ux, uy, uz;
                if (threeD)
                {
                    double cz = 2 * random.NextDouble() - 1;
                    double phi = 2 * Math.PI * random.NextDouble();
                    double r = Math.Sqrt(Math.Max(0, 1 - cz * cz));
                    ux = r * Math.Cos(phi); uy = r * Math.Sin(phi); uz = cz;
                }
                else
                {
                    double phi = 2 * Math.PI * random.NextDouble();
                    ux = Math.Cos(phi); uy = Math.Sin(phi); uz = 0;
                }
                state[i] = new[] { i, x, y, z, speed * ux, speed * uy, speed * uz };
            }
            double[][] predators = DrawPredators(preset, random);
            return new FlocktuneSimulation(preset, state, predators, random.NextLong());
        }

        /// <summary>
        /// As Java's Simulation.of(preset, seed, state), or ofBoids when <paramref name="predators"/>
        /// is null or empty (then drawn from the seed as <see cref="FromSeed"/> draws them).
        /// </summary>
        /// <param name="boids">rows {id, x, y, z, vx, vy, vz}, any order, distinct ids &gt;= 0</param>
        /// <param name="predators">rows {x, y, z, vx, vy, vz}, or null</param>
        public static FlocktuneSimulation FromState(FlocktunePreset preset, long seed, double[][] boids, double[][] predators)
        {
            var random = new SplittableRandom(seed);
            if (predators == null || predators.Length == 0) predators = DrawPredators(preset, random);
            return new FlocktuneSimulation(preset, boids, predators, random.NextLong());
        }

        private static double[][] DrawPredators(FlocktunePreset preset, SplittableRandom random)
        {
            bool threeD = preset.worldDimension == 3;
            double world = preset.worldSize;
            var output = new double[preset.predatorsCount][];
            for (int k = 0; k < output.Length; k++)
            {
                double x = world * (random.NextDouble() - 0.5);
                double y = world * (random.NextDouble() - 0.5);
                double z = threeD ? world * (random.NextDouble() - 0.5) : 0;
                output[k] = new[] { x, y, z, 0.0, 0.0, 0.0 };
            }
            return output;
        }

        private FlocktuneSimulation(FlocktunePreset preset, double[][] boids, double[][] predators, long runKey)
        {
            Preset = preset.Copy();
            random = new BoidRandom(runKey);
            var sorted = (double[][]) boids.Clone();
            Array.Sort(sorted, (a, b) => a[0].CompareTo(b[0]));
            int n = sorted.Length;
            Count = n;
            X = new double[n]; Y = new double[n]; Z = new double[n];
            Vx = new double[n]; Vy = new double[n]; Vz = new double[n];
            Id = new int[n];
            for (int i = 0; i < n; i++)
            {
                double[] b = sorted[i];
                Id[i] = (int) b[0];
                X[i] = b[1]; Y[i] = b[2]; Z[i] = b[3]; Vx[i] = b[4]; Vy[i] = b[5]; Vz[i] = b[6];
            }
            int m = predators.Length;
            PredatorCount = m;
            PX = new double[m]; PY = new double[m]; PZ = new double[m];
            PVx = new double[m]; PVy = new double[m]; PVz = new double[m];
            for (int k = 0; k < m; k++)
            {
                double[] p = predators[k];
                PX[k] = p[0]; PY[k] = p[1]; PZ[k] = p[2]; PVx[k] = p[3]; PVy[k] = p[4]; PVz[k] = p[5];
            }
            nx = new double[n]; ny = new double[n]; nz = new double[n];
            nvx = new double[n]; nvy = new double[n]; nvz = new double[n];
            ux = new double[n]; uy = new double[n]; uz = new double[n];
            heading = new double[n];
            order = new int[n]; home = new int[n]; hx = new int[n]; hy = new int[n]; hz = new int[n];
            Configure();
        }

        private static T Kind<T>(string field, string value, params T[] kinds)
        {
            int index = Array.IndexOf(Supported[field], value);
            if (index < 0) throw new ArgumentException(field + ": \"" + value + "\" is not one of " + string.Join(", ", Supported[field]));
            return kinds[Math.Min(index, kinds.Length - 1)];
        }

        private static double ToRadians(double degrees)
        {
            return degrees / 180 * Math.PI;
        }

        /// <summary>Reads the preset's parameters (again, after a change to <see cref="Preset"/>) into plain fields.</summary>
        /// <exception cref="ArgumentException">a kind this engine does not run</exception>
        public void Configure()
        {
            FlocktunePreset p = Preset;
            if (p.format != "flocktune-preset/1") throw new ArgumentException("format: \"" + p.format + "\" is not flocktune-preset/1");
            threeD = p.worldDimension == 3;
            size = p.worldSize;
            half = 0.5 * size;
            Kind("update", p.update, 0);
            sequential = p.update != "synchronous";
            inPlace = p.update == "sequential_in_place";
            bnd = Kind("world.boundary", p.worldBoundaryKind, Bound.Wrap, Bound.WrapPositionsOnly, Bound.SoftMargin, Bound.Hard, Bound.None);
            periodic = bnd == Bound.Wrap;
            wrapPositions = bnd == Bound.Wrap || bnd == Bound.WrapPositionsOnly;
            softMargin = bnd == Bound.SoftMargin ? p.worldBoundaryMargin : 0;
            softTurn = bnd == Bound.SoftMargin ? p.worldBoundaryTurn : 0;

            sep = Kind("separation", p.separationKind, Sep.Linear, Sep.InverseDistance, Sep.InverseSquareClamped, Sep.Normalized, Sep.Zonal);
            sepR2 = p.separationRadius * p.separationRadius;
            sepWeight = p.separationWeight;
            sepStrength = sep == Sep.InverseSquareClamped ? p.separationStrength : 0;
            sepMaxForce = sep == Sep.InverseSquareClamped ? p.separationMaxForce : 0;

            nb = Kind("neighbourhood", p.neighbourhoodKind, Near.Metric, Near.Metric, Near.FieldOfView, Near.Topological, Near.Global);
            excludeCoincident = p.neighbourhoodKind == "metricExcludingCoincident";
            nbR2 = nb == Near.Metric || nb == Near.FieldOfView ? p.neighbourhoodRadius * p.neighbourhoodRadius : 0;
            fieldOfViewCos = nb == Near.FieldOfView && p.neighbourhoodAngle < 360 ? Math.Cos(ToRadians(p.neighbourhoodAngle / 2)) : -2;
            topologicalCount = nb == Near.Topological ? p.neighbourhoodCount : 0;
            if (nearSlots.Length < topologicalCount)
            {
                nearSlots = new int[topologicalCount];
                nearD2 = new double[topologicalCount];
            }
            global = nb == Near.Global;

            ali = Kind("alignment", p.alignmentKind, Ali.VelocityMatch, Ali.SummedVelocityMatch, Ali.MeanVelocityLimited,
                    Ali.HeadingBlend, Ali.CircularHeadingBlend, Ali.MeanForward, Ali.Vicsek, Ali.Zonal);
            aliWeight = p.alignmentWeight;
            aliMaxForce = ali == Ali.MeanVelocityLimited ? p.alignmentMaxForce : 0;
            vicsekNoise = ali == Ali.Vicsek ? p.alignmentNoise : 0;
            orientationR2 = ali == Ali.Zonal ? p.alignmentRadius * p.alignmentRadius : 0;
            needUnit = ali == Ali.MeanForward || ali == Ali.CircularHeadingBlend || ali == Ali.Vicsek || ali == Ali.Zonal;
            needHeading = ali == Ali.HeadingBlend;

            coh = Kind("cohesion", p.cohesionKind, Coh.Centroid, Coh.SteerTo, Coh.UnitToCentroid, Coh.Zonal);
            cohWeight = p.cohesionWeight;
            cohArrival = coh == Coh.SteerTo ? p.cohesionArrivalRadius : 0;
            cohMaxForce = coh == Coh.SteerTo ? p.cohesionMaxForce : 0;

            minSpeed = p.boidsMinSpeed;
            maxSpeed = p.boidsMaxSpeed;
            mot = Kind("motion", p.motionKind, Mot.Additive, Mot.MoveThenClamp, Mot.Unclamped, Mot.Steering, Mot.ConstantSpeed, Mot.TurningRate);
            dt = p.motionDt;
            motMaxForce = mot == Mot.Steering ? p.motionMaxForce : 0;
            constSpeed = mot == Mot.ConstantSpeed || mot == Mot.TurningRate ? p.motionSpeed : 0;
            turnFactor = mot == Mot.ConstantSpeed ? p.motionTurnFactor : 0;
            maxTurnPerStep = mot == Mot.TurningRate ? ToRadians(p.motionMaxTurnRate) * p.motionDt : 0;
            headingError = mot == Mot.TurningRate ? p.motionHeadingError : 0;

            goalX = p.goalX; goalY = p.goalY; goalZ = p.goalZ;
            goalR2 = p.goalRadius * p.goalRadius; goalWeight = p.goalWeight;

            fleeR2 = p.predatorsFleeRadius * p.predatorsFleeRadius;
            fleeWeight = p.predatorsFleeWeight;
            predMaxSpeed = p.predatorsMaxSpeed;
            captureR2 = p.predatorsCaptureRadius * p.predatorsCaptureRadius;
            removeOnCapture = p.predatorsRemoveOnCapture;
            predKind = Kind("predators.behaviour", p.predatorsBehaviourKind, Chase.Centroid, Chase.Nearest, Chase.VisibleCentroid);
            predPower = predKind == Chase.Centroid ? p.predatorsBehaviourPower : 0;
            predSightR2 = predKind == Chase.Centroid ? 0 : p.predatorsBehaviourVisualRange * p.predatorsBehaviourVisualRange;
            predViewCos = predKind == Chase.Centroid || p.predatorsBehaviourFieldOfView >= 360 ? -2 : Math.Cos(ToRadians(p.predatorsBehaviourFieldOfView / 2));
            // predators keep the boids' clock: velocities per time unit, a step moves u·dt (Predation)
            predDt = p.motionDt;
            predMaxTurn = predKind == Chase.Centroid ? 0 : ToRadians(p.predatorsBehaviourMaxTurn) * predDt;

            int spheres = p.obstaclesSpheresX.Length;
            if (p.obstaclesSpheresY.Length != spheres || p.obstaclesSpheresZ.Length != spheres || p.obstaclesSpheresRadius.Length != spheres)
            {
                throw new ArgumentException("obstaclesSpheres: X, Y, Z and Radius must have the same length");
            }
            obsX = p.obstaclesSpheresX; obsY = p.obstaclesSpheresY; obsZ = p.obstaclesSpheresZ; obsR = p.obstaclesSpheresRadius;
            forceField = Kind("obstacles.avoidance", p.obstaclesAvoidanceKind, true, false);
            obsRange = forceField ? p.obstaclesAvoidanceRange : p.obstaclesAvoidanceLookAhead;
            obsWeight = p.obstaclesAvoidanceWeight;
            obsClearance = forceField ? 0 : p.obstaclesAvoidanceClearance;
            noise = p.noiseStrength;
            // a sequential step whose length is not bounded by maxSpeed·dt: a boid that moved farther than
            // the grid's slack makes the rest of the step scan every boid, as the Java engine does
            stepUnbounded = sequential && (mot == Mot.MoveThenClamp || mot == Mot.Unclamped);
            drawsPerBoid = noise > 0 || ali == Ali.Vicsek || (mot == Mot.TurningRate && headingError > 0);
        }

        // ------------------------------------------------------------------ geometry

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static double MinimumImage(double delta, double size)
        {
            double half = 0.5 * size;
            if (delta > half) return delta - size;
            if (delta < -half) return delta + size;
            return delta;
        }

        /// <summary>A coordinate wrapped into [−size/2, size/2) (Periodic.wrap).</summary>
        private static double Wrap(double c, double size)
        {
            double half = 0.5 * size;
            if (c >= half) c -= size;
            else if (c < -half) c += size;
            if (c >= half || c < -half)
            {
                c -= size * Math.Floor((c + half) / size);
                if (c < -half) c += size;   // the reduction rounds to either side (Periodic.wrap)
                if (c >= half) c = -half;
            }
            return c;
        }

        /// <summary>An angle in (−π, π]; the remainder as Java's %.</summary>
        private static double WrapAngle(double a)
        {
            double twoPi = 2 * Math.PI;
            a = a % twoPi;
            if (a > Math.PI) a -= twoPi;
            else if (a <= -Math.PI) a += twoPi;
            return a;
        }

        private static double Clamp(double v, double lo, double hi)
        {
            return v < lo ? lo : v > hi ? hi : v;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private double Delta(double d)
        {
            return periodic ? MinimumImage(d, size) : d;
        }

        /// <summary>Turning.toward: the unit heading h turned toward the unit direction g by at most maxAngle radians, into output.</summary>
        private static void Toward(double hx, double hy, double hz, double gx, double gy, double gz, double maxAngle, bool threeD, double[] output)
        {
            double cos = Clamp(hx * gx + hy * gy + hz * gz, -1, 1);
            double angle = Math.Acos(cos);
            if (angle <= maxAngle)
            {
                output[0] = gx; output[1] = gy; output[2] = gz;
                return;
            }
            double px = gx - cos * hx, py = gy - cos * hy, pz = gz - cos * hz;
            double len = Math.Sqrt(px * px + py * py + pz * pz);
            if (len < 1e-12)
            {
                if (threeD && Math.Abs(hz) < 0.9) { px = -hy; py = hx; pz = 0; }
                else if (threeD) { px = 0; py = -hz; pz = hy; }
                else { px = -hy; py = hx; pz = 0; }
                len = Math.Sqrt(px * px + py * py + pz * pz);
            }
            double c = Math.Cos(maxAngle), sn = Math.Sin(maxAngle) / len;
            output[0] = c * hx + sn * px; output[1] = c * hy + sn * py; output[2] = c * hz + sn * pz;
        }

        private void CacheUnit(int s)
        {
            double a = Vx[s], b = Vy[s], c = Vz[s];
            double len = Math.Sqrt(a * a + b * b + c * c);
            if (len > 0) { ux[s] = a / len; uy[s] = b / len; uz[s] = c / len; }
            else { ux[s] = 0; uy[s] = 0; uz[s] = 0; }
        }

        private void AddToGlobalSums(int s, double sign)
        {
            gpx += sign * X[s]; gpy += sign * Y[s]; gpz += sign * Z[s];
            gvx += sign * Vx[s]; gvy += sign * Vy[s]; gvz += sign * Vz[s];
            if (needUnit) { gux += sign * ux[s]; guy += sign * uy[s]; guz += sign * uz[s]; }
            if (needHeading) gheading += sign * heading[s];
        }

        // ------------------------------------------------------------------ the grid

        private int CellsFor(double cell, int d, int dims)
        {
            if (d >= dims) return 1;
            double c = Math.Floor((gridHi[d] - gridLo[d]) / cell);
            return c >= 1 ? (int) Math.Min(c, int.MaxValue) : 1;   // NaN or 0: one cell
        }

        /// <summary>
        /// Sorts the boids into cells of side &gt;= the interaction reach (+ the largest step in a
        /// sequential update), so a boid's candidates are the boids of its 3^d block of cells; in a
        /// periodic world with fewer than 3 cells a side, every boid is a candidate.
        /// </summary>
        private void BuildGrid()
        {
            int n = Count;
            bool metric = nb == Near.Metric || nb == Near.FieldOfView;
            double reach = Math.Sqrt(Math.Max(sepR2, metric ? nbR2 : 0));
            slack = 0;
            if (sequential)
            {
                slack = mot == Mot.ConstantSpeed || mot == Mot.TurningRate ? constSpeed * dt : maxSpeed * dt;
                reach += slack;
            }
            bool wrapCells = wrapPositions;   // wrapPositionsOnly: the cells wrap with the positions, distances do not
            if (wrapCells)
            {
                for (int d = 0; d < 3; d++) { gridLo[d] = -half; gridHi[d] = half; }
            }
            else
            {
                gridLo[0] = double.PositiveInfinity; gridLo[1] = double.PositiveInfinity; gridLo[2] = threeD ? double.PositiveInfinity : 0;
                gridHi[0] = double.NegativeInfinity; gridHi[1] = double.NegativeInfinity; gridHi[2] = threeD ? double.NegativeInfinity : 0;
                for (int i = 0; i < n; i++)
                {
                    if (X[i] < gridLo[0]) gridLo[0] = X[i]; if (X[i] > gridHi[0]) gridHi[0] = X[i];
                    if (Y[i] < gridLo[1]) gridLo[1] = Y[i]; if (Y[i] > gridHi[1]) gridHi[1] = Y[i];
                    if (threeD) { if (Z[i] < gridLo[2]) gridLo[2] = Z[i]; if (Z[i] > gridHi[2]) gridHi[2] = Z[i]; }
                }
            }
            int dims = threeD ? 3 : 2;
            double cell = reach;
            for (int d = 0; d < 3; d++) cells[d] = CellsFor(cell, d, dims);
            while (cell > 0 && (double) cells[0] * cells[1] * cells[2] > 4.0 * n + 64)
            {
                cell *= 1.5;
                for (int d = 0; d < 3; d++) cells[d] = CellsFor(cell, d, dims);
            }
            gridAll = !(reach > 0) || double.IsInfinity(reach)
                    || (wrapCells && (cells[0] < 3 || cells[1] < 3 || (threeD && cells[2] < 3)));
            if (gridAll)
            {
                for (int i = 0; i < n; i++) order[i] = i;
                return;
            }
            for (int d = 0; d < 3; d++) gridWidth[d] = d < dims ? (gridHi[d] - gridLo[d]) / cells[d] : 1;
            int total = cells[0] * cells[1] * cells[2];
            if (start.Length < total + 1) start = new int[total + 1];
            if (fill.Length < total) fill = new int[total];
            Array.Clear(start, 0, total + 1);
            int cx = cells[0], cy = cells[1];
            for (int i = 0; i < n; i++)
            {
                int a = CellCoordinate(X[i], 0), b = CellCoordinate(Y[i], 1), d = CellCoordinate(Z[i], 2);
                hx[i] = a; hy[i] = b; hz[i] = d;
                int c = (d * cy + b) * cx + a;
                home[i] = c;
                start[c + 1]++;
            }
            for (int c = 0; c < total; c++) start[c + 1] += start[c];
            Array.Copy(start, fill, total);
            for (int i = 0; i < n; i++) order[fill[home[i]]++] = i;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private int CellCoordinate(double v, int d)
        {
            double c = Math.Floor((v - gridLo[d]) / gridWidth[d]);
            return c < 0 ? 0 : c >= cells[d] ? cells[d] - 1 : (int) c;
        }

        /// <summary>Writes into runs the [from, to) ranges of order holding slot s's candidates; returns their number.</summary>
        private int CandidateRuns(int s)
        {
            if (gridAll || scanAll) { runs[0] = 0; runs[1] = Count; return 1; }   // order holds every boid
            bool wrapped = wrapPositions;
            int hx0 = hx[s], hy0 = hy[s], hz0 = hz[s];
            int zr = threeD ? 1 : 0;
            int count = 0;
            for (int oz = -zr; oz <= zr; oz++)
            {
                int cz = hz0 + oz;
                if (cz < 0) { if (!wrapped) continue; cz += cells[2]; } else if (cz >= cells[2]) { if (!wrapped) continue; cz -= cells[2]; }
                for (int oy = -1; oy <= 1; oy++)
                {
                    int cy = hy0 + oy;
                    if (cy < 0) { if (!wrapped) continue; cy += cells[1]; } else if (cy >= cells[1]) { if (!wrapped) continue; cy -= cells[1]; }
                    for (int ox = -1; ox <= 1; ox++)
                    {
                        int cx = hx0 + ox;
                        if (cx < 0) { if (!wrapped) continue; cx += cells[0]; } else if (cx >= cells[0]) { if (!wrapped) continue; cx -= cells[0]; }
                        int c = (cz * cells[1] + cy) * cells[0] + cx;
                        if (start[c] < start[c + 1]) { runs[2 * count] = start[c]; runs[2 * count + 1] = start[c + 1]; count++; }
                    }
                }
            }
            return count;
        }

        // ------------------------------------------------------------------ the step

        /// <summary>Advances the flock and the predators by one step (Simulation.step); allocates nothing but a recorded capture.</summary>
        public void Step()
        {
            int n = Count;
            BuildGrid();
            if (needUnit) for (int s = 0; s < n; s++) CacheUnit(s);
            if (needHeading) for (int s = 0; s < n; s++) heading[s] = Math.Atan2(Vy[s], Vx[s]);
            if (global)
            {
                gpx = gpy = gpz = gvx = gvy = gvz = gux = guy = guz = gheading = 0;
                for (int s = 0; s < n; s++) AddToGlobalSums(s, +1);
            }
            if (ali == Ali.SummedVelocityMatch)
            {
                lastId = -1;
                for (int s = 0; s < n; s++) lastId = Math.Max(lastId, Id[s]);
            }
            scanAll = false;
            if (sequential)
            {
                // one by one in id order (the arrays are in id order), in place
                double slack2 = slack * slack;
                for (int s = 0; s < n; s++)
                {
                    if (global) AddToGlobalSums(s, -1);
                    double ox = X[s], oy = Y[s], oz = Z[s];
                    UpdateBoid(s, n, X, Y, Z, Vx, Vy, Vz);
                    if (stepUnbounded && !scanAll)
                    {
                        double dx = X[s] - ox, dy = Y[s] - oy, dz = Z[s] - oz;
                        if (wrapPositions) { dx = MinimumImage(dx, size); dy = MinimumImage(dy, size); dz = MinimumImage(dz, size); }
                        scanAll = dx * dx + dy * dy + dz * dz > slack2;
                    }
                    if (needUnit) CacheUnit(s);
                    if (needHeading) heading[s] = Math.Atan2(Vy[s], Vx[s]);
                    if (global) AddToGlobalSums(s, +1);
                }
            }
            else
            {
                for (int s = 0; s < n; s++) UpdateBoid(s, n, nx, ny, nz, nvx, nvy, nvz);
                double[] t;
                t = X; X = nx; nx = t;
                t = Y; Y = ny; ny = t;
                t = Z; Z = nz; nz = t;
                t = Vx; Vx = nvx; nvx = t;
                t = Vy; Vy = nvy; nvy = t;
                t = Vz; Vz = nvz; nvz = t;
            }
            if (mot == Mot.MoveThenClamp) ClampThenBound(n);
            StepCount++;
            if (PredatorCount > 0)
            {
                MovePredators();
                Capture(StepCount);
            }
        }

        /// <summary>moveThenClamp's end of step: every speed clamped, then the soft margin's turn or the hard bound by the new position.</summary>
        private void ClampThenBound(int n)
        {
            double[] x = X, y = Y, z = Z, vx = Vx, vy = Vy, vz = Vz;
            double lo = -half - softMargin, hi = half + softMargin, turn = softTurn;
            for (int s = 0; s < n; s++)
            {
                double speed = Math.Sqrt(vx[s] * vx[s] + vy[s] * vy[s] + vz[s] * vz[s]);
                if (speed > maxSpeed)
                {
                    double f = maxSpeed / speed;
                    vx[s] *= f; vy[s] *= f; vz[s] *= f;
                }
                else if (speed < minSpeed && speed > 0)
                {
                    double f = minSpeed / speed;
                    vx[s] *= f; vy[s] *= f; vz[s] *= f;
                }
                if (bnd == Bound.SoftMargin)
                {
                    if (x[s] < lo) vx[s] += turn; else if (x[s] > hi) vx[s] -= turn;
                    if (y[s] < lo) vy[s] += turn; else if (y[s] > hi) vy[s] -= turn;
                    if (threeD) { if (z[s] < lo) vz[s] += turn; else if (z[s] > hi) vz[s] -= turn; }
                }
                else if (bnd == Bound.Hard)
                {
                    if (x[s] > half) { x[s] = half; vx[s] = -Math.Abs(vx[s]); } else if (x[s] < -half) { x[s] = -half; vx[s] = Math.Abs(vx[s]); }
                    if (y[s] > half) { y[s] = half; vy[s] = -Math.Abs(vy[s]); } else if (y[s] < -half) { y[s] = -half; vy[s] = Math.Abs(vy[s]); }
                    if (threeD)
                    {
                        if (z[s] > half) { z[s] = half; vz[s] = -Math.Abs(vz[s]); } else if (z[s] < -half) { z[s] = -half; vz[s] = Math.Abs(vz[s]); }
                    }
                }
            }
        }

        /// <summary>The k nearest other boids of slot s into nearSlots (all pairs, ties by id order); returns how many.</summary>
        private int Nearest(int s, double xi, double yi, double zi)
        {
            int k = topologicalCount, found = 0;
            int[] slots = nearSlots;
            double[] d2s = nearD2;
            for (int j = 0; j < Count; j++)
            {
                if (j == s) continue;
                double dx = Delta(X[j] - xi), dy = Delta(Y[j] - yi), dz = Delta(Z[j] - zi);
                double d2 = dx * dx + dy * dy + dz * dz;
                int at;
                if (found < k) at = found++;
                else if (d2 < d2s[k - 1]) at = k - 1;
                else continue;
                while (at > 0 && d2s[at - 1] > d2) { d2s[at] = d2s[at - 1]; slots[at] = slots[at - 1]; at--; }
                d2s[at] = d2; slots[at] = j;
            }
            return found;
        }

        /// <summary>The fused kernel (Simulation.updateBoid): new position and velocity of slot s into the output arrays.</summary>
        private void UpdateBoid(int s, int n, double[] outX, double[] outY, double[] outZ, double[] outVx, double[] outVy, double[] outVz)
        {
            double[] sx = X, sy = Y, sz = Z, svx = Vx, svy = Vy, svz = Vz;
            double xi = sx[s], yi = sy[s], zi = sz[s];
            double vxi = svx[s], vyi = svy[s], vzi = svz[s];
            if (drawsPerBoid) random.Start(StepCount, Id[s]);

            int sepInvCount = 0, nbCount = 0, attCount = 0;
            double sepX = 0, sepY = 0, sepZ = 0, invX = 0, invY = 0, invZ = 0;
            double nbVx = 0, nbVy = 0, nbVz = 0, nbOx = 0, nbOy = 0, nbOz = 0;
            double nbUx = 0, nbUy = 0, nbUz = 0, nbHeading = 0;
            double zoneX = 0, zoneY = 0, zoneZ = 0, attX = 0, attY = 0, attZ = 0;
            bool metric = nb == Near.Metric || nb == Near.FieldOfView;
            bool zonal = ali == Ali.Zonal;
            bool sepZonal = sep == Sep.Zonal;
            double viewCos = fieldOfViewCos, fx0 = 0, fy0 = 0, fz0 = 0;
            if (viewCos > -2)
            {
                double speed = Math.Sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
                if (speed > 0) { fx0 = vxi / speed; fy0 = vyi / speed; fz0 = vzi / speed; } else viewCos = -2;
            }
            double sepR2 = this.sepR2, nbR2 = this.nbR2, orientationR2 = this.orientationR2, size = this.size;
            bool periodic = this.periodic, excludeCoincident = this.excludeCoincident, needUnit = this.needUnit, needHeading = this.needHeading;
            double[] ux = this.ux, uy = this.uy, uz = this.uz, heading = this.heading;
            int[] order = this.order, runs = this.runs;
            double reach2 = Math.Max(sepR2, metric ? nbR2 : 0);
            int runCount = CandidateRuns(s);
            for (int r = 0; r < runCount; r++)
            {
                for (int m = runs[2 * r], end = runs[2 * r + 1]; m < end; m++)
                {
                    int k = order[m];
                    if (k == s) continue;
                    double dx = sx[k] - xi, dy = sy[k] - yi, dz = sz[k] - zi;
                    if (periodic) { dx = MinimumImage(dx, size); dy = MinimumImage(dy, size); dz = MinimumImage(dz, size); }
                    double d2 = dx * dx + dy * dy + dz * dz;
                    if (d2 >= reach2) continue;
                    if (viewCos > -2 && (d2 < sepR2 || d2 < nbR2) && fx0 * dx + fy0 * dy + fz0 * dz < viewCos * Math.Sqrt(d2)) continue;
                    if (d2 < sepR2)
                    {
                        sepX -= dx; sepY -= dy; sepZ -= dz;
                        if (d2 > 0)
                        {
                            double inv = 1.0 / d2;
                            sepInvCount++;
                            invX -= dx * inv; invY -= dy * inv; invZ -= dz * inv;
                            if (sepZonal)
                            {
                                double invD = Math.Sqrt(inv);
                                zoneX -= dx * invD; zoneY -= dy * invD; zoneZ -= dz * invD;
                            }
                        }
                        if (zonal) continue;
                    }
                    if (metric && d2 < nbR2 && (d2 > 0 || !excludeCoincident))
                    {
                        if (zonal)
                        {
                            if (d2 < orientationR2)
                            {
                                nbCount++;
                                nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k];
                            }
                            else if (d2 > 0)
                            {
                                double invD = 1.0 / Math.Sqrt(d2);
                                attCount++;
                                attX += dx * invD; attY += dy * invD; attZ += dz * invD;
                            }
                            continue;
                        }
                        nbCount++;
                        nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
                        nbOx += dx; nbOy += dy; nbOz += dz;
                        if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
                        if (needHeading) nbHeading += heading[k];
                    }
                }
            }
            if (nb == Near.Topological)
            {
                int found = Nearest(s, xi, yi, zi);
                for (int m = 0; m < found; m++)
                {
                    int k = nearSlots[m];
                    double dx = Delta(sx[k] - xi), dy = Delta(sy[k] - yi), dz = Delta(sz[k] - zi);
                    nbCount++;
                    nbVx += svx[k]; nbVy += svy[k]; nbVz += svz[k];
                    nbOx += dx; nbOy += dy; nbOz += dz;
                    if (needUnit) { nbUx += ux[k]; nbUy += uy[k]; nbUz += uz[k]; }
                    if (needHeading) nbHeading += heading[k];
                }
            }
            if (global)
            {
                bool seq = sequential;
                int others = n - 1;
                double px = seq ? gpx : gpx - xi, py = seq ? gpy : gpy - yi, pz = seq ? gpz : gpz - zi;
                nbCount = others;
                nbVx = seq ? gvx : gvx - vxi; nbVy = seq ? gvy : gvy - vyi; nbVz = seq ? gvz : gvz - vzi;
                nbOx = px - others * xi; nbOy = py - others * yi; nbOz = pz - others * zi;
                if (needUnit)
                {
                    nbUx = seq ? gux : gux - ux[s];
                    nbUy = seq ? guy : guy - uy[s];
                    nbUz = seq ? guz : guz - uz[s];
                }
                if (needHeading) nbHeading = seq ? gheading : gheading - heading[s];
            }

            // --- rules. Summed in 003's order: separation, alignment, cohesion, then the forces; in
            // place (002) cohesion, alignment, separation, each reading the velocity as changed so far
            double wx = vxi, wy = vyi, wz = vzi;
            double ax = 0, ay = 0, az = 0;
            double spx = 0, spy = 0, spz = 0;          // separation's output
            double chx = 0, chy = 0, chz = 0;          // cohesion's output
            bool repulsed = false;
            switch (sep)
            {
                case Sep.Linear: spx = sepWeight * sepX; spy = sepWeight * sepY; spz = sepWeight * sepZ; break;
                case Sep.InverseDistance:
                    if (sepInvCount > 0)
                    {
                        double f = sepWeight / sepInvCount;
                        spx = f * invX; spy = f * invY; spz = f * invZ;
                    }
                    break;
                case Sep.InverseSquareClamped:
                    if (sepInvCount > 0)
                    {
                        double mx = invX / sepInvCount, my = invY / sepInvCount, mz = invZ / sepInvCount;
                        double len = Math.Sqrt(mx * mx + my * my + mz * mz);
                        if (len > 0)
                        {
                            double f = sepWeight * Math.Min(sepStrength * len, sepMaxForce) / len;
                            spx = f * mx; spy = f * my; spz = f * mz;
                        }
                    }
                    break;
                case Sep.Normalized:
                {
                    double len = Math.Sqrt(sepX * sepX + sepY * sepY + sepZ * sepZ);
                    if (len > 0)
                    {
                        double f = sepWeight / len;
                        spx = f * sepX; spy = f * sepY; spz = f * sepZ;
                    }
                    break;
                }
                case Sep.Zonal:
                    if (sepInvCount > 0)
                    {
                        repulsed = true;
                        double len = Math.Sqrt(zoneX * zoneX + zoneY * zoneY + zoneZ * zoneZ);
                        if (len > 0)
                        {
                            double f = sepWeight / len;
                            spx = f * zoneX; spy = f * zoneY; spz = f * zoneZ;
                        }
                    }
                    break;
            }
            if (repulsed) { nbCount = 0; attCount = 0; }

            if (coh == Coh.Zonal)
            {
                double len = Math.Sqrt(attX * attX + attY * attY + attZ * attZ);
                if (attCount > 0 && len > 0)
                {
                    double f = cohWeight / len;
                    chx = f * attX; chy = f * attY; chz = f * attZ;
                }
            }
            else if (nbCount > 0)
            {
                double cx = nbOx / nbCount, cy = nbOy / nbCount, cz = nbOz / nbCount;
                switch (coh)
                {
                    case Coh.Centroid: chx = cohWeight * cx; chy = cohWeight * cy; chz = cohWeight * cz; break;
                    case Coh.SteerTo:
                    {
                        double d = Math.Sqrt(cx * cx + cy * cy + cz * cz);
                        if (d > 0)
                        {
                            double desired = maxSpeed * (d < cohArrival ? d / cohArrival : 1) / d;
                            double tx = cx * desired - vxi, ty = cy * desired - vyi, tz = cz * desired - vzi;
                            double len = Math.Sqrt(tx * tx + ty * ty + tz * tz);
                            if (len > cohMaxForce)
                            {
                                double f = cohMaxForce / len;
                                tx *= f; ty *= f; tz *= f;
                            }
                            chx = cohWeight * tx; chy = cohWeight * ty; chz = cohWeight * tz;
                        }
                        break;
                    }
                    case Coh.UnitToCentroid:
                    {
                        double d = Math.Sqrt(cx * cx + cy * cy + cz * cz);
                        if (d > 0)
                        {
                            double f = cohWeight / d;
                            chx = f * cx; chy = f * cy; chz = f * cz;
                        }
                        break;
                    }
                }
            }

            if (inPlace) { ax += chx; ay += chy; az += chz; } else { ax += spx; ay += spy; az += spz; }
            // the own velocity alignment reads: as changed by the rules before it when in place
            double rvx = inPlace ? vxi + ax : vxi, rvy = inPlace ? vyi + ay : vyi, rvz = inPlace ? vzi + az : vzi;

            switch (ali)
            {
                case Ali.VelocityMatch:
                    if (nbCount > 0)
                    {
                        ax += aliWeight * (nbVx / nbCount - rvx);
                        ay += aliWeight * (nbVy / nbCount - rvy);
                        az += aliWeight * (nbVz / nbCount - rvz);
                    }
                    break;
                case Ali.SummedVelocityMatch:
                    // 000 as printed: the mean only for the last boid (highest id), the plain sum for every other
                    if (Id[s] != lastId)
                    {
                        ax += aliWeight * (nbVx - rvx); ay += aliWeight * (nbVy - rvy); az += aliWeight * (nbVz - rvz);
                    }
                    else if (nbCount > 0)
                    {
                        ax += aliWeight * (nbVx / nbCount - rvx);
                        ay += aliWeight * (nbVy / nbCount - rvy);
                        az += aliWeight * (nbVz / nbCount - rvz);
                    }
                    break;
                case Ali.MeanVelocityLimited:
                    if (nbCount > 0)
                    {
                        double mx = nbVx / nbCount, my = nbVy / nbCount, mz = nbVz / nbCount;
                        double len = Math.Sqrt(mx * mx + my * my + mz * mz);
                        if (len > aliMaxForce)
                        {
                            double f = aliMaxForce / len;
                            mx *= f; my *= f; mz *= f;
                        }
                        ax += aliWeight * mx; ay += aliWeight * my; az += aliWeight * mz;
                    }
                    break;
                case Ali.HeadingBlend:
                case Ali.CircularHeadingBlend:
                    if (nbCount > 0)
                    {
                        wx += ax; wy += ay;
                        ax = 0; ay = 0;
                        double bird = Math.Atan2(wy, wx);
                        double speed = Math.Sqrt(wx * wx + wy * wy);
                        double turnedAngle;
                        if (ali == Ali.HeadingBlend)
                        {
                            double mean = nbHeading / nbCount;
                            turnedAngle = bird + (mean - bird) * aliWeight;
                        }
                        else
                        {
                            turnedAngle = nbUx == 0 && nbUy == 0 ? bird : bird + WrapAngle(Math.Atan2(nbUy, nbUx) - bird) * aliWeight;
                        }
                        wx = Math.Cos(turnedAngle) * speed;
                        wy = Math.Sin(turnedAngle) * speed;
                    }
                    break;
                case Ali.Vicsek:
                {
                    double sumX = nbUx + (needUnit ? ux[s] : 0), sumY = nbUy + (needUnit ? uy[s] : 0);
                    double theta = sumX == 0 && sumY == 0 ? Math.Atan2(rvy, rvx) : Math.Atan2(sumY, sumX);
                    theta += vicsekNoise * (random.NextDouble() - 0.5);
                    ax += aliWeight * Math.Cos(theta); ay += aliWeight * Math.Sin(theta);
                    break;
                }
                case Ali.Zonal:
                {
                    double len = Math.Sqrt(nbUx * nbUx + nbUy * nbUy + nbUz * nbUz);
                    if (nbCount > 0 && len > 0)
                    {
                        double f = aliWeight / len;
                        ax += f * nbUx; ay += f * nbUy; az += f * nbUz;
                    }
                    break;
                }
                case Ali.MeanForward:
                {
                    double mx, my, mz;
                    if (nbCount > 0) { mx = nbUx / nbCount; my = nbUy / nbCount; mz = nbUz / nbCount; }
                    else { mx = rvx; my = rvy; mz = rvz; }
                    double len = Math.Sqrt(mx * mx + my * my + mz * mz);
                    if (len > 0)
                    {
                        double f = aliWeight / len;
                        ax += f * mx; ay += f * my; az += f * mz;
                    }
                    break;
                }
            }
            if (inPlace) { ax += spx; ay += spy; az += spz; } else { ax += chx; ay += chy; az += chz; }

            // --- goal (002)
            if (goalWeight > 0)
            {
                double gx = Delta(goalX - xi), gy = Delta(goalY - yi), gz = Delta(goalZ - zi);
                if (gx * gx + gy * gy + gz * gz <= goalR2)
                {
                    ax += goalWeight * gx; ay += goalWeight * gy; az += goalWeight * gz;
                }
            }

            // --- flee predators (002)
            if (PredatorCount > 0 && fleeWeight > 0)
            {
                for (int q = 0; q < PredatorCount; q++)
                {
                    double dx = Delta(xi - PX[q]), dy = Delta(yi - PY[q]), dz = Delta(zi - PZ[q]);
                    double d2 = dx * dx + dy * dy + dz * dz;
                    if (d2 <= fleeR2 && d2 > 0)
                    {
                        double f = fleeWeight / Math.Sqrt(d2);
                        ax += f * dx; ay += f * dy; az += f * dz;
                    }
                }
            }

            // --- obstacles
            if (obsX.Length > 0 && obsWeight > 0)
            {
                if (forceField)
                {
                    for (int o = 0; o < obsX.Length; o++)
                    {
                        double dx = Delta(xi - obsX[o]), dy = Delta(yi - obsY[o]), dz = Delta(zi - obsZ[o]);
                        double dist = Math.Sqrt(dx * dx + dy * dy + dz * dz);
                        double surface = dist - obsR[o];
                        if (surface < obsRange && dist > 0)
                        {
                            double push = surface < 0.1 ? 100 : 10 / (surface * surface);
                            double f = obsWeight * push / dist;
                            ax += f * dx; ay += f * dy; az += f * dz;
                        }
                    }
                }
                else
                {
                    if (inPlace) SteerToAvoid(xi, yi, zi, wx + ax, wy + ay, wz + az);
                    else SteerToAvoid(xi, yi, zi, vxi, vyi, vzi);
                    ax += turned[0]; ay += turned[1]; az += turned[2];
                }
            }

            // --- random steering
            if (noise > 0)
            {
                if (threeD)
                {
                    double cz = 2 * random.NextDouble() - 1;
                    double phi = 2 * Math.PI * random.NextDouble();
                    double r = Math.Sqrt(Math.Max(0, 1 - cz * cz));
                    ax += noise * r * Math.Cos(phi); ay += noise * r * Math.Sin(phi); az += noise * cz;
                }
                else
                {
                    double phi = 2 * Math.PI * random.NextDouble();
                    ax += noise * Math.Cos(phi); ay += noise * Math.Sin(phi);
                }
            }

            // --- soft boundary (000)
            if (bnd == Bound.SoftMargin && mot != Mot.MoveThenClamp)   // moveThenClamp: at the step's end
            {
                double lo = -half - softMargin, hi = half + softMargin, turn = softTurn;
                if (xi < lo) ax += turn; else if (xi > hi) ax -= turn;
                if (yi < lo) ay += turn; else if (yi > hi) ay -= turn;
                if (threeD) { if (zi < lo) az += turn; else if (zi > hi) az -= turn; }
            }

            // --- motion
            double nvxi, nvyi, nvzi;
            switch (mot)
            {
                case Mot.MoveThenClamp:
                case Mot.Unclamped:
                    nvxi = wx + ax; nvyi = wy + ay; nvzi = wz + az;      // moveThenClamp clamps at the step's end
                    break;
                case Mot.Additive:
                case Mot.Steering:
                {
                    if (mot == Mot.Steering)
                    {
                        double len = Math.Sqrt(ax * ax + ay * ay + az * az);
                        if (len > motMaxForce)
                        {
                            double f = motMaxForce / len;
                            ax *= f; ay *= f; az *= f;
                        }
                    }
                    nvxi = wx + ax; nvyi = wy + ay; nvzi = wz + az;
                    double speed = Math.Sqrt(nvxi * nvxi + nvyi * nvyi + nvzi * nvzi);
                    if (speed > maxSpeed)
                    {
                        double f = maxSpeed / speed;
                        nvxi *= f; nvyi *= f; nvzi *= f;
                    }
                    else if (speed < minSpeed && speed > 0)
                    {
                        double f = minSpeed / speed;
                        nvxi *= f; nvyi *= f; nvzi *= f;
                    }
                    break;
                }
                case Mot.ConstantSpeed:
                {
                    double fx = wx, fy = wy, fz = wz;
                    double flen = Math.Sqrt(fx * fx + fy * fy + fz * fz);
                    if (flen > 0) { fx /= flen; fy /= flen; fz /= flen; } else { fx = 1; fy = 0; fz = 0; }
                    double tf = turnFactor;
                    double dxr = fx + (ax - fx) * tf, dyr = fy + (ay - fy) * tf, dzr = fz + (az - fz) * tf;
                    double len = Math.Sqrt(dxr * dxr + dyr * dyr + dzr * dzr);
                    if (len > 1e-12) { dxr /= len; dyr /= len; dzr /= len; } else { dxr = fx; dyr = fy; dzr = fz; }
                    nvxi = dxr * constSpeed; nvyi = dyr * constSpeed; nvzi = dzr * constSpeed;
                    break;
                }
                default:   // TurningRate
                {
                    double speed = Math.Sqrt(wx * wx + wy * wy + wz * wz);
                    double ex, ey, ez, gx, gy, gz;
                    double len = Math.Sqrt(ax * ax + ay * ay + az * az);
                    if (speed > 0) { ex = wx / speed; ey = wy / speed; ez = wz / speed; } else { ex = 1; ey = 0; ez = 0; }
                    if (len > 0) { gx = ax / len; gy = ay / len; gz = az / len; } else { gx = ex; gy = ey; gz = ez; }
                    if (headingError > 0)
                    {
                        gx += headingError * random.NextGaussian();
                        gy += headingError * random.NextGaussian();
                        if (threeD) gz += headingError * random.NextGaussian();
                        double g = Math.Sqrt(gx * gx + gy * gy + gz * gz);
                        if (g > 0) { gx /= g; gy /= g; gz /= g; } else { gx = ex; gy = ey; gz = ez; }
                    }
                    Toward(ex, ey, ez, gx, gy, gz, speed > 0 ? maxTurnPerStep : Math.PI, threeD, turned);
                    nvxi = turned[0] * constSpeed; nvyi = turned[1] * constSpeed; nvzi = turned[2] * constSpeed;
                    break;
                }
            }
            double nxi = xi + nvxi * dt, nyi = yi + nvyi * dt, nzi = zi + nvzi * dt;

            // --- hard and periodic boundaries act on the new position
            if (wrapPositions)
            {
                nxi = Wrap(nxi, size); nyi = Wrap(nyi, size);
                if (threeD) nzi = Wrap(nzi, size);
            }
            else if (bnd == Bound.Hard && mot != Mot.MoveThenClamp)   // moveThenClamp: at the step's end
            {
                if (nxi > half) { nxi = half; nvxi = -Math.Abs(nvxi); } else if (nxi < -half) { nxi = -half; nvxi = Math.Abs(nvxi); }
                if (nyi > half) { nyi = half; nvyi = -Math.Abs(nvyi); } else if (nyi < -half) { nyi = -half; nvyi = Math.Abs(nvyi); }
                if (threeD)
                {
                    if (nzi > half) { nzi = half; nvzi = -Math.Abs(nvzi); } else if (nzi < -half) { nzi = -half; nvzi = Math.Abs(nvzi); }
                }
            }
            outX[s] = nxi; outY[s] = nyi; outZ[s] = nzi;
            outVx[s] = nvxi; outVy[s] = nvyi; outVz[s] = nvzi;
        }

        /// <summary>Steer-to-avoid: the lateral steer away from the nearest sphere on the look-ahead segment, into turned.</summary>
        private void SteerToAvoid(double xi, double yi, double zi, double vxi, double vyi, double vzi)
        {
            turned[0] = 0; turned[1] = 0; turned[2] = 0;
            double speed = Math.Sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
            if (speed == 0) return;
            double fx = vxi / speed, fy = vyi / speed, fz = vzi / speed;
            double bestT = double.PositiveInfinity, lx = 0, ly = 0, lz = 0;
            for (int o = 0; o < obsX.Length; o++)
            {
                double cx = Delta(obsX[o] - xi), cy = Delta(obsY[o] - yi), cz = Delta(obsZ[o] - zi);
                double along = Clamp(cx * fx + cy * fy + cz * fz, 0, obsRange);
                double ex = along * fx - cx, ey = along * fy - cy, ez = along * fz - cz;
                double reach = obsR[o] + obsClearance;
                if (ex * ex + ey * ey + ez * ez < reach * reach && along < bestT)
                {
                    bestT = along; lx = ex; ly = ey; lz = ez;
                }
            }
            if (double.IsPositiveInfinity(bestT)) return;
            double len = Math.Sqrt(lx * lx + ly * ly + lz * lz);
            if (len < 1e-12)
            {
                if (threeD && Math.Abs(fz) < 0.9) { lx = fy; ly = -fx; lz = 0; }
                else if (threeD) { lx = 0; ly = fz; lz = -fy; }
                else { lx = -fy; ly = fx; lz = 0; }
                len = Math.Sqrt(lx * lx + ly * ly + lz * lz);
            }
            double f = obsWeight * (1 - bestT / obsRange) / len;
            turned[0] = f * lx; turned[1] = f * ly; turned[2] = f * lz;
        }

        // ------------------------------------------------------------------ predators

        /// <summary>Predation.move: every predator by its behaviour, after the boids moved.</summary>
        private void MovePredators()
        {
            int n = Count;
            for (int q = 0; q < PredatorCount; q++)
            {
                if (predKind != Chase.Centroid)
                {
                    ChaseVisible(q, n);
                    continue;
                }
                double cx = 0, cy = 0, cz = 0;
                if (periodic)
                {
                    for (int i = 0; i < n; i++) { cx += Delta(X[i] - PX[q]); cy += Delta(Y[i] - PY[q]); cz += Delta(Z[i] - PZ[q]); }
                    cx /= n; cy /= n; cz /= n;
                }
                else
                {
                    for (int i = 0; i < n; i++) { cx += X[i]; cy += Y[i]; cz += Z[i]; }
                    cx = cx / n - PX[q]; cy = cy / n - PY[q]; cz = cz / n - PZ[q];
                }
                double ux0 = PVx[q] + cx * predPower * predDt, uy0 = PVy[q] + cy * predPower * predDt, uz0 = PVz[q] + cz * predPower * predDt;
                double speed = Math.Sqrt(ux0 * ux0 + uy0 * uy0 + uz0 * uz0);
                if (speed > predMaxSpeed)
                {
                    double f = predMaxSpeed / speed;
                    ux0 *= f; uy0 *= f; uz0 *= f;
                }
                PVx[q] = ux0; PVy[q] = uy0; PVz[q] = uz0;
                PX[q] += ux0 * predDt; PY[q] += uy0 * predDt; PZ[q] += uz0 * predDt;
                if (periodic)
                {
                    PX[q] = Wrap(PX[q], size); PY[q] = Wrap(PY[q], size);
                    if (threeD) PZ[q] = Wrap(PZ[q], size);
                }
            }
        }

        /// <summary>chaseNearest / chaseVisibleCentroid: toward the nearest or the centroid of the boids in sight, turning at most predMaxTurn.</summary>
        private void ChaseVisible(int q, int n)
        {
            double speed = Math.Sqrt(PVx[q] * PVx[q] + PVy[q] * PVy[q] + PVz[q] * PVz[q]);
            double hx0 = 0, hy0 = 0, hz0 = 0, viewCos = predViewCos;
            if (speed > 0) { hx0 = PVx[q] / speed; hy0 = PVy[q] / speed; hz0 = PVz[q] / speed; } else viewCos = -2;
            double tx = 0, ty = 0, tz = 0, best = double.PositiveInfinity;
            int seen = 0;
            bool nearest = predKind == Chase.Nearest;
            for (int i = 0; i < n; i++)
            {
                double dx = Delta(X[i] - PX[q]), dy = Delta(Y[i] - PY[q]), dz = Delta(Z[i] - PZ[q]);
                double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 > predSightR2 || d2 == 0) continue;
                if (viewCos > -2 && hx0 * dx + hy0 * dy + hz0 * dz < viewCos * Math.Sqrt(d2)) continue;
                seen++;
                if (nearest)
                {
                    if (d2 < best) { best = d2; tx = dx; ty = dy; tz = dz; }
                }
                else
                {
                    tx += dx; ty += dy; tz += dz;
                }
            }
            double len = Math.Sqrt(tx * tx + ty * ty + tz * tz);
            double max = predMaxSpeed;
            if (seen > 0 && len > 0)
            {
                double gx = tx / len, gy = ty / len, gz = tz / len;
                if (speed > 0)
                {
                    Toward(hx0, hy0, hz0, gx, gy, gz, predMaxTurn, threeD, turned);
                    gx = turned[0]; gy = turned[1]; gz = turned[2];
                }
                PVx[q] = gx * max; PVy[q] = gy * max; PVz[q] = gz * max;
            }
            else if (speed > 0)
            {
                PVx[q] = hx0 * max; PVy[q] = hy0 * max; PVz[q] = hz0 * max;
            }
            PX[q] += PVx[q] * predDt; PY[q] += PVy[q] * predDt; PZ[q] += PVz[q] * predDt;
            if (periodic)
            {
                PX[q] = Wrap(PX[q], size); PY[q] = Wrap(PY[q], size);
                if (threeD) PZ[q] = Wrap(PZ[q], size);
            }
        }

        /// <summary>Predation.capture: records (and maybe removes) every boid within a predator's capture radius.</summary>
        private void Capture(long step)
        {
            if (captureR2 <= 0) return;
            for (int q = 0; q < PredatorCount; q++)
            {
                for (int i = 0; i < Count; i++)
                {
                    double dx = Delta(X[i] - PX[q]), dy = Delta(Y[i] - PY[q]), dz = Delta(Z[i] - PZ[q]);
                    if (dx * dx + dy * dy + dz * dz < captureR2)
                    {
                        Captures.Add(new FlocktuneCapture { Step = step, Predator = q, Boid = Id[i] });
                        if (removeOnCapture && Count > 1)
                        {
                            Remove(i);
                            i--;
                        }
                    }
                }
            }
        }

        /// <summary>Removes slot i keeping the others in id order.</summary>
        private void Remove(int i)
        {
            int last = --Count;
            Array.Copy(X, i + 1, X, i, last - i); Array.Copy(Y, i + 1, Y, i, last - i); Array.Copy(Z, i + 1, Z, i, last - i);
            Array.Copy(Vx, i + 1, Vx, i, last - i); Array.Copy(Vy, i + 1, Vy, i, last - i); Array.Copy(Vz, i + 1, Vz, i, last - i);
            Array.Copy(Id, i + 1, Id, i, last - i);
        }

        // ------------------------------------------------------------------ measures

        /// <summary>Polarization |Σ unit(v)| / N, in [0, 1].</summary>
        public double Polarization()
        {
            double sx = 0, sy = 0, sz = 0;
            for (int i = 0; i < Count; i++)
            {
                double l = Math.Sqrt(Vx[i] * Vx[i] + Vy[i] * Vy[i] + Vz[i] * Vz[i]);
                if (l > 0) { sx += Vx[i] / l; sy += Vy[i] / l; sz += Vz[i] / l; }
            }
            return Math.Sqrt(sx * sx + sy * sy + sz * sz) / Count;
        }
    }
}
