// The Unity adapter of flocktune's engine: spawns one GameObject per boid and predator, steps the
// engine in FixedUpdate and moves the objects in Update. The engine (Runtime/Engine) does all the
// flocking in double precision; this component only copies positions out.
//
// Axes: flocktune's (x, y, z) are drawn at Unity's (x, z, y), so a 2D flock (z = 0) lies in the
// ground plane (Unity's y is up); worldScale multiplies every coordinate.
using UnityEngine;

namespace Flocktune
{
    public sealed class FlocktuneFlock : MonoBehaviour
    {
        [Tooltip("Optional: a preset asset; when set it replaces Preset.")]
        public FlocktunePresetAsset presetAsset;

        [Tooltip("The preset to run (when no Preset Asset is set).")]
        public FlocktunePreset preset = new FlocktunePreset();

        [Tooltip("The seed of the initial state and of the random streams, as flocktune simulate --seed.")]
        public long seed = 1;

        [Tooltip("Drawn once per boid; a cube when empty.")]
        public GameObject boidPrefab;

        [Tooltip("Drawn once per predator; a sphere when empty.")]
        public GameObject predatorPrefab;

        [Tooltip("Unity units per flocktune world unit.")]
        public float worldScale = 1f;

        [Tooltip("Engine steps per FixedUpdate (0 pauses).")]
        [Min(0)]
        public int stepsPerFixedUpdate = 1;

        /// <summary>The running engine (null before Start).</summary>
        public FlocktuneSimulation Simulation { get; private set; }

        private Transform[] boidViews;       // by boid id
        private Transform[] predatorViews;

        private void Start()
        {
            FlocktunePreset chosen = presetAsset != null ? presetAsset.preset : preset;
            Simulation = FlocktuneSimulation.FromSeed(chosen, seed);
            boidViews = new Transform[Simulation.Count];
            for (int i = 0; i < Simulation.Count; i++) boidViews[Simulation.Id[i]] = Spawn(boidPrefab, PrimitiveType.Cube, "boid " + Simulation.Id[i]);
            predatorViews = new Transform[Simulation.PredatorCount];
            for (int k = 0; k < predatorViews.Length; k++) predatorViews[k] = Spawn(predatorPrefab, PrimitiveType.Sphere, "predator " + k);
            Draw();
        }

        private Transform Spawn(GameObject prefab, PrimitiveType fallback, string name)
        {
            GameObject view = prefab != null ? Instantiate(prefab) : GameObject.CreatePrimitive(fallback);
            view.name = name;
            view.transform.SetParent(transform, false);
            return view.transform;
        }

        private void FixedUpdate()
        {
            if (Simulation == null) return;
            for (int k = 0; k < stepsPerFixedUpdate; k++) Simulation.Step();
        }

        private void Update()
        {
            if (Simulation != null) Draw();
        }

        /// <summary>Moves every view to its boid or predator and turns it along the velocity; hides captured boids.</summary>
        private void Draw()
        {
            FlocktuneSimulation sim = Simulation;
            for (int i = 0; i < boidViews.Length; i++) boidViews[i].gameObject.SetActive(false);
            for (int i = 0; i < sim.Count; i++)
            {
                Transform view = boidViews[sim.Id[i]];
                view.gameObject.SetActive(true);
                Place(view, sim.X[i], sim.Y[i], sim.Z[i], sim.Vx[i], sim.Vy[i], sim.Vz[i]);
            }
            for (int k = 0; k < sim.PredatorCount; k++)
            {
                Place(predatorViews[k], sim.PX[k], sim.PY[k], sim.PZ[k], sim.PVx[k], sim.PVy[k], sim.PVz[k]);
            }
        }

        private void Place(Transform view, double x, double y, double z, double vx, double vy, double vz)
        {
            view.localPosition = new Vector3((float) x * worldScale, (float) z * worldScale, (float) y * worldScale);
            var heading = new Vector3((float) vx, (float) vz, (float) vy);
            if (heading.sqrMagnitude > 0) view.localRotation = Quaternion.LookRotation(heading);
        }
    }
}
