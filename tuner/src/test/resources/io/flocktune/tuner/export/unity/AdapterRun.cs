// Drives the package's sample and adapter as Unity would (the sample added to a GameObject, Awake
// via AddComponent, Start, then FixedUpdate and Update) against the stubs, and checks that every boid's
// view sits at its engine position in Unity's (x, z, y) axes, faces its velocity, and that a
// second engine from the same preset and seed stepped as often is in the same state. Prints "ok".
using System;
using System.Reflection;
using Flocktune;
using UnityEngine;

public static class AdapterRun
{
    private static void Call(object target, string method)
    {
        target.GetType().GetMethod(method, BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public).Invoke(target, null);
    }

    private static void Check(bool ok, string what)
    {
        if (!ok) throw new Exception("adapter: " + what);
    }

    public static int Main(string[] args)
    {
        int steps = int.Parse(args[0]);
        new GameObject("sample").AddComponent<FlocktuneSample>();
        FlocktuneFlock flock = UnityEngine.Object.FindObjectOfType<FlocktuneFlock>();
        Check(flock != null, "the sample adds a FlocktuneFlock");
        Call(flock, "Start");
        for (int k = 0; k < steps; k++) { Call(flock, "FixedUpdate"); Call(flock, "Update"); }
        FlocktuneSimulation sim = flock.Simulation;
        Check(sim.StepCount == steps, "one step per FixedUpdate");
        var reference = FlocktuneSimulation.FromSeed(flock.preset, flock.seed);
        for (int k = 0; k < steps; k++) reference.Step();
        Check(reference.Count == sim.Count, "the same boid count");
        int active = 0;
        foreach (GameObject go in AllViews(flock))
        {
            if (go.activeSelf) active++;
        }
        Check(active == sim.Count, "one active view per boid: " + active + " of " + sim.Count);
        for (int i = 0; i < sim.Count; i++)
        {
            Check(sim.X[i] == reference.X[i] && sim.Vy[i] == reference.Vy[i], "the engine in the component is the engine from the preset and seed");
            Transform view = ViewOf(flock, "boid " + sim.Id[i]);
            Check(view.localPosition.x == (float) sim.X[i] && view.localPosition.y == (float) sim.Z[i] && view.localPosition.z == (float) sim.Y[i],
                    "boid " + sim.Id[i] + " drawn at its position");
            Check(view.localRotation.forward.x == (float) sim.Vx[i] && view.localRotation.forward.z == (float) sim.Vy[i],
                    "boid " + sim.Id[i] + " faces its velocity");
        }
        for (int k = 0; k < sim.PredatorCount; k++)
        {
            Transform view = ViewOf(flock, "predator " + k);
            Check(view.localPosition.x == (float) sim.PX[k] && view.localPosition.z == (float) sim.PY[k], "predator " + k + " drawn at its position");
        }
        Console.WriteLine("ok " + sim.Count + " boids, " + sim.PredatorCount + " predators, " + steps + " steps");
        return 0;
    }

    private static System.Collections.Generic.IEnumerable<GameObject> AllViews(FlocktuneFlock flock)
    {
        var all = (System.Collections.Generic.List<GameObject>) typeof(GameObject).GetField("All", BindingFlags.Static | BindingFlags.NonPublic).GetValue(null);
        foreach (GameObject go in all) if (go.transform.parent == flock.transform && go.name.StartsWith("boid ")) yield return go;
    }

    private static Transform ViewOf(FlocktuneFlock flock, string name)
    {
        var all = (System.Collections.Generic.List<GameObject>) typeof(GameObject).GetField("All", BindingFlags.Static | BindingFlags.NonPublic).GetValue(null);
        foreach (GameObject go in all) if (go.transform.parent == flock.transform && go.name == name) return go.transform;
        throw new Exception("adapter: no view named " + name);
    }
}
