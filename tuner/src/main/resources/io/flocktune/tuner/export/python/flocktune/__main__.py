"""Command line of the engine.

  python3 -m flocktune run PRESET.json [--seed S] [--steps N] [--init STATE.csv] [--trace OUT.csv]
      steps a flock as ``flocktune simulate`` does and prints its order parameter; --trace writes
      every step (0 = the initial state) as a state CSV.
  python3 -m flocktune bench PRESET.json [--boids N] [--steps K]
      prints boid-updates per second at N boids (default 5000) over K steps (default 3).
"""
from __future__ import annotations

import argparse
import sys
import time

from .engine import Flock
from .preset import Preset
from .state import HEADER, read_state, write_rows


def _flock(preset: Preset, seed: int, init: str | None) -> Flock:
    if init is None:
        return Flock.from_seed(preset, seed)
    boids, predators = read_state(init)
    return Flock.from_state(preset, seed, boids, predators)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m flocktune", description="flocktune's flock engine")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="step a flock and print its order parameter")
    run.add_argument("preset", help="a preset JSON file (flocktune export --to json)")
    run.add_argument("--seed", type=int, default=1, help="initial state and random streams (default 1)")
    run.add_argument("--steps", type=int, default=1000, help="steps to run, >= 0 (default 1000)")
    run.add_argument("--init", help="a state CSV to start from instead of the seed's state")
    run.add_argument("--trace", help="write every step's state to this CSV")
    bench = commands.add_parser("bench", help="boid-updates per second")
    bench.add_argument("preset", help="a preset JSON file, e.g. reynolds")
    bench.add_argument("--boids", type=int, default=5000, help="boids, >= 1 (default 5000)")
    bench.add_argument("--steps", type=int, default=3, help="timed steps, >= 1 (default 3)")
    args = parser.parse_args(argv)
    try:
        preset = Preset.load(args.preset)
    except (OSError, ValueError, KeyError) as e:
        print(f"flocktune: {args.preset}: {e}", file=sys.stderr)
        return 2
    if args.command == "run":
        if args.steps < 0:
            print(f"flocktune: --steps {args.steps}: must be >= 0", file=sys.stderr)
            return 2
        flock = _flock(preset, args.seed, args.init)
        trace = open(args.trace, "w", encoding="utf-8") if args.trace else None
        try:
            if trace:
                trace.write(",".join(HEADER) + "\n")
                write_rows(trace, flock)
            for _ in range(args.steps):
                flock.step()
                if trace:
                    write_rows(trace, flock)
        finally:
            if trace:
                trace.close()
        print(f"{preset.name}: {flock.count} boids, {args.steps} steps, polarization {flock.polarization():.4f}, "
              f"captures {len(flock.captures)}")
        return 0
    if args.boids < 1 or args.steps < 1:
        print("flocktune: --boids and --steps must be >= 1", file=sys.stderr)
        return 2
    flock = Flock.from_seed(preset.with_boids(args.boids), 1)
    flock.step()  # warm-up
    start = time.perf_counter()
    flock.run(args.steps)
    seconds = time.perf_counter() - start
    print(f"{preset.name}: {args.boids} boids, {args.steps} steps in {seconds:.3f} s: "
          f"{args.boids * args.steps / seconds:.0f} boid-updates/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
