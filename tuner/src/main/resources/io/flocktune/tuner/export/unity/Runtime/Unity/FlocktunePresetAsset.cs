// A flocktune preset as a Unity asset: Assets > Create > Flocktune > Preset, then either edit its
// fields in the inspector or drop the exported Runtime/Presets/NAME.json into Json and choose
// "Load from JSON" in the component's menu.
using UnityEngine;

namespace Flocktune
{
    [CreateAssetMenu(fileName = "FlocktunePreset", menuName = "Flocktune/Preset")]
    public sealed class FlocktunePresetAsset : ScriptableObject
    {
        [Tooltip("The exported preset JSON (Runtime/Presets/NAME.json); Load from JSON copies it into Preset.")]
        public TextAsset json;

        [Tooltip("The preset the flock runs: flocktune-preset/1 flattened to one field per value.")]
        public FlocktunePreset preset = new FlocktunePreset();

        /// <summary>Overwrites <see cref="preset"/> with <see cref="json"/> (Unity's JsonUtility: the same field names).</summary>
        [ContextMenu("Load from JSON")]
        public void LoadFromJson()
        {
            if (json == null) return;
            var loaded = new FlocktunePreset();
            JsonUtility.FromJsonOverwrite(json.text, loaded);
            preset = loaded;
        }
    }
}
