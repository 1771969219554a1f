// For each argument CLASS=FILE.json: the preset built by Flocktune.CLASS.Create() equals the one
// FlocktunePreset.FromJson reads from FILE.json, field by field (arrays element by element, numbers
// bit for bit). Prints one line per difference and exits 1 when there is any, else prints "ok N".
using System;
using System.IO;
using System.Reflection;
using Flocktune;

public static class PresetCheck
{
    public static int Main(string[] args)
    {
        int differences = 0;
        foreach (string arg in args)
        {
            int eq = arg.IndexOf('=');
            string type = arg.Substring(0, eq), file = arg.Substring(eq + 1);
            var created = (FlocktunePreset) Type.GetType("Flocktune." + type).GetMethod("Create").Invoke(null, null);
            FlocktunePreset read = FlocktunePreset.FromJson(File.ReadAllText(file));
            foreach (FieldInfo field in typeof(FlocktunePreset).GetFields(BindingFlags.Public | BindingFlags.Instance))
            {
                object a = field.GetValue(created), b = field.GetValue(read);
                bool same = a is double[] ? Same((double[]) a, (double[]) b) : a is double ? ((double) a).Equals((double) b) : Equals(a, b);
                if (!same)
                {
                    Console.WriteLine(type + "." + field.Name + ": class " + a + ", JSON " + b);
                    differences++;
                }
            }
        }
        if (differences > 0) return 1;
        Console.WriteLine("ok " + args.Length);
        return 0;
    }

    private static bool Same(double[] a, double[] b)
    {
        if (a.Length != b.Length) return false;
        for (int i = 0; i < a.Length; i++) if (!a[i].Equals(b[i])) return false;
        return true;
    }
}
