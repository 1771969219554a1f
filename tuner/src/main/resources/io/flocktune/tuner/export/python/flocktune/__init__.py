"""flocktune's flock engine for Python (numpy): run a tuned flocktune preset faithfully.

>>> import flocktune
>>> preset = flocktune.Preset.load("preset.json")      # or a tuned preset module's PRESET
>>> flock = flocktune.Flock.from_seed(preset, seed=1)  # the same initial state as flocktune's
>>> flock.step()                                       # one step of every boid and predator
>>> flock.x, flock.vx                                  # numpy arrays, boids in id order
>>> flock.polarization()                               # the order parameter in [0, 1]

``flocktune.step(flock)`` is ``flock.step()``. The engine follows flocktune's Java engine within
1e-9 over 50 steps for every rule variant (the peers' models are not part of it).
"""
from .engine import Boid, Capture, Flock
from .preset import FORMAT, Preset
from .state import read_state, write_rows

__all__ = ["Boid", "Capture", "Flock", "FORMAT", "Preset", "read_state", "step", "write_rows"]
__version__ = "1.0.0"


def step(flock: Flock, steps: int = 1) -> Flock:
    """Advances ``flock`` by ``steps`` steps (default one) and returns it."""
    flock.run(steps)
    return flock
