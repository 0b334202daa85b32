"""Long fuzzing runs of the two game engines (saved games, random calls, views).

Usage (from the repository root, after building the extensions)::

    python scripts/fuzz/games_run.py --seconds 60              # every target, 60 s each
    python scripts/fuzz/games_run.py --runs 1000 save_diablo    # fixed count, some targets
    python scripts/fuzz/games_run.py --list

The targets are in ``scripts/fuzz/games_targets.py``. Each input is derived from
``--seed`` and its number, so a finding prints the command that repeats exactly
that input. Prints, per target, the inputs run, inputs per second, and how many
calls (or loads) were accepted and refused. Exits 1 on the first finding.
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import driver_args
import games_targets as targets


def run_target(name: str, seed: int, runs: int | None, seconds: float | None,
               start: int = 0) -> dict:
    fn = targets.TARGETS[name]
    rng = random.Random()
    targets.STATS.update(accepted=0, refused=0, views=0, permuted=0)
    n = start
    t0 = time.perf_counter()
    deadline = t0 + seconds if seconds is not None else None
    while True:
        if runs is not None and n - start >= runs:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        rng.seed(f"{name}:{seed}:{n}")
        try:
            fn(rng)
        except Exception:
            traceback.print_exc()
            print(f"FINDING in {name}, input {n}; repeat with: python {sys.argv[0]} "
                  f"--seed {seed} --start {n} --runs 1 {name}", file=sys.stderr)
            sys.exit(1)
        n += 1
    elapsed = time.perf_counter() - t0
    return {"inputs": n - start, "seconds": elapsed,
            "per_second": (n - start) / elapsed if elapsed else 0.0, **targets.STATS}


def main(argv: list[str] | None = None) -> int:
    parsed = driver_args.parse(
        __doc__.splitlines()[0], targets.TARGETS, argv,
        start_default=0, start_help="number of the first input",
    )
    if parsed is None:
        return 0
    args, names, seconds = parsed
    for name in names:  # build the cached real saves outside the timing
        if name.startswith("save_"):
            targets.real_saves(name[5:])
    print(f"{'target':<22} {'inputs':>9} {'seconds':>8} {'inputs/s':>9} "
          f"{'accepted':>10} {'refused':>10} {'views':>10} {'permuted':>10}")
    total = 0
    for name in names:
        r = run_target(name, args.seed, args.runs, seconds, args.start)
        total += r["inputs"]
        print(f"{name:<22} {r['inputs']:>9} {r['seconds']:>8.1f} {r['per_second']:>9.0f} "
              f"{r['accepted']:>10} {r['refused']:>10} {r['views']:>10} {r['permuted']:>10}",
              flush=True)
    print(f"{'total':<22} {total:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
