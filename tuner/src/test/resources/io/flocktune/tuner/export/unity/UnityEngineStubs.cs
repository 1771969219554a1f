// The UnityEngine types the flocktune Unity package's adapter and sample use, with Unity's
// signatures and just enough behaviour to run them outside Unity (UnityPackageTest): AddComponent
// calls Awake as Unity does, transforms keep what is set, Instantiate clones nothing but a name.
using System;
using System.Collections.Generic;
using System.Reflection;

namespace UnityEngine
{
    public class Object
    {
        public string name { get; set; }

        public static T Instantiate<T>(T original) where T : Object
        {
            var go = original as GameObject;
            return go != null ? (T) (Object) new GameObject(go.name + "(Clone)") : original;
        }

        public static T FindObjectOfType<T>() where T : Object
        {
            foreach (GameObject go in GameObject.All)
            {
                foreach (Component c in go.Components) if (c is T) return (T) (Object) c;
            }
            return null;
        }
    }

    public class Component : Object
    {
        public GameObject gameObject { get; internal set; }
        public Transform transform { get { return gameObject.transform; } }
    }

    public class Behaviour : Component { }

    public class MonoBehaviour : Behaviour { }

    public class ScriptableObject : Object { }

    public class TextAsset : Object
    {
        public string text { get; set; }
    }

    public enum PrimitiveType { Sphere, Capsule, Cylinder, Cube, Plane, Quad }

    public sealed class GameObject : Object
    {
        internal static readonly List<GameObject> All = new List<GameObject>();
        internal readonly List<Component> Components = new List<Component>();

        public GameObject(string name)
        {
            this.name = name;
            transform = new Transform();
            transform.gameObject = this;
            All.Add(this);
        }

        public Transform transform { get; private set; }
        public bool activeSelf { get; private set; } = true;
        public PrimitiveType? primitive { get; private set; }

        public void SetActive(bool value) { activeSelf = value; }

        public T AddComponent<T>() where T : Component, new()
        {
            var component = new T();
            component.gameObject = this;
            Components.Add(component);
            MethodInfo awake = typeof(T).GetMethod("Awake", BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
            if (awake != null) awake.Invoke(component, null);
            return component;
        }

        public static GameObject CreatePrimitive(PrimitiveType type)
        {
            var go = new GameObject(type.ToString());
            go.primitive = type;
            return go;
        }
    }

    public sealed class Transform : Component
    {
        public Transform parent { get; private set; }
        public Vector3 localPosition { get; set; }
        public Quaternion localRotation { get; set; } = Quaternion.identity;

        public void SetParent(Transform newParent, bool worldPositionStays) { parent = newParent; }
    }

    public struct Vector3
    {
        public float x, y, z;

        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }

        public float sqrMagnitude { get { return x * x + y * y + z * z; } }
    }

    /// <summary>Holds the forward direction it was made from (enough to check LookRotation's argument).</summary>
    public struct Quaternion
    {
        public Vector3 forward;

        public static Quaternion identity { get { return new Quaternion { forward = new Vector3(0, 0, 1) }; } }

        public static Quaternion LookRotation(Vector3 forward) { return new Quaternion { forward = forward }; }
    }

    public static class JsonUtility
    {
        public static void FromJsonOverwrite(string json, object objectToOverwrite) { throw new NotSupportedException("stub"); }
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class CreateAssetMenuAttribute : Attribute
    {
        public string fileName { get; set; }
        public string menuName { get; set; }
        public int order { get; set; }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class TooltipAttribute : Attribute
    {
        public TooltipAttribute(string tooltip) { }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class MinAttribute : Attribute
    {
        public MinAttribute(float min) { }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class ContextMenu : Attribute
    {
        public ContextMenu(string itemName) { }
    }

}
