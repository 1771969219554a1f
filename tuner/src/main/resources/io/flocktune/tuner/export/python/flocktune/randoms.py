"""The seeded random streams of the Java engine, bit for bit.

``SplittableRandom`` is java.util.SplittableRandom (nextLong, nextDouble) and draws the initial
state and the run key; ``BoidRandom`` is the engine's keyed per-step stream, a pure function of
(run key, step, boid id), for noise, Vicsek's eta and the turning-rate heading error. Python's
integers do the 64-bit arithmetic (masked to 64 bits), so every draw equals Java's.
"""
from __future__ import annotations

import math

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_UNIT = 1.1102230246251565e-16  # 2^-53


def mix64(z: int) -> int:
    """Stafford's variant 13 of the MurmurHash3 finaliser (SplittableRandom.mix64)."""
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def _unit(z: int) -> float:
    """(z >>> 11) * 2^-53: a double in [0, 1)."""
    return (z >> 11) * _UNIT


class SplittableRandom:
    """java.util.SplittableRandom(seed): next_long and next_double, bit for bit."""

    def __init__(self, seed: int) -> None:
        self._seed = seed & _MASK

    def next_long(self) -> int:
        """The next 64-bit value, as an unsigned integer in [0, 2^64)."""
        self._seed = (self._seed + _GOLDEN) & _MASK
        return mix64(self._seed)

    def next_double(self) -> float:
        """The next double, uniform in [0, 1)."""
        return _unit(self.next_long())


class BoidRandom:
    """The engine's keyed per-step stream: ``start(step, id)`` seeds it for one boid's step."""

    def __init__(self, run_key: int) -> None:
        self.run_key = run_key & _MASK
        self._state = 0

    def start(self, step: int, boid_id: int) -> None:
        """state = mix64(mix64(run_key + step * GOLDEN) + id)."""
        s = mix64((self.run_key + step * _GOLDEN) & _MASK)
        self._state = mix64((s + (boid_id & 0xFFFFFFFF)) & _MASK)

    def next_double(self) -> float:
        """The next double of the stream, uniform in [0, 1)."""
        self._state = (self._state + _GOLDEN) & _MASK
        return _unit(mix64(self._state))

    def next_gaussian(self) -> float:
        """A standard normal draw (Box-Muller, the cosine branch)."""
        u = 1.0 - self.next_double()
        v = self.next_double()
        return math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * v)
