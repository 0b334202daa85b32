"""Video poker against issue 31's starting commit (12d6e4e), side by side.

Both trees are timed in fresh processes, taking turns round by round so that
the machine's load falls on both alike; each process reports the median of
its warm repetitions (the deck's tables built first) and its cold time
(import, tables and one analysis). The starting commit knows two games
(Full Pay Deuces Wild and 9/6 Jacks or Better): those are compared; every
other figure is this tree's alone.

    python benchmarks/videopoker_vs_start.py --start-python /path/to/start/bin/python

(run from the repository root; this tree is imported from ./src).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = r"""
import json, statistics, sys, time
t0 = time.perf_counter()
from pedron import videopoker as vp
name, reps, extra = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
vp.analyse(name)
cold = time.perf_counter() - t0
warm = []
for _ in range(reps):
    t = time.perf_counter(); vp.analyse(name); warm.append(time.perf_counter() - t)
out = {"cold": cold, "warm": statistics.median(warm)}
if extra:
    t = time.perf_counter()
    vp.analyse(name, threads=2)
    out["two_threads"] = time.perf_counter() - t
print(json.dumps(out))
"""

_CHART = r"""
import json, sys, time
from pedron import videopoker as vp
c = vp.strategy_chart(sys.argv[1])
print(json.dumps({"seconds": c.seconds, "lines": len(c.lines), "cost_pp": float(c.cost) * 100}))
"""


def _run(python: str, code: str, *args: str, ours: bool) -> dict[str, float]:
    env = dict(os.environ)
    if ours:
        env["PYTHONPATH"] = str(ROOT / "src")
    else:
        env.pop("PYTHONPATH", None)
    out = subprocess.run([python, "-c", code, *args], capture_output=True, text=True, env=env,
                         cwd="/", check=True, timeout=600)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start-python", required=True, help="a Python with 12d6e4e installed")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--charts", action="store_true", help="also time every game's chart")
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for game, old_name in (("deuces-wild", "full-pay-deuces-wild"), ("jacks-or-better", "9/6")):
        ours, theirs = [], []
        for _ in range(args.rounds):
            ours.append(_run(sys.executable, _PROBE, game, str(args.reps), "0", ours=True))
            theirs.append(_run(args.start_python, _PROBE, old_name, str(args.reps), "0",
                               ours=False))
        ow = statistics.median(r["warm"] for r in ours)
        tw = statistics.median(r["warm"] for r in theirs)
        oc = statistics.median(r["cold"] for r in ours)
        tc = statistics.median(r["cold"] for r in theirs)
        print(f"{game}: warm {ow:.3f} s here, {tw:.3f} s at the start ({tw / ow:.2f}x); "
              f"fresh process {oc:.3f} s here, {tc:.3f} s at the start ({tc / oc:.2f}x)")
    sys.path.insert(0, str(ROOT / "src"))
    from pedron import videopoker as vp  # (this tree, for the game names)

    for game in vp.GAMES:
        runs = [_run(sys.executable, _PROBE, game, str(args.reps), "1", ours=True)
                for _ in range(max(1, args.rounds // 2))]
        print(f"{game}: warm {statistics.median(r['warm'] for r in runs):.3f} s, "
              f"threads=2 {statistics.median(r['two_threads'] for r in runs):.3f} s, "
              f"fresh process {statistics.median(r['cold'] for r in runs):.3f} s")
    if args.charts:
        for game in vp.GAMES:
            r = _run(sys.executable, _CHART, game, ours=True)
            print(f"chart {game}: {r['seconds']:.1f} s, {r['lines']} lines, "
                  f"cost {r['cost_pp']:.4f} percentage points")


if __name__ == "__main__":
    main()
