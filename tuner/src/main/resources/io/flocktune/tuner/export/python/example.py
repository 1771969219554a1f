"""Runs the exported flocktune preset with the flocktune engine and shows how the flock orders.

    python3 example.py [--steps N] [--seed S] [--out flock.png]

Prints the order parameter (polarization, 0 = headings at random, 1 = all aligned) every tenth of
the run. With matplotlib installed it also saves a picture: the flock's final positions and
headings, and the order parameter over the steps. Runs from this folder without installing
(``pip install .`` makes ``import flocktune`` work everywhere).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import flocktune  # noqa: E402
from tuned_preset import PRESET  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300, help="steps to run, >= 1 (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="initial state and random streams (default 1)")
    parser.add_argument("--out", default="flock.png", help="the picture to save with matplotlib (default flock.png)")
    args = parser.parse_args()
    if args.steps < 1:
        print(f"example.py: --steps {args.steps}: must be >= 1", file=sys.stderr)
        return 2

    flock = flocktune.Flock.from_seed(PRESET, seed=args.seed)
    order = [flock.polarization()]
    print(f"{PRESET.name}: {flock.count} boids, {PRESET.world['dimension']}D, seed {args.seed}")
    print(f"step {0:6d}  order parameter {order[0]:.4f}")
    for k in range(1, args.steps + 1):
        flocktune.step(flock)
        order.append(flock.polarization())
        if k % max(1, args.steps // 10) == 0 or k == args.steps:
            print(f"step {k:6d}  order parameter {order[-1]:.4f}")
    if flock.captures:
        print(f"captures: {len(flock.captures)}")

    try:
        import matplotlib
    except ImportError:
        print("matplotlib is not installed: no picture (pip install matplotlib)")
        return 0
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = flock.count
    figure, (space, curve) = plt.subplots(1, 2, figsize=(11, 5))
    space.quiver(flock.x[:n], flock.y[:n], flock.vx[:n], flock.vy[:n], angles="xy", color="tab:blue", width=0.004)
    if flock.predator_count:
        space.scatter(flock.px, flock.py, color="tab:red", marker="x", s=60, label="predator")
        space.legend(loc="upper right")
    half = 0.5 * PRESET.world["size"]
    space.set_xlim(-half, half)
    space.set_ylim(-half, half)
    space.set_aspect("equal")
    space.set_title(f"{PRESET.name}: step {args.steps} (x, y)")
    curve.plot(order, color="tab:green")
    curve.set_ylim(0, 1.02)
    curve.set_xlabel("step")
    curve.set_ylabel("order parameter (polarization)")
    curve.set_title("how the flock orders")
    figure.tight_layout()
    figure.savefig(args.out, dpi=100)
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
