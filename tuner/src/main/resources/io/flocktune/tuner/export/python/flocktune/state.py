"""State CSV files, as ``flocktune simulate --init STATE.csv`` reads them and ``--trace`` writes
them: a header ``step,kind,id,x,y,z,vx,vy,vz`` (any column order when read), one row per boid
(kind ``boid``) and predator (kind ``predator``)."""
from __future__ import annotations

import csv
from typing import IO, Iterable

from .engine import Boid, Flock

HEADER = ("step", "kind", "id", "x", "y", "z", "vx", "vy", "vz")


def read_state(path: str) -> tuple[list[Boid], list[Boid]]:
    """The boids and the predators (sorted by id) of a state CSV's rows."""
    boids: list[Boid] = []
    predators: list[Boid] = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            boid = Boid(int(row["id"]), *(float(row[c]) for c in HEADER[3:]))
            (predators if row["kind"].strip() == "predator" else boids).append(boid)
    predators.sort(key=lambda p: p.id)
    return boids, predators


def rows(flock: Flock) -> Iterable[str]:
    """The state CSV rows (no header) of the flock's current step."""
    s = flock.step_count
    for b in flock.boids():
        yield f"{s},boid,{b.id},{b.x!r},{b.y!r},{b.z!r},{b.vx!r},{b.vy!r},{b.vz!r}"
    for p in flock.predators():
        yield f"{s},predator,{p.id},{p.x!r},{p.y!r},{p.z!r},{p.vx!r},{p.vy!r},{p.vz!r}"


def write_rows(out: IO[str], flock: Flock) -> None:
    """Writes the flock's current step as state CSV rows."""
    for row in rows(flock):
        out.write(row + "\n")
