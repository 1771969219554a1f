"""flocktune's flock engine in Python (numpy): a transcription of the Java engine
(sim/src/main/java/io/flocktune/sim/Simulation.java, Predation.java, Turning.java, BoidRandom.java
and the rule Javadoc in sim/.../rule/*.java), following the web player's JavaScript engine
(flock.mjs) line by line. Every rule variant, neighbourhood, boundary, motion model, predator
behaviour, obstacle avoidance and goal rule of the rule presets is here; a test (tuner's
PythonEngineTest) runs each from the same state as ``flocktune simulate --init STATE.csv --trace``
for 50 steps and requires agreement within 1e-9.

Choices where this port differs from the Java code (source -> choice):
  - Java visits a boid's candidates cell by cell of its grid, one at a time, inside the boid's
    update -> the grid of flock.mjs (cells of side >= the interaction reach) gives every
    (boid, candidate) pair, and numpy sums the neighbours of all boids at once before the boids
    are updated (synchronous), or of the one boid about to move (sequential): the same
    neighbours, sums in another order (rounding only); the rules then run boid by boid;
  - the global neighbourhood's running sums in a sequential update -> recomputed per boid from
    the current arrays (the same sums up to rounding);
  - Math.sin/cos/atan2/log of Java (StrictMath-close) -> Python's math module (C libm): equal or
    one unit in the last place apart.

Units: positions in world units, velocities in world units per time unit, a step moves v * dt.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

import numpy as np

from .preset import Preset
from .randoms import BoidRandom, SplittableRandom

__all__ = ["Boid", "Flock", "Capture"]

_sum = np.add.reduce  # np.sum without its dispatch: the same pairwise summation
_PAIRS_PER_CHUNK = 1 << 20  # (boid, candidate) pairs handled at once: bounds the memory of a step


@dataclass(frozen=True)
class Boid:
    """One boid or predator of a state: id, position and velocity."""

    id: int
    x: float
    y: float
    z: float
    vx: float
    vy: float
    vz: float


@dataclass(frozen=True)
class Capture:
    """A boid that came closer than a predator's capture radius at the end of a step."""

    step: int
    predator: int
    boid: int


def _minimum_image(delta: float, size: float) -> float:
    half = 0.5 * size
    if delta > half:
        return delta - size
    if delta < -half:
        return delta + size
    return delta


def _minimum_image_array(delta: np.ndarray, size: float) -> np.ndarray:
    """_minimum_image of every entry, in place (delta is a fresh array)."""
    half = 0.5 * size
    delta[delta > half] -= size
    delta[delta < -half] += size  # an entry moved by the line above is > -half already
    return delta


def _wrap(c: float, size: float) -> float:
    """Periodic.wrap: c into [-size/2, size/2)."""
    half = 0.5 * size
    if c >= half:
        c -= size
    elif c < -half:
        c += size
    if c >= half or c < -half:
        c -= size * math.floor((c + half) / size)
        if c < -half:
            c += size  # the reduction rounds to either side
        if c >= half:
            c = -half
    return c


def _wrap_angle(a: float) -> float:
    """a into (-pi, pi], with Java's remainder (sign of the dividend)."""
    two_pi = 2 * math.pi
    a = math.fmod(a, two_pi)
    if a > math.pi:
        a -= two_pi
    elif a <= -math.pi:
        a += two_pi
    return a


def _clamp(v: float, lo: float, hi: float) -> float:
    return lo if v < lo else hi if v > hi else v


def _toward(hx: float, hy: float, hz: float, gx: float, gy: float, gz: float, max_angle: float,
            three_d: bool) -> tuple[float, float, float]:
    """Turning.toward: the unit heading h turned toward the unit direction g by at most max_angle."""
    cos = _clamp(hx * gx + hy * gy + hz * gz, -1.0, 1.0)
    angle = math.acos(cos)
    if angle <= max_angle:
        return gx, gy, gz
    px, py, pz = gx - cos * hx, gy - cos * hy, gz - cos * hz
    length = math.sqrt(px * px + py * py + pz * pz)
    if length < 1e-12:
        if three_d and abs(hz) < 0.9:
            px, py, pz = -hy, hx, 0.0
        elif three_d:
            px, py, pz = 0.0, -hz, hy
        else:
            px, py, pz = -hy, hx, 0.0
        length = math.sqrt(px * px + py * py + pz * pz)
    c, sn = math.cos(max_angle), math.sin(max_angle) / length
    return c * hx + sn * px, c * hy + sn * py, c * hz + sn * pz


def _radians(degrees: float) -> float:
    return degrees / 180 * math.pi


def _unit_direction_3d(random: SplittableRandom | BoidRandom) -> tuple[float, float, float]:
    cz = 2 * random.next_double() - 1
    phi = 2 * math.pi * random.next_double()
    r = math.sqrt(max(0.0, 1 - cz * cz))
    return r * math.cos(phi), r * math.sin(phi), cz


