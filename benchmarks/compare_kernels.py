"""Time the kernels' workloads of this tree against another pedron, side by side.

    python benchmarks/compare_kernels.py --baseline-path OTHER/site-packages [--rounds 11]
    python benchmarks/compare_kernels.py --baseline-path ... --only evaluate_wild batch_checked

Each round runs every workload of ``kernel_workloads.py`` in a fresh interpreter for
this tree and one for the baseline, alternately (which goes first alternates too, so a
burst of load falls on both alike). Both run this interpreter; the baseline's pedron
is put first on its path (``--baseline-path``: the site-packages of an environment
with the other pedron installed), this tree's is the one on this interpreter's path.
The table gives each side's median rate and the median and range of the per-round
ratios (this / baseline). ``phevaluator_calls`` is the peer, timed in both; the
per-call ratio against it is taken within each round and process pair.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def rate(path: str | None, workload: str) -> float:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, str(HERE / "kernel_workloads.py"), workload],
                         check=True, capture_output=True, text=True, env=env, cwd="/").stdout
    return float(json.loads(out)[workload])


def main() -> int:
    sys.path.insert(0, str(HERE))
    from kernel_workloads import WORKLOADS

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline-path", required=True,
                        help="where the other pedron is installed (put first on its path)")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--only", nargs="*", help="workloads to run (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.only or list(WORKLOADS)
    results = {}
    for name in names:
        new, old = [], []
        for i in range(args.rounds):
            if i % 2:
                old.append(rate(args.baseline_path, name))
                new.append(rate(None, name))
            else:
                new.append(rate(None, name))
                old.append(rate(args.baseline_path, name))
        ratios = sorted(a / b for a, b in zip(new, old, strict=True))
        results[name] = {
            "this": statistics.median(new),
            "baseline": statistics.median(old),
            "ratio": statistics.median(ratios),
            "low": ratios[0],
            "high": ratios[-1],
        }
        if not args.json:
            r = results[name]
            print(f"{name:22s} this {r['this']:14,.1f}/s  baseline {r['baseline']:14,.1f}/s  "
                  f"ratio {r['ratio']:5.3f}x ({r['low']:.3f}-{r['high']:.3f})", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
