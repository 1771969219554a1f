// Measures the C# engine's speed: boid-updates per second (boids × steps / wall-clock seconds) of
// a preset at a given flock size, after a quarter of STEPS as warm-up, on one thread, seed 1.
// WORLD_SIZE, when given, replaces the world's side and the spawn cube's (to keep the density of
// a benchmark workload as the flock grows).
//
//   mcs -optimize+ -out:benchmark.exe FlocktuneBenchmark.cs ../Runtime/Engine/*.cs
//   mono benchmark.exe PRESET.json [BOIDS (default 5000)] [STEPS (default 200)] [WORLD_SIZE]
using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using Flocktune;

public static class FlocktuneBenchmark
{
    public static int Main(string[] args)
    {
        if (args.Length < 1 || args.Length > 4)
        {
            Console.Error.WriteLine("usage: benchmark PRESET.json [BOIDS] [STEPS] [WORLD_SIZE]");
            return 2;
        }
        FlocktunePreset preset;
        int boids, steps;
        double worldSize;
        try
        {
            preset = FlocktunePreset.FromJson(File.ReadAllText(args[0]));
            boids = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 5000;
            steps = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 200;
            worldSize = args.Length > 3 ? double.Parse(args[3], NumberStyles.Float, CultureInfo.InvariantCulture) : preset.worldSize;
            if (boids < 1 || steps < 1) throw new FormatException("BOIDS and STEPS must be >= 1");
            if (!(worldSize > 0) || double.IsInfinity(worldSize)) throw new FormatException("WORLD_SIZE must be a finite number > 0");
        }
        catch (Exception e) when (e is FormatException || e is IOException || e is OverflowException)
        {
            Console.Error.WriteLine("benchmark: " + e.Message);
            return 2;
        }
        preset.boidsCount = boids;
        if (args.Length > 3) { preset.worldSize = worldSize; preset.boidsSpawnSize = worldSize; }
        var sim = FlocktuneSimulation.FromSeed(preset, 1);
        int warmUp = Math.Max(1, steps / 4);
        for (int k = 0; k < warmUp; k++) sim.Step();
        var clock = Stopwatch.StartNew();
        long updates = 0;
        for (int k = 0; k < steps; k++)
        {
            updates += sim.Count;
            sim.Step();
        }
        double seconds = clock.Elapsed.TotalSeconds;
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture,
                "{0}: {1} boids, world {2}, {3} steps after {4} warm-up steps, {5:F3} s: {6:E3} boid-updates/s (polarization {7:F4})",
                preset.name, boids, preset.worldSize, steps, warmUp, seconds, updates / seconds, sim.Polarization()));
        return 0;
    }
}
