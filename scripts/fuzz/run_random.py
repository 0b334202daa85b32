"""Long fuzzing runs of pedron's foundation and evaluators, driven by :mod:`random`.

Usage (from the repository root, after building the extensions)::

    python scripts/fuzz/run_random.py --seconds 60            # every target, 60 s each
    python scripts/fuzz/run_random.py --runs 100000 deck odds  # fixed count, some targets
    python scripts/fuzz/run_random.py --list

Each run derives its inputs from ``--seed`` (default 0) and the input number, so
a failure prints the exact command that repeats it. Prints, per target, the
inputs run, inputs per second and how many ended in a PedronError (the rest
returned a checked result). Exits 1 on the first finding (an exception that is
not a PedronError, or a failed check); a crash of the compiled core kills the
process with a signal.
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import driver_args
import pedron_targets as targets


def run_target(name: str, seed: int, runs: int | None, seconds: float | None) -> dict:
    fn = targets.TARGETS[name]
    rng = random.Random()
    targets.STATS.update(returned=0, refused=0)
    n = 0
    start = time.perf_counter()
    deadline = start + seconds if seconds is not None else None
    while True:
        if runs is not None and n >= runs:
            break
        if deadline is not None and (n & 63) == 0 and time.perf_counter() >= deadline:
            break
        rng.seed(f"{name}:{seed}:{n}")
        try:
            fn(targets.RandomSource(rng))
        except Exception:
            traceback.print_exc()
            print(f"FINDING in {name}, input {n}; repeat with: python {sys.argv[0]} "
                  f"--seed {seed} --start {n} --runs 1 {name}", file=sys.stderr)
            sys.exit(1)
        n += 1
    elapsed = time.perf_counter() - start
    return {"target": name, "inputs": n, "seconds": elapsed,
            "per_second": n / elapsed if elapsed else 0.0, **targets.STATS}


def main(argv: list[str] | None = None) -> int:
    parsed = driver_args.parse(
        __doc__.splitlines()[0], targets.TARGETS, argv,
        start_default=None, start_help="repeat inputs from this number on (no timing)",
    )
    if parsed is None:
        return 0
    args, names, seconds = parsed
    total = 0
    print(f"{'target':<20} {'inputs':>10} {'seconds':>8} {'inputs/s':>10} "
          f"{'calls ok':>10} {'refused':>10}")
    for name in names:
        if args.start is not None:
            # repeat given inputs (e.g. a finding), by their numbers
            fn = targets.TARGETS[name]
            rng = random.Random()
            for n in range(args.start, args.start + (args.runs or 1)):
                rng.seed(f"{name}:{args.seed}:{n}")
                fn(targets.RandomSource(rng))
            print(f"{name}: inputs {args.start}..{args.start + (args.runs or 1) - 1} passed")
            continue
        r = run_target(name, args.seed, args.runs, seconds)
        total += r["inputs"]
        print(f"{name:<20} {r['inputs']:>10} {r['seconds']:>8.1f} {r['per_second']:>10.0f} "
              f"{r['returned']:>10} {r['refused']:>10}", flush=True)
    if args.start is None:
        print(f"{'total':<20} {total:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
