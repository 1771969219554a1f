// Runs a flocktune preset headless with the C# engine and writes every step's state as flocktune's
// state CSV (step,kind,id,x,y,z,vx,vy,vz; step 0 = the initial state), the format of
// `flocktune simulate --trace`, so the two engines' trajectories can be compared row by row.
//
//   mcs -out:trace.exe FlocktuneTrace.cs ../Runtime/Engine/*.cs
//   mono trace.exe PRESET.json SEED STEPS OUT.csv [INIT.csv]
//   mono trace.exe RUNS.tsv        (one run per line: the same arguments separated by tabs)
//
// Without INIT.csv the initial state is drawn from SEED as `flocktune simulate --seed SEED` draws
// it; with it (a state CSV, e.g. `flocktune simulate --trace` output cut to step 0) the boids start
// there, and the predators too when it has predator rows. Exit 2 with one line on bad input.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Flocktune;

public static class FlocktuneTrace
{
    public static int Main(string[] args)
    {
        try
        {
            if (args.Length == 1)
            {
                foreach (string line in File.ReadAllLines(args[0]))
                {
                    if (line.Trim().Length > 0) Run(line.Split('\t'));
                }
            }
            else Run(args);
            return 0;
        }
        catch (Exception e) when (e is FormatException || e is IOException || e is ArgumentException || e is UnauthorizedAccessException)
        {
            Console.Error.WriteLine("trace: " + e.Message);
            return 2;
        }
    }

    private static void Run(string[] args)
    {
        if (args.Length < 4 || args.Length > 5)
        {
            throw new ArgumentException("usage: trace PRESET.json SEED STEPS OUT.csv [INIT.csv]");
        }
        FlocktunePreset preset = FlocktunePreset.FromJson(File.ReadAllText(args[0]));
        long seed = long.Parse(args[1], CultureInfo.InvariantCulture);
        int steps = int.Parse(args[2], CultureInfo.InvariantCulture);
        FlocktuneSimulation sim;
        if (args.Length == 5)
        {
            var boids = new List<double[]>();
            var predators = new List<double[]>();
            ReadState(args[4], boids, predators);
            sim = FlocktuneSimulation.FromState(preset, seed, boids.ToArray(), predators.ToArray());
        }
        else sim = FlocktuneSimulation.FromSeed(preset, seed);
        var output = new StringBuilder("step,kind,id,x,y,z,vx,vy,vz\n");
        Rows(sim, output);
        for (int k = 0; k < steps; k++)
        {
            sim.Step();
            Rows(sim, output);
        }
        File.WriteAllText(args[3], output.ToString());
    }

    /// <summary>Reads a state CSV (header naming step,kind,id,x,y,z,vx,vy,vz in any order); predators sorted by id.</summary>
    private static void ReadState(string file, List<double[]> boids, List<double[]> predators)
    {
        string[] lines = File.ReadAllLines(file);
        string[] header = lines[0].Split(',');
        var at = new Dictionary<string, int>();
        for (int c = 0; c < header.Length; c++) at[header[c].Trim()] = c;
        var predatorRows = new SortedDictionary<int, double[]>();
        for (int l = 1; l < lines.Length; l++)
        {
            if (lines[l].Trim().Length == 0) continue;
            string[] cells = lines[l].Split(',');
            int id = int.Parse(cells[at["id"]].Trim(), CultureInfo.InvariantCulture);
            var values = new double[6];
            string[] names = { "x", "y", "z", "vx", "vy", "vz" };
            for (int v = 0; v < 6; v++) values[v] = double.Parse(cells[at[names[v]]].Trim(), NumberStyles.Float, CultureInfo.InvariantCulture);
            if (cells[at["kind"]].Trim() == "predator") predatorRows[id] = values;
            else boids.Add(new double[] { id, values[0], values[1], values[2], values[3], values[4], values[5] });
        }
        predators.AddRange(predatorRows.Values);
    }

    private static void Rows(FlocktuneSimulation sim, StringBuilder output)
    {
        long s = sim.StepCount;
        for (int i = 0; i < sim.Count; i++)
        {
            Row(output, s, "boid", sim.Id[i], sim.X[i], sim.Y[i], sim.Z[i], sim.Vx[i], sim.Vy[i], sim.Vz[i]);
        }
        for (int k = 0; k < sim.PredatorCount; k++)
        {
            Row(output, s, "predator", k, sim.PX[k], sim.PY[k], sim.PZ[k], sim.PVx[k], sim.PVy[k], sim.PVz[k]);
        }
    }

    private static void Row(StringBuilder output, long step, string kind, int id, params double[] values)
    {
        output.Append(step).Append(',').Append(kind).Append(',').Append(id);
        foreach (double v in values) output.Append(',').Append(v.ToString("R", CultureInfo.InvariantCulture));
        output.Append('\n');
    }
}
