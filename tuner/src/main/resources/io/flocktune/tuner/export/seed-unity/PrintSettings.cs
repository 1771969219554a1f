// Prints every public field of a new FlocktuneBoidsSettings as name=value (round-trip "R"
// format), in declaration order, to compare with the JSON asset:
//   mcs -out:print.exe ../FlocktuneBoidsSettings.cs UnityEngineStubs.cs PrintSettings.cs && mono print.exe
using System;
using System.Globalization;
using System.Reflection;

public static class PrintSettings
{
    public static void Main()
    {
        var settings = new FlocktuneBoidsSettings();
        foreach (FieldInfo field in typeof(FlocktuneBoidsSettings).GetFields(BindingFlags.Public | BindingFlags.Instance))
        {
            object value = field.GetValue(settings);
            string text = value is float f ? f.ToString("R", CultureInfo.InvariantCulture)
                    : value is bool b ? (b ? "true" : "false")
                    : Convert.ToString(value, CultureInfo.InvariantCulture);
            Console.WriteLine(field.Name + "=" + text);
        }
    }
}
