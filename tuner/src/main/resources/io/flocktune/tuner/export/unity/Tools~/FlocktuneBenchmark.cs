// Measures the C# engine's speed: boid-updates per second (boids × steps / wall-clock seconds) of
// a preset at a given flock size, after a warm-up, on one thread.
//
//   mcs -optimize+ -out:benchmark.exe FlocktuneBenchmark.cs ../Runtime/Engine/*.cs
//   mono benchmark.exe PRESET.json [BOIDS (default 5000)] [STEPS (default 200)] [SEED (default 1)]
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
            Console.Error.WriteLine("usage: benchmark PRESET.json [BOIDS] [STEPS] [SEED]");
            return 2;
        }
        FlocktunePreset preset;
        int boids, steps;
        long seed;
        try
        {
            preset = FlocktunePreset.FromJson(File.ReadAllText(args[0]));
            boids = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 5000;
            steps = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 200;
            seed = args.Length > 3 ? long.Parse(args[3], CultureInfo.InvariantCulture) : 1;
            if (boids < 1 || steps < 1) throw new FormatException("BOIDS and STEPS must be >= 1");
        }
        catch (Exception e) when (e is FormatException || e is IOException || e is OverflowException)
        {
            Console.Error.WriteLine("benchmark: " + e.Message);
            return 2;
        }
        preset.boidsCount = boids;
        var sim = FlocktuneSimulation.FromSeed(preset, seed);
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
                "{0}: {1} boids, {2} steps after {3} warm-up steps, {4:F3} s: {5:E3} boid-updates/s (polarization {6:F4})",
                preset.name, boids, steps, warmUp, seconds, updates / seconds, sim.Polarization()));
        return 0;
    }
}
