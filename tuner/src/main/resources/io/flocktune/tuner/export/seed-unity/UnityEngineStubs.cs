// The few UnityEngine types a flocktune Unity export uses, with their Unity signatures, so the
// generated ScriptableObject compiles with Mono's mcs outside Unity. Unity ignores this folder
// (its name ends in ~); in Unity the real UnityEngine is used.
namespace UnityEngine
{
    public class Object { }

    public class ScriptableObject : Object { }

    [System.AttributeUsage(System.AttributeTargets.Class, Inherited = false)]
    public sealed class CreateAssetMenuAttribute : System.Attribute
    {
        public string fileName { get; set; }
        public string menuName { get; set; }
        public int order { get; set; }
    }

    public static class JsonUtility
    {
        public static void FromJsonOverwrite(string json, object objectToOverwrite) { }
    }
}