class Flock:
    """A running flock: boids in numpy arrays in ascending id order, predators beside them.

    >>> from flocktune import Flock, Preset
    >>> flock = Flock.from_seed(Preset.load("preset.json"), seed=1)
    >>> for _ in range(100): flock.step()
    >>> flock.polarization()

    Arrays (read them, do not resize them): ``x, y, z, vx, vy, vz`` (float64) and ``id`` (int64),
    the first ``count`` entries; ``px ... pvz`` for the predators. A 2D world keeps every z at 0.
    """

    # ------------------------------------------------------------------ construction

    @staticmethod
    def from_seed(preset: Preset, seed: int) -> "Flock":
        """As Java's Simulation.of(preset, seed): the random initial state and run key, bit for bit."""
        random = SplittableRandom(seed)
        three_d = preset.world["dimension"] == 3
        spawn = min(preset.boids["spawnSize"], preset.world["size"])
        speed = preset.boids["initialSpeed"]
        boids = []
        for i in range(preset.boids["count"]):
            x = spawn * (random.next_double() - 0.5)
            y = spawn * (random.next_double() - 0.5)
            z = spawn * (random.next_double() - 0.5) if three_d else 0.0
            if three_d:
                ux, uy, uz = _unit_direction_3d(random)
            else:
                phi = 2 * math.pi * random.next_double()
                ux, uy, uz = math.cos(phi), math.sin(phi), 0.0
            boids.append(Boid(i, x, y, z, speed * ux, speed * uy, speed * uz))
        predators = Flock._draw_predators(preset, random)
        return Flock(preset, boids, predators, random.next_long())

    @staticmethod
    def from_state(preset: Preset, seed: int, boids: Iterable[Boid],
                   predators: Sequence[Boid] | None = None) -> "Flock":
        """As Java's Simulation.of(preset, seed, state): a given state; without predators they
        are drawn from the seed as ``from_seed`` draws them."""
        random = SplittableRandom(seed)
        if not predators:
            predators = Flock._draw_predators(preset, random)
        return Flock(preset, list(boids), list(predators), random.next_long())

    @staticmethod
    def _draw_predators(preset: Preset, random: SplittableRandom) -> list[Boid]:
        three_d = preset.world["dimension"] == 3
        world = preset.world["size"]
        out = []
        for k in range(preset.predators["count"]):
            x = world * (random.next_double() - 0.5)
            y = world * (random.next_double() - 0.5)
            z = world * (random.next_double() - 0.5) if three_d else 0.0
            out.append(Boid(k, x, y, z, 0.0, 0.0, 0.0))
        return out

    def __init__(self, preset: Preset, boids: Sequence[Boid], predators: Sequence[Boid], run_key: int) -> None:
        self.preset = preset
        self.random = BoidRandom(run_key)
        self.step_count = 0
        self.captures: list[Capture] = []
        ordered = sorted(boids, key=lambda b: b.id)
        n = len(ordered)
        self.count = n
        self.id = np.array([b.id for b in ordered], dtype=np.int64)
        self.x = np.array([b.x for b in ordered], dtype=float)
        self.y = np.array([b.y for b in ordered], dtype=float)
        self.z = np.array([b.z for b in ordered], dtype=float)
        self.vx = np.array([b.vx for b in ordered], dtype=float)
        self.vy = np.array([b.vy for b in ordered], dtype=float)
        self.vz = np.array([b.vz for b in ordered], dtype=float)
        self.predator_count = len(predators)
        self.px = np.array([p.x for p in predators], dtype=float)
        self.py = np.array([p.y for p in predators], dtype=float)
        self.pz = np.array([p.z for p in predators], dtype=float)
        self.pvx = np.array([p.vx for p in predators], dtype=float)
        self.pvy = np.array([p.vy for p in predators], dtype=float)
        self.pvz = np.array([p.vz for p in predators], dtype=float)
        self.ux = np.zeros(n)
        self.uy = np.zeros(n)
        self.uz = np.zeros(n)
        self.heading = np.zeros(n)
        self._configure()

    def _configure(self) -> None:
        """Reads the preset's parameters into plain fields."""
        p = self.preset
        self.three_d = p.world["dimension"] == 3
        self.size = float(p.world["size"])
        self.half = 0.5 * self.size
        if p.update not in ("synchronous", "sequential", "sequential_in_place"):
            raise ValueError(f"update: {p.update!r}")
        self.sequential = p.update != "synchronous"
        self.in_place = p.update == "sequential_in_place"
        b = p.world["boundary"]
        self.boundary = b["kind"]
        self.periodic = b["kind"] == "wrap"
        self.wrap_positions = b["kind"] in ("wrap", "wrapPositionsOnly")
        self.soft_margin = b["margin"] if b["kind"] == "softMargin" else 0.0
        self.soft_turn = b["turn"] if b["kind"] == "softMargin" else 0.0

        s = p.separation
        self.sep = s["kind"]
        self.sep_r2 = s["radius"] * s["radius"]
        self.sep_weight = s["weight"]
        self.sep_strength = s["strength"] if s["kind"] == "inverseSquareClamped" else 0.0
        self.sep_max_force = s["maxForce"] if s["kind"] == "inverseSquareClamped" else 0.0

        nb = p.neighbourhood
        self.exclude_coincident = nb["kind"] == "metricExcludingCoincident"
        self.nb = "metric" if self.exclude_coincident else nb["kind"]
        self.nb_r2 = nb["radius"] * nb["radius"] if self.nb in ("metric", "fieldOfView") else 0.0
        self.field_of_view_cos = (math.cos(_radians(nb["angle"] / 2))
                                  if nb["kind"] == "fieldOfView" and nb["angle"] < 360 else -2.0)
        self.topological_count = nb["count"] if nb["kind"] == "topological" else 0
        self.global_ = nb["kind"] == "global"

        a = p.alignment
        self.ali = a["kind"]
        self.ali_weight = a["weight"]
        self.ali_max_force = a["maxForce"] if a["kind"] == "meanVelocityLimited" else 0.0
        self.vicsek_noise = a["noise"] if a["kind"] == "vicsek" else 0.0
        self.orientation_r2 = a["radius"] * a["radius"] if a["kind"] == "zonal" else 0.0
        self.need_unit = a["kind"] in ("meanForward", "circularHeadingBlend", "vicsek", "zonal")
        self.need_heading = a["kind"] == "headingBlend"

        c = p.cohesion
        self.coh = c["kind"]
        self.coh_weight = c["weight"]
        self.coh_arrival = c["arrivalRadius"] if c["kind"] == "steerTo" else 0.0
        self.coh_max_force = c["maxForce"] if c["kind"] == "steerTo" else 0.0

        self.min_speed = p.boids["minSpeed"]
        self.max_speed = p.boids["maxSpeed"]
        mo = p.motion
        self.mot = mo["kind"]
        self.dt = mo["dt"]
        self.mot_max_force = mo["maxForce"] if mo["kind"] == "steering" else 0.0
        self.const_speed = mo["speed"] if mo["kind"] in ("constantSpeed", "turningRate") else 0.0
        self.turn_factor = mo["turnFactor"] if mo["kind"] == "constantSpeed" else 0.0
        self.max_turn_per_step = _radians(mo["maxTurnRate"]) * mo["dt"] if mo["kind"] == "turningRate" else 0.0
        self.heading_error = mo["headingError"] if mo["kind"] == "turningRate" else 0.0

        g = p.goal
        self.goal = (g["x"], g["y"], g["z"])
        self.goal_r2 = g["radius"] * g["radius"]
        self.goal_weight = g["weight"]

        pr = p.predators
        self.flee_r2 = pr["fleeRadius"] * pr["fleeRadius"]
        self.flee_weight = pr["fleeWeight"]
        self.pred_max_speed = pr["maxSpeed"]
        self.capture_r2 = pr["captureRadius"] * pr["captureRadius"]
        self.remove_on_capture = pr["removeOnCapture"]
        pb = pr["behaviour"]
        self.pred_kind = pb["kind"]
        self.pred_power = pb["power"] if pb["kind"] == "chaseCentroid" else 0.0
        self.pred_sight_r2 = 0.0 if pb["kind"] == "chaseCentroid" else pb["visualRange"] * pb["visualRange"]
        self.pred_view_cos = (-2.0 if pb["kind"] == "chaseCentroid" or pb["fieldOfView"] >= 360
                              else math.cos(_radians(pb["fieldOfView"] / 2)))
        self.pred_dt = mo["dt"]  # predators keep the boids' clock (Predation)
        self.pred_max_turn = 0.0 if pb["kind"] == "chaseCentroid" else _radians(pb["maxTurn"]) * self.pred_dt

        spheres = p.obstacles["spheres"]
        self.obstacles = [(o["x"], o["y"], o["z"], o["radius"]) for o in spheres]
        av = p.obstacles["avoidance"]
        self.obs = av["kind"]
        self.obs_range = av["range"] if av["kind"] == "forceField" else av["lookAhead"]
        self.obs_weight = av["weight"]
        self.obs_clearance = av["clearance"] if av["kind"] == "steerToAvoid" else 0.0
        self.noise = p.noise["strength"]
        self.draws_per_boid = (self.noise > 0 or self.ali == "vicsek"
                               or (self.mot == "turningRate" and self.heading_error > 0))
        self.last_id = -1
        self._home: np.ndarray | None = None
        self._scan_all = False
        # a sequential step whose length is not bounded by maxSpeed * dt: a boid that moved farther
        # than the grid's slack makes the rest of the step scan every boid, as the Java engine does
        self.step_unbounded = self.sequential and self.mot in ("moveThenClamp", "unclamped")

    # ------------------------------------------------------------------ stepping

    def _delta(self, d: float) -> float:
        return _minimum_image(d, self.size) if self.periodic else d

    def _cache_unit(self, s: int) -> None:
        a, b, c = self.vx[s], self.vy[s], self.vz[s]
        length = math.sqrt(a * a + b * b + c * c)
        if length > 0:
            self.ux[s], self.uy[s], self.uz[s] = a / length, b / length, c / length
        else:
            self.ux[s] = self.uy[s] = self.uz[s] = 0.0

    def _build_grid(self, n: int) -> None:
        """Sorts the boids into cells of side >= the interaction reach (+ the largest step in a
        sequential update, as the Java grid does), so a boid's candidates are the boids of its
        3^d block of cells; in a periodic world with fewer than 3 cells a side, and for a reach
        that is not a positive finite number, every boid is a candidate."""
        metric = self.nb in ("metric", "fieldOfView")
        reach = math.sqrt(max(self.sep_r2, self.nb_r2 if metric else 0.0))
        self.slack = 0.0
        if self.sequential:
            fastest = self.const_speed if self.mot in ("constantSpeed", "turningRate") else self.max_speed
            self.slack = fastest * self.dt
            reach += self.slack
        self._candidate_cache: dict[int, np.ndarray] = {}
        self._all_candidates = np.arange(n)
        self._home = None
        if not (reach > 0) or not math.isfinite(reach):
            return
        dims = 3 if self.three_d else 2
        coordinates = (self.x[:n], self.y[:n], self.z[:n])
        if self.wrap_positions:  # wrapPositionsOnly: the cells wrap with the positions, distances do not
            lo, hi = [-self.half] * 3, [self.half] * 3
        else:
            lo = [float(c.min()) if d < dims else 0.0 for d, c in enumerate(coordinates)]
            hi = [float(c.max()) if d < dims else 0.0 for d, c in enumerate(coordinates)]

        def cells_for(side: float) -> list[int]:
            counts = []
            for d in range(3):
                q = (hi[d] - lo[d]) / side if d < dims else 1.0
                counts.append(1 if not q >= 1 else min(int(q), 1 << 62))
            return counts

        side = reach
        cells = cells_for(side)
        while cells[0] * cells[1] * cells[2] > 4 * n + 64:
            side *= 1.5
            cells = cells_for(side)
        if self.wrap_positions and (cells[0] < 3 or cells[1] < 3 or (self.three_d and cells[2] < 3)):
            return
        home = np.zeros(n, dtype=np.int64)
        stride = 1
        for d in range(3):
            width = (hi[d] - lo[d]) / cells[d] if d < dims else 1.0
            c = np.clip(np.floor((coordinates[d] - lo[d]) / width), 0, cells[d] - 1).astype(np.int64)
            home += c * stride
            stride *= cells[d]
        self._cells = cells
        self._home = home
        self._order = np.argsort(home, kind="stable")  # by cell, id order within a cell
        self._start = np.concatenate(([0], np.cumsum(np.bincount(home, minlength=stride))))

    def _candidates(self, s: int) -> np.ndarray:
        """The slots of slot s's candidates (s included): the boids of its 3^d block of cells."""
        if self._home is None or self._scan_all:
            return self._all_candidates
        cell = int(self._home[s])
        found = self._candidate_cache.get(cell)
        if found is not None:
            return found
        cx, cy, cz = self._cells
        hx, hy, hz = cell % cx, (cell // cx) % cy, cell // (cx * cy)
        runs = []
        zr = 1 if self.three_d else 0
        for oz in range(-zr, zr + 1):
            for oy in (-1, 0, 1):
                for ox in (-1, 0, 1):
                    at = [hx + ox, hy + oy, hz + oz]
                    inside = True
                    for d in range(3):
                        if at[d] < 0 or at[d] >= self._cells[d]:
                            if not self.wrap_positions:
                                inside = False
                            at[d] %= self._cells[d]
                    if inside:
                        c = (at[2] * cy + at[1]) * cx + at[0]
                        runs.append(self._order[self._start[c]:self._start[c + 1]])
        found = np.concatenate(runs)
        self._candidate_cache[cell] = found
        return found

    def _pairs(self, boids: np.ndarray, n: int) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """(row, i, j) chunks of every (boid, candidate) pair of ``boids`` (one slot, or all n in
        order): i's candidates j come from the grid, row is i's position in ``boids``."""
        if len(boids) == 1:
            j = self._candidates(int(boids[0]))
            yield np.zeros(len(j), dtype=np.int64), np.full(len(j), boids[0]), j
            return
        if self._home is None or self._scan_all:
            rows = max(1, _PAIRS_PER_CHUNK // max(1, n))
            everyone = np.arange(n)
            for first in range(0, n, rows):
                i = np.repeat(np.arange(first, min(n, first + rows)), n)
                yield i, i, np.tile(everyone, len(i) // n)
            return
        starts = self._start
        rows_i, rows_j, size = [], [], 0
        for cell in np.flatnonzero(starts[1:] > starts[:-1]):
            members = self._order[starts[cell]:starts[cell + 1]]
            candidates = self._candidates(int(members[0]))
            rows_i.append(np.repeat(members, len(candidates)))
            rows_j.append(np.tile(candidates, len(members)))
            size += len(members) * len(candidates)
            if size >= _PAIRS_PER_CHUNK:
                i = np.concatenate(rows_i)
                yield i, i, np.concatenate(rows_j)
                rows_i, rows_j, size = [], [], 0
        if rows_i:
            i = np.concatenate(rows_i)
            yield i, i, np.concatenate(rows_j)

    def _neighbour_sums(self, boids: np.ndarray, n: int) -> np.ndarray:
        """The neighbour sums of ``boids`` (one slot, or all n in order), one column each: rows
        separation Σ -d (3), the count and Σ -d/|d|² of those apart (4), Σ -d/|d| (3); the
        neighbours' count, Σ v (3), Σ d (3), Σ unit(v) (3), Σ heading; the zonal attraction's
        count and Σ d/|d| (3). d is the offset to the other boid (minimum image in a periodic
        world); as Simulation.updateBoid's grid loop, with the sums in another order."""
        m = len(boids)
        out = np.zeros((25, m))
        x, y, z, vx, vy, vz = self.x[:n], self.y[:n], self.z[:n], self.vx[:n], self.vy[:n], self.vz[:n]
        sep_r2, nb_r2, size = self.sep_r2, self.nb_r2, self.size
        metric = self.nb in ("metric", "fieldOfView")
        reach2 = max(sep_r2, nb_r2 if metric else 0.0)
        fov = self.field_of_view_cos > -2
        if fov:  # the heading of each boid; a boid at rest sees all round
            speed = np.sqrt(vx * vx + vy * vy + vz * vz)
            moving = speed > 0
            with np.errstate(invalid="ignore", divide="ignore"):
                hx, hy, hz = vx / speed, vy / speed, vz / speed
        for row, i, j in self._pairs(boids, n):
            dx, dy, dz = x[j] - x[i], y[j] - y[i], z[j] - z[i]
            if self.periodic:
                dx, dy, dz = _minimum_image_array(dx, size), _minimum_image_array(dy, size), _minimum_image_array(dz, size)
            d2 = dx * dx + dy * dy + dz * dz
            keep = (d2 < reach2) & (j != i)
            if fov:
                with np.errstate(invalid="ignore"):
                    behind = (moving[i] & ((d2 < sep_r2) | (d2 < nb_r2))
                              & (hx[i] * dx + hy[i] * dy + hz[i] * dz < self.field_of_view_cos * np.sqrt(d2)))
                keep &= ~behind
            row, i, j, dx, dy, dz, d2 = row[keep], i[keep], j[keep], dx[keep], dy[keep], dz[keep], d2[keep]

            def add(at: int, mask: np.ndarray, weights: np.ndarray | None) -> None:
                out[at] += np.bincount(row[mask], weights=None if weights is None else weights, minlength=m)

            close = d2 < sep_r2
            add(0, close, -dx[close]); add(1, close, -dy[close]); add(2, close, -dz[close])
            apart = close & (d2 > 0)
            add(3, apart, None)
            inv = 1.0 / d2[apart]
            add(4, apart, -dx[apart] * inv); add(5, apart, -dy[apart] * inv); add(6, apart, -dz[apart] * inv)
            if self.sep == "zonal":
                inv_d = np.sqrt(inv)
                add(7, apart, -dx[apart] * inv_d); add(8, apart, -dy[apart] * inv_d); add(9, apart, -dz[apart] * inv_d)
            if not metric:
                continue
            near = d2 < nb_r2
            if self.exclude_coincident:
                near &= d2 > 0
            if self.ali == "zonal":
                near &= ~close  # within the separation zone: repulsion only
                orient = near & (d2 < self.orientation_r2)
                k = j[orient]
                add(10, orient, None)
                add(17, orient, self.ux[k]); add(18, orient, self.uy[k]); add(19, orient, self.uz[k])
                attract = near & ~(d2 < self.orientation_r2) & (d2 > 0)
                inv_d = 1.0 / np.sqrt(d2[attract])
                add(21, attract, None)
                add(22, attract, dx[attract] * inv_d); add(23, attract, dy[attract] * inv_d); add(24, attract, dz[attract] * inv_d)
                continue
            k = j[near]
            add(10, near, None)
            add(11, near, vx[k]); add(12, near, vy[k]); add(13, near, vz[k])
            add(14, near, dx[near]); add(15, near, dy[near]); add(16, near, dz[near])
            if self.need_unit:
                add(17, near, self.ux[k]); add(18, near, self.uy[k]); add(19, near, self.uz[k])
            if self.need_heading:
                add(20, near, self.heading[k])
        return out

    def step(self) -> None:
        """Advances the flock and the predators by one step (Simulation.step)."""
        n = self.count
        self._build_grid(n)
        self._scan_all = False
        if self.need_unit:
            for s in range(n):
                self._cache_unit(s)
        if self.need_heading:
            self.heading[:n] = np.arctan2(self.vy[:n], self.vx[:n])
        if self.ali == "summedVelocityMatch":
            self.last_id = int(self.id[:n].max()) if n > 0 else -1
        if self.sequential:
            # one by one in id order (the arrays are in id order), in place
            slack2 = self.slack * self.slack
            for s in range(n):
                ox, oy, oz = self.x[s], self.y[s], self.z[s]
                state = self._update_boid(s, n, self._neighbour_sums(np.array([s]), n)[:, 0].tolist())
                self.x[s], self.y[s], self.z[s], self.vx[s], self.vy[s], self.vz[s] = state
                if self.step_unbounded and not self._scan_all:
                    dx, dy, dz = state[0] - ox, state[1] - oy, state[2] - oz
                    if self.wrap_positions:
                        dx, dy, dz = (_minimum_image(dx, self.size), _minimum_image(dy, self.size),
                                      _minimum_image(dz, self.size))
                    self._scan_all = dx * dx + dy * dy + dz * dz > slack2
                if self.need_unit:
                    self._cache_unit(s)
                if self.need_heading:
                    self.heading[s] = math.atan2(self.vy[s], self.vx[s])
        else:
            new = np.empty((6, n))
            self._global_sums = self._sums(n) if self.global_ else None
            sums = self._neighbour_sums(np.arange(n), n).T.tolist()
            for s in range(n):
                new[:, s] = self._update_boid(s, n, sums[s])
            self.x[:n], self.y[:n], self.z[:n], self.vx[:n], self.vy[:n], self.vz[:n] = new
        if self.mot == "moveThenClamp":
            self._clamp_then_bound(n)
        self.step_count += 1
        if self.predator_count > 0:
            self._move_predators()
            self._capture(self.step_count)

    def run(self, steps: int) -> None:
        """Advances ``steps`` steps."""
        for _ in range(steps):
            self.step()

    def _sums(self, n: int) -> tuple[float, ...]:
        """Σ x, y, z, vx, vy, vz, ux, uy, uz, heading over the first n boids (the global neighbourhood)."""
        return (float(_sum(self.x[:n])), float(_sum(self.y[:n])), float(_sum(self.z[:n])),
                float(_sum(self.vx[:n])), float(_sum(self.vy[:n])), float(_sum(self.vz[:n])),
                float(_sum(self.ux[:n])), float(_sum(self.uy[:n])), float(_sum(self.uz[:n])),
                float(_sum(self.heading[:n])))

    def _clamp_then_bound(self, n: int) -> None:
        """moveThenClamp's end of step: every speed clamped, then the soft margin's turn or the hard bound."""
        x, y, z, vx, vy, vz = self.x, self.y, self.z, self.vx, self.vy, self.vz
        half = self.half
        lo, hi, turn = -half - self.soft_margin, half + self.soft_margin, self.soft_turn
        for s in range(n):
            speed = math.sqrt(vx[s] * vx[s] + vy[s] * vy[s] + vz[s] * vz[s])
            if speed > self.max_speed:
                f = self.max_speed / speed
                vx[s] *= f; vy[s] *= f; vz[s] *= f
            elif speed < self.min_speed and speed > 0:
                f = self.min_speed / speed
                vx[s] *= f; vy[s] *= f; vz[s] *= f
            if self.boundary == "softMargin":
                if x[s] < lo: vx[s] += turn
                elif x[s] > hi: vx[s] -= turn
                if y[s] < lo: vy[s] += turn
                elif y[s] > hi: vy[s] -= turn
                if self.three_d:
                    if z[s] < lo: vz[s] += turn
                    elif z[s] > hi: vz[s] -= turn
            elif self.boundary == "hard":
                if x[s] > half: x[s] = half; vx[s] = -abs(vx[s])
                elif x[s] < -half: x[s] = -half; vx[s] = abs(vx[s])
                if y[s] > half: y[s] = half; vy[s] = -abs(vy[s])
                elif y[s] < -half: y[s] = -half; vy[s] = abs(vy[s])
                if self.three_d:
                    if z[s] > half: z[s] = half; vz[s] = -abs(vz[s])
                    elif z[s] < -half: z[s] = -half; vz[s] = abs(vz[s])

    def _update_boid(self, s: int, n: int, sums: list[float]) -> tuple[float, float, float, float, float, float]:
        """The fused kernel (Simulation.updateBoid): the new position and velocity of slot s, from
        its neighbour sums (_neighbour_sums)."""
        x, y, z, vx, vy, vz = self.x[:n], self.y[:n], self.z[:n], self.vx[:n], self.vy[:n], self.vz[:n]
        xi, yi, zi = float(x[s]), float(y[s]), float(z[s])
        vxi, vyi, vzi = float(vx[s]), float(vy[s]), float(vz[s])
        random = self.random
        if self.draws_per_boid:
            random.start(self.step_count, int(self.id[s]))
        three_d, size = self.three_d, self.size

        # --- neighbours: the grid's candidates, summed with numpy (_neighbour_sums)
        sep_x, sep_y, sep_z, sep_inv_count, inv_x, inv_y, inv_z, zone_x, zone_y, zone_z = sums[:10]
        nb_count, nb_vx, nb_vy, nb_vz, nb_ox, nb_oy, nb_oz, nb_ux, nb_uy, nb_uz, nb_heading = sums[10:21]
        att_count, att_x, att_y, att_z = sums[21:25]
        ux, uy, uz = self.ux[:n], self.uy[:n], self.uz[:n]
        if self.nb == "topological":
            # the k nearest others of all boids; ties by slot (= id order), as a stable sort by distance gives
            tx, ty, tz = x - xi, y - yi, z - zi
            if self.periodic:
                tx, ty, tz = _minimum_image_array(tx, size), _minimum_image_array(ty, size), _minimum_image_array(tz, size)
            others = tx * tx + ty * ty + tz * tz
            others[s] = np.inf
            found = min(self.topological_count, n - 1)
            nearest = np.argsort(others, kind="stable")[:found]
            nb_count = found
            nb_vx, nb_vy, nb_vz = float(_sum(vx[nearest])), float(_sum(vy[nearest])), float(_sum(vz[nearest]))
            nb_ox, nb_oy, nb_oz = float(_sum(tx[nearest])), float(_sum(ty[nearest])), float(_sum(tz[nearest]))
            if self.need_unit:
                nb_ux, nb_uy, nb_uz = float(_sum(ux[nearest])), float(_sum(uy[nearest])), float(_sum(uz[nearest]))
            if self.need_heading:
                nb_heading = float(_sum(self.heading[:n][nearest]))
        elif self.global_:
            # every other boid: the sums of all minus this one
            g = self._sums(n) if self.sequential else self._global_sums
            others = n - 1
            nb_count = others
            nb_vx, nb_vy, nb_vz = g[3] - vxi, g[4] - vyi, g[5] - vzi
            nb_ox, nb_oy, nb_oz = (g[0] - xi) - others * xi, (g[1] - yi) - others * yi, (g[2] - zi) - others * zi
            if self.need_unit:
                nb_ux, nb_uy, nb_uz = g[6] - float(ux[s]), g[7] - float(uy[s]), g[8] - float(uz[s])
            if self.need_heading:
                nb_heading = g[9] - float(self.heading[s])

        # --- rules. Summed in 003's order: separation, alignment, cohesion, then the forces; in
        # place (002) cohesion, alignment, separation, each reading the velocity as changed so far
        wx, wy, wz = vxi, vyi, vzi
        ax = ay = az = 0.0
        spx = spy = spz = 0.0  # separation's output
        chx = chy = chz = 0.0  # cohesion's output
        repulsed = False
        sep_weight, in_place = self.sep_weight, self.in_place
        if self.sep == "linear":
            spx, spy, spz = sep_weight * sep_x, sep_weight * sep_y, sep_weight * sep_z
        elif self.sep == "inverseDistance":
            if sep_inv_count > 0:
                f = sep_weight / sep_inv_count
                spx, spy, spz = f * inv_x, f * inv_y, f * inv_z
        elif self.sep == "inverseSquareClamped":
            if sep_inv_count > 0:
                mx, my, mz = inv_x / sep_inv_count, inv_y / sep_inv_count, inv_z / sep_inv_count
                length = math.sqrt(mx * mx + my * my + mz * mz)
                if length > 0:
                    f = sep_weight * min(self.sep_strength * length, self.sep_max_force) / length
                    spx, spy, spz = f * mx, f * my, f * mz
        elif self.sep == "normalized":
            length = math.sqrt(sep_x * sep_x + sep_y * sep_y + sep_z * sep_z)
            if length > 0:
                f = sep_weight / length
                spx, spy, spz = f * sep_x, f * sep_y, f * sep_z
        elif self.sep == "zonal":
            if sep_inv_count > 0:
                repulsed = True
                length = math.sqrt(zone_x * zone_x + zone_y * zone_y + zone_z * zone_z)
                if length > 0:
                    f = sep_weight / length
                    spx, spy, spz = f * zone_x, f * zone_y, f * zone_z
        else:
            raise ValueError(f"separation.kind: {self.sep!r}")
        if repulsed:
            nb_count = att_count = 0

        coh_weight = self.coh_weight
        if self.coh == "zonal":
            length = math.sqrt(att_x * att_x + att_y * att_y + att_z * att_z)
            if att_count > 0 and length > 0:
                f = coh_weight / length
                chx, chy, chz = f * att_x, f * att_y, f * att_z
        elif nb_count > 0:
            cx, cy, cz = nb_ox / nb_count, nb_oy / nb_count, nb_oz / nb_count
            if self.coh == "centroid":
                chx, chy, chz = coh_weight * cx, coh_weight * cy, coh_weight * cz
            elif self.coh == "steerTo":
                d = math.sqrt(cx * cx + cy * cy + cz * cz)
                if d > 0:
                    desired = self.max_speed * (d / self.coh_arrival if d < self.coh_arrival else 1) / d
                    tx, ty, tz = cx * desired - vxi, cy * desired - vyi, cz * desired - vzi
                    length = math.sqrt(tx * tx + ty * ty + tz * tz)
                    if length > self.coh_max_force:
                        f = self.coh_max_force / length
                        tx, ty, tz = tx * f, ty * f, tz * f
                    chx, chy, chz = coh_weight * tx, coh_weight * ty, coh_weight * tz
            elif self.coh == "unitToCentroid":
                d = math.sqrt(cx * cx + cy * cy + cz * cz)
                if d > 0:
                    f = coh_weight / d
                    chx, chy, chz = f * cx, f * cy, f * cz
            else:
                raise ValueError(f"cohesion.kind: {self.coh!r}")

        if in_place:
            ax += chx; ay += chy; az += chz
        else:
            ax += spx; ay += spy; az += spz
        # the own velocity alignment reads: as changed by the rules before it when in place
        rvx, rvy, rvz = (vxi + ax, vyi + ay, vzi + az) if in_place else (vxi, vyi, vzi)

        ali_weight = self.ali_weight
        if self.ali == "velocityMatch":
            if nb_count > 0:
                ax += ali_weight * (nb_vx / nb_count - rvx)
                ay += ali_weight * (nb_vy / nb_count - rvy)
                az += ali_weight * (nb_vz / nb_count - rvz)
        elif self.ali == "summedVelocityMatch":
            # 000 as printed: the mean only for the last boid (highest id), the plain sum for every other
            if int(self.id[s]) != self.last_id:
                ax += ali_weight * (nb_vx - rvx); ay += ali_weight * (nb_vy - rvy); az += ali_weight * (nb_vz - rvz)
            elif nb_count > 0:
                ax += ali_weight * (nb_vx / nb_count - rvx)
                ay += ali_weight * (nb_vy / nb_count - rvy)
                az += ali_weight * (nb_vz / nb_count - rvz)
        elif self.ali == "meanVelocityLimited":
            if nb_count > 0:
                mx, my, mz = nb_vx / nb_count, nb_vy / nb_count, nb_vz / nb_count
                length = math.sqrt(mx * mx + my * my + mz * mz)
                if length > self.ali_max_force:
                    f = self.ali_max_force / length
                    mx, my, mz = mx * f, my * f, mz * f
                ax += ali_weight * mx; ay += ali_weight * my; az += ali_weight * mz
        elif self.ali in ("headingBlend", "circularHeadingBlend"):
            if nb_count > 0:
                wx += ax; wy += ay
                ax = ay = 0.0
                bird = math.atan2(wy, wx)
                speed = math.sqrt(wx * wx + wy * wy)
                if self.ali == "headingBlend":
                    mean = nb_heading / nb_count
                    turned = bird + (mean - bird) * ali_weight
                else:
                    turned = bird if nb_ux == 0 and nb_uy == 0 else bird + _wrap_angle(math.atan2(nb_uy, nb_ux) - bird) * ali_weight
                wx = math.cos(turned) * speed
                wy = math.sin(turned) * speed
        elif self.ali == "vicsek":
            sum_x, sum_y = nb_ux + float(ux[s]), nb_uy + float(uy[s])
            theta = math.atan2(rvy, rvx) if sum_x == 0 and sum_y == 0 else math.atan2(sum_y, sum_x)
            theta += self.vicsek_noise * (random.next_double() - 0.5)
            ax += ali_weight * math.cos(theta); ay += ali_weight * math.sin(theta)
        elif self.ali == "zonal":
            length = math.sqrt(nb_ux * nb_ux + nb_uy * nb_uy + nb_uz * nb_uz)
            if nb_count > 0 and length > 0:
                f = ali_weight / length
                ax += f * nb_ux; ay += f * nb_uy; az += f * nb_uz
        elif self.ali == "meanForward":
            if nb_count > 0:
                mx, my, mz = nb_ux / nb_count, nb_uy / nb_count, nb_uz / nb_count
            else:
                mx, my, mz = rvx, rvy, rvz
            length = math.sqrt(mx * mx + my * my + mz * mz)
            if length > 0:
                f = ali_weight / length
                ax += f * mx; ay += f * my; az += f * mz
        else:
            raise ValueError(f"alignment.kind: {self.ali!r}")
        if in_place:
            ax += spx; ay += spy; az += spz
        else:
            ax += chx; ay += chy; az += chz

        # --- goal (002)
        if self.goal_weight > 0:
            gx, gy, gz = self._delta(self.goal[0] - xi), self._delta(self.goal[1] - yi), self._delta(self.goal[2] - zi)
            if gx * gx + gy * gy + gz * gz <= self.goal_r2:
                ax += self.goal_weight * gx; ay += self.goal_weight * gy; az += self.goal_weight * gz

        # --- flee predators (002)
        if self.predator_count > 0 and self.flee_weight > 0:
            for q in range(self.predator_count):
                ex = self._delta(xi - float(self.px[q]))
                ey = self._delta(yi - float(self.py[q]))
                ez = self._delta(zi - float(self.pz[q]))
                e2 = ex * ex + ey * ey + ez * ez
                if e2 <= self.flee_r2 and e2 > 0:
                    f = self.flee_weight / math.sqrt(e2)
                    ax += f * ex; ay += f * ey; az += f * ez

        # --- obstacles
        if self.obstacles and self.obs_weight > 0:
            if self.obs == "forceField":
                for ox, oy, oz, radius in self.obstacles:
                    ex, ey, ez = self._delta(xi - ox), self._delta(yi - oy), self._delta(zi - oz)
                    dist = math.sqrt(ex * ex + ey * ey + ez * ez)
                    surface = dist - radius
                    if surface < self.obs_range and dist > 0:
                        push = 100 if surface < 0.1 else 10 / (surface * surface)
                        f = self.obs_weight * push / dist
                        ax += f * ex; ay += f * ey; az += f * ez
            else:
                if in_place:
                    tx, ty, tz = self._steer_to_avoid(xi, yi, zi, wx + ax, wy + ay, wz + az)
                else:
                    tx, ty, tz = self._steer_to_avoid(xi, yi, zi, vxi, vyi, vzi)
                ax += tx; ay += ty; az += tz

        # --- random steering
        noise = self.noise
        if noise > 0:
            if three_d:
                rx, ry, rz = _unit_direction_3d(random)
                ax += noise * rx; ay += noise * ry; az += noise * rz
            else:
                phi = 2 * math.pi * random.next_double()
                ax += noise * math.cos(phi); ay += noise * math.sin(phi)

        # --- soft boundary (000); moveThenClamp turns at the step's end
        if self.boundary == "softMargin" and self.mot != "moveThenClamp":
            lo, hi, turn = -self.half - self.soft_margin, self.half + self.soft_margin, self.soft_turn
            if xi < lo: ax += turn
            elif xi > hi: ax -= turn
            if yi < lo: ay += turn
            elif yi > hi: ay -= turn
            if three_d:
                if zi < lo: az += turn
                elif zi > hi: az -= turn

        # --- motion
        mot = self.mot
        if mot in ("moveThenClamp", "unclamped"):
            nvx, nvy, nvz = wx + ax, wy + ay, wz + az  # moveThenClamp clamps at the step's end
        elif mot in ("additive", "steering"):
            if mot == "steering":
                length = math.sqrt(ax * ax + ay * ay + az * az)
                if length > self.mot_max_force:
                    f = self.mot_max_force / length
                    ax, ay, az = ax * f, ay * f, az * f
            nvx, nvy, nvz = wx + ax, wy + ay, wz + az
            speed = math.sqrt(nvx * nvx + nvy * nvy + nvz * nvz)
            if speed > self.max_speed:
                f = self.max_speed / speed
                nvx, nvy, nvz = nvx * f, nvy * f, nvz * f
            elif speed < self.min_speed and speed > 0:
                f = self.min_speed / speed
                nvx, nvy, nvz = nvx * f, nvy * f, nvz * f
        elif mot == "constantSpeed":
            fx, fy, fz = wx, wy, wz
            flen = math.sqrt(fx * fx + fy * fy + fz * fz)
            if flen > 0:
                fx, fy, fz = fx / flen, fy / flen, fz / flen
            else:
                fx, fy, fz = 1.0, 0.0, 0.0
            tf = self.turn_factor
            rx, ry, rz = fx + (ax - fx) * tf, fy + (ay - fy) * tf, fz + (az - fz) * tf
            length = math.sqrt(rx * rx + ry * ry + rz * rz)
            if length > 1e-12:
                rx, ry, rz = rx / length, ry / length, rz / length
            else:
                rx, ry, rz = fx, fy, fz
            nvx, nvy, nvz = rx * self.const_speed, ry * self.const_speed, rz * self.const_speed
        elif mot == "turningRate":
            speed = math.sqrt(wx * wx + wy * wy + wz * wz)
            length = math.sqrt(ax * ax + ay * ay + az * az)
            if speed > 0:
                ex, ey, ez = wx / speed, wy / speed, wz / speed
            else:
                ex, ey, ez = 1.0, 0.0, 0.0
            if length > 0:
                gx, gy, gz = ax / length, ay / length, az / length
            else:
                gx, gy, gz = ex, ey, ez
            he = self.heading_error
            if he > 0:
                gx += he * random.next_gaussian()
                gy += he * random.next_gaussian()
                if three_d:
                    gz += he * random.next_gaussian()
                gl = math.sqrt(gx * gx + gy * gy + gz * gz)
                if gl > 0:
                    gx, gy, gz = gx / gl, gy / gl, gz / gl
                else:
                    gx, gy, gz = ex, ey, ez
            tx, ty, tz = _toward(ex, ey, ez, gx, gy, gz, self.max_turn_per_step if speed > 0 else math.pi, three_d)
            nvx, nvy, nvz = tx * self.const_speed, ty * self.const_speed, tz * self.const_speed
        else:
            raise ValueError(f"motion.kind: {mot!r}")
        dt = self.dt
        nx, ny, nz = xi + nvx * dt, yi + nvy * dt, zi + nvz * dt

        # --- hard and periodic boundaries act on the new position
        if self.wrap_positions:
            nx, ny = _wrap(nx, size), _wrap(ny, size)
            if three_d:
                nz = _wrap(nz, size)
        elif self.boundary == "hard" and mot != "moveThenClamp":  # moveThenClamp: at the step's end
            half = self.half
            if nx > half: nx = half; nvx = -abs(nvx)
            elif nx < -half: nx = -half; nvx = abs(nvx)
            if ny > half: ny = half; nvy = -abs(nvy)
            elif ny < -half: ny = -half; nvy = abs(nvy)
            if three_d:
                if nz > half: nz = half; nvz = -abs(nvz)
                elif nz < -half: nz = -half; nvz = abs(nvz)
        return nx, ny, nz, nvx, nvy, nvz

    def _steer_to_avoid(self, xi: float, yi: float, zi: float, vxi: float, vyi: float,
                        vzi: float) -> tuple[float, float, float]:
        """Steer-to-avoid: the lateral steer away from the nearest sphere on the look-ahead segment."""
        speed = math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi)
        if speed == 0:
            return 0.0, 0.0, 0.0
        fx, fy, fz = vxi / speed, vyi / speed, vzi / speed
        best_t, lx, ly, lz = math.inf, 0.0, 0.0, 0.0
        for ox, oy, oz, radius in self.obstacles:
            cx, cy, cz = self._delta(ox - xi), self._delta(oy - yi), self._delta(oz - zi)
            along = _clamp(cx * fx + cy * fy + cz * fz, 0.0, self.obs_range)
            ex, ey, ez = along * fx - cx, along * fy - cy, along * fz - cz
            reach = radius + self.obs_clearance
            if ex * ex + ey * ey + ez * ez < reach * reach and along < best_t:
                best_t, lx, ly, lz = along, ex, ey, ez
        if best_t == math.inf:
            return 0.0, 0.0, 0.0
        length = math.sqrt(lx * lx + ly * ly + lz * lz)
        if length < 1e-12:
            if self.three_d and abs(fz) < 0.9:
                lx, ly, lz = fy, -fx, 0.0
            elif self.three_d:
                lx, ly, lz = 0.0, fz, -fy
            else:
                lx, ly, lz = -fy, fx, 0.0
            length = math.sqrt(lx * lx + ly * ly + lz * lz)
        f = self.obs_weight * (1 - best_t / self.obs_range) / length
        return f * lx, f * ly, f * lz

    # ------------------------------------------------------------------ predators

    def _move_predators(self) -> None:
        """Predation.move: every predator by its behaviour, after the boids moved."""
        n = self.count
        x, y, z = self.x[:n], self.y[:n], self.z[:n]
        for q in range(self.predator_count):
            if self.pred_kind != "chaseCentroid":
                self._chase_visible(q, n)
                continue
            pxq, pyq, pzq = float(self.px[q]), float(self.py[q]), float(self.pz[q])
            if self.periodic:
                cx = float(_sum(_minimum_image_array(x - pxq, self.size))) / n
                cy = float(_sum(_minimum_image_array(y - pyq, self.size))) / n
                cz = float(_sum(_minimum_image_array(z - pzq, self.size))) / n
            else:
                cx = float(_sum(x)) / n - pxq
                cy = float(_sum(y)) / n - pyq
                cz = float(_sum(z)) / n - pzq
            power, dt = self.pred_power, self.pred_dt
            ux = float(self.pvx[q]) + cx * power * dt
            uy = float(self.pvy[q]) + cy * power * dt
            uz = float(self.pvz[q]) + cz * power * dt
            speed = math.sqrt(ux * ux + uy * uy + uz * uz)
            if speed > self.pred_max_speed:
                f = self.pred_max_speed / speed
                ux, uy, uz = ux * f, uy * f, uz * f
            self.pvx[q], self.pvy[q], self.pvz[q] = ux, uy, uz
            self._move_predator(q, ux, uy, uz)

    def _move_predator(self, q: int, ux: float, uy: float, uz: float) -> None:
        dt = self.pred_dt
        px, py, pz = float(self.px[q]) + ux * dt, float(self.py[q]) + uy * dt, float(self.pz[q]) + uz * dt
        if self.periodic:
            px, py = _wrap(px, self.size), _wrap(py, self.size)
            if self.three_d:
                pz = _wrap(pz, self.size)
        self.px[q], self.py[q], self.pz[q] = px, py, pz

    def _chase_visible(self, q: int, n: int) -> None:
        """chaseNearest / chaseVisibleCentroid: toward the nearest or the centroid of the boids in sight."""
        pvx, pvy, pvz = float(self.pvx[q]), float(self.pvy[q]), float(self.pvz[q])
        speed = math.sqrt(pvx * pvx + pvy * pvy + pvz * pvz)
        hx = hy = hz = 0.0
        view_cos = self.pred_view_cos
        if speed > 0:
            hx, hy, hz = pvx / speed, pvy / speed, pvz / speed
        else:
            view_cos = -2.0
        dx, dy, dz = self.x[:n] - self.px[q], self.y[:n] - self.py[q], self.z[:n] - self.pz[q]
        if self.periodic:
            dx, dy, dz = (_minimum_image_array(dx, self.size), _minimum_image_array(dy, self.size),
                          _minimum_image_array(dz, self.size))
        d2 = dx * dx + dy * dy + dz * dz
        seen = (d2 <= self.pred_sight_r2) & (d2 != 0)
        if view_cos > -2:
            seen &= ~(hx * dx + hy * dy + hz * dz < view_cos * np.sqrt(d2))
        count = int(np.count_nonzero(seen))
        tx = ty = tz = 0.0
        if count > 0:
            if self.pred_kind == "chaseNearest":
                k = int(np.flatnonzero(seen)[np.argmin(d2[seen])])  # the first of equal distances, as a strict <
                tx, ty, tz = float(dx[k]), float(dy[k]), float(dz[k])
            else:
                tx, ty, tz = float(_sum(dx[seen])), float(_sum(dy[seen])), float(_sum(dz[seen]))
        length = math.sqrt(tx * tx + ty * ty + tz * tz)
        top = self.pred_max_speed
        if count > 0 and length > 0:
            gx, gy, gz = tx / length, ty / length, tz / length
            if speed > 0:
                gx, gy, gz = _toward(hx, hy, hz, gx, gy, gz, self.pred_max_turn, self.three_d)
            self.pvx[q], self.pvy[q], self.pvz[q] = gx * top, gy * top, gz * top
        elif speed > 0:
            self.pvx[q], self.pvy[q], self.pvz[q] = hx * top, hy * top, hz * top
        self._move_predator(q, float(self.pvx[q]), float(self.pvy[q]), float(self.pvz[q]))

    def _capture(self, step: int) -> None:
        """Predation.capture: records (and maybe removes) every boid within a predator's capture radius."""
        if self.capture_r2 <= 0:
            return
        for q in range(self.predator_count):
            i = 0
            while i < self.count:
                dx = self._delta(float(self.x[i] - self.px[q]))
                dy = self._delta(float(self.y[i] - self.py[q]))
                dz = self._delta(float(self.z[i] - self.pz[q]))
                if dx * dx + dy * dy + dz * dz < self.capture_r2:
                    self.captures.append(Capture(step, q, int(self.id[i])))
                    if self.remove_on_capture and self.count > 1:
                        self._remove(i)
                        continue
                i += 1

    def _remove(self, i: int) -> None:
        """Removes slot i keeping the others in id order."""
        last = self.count - 1
        for a in (self.x, self.y, self.z, self.vx, self.vy, self.vz, self.id):
            a[i:last] = a[i + 1:last + 1].copy()
        self.count = last

    # ------------------------------------------------------------------ reading the state

    def boids(self) -> list[Boid]:
        """The boids, in id order."""
        return [Boid(int(self.id[i]), float(self.x[i]), float(self.y[i]), float(self.z[i]),
                     float(self.vx[i]), float(self.vy[i]), float(self.vz[i])) for i in range(self.count)]

    def predators(self) -> list[Boid]:
        """The predators (id = index)."""
        return [Boid(k, float(self.px[k]), float(self.py[k]), float(self.pz[k]),
                     float(self.pvx[k]), float(self.pvy[k]), float(self.pvz[k])) for k in range(self.predator_count)]

    def polarization(self) -> float:
        """The order parameter |Σ v_i/|v_i|| / N in [0, 1]: 1 when every boid heads the same way."""
        n = self.count
        speed = np.sqrt(self.vx[:n] ** 2 + self.vy[:n] ** 2 + self.vz[:n] ** 2)
        moving = speed > 0
        sx = float(_sum(self.vx[:n][moving] / speed[moving]))
        sy = float(_sum(self.vy[:n][moving] / speed[moving]))
        sz = float(_sum(self.vz[:n][moving] / speed[moving]))
        return math.sqrt(sx * sx + sy * sy + sz * sz) / n
