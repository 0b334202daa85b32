"""Time the table-engine workloads of this tree against another pedron, side by side.

    python benchmarks/compare_engines.py --baseline /path/to/other/venv/bin/python [--rounds 5]

Each round runs every workload of ``engine_workloads.py`` once in this
interpreter and once in the baseline's (alternately, so a load on the machine
hits both alike); the table gives the medians and the ratio of the medians.
The baseline is any interpreter with another pedron installed (the previous
commit's, built in its own virtual environment).
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


def rate(python: str, workload: str) -> float:
    env = None
    if python != sys.executable:  # the baseline imports its own pedron, not this tree's
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [python, str(HERE / "engine_workloads.py"), workload],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    return float(json.loads(out)[workload])


def main() -> int:
    sys.path.insert(0, str(HERE))
    from engine_workloads import WORKLOADS

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", required=True, help="the other pedron's python")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="*", help="workloads to run (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.only or list(WORKLOADS)
    results = {}
    for name in names:
        new, old = [], []
        for _ in range(args.rounds):
            new.append(rate(sys.executable, name))
            old.append(rate(args.baseline, name))
        results[name] = {
            "this": statistics.median(new),
            "baseline": statistics.median(old),
            "ratio": statistics.median(new) / statistics.median(old),
        }
        if not args.json:
            r = results[name]
            print(
                f"{name:22s} this {r['this']:12,.1f}/s  baseline {r['baseline']:12,.1f}/s  "
                f"ratio {r['ratio']:5.2f}x",
                flush=True,
            )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
