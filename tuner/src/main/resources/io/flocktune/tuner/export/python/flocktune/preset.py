"""A flocktune-preset/1 preset as a dataclass.

Each section is the preset JSON's object as a ``dict`` (field names and units as in the JSON
Schema ``flocktune-preset-1.schema.json`` that ``flocktune export --to json`` writes): rule
variants are chosen by their ``"kind"``, e.g. ``preset.separation == {"kind": "linear",
"radius": 2.0, "weight": 0.05}``. ``flocktune`` validates presets; this class only checks that
every section is there and the format is the one the engine runs.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

FORMAT = "flocktune-preset/1"

_SECTIONS = ("world", "boids", "neighbourhood", "separation", "alignment", "cohesion", "motion",
             "predators", "obstacles", "goal", "noise")


@dataclass(frozen=True)
class Preset:
    """A rule preset: every section of the preset JSON, read-only.

    ``update`` is "synchronous" (every boid reads the step's start), "sequential" (boid by boid
    in id order, in place) or "sequential_in_place" (also each rule in place on the velocity).
    """

    name: str
    description: str
    update: str
    world: Mapping[str, Any]
    boids: Mapping[str, Any]
    neighbourhood: Mapping[str, Any]
    separation: Mapping[str, Any]
    alignment: Mapping[str, Any]
    cohesion: Mapping[str, Any]
    motion: Mapping[str, Any]
    predators: Mapping[str, Any]
    obstacles: Mapping[str, Any]
    goal: Mapping[str, Any]
    noise: Mapping[str, Any]
    format: str = field(default=FORMAT)

    def __post_init__(self) -> None:
        if self.format != FORMAT:
            raise ValueError(f"format: {self.format!r}; this engine runs {FORMAT!r}")

    @staticmethod
    def from_dict(tree: Mapping[str, Any]) -> "Preset":
        """The preset of a parsed preset JSON (as ``flocktune export --to json`` writes it)."""
        if "peer" in tree and (tree["peer"] or {}).get("kind", "none") != "none":
            raise ValueError(f"peer: preset {tree.get('name')!r} runs a peer model, which this engine does not run")
        missing = [s for s in _SECTIONS + ("name", "update") if s not in tree]
        if missing:
            raise ValueError("missing section(s): " + ", ".join(missing))
        return Preset(name=tree["name"], description=tree.get("description", ""), update=tree["update"],
                      format=tree.get("format", FORMAT), **{s: tree[s] for s in _SECTIONS})

    @staticmethod
    def load(path: str | Path) -> "Preset":
        """The preset of a preset JSON file."""
        with open(path, encoding="utf-8") as f:
            return Preset.from_dict(json.load(f))

    def to_dict(self) -> dict[str, Any]:
        """The preset JSON tree."""
        return asdict(self)

    def with_boids(self, count: int) -> "Preset":
        """The same preset with ``count`` boids (e.g. for a benchmark)."""
        return replace(self, boids={**self.boids, "count": count})
