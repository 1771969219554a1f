"""Runs the exported Python engine headless for PythonEngineTest, as run-engine.mjs runs the web
player's: python3 run_engine.py MANIFEST.json, with the package folder on PYTHONPATH.
MANIFEST: [{"preset": FILE, "init": STATE.csv or null, "seed": "decimal", "steps": N, "out": TRACE.csv}]
Each case writes every step's state (0 = initial) as a state CSV trace; with "init" null the
initial state is drawn from the seed as Java's Simulation.of(preset, seed) draws it."""
import json
import sys

import flocktune
from flocktune.state import HEADER

for case in json.load(open(sys.argv[1])):
    preset = flocktune.Preset.load(case["preset"])
    seed = int(case["seed"])
    if case["init"] is None:
        flock = flocktune.Flock.from_seed(preset, seed)
    else:
        boids, predators = flocktune.read_state(case["init"])
        flock = flocktune.Flock.from_state(preset, seed, boids, predators)
    with open(case["out"], "w") as out:
        out.write(",".join(HEADER) + "\n")
        flocktune.write_rows(out, flock)
        for _ in range(case["steps"]):
            flocktune.step(flock)
            flocktune.write_rows(out, flock)
