"""A strategy chart's ``hold()`` per hand, this tree against issue 39's starting
commit (aefd38d), side by side.

At the start ``hold()`` searched: every hold of the deal named and ranked, 13-16
ms a hand. Now it is a lookup in the chart's play on every suit class of deals,
made on the chart's first ``hold()`` (the "table" time below) and kept. Both
trees are timed in fresh processes, taking turns game by game, on the same
seeded hands (``random.Random(seed)``), each with the chart its own
``strategy_chart`` makes; the answers of the two trees are compared too.

    python benchmarks/chart_hold_vs_start.py --start-src /work/main/src

(run from the repository root; this tree is imported from ./src).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = r"""
import json, random, statistics, sys, time
from pedron import videopoker as vp
game, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
chart = vp.strategy_chart(game)
cards = 53 if chart.pay_table.wilds == "joker" else 52
rng = random.Random(seed)
hands = [tuple(rng.sample(range(cards), 5)) for _ in range(count + 1)]
t = time.perf_counter()
first = chart.hold(hands[0])
first_s = time.perf_counter() - t
times, held = [], [first]
for _ in range(3):   # (three passes: the median of the per-hand means)
    t = time.perf_counter()
    out = [chart.hold(h) for h in hands[1:]]
    times.append((time.perf_counter() - t) / count)
held += out
print(json.dumps({"first": first_s, "per_hand": statistics.median(times), "held": held,
                  "patterns": len(chart.lines)}))
"""


def _run(src: Path, *args: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True,
                         env=env, cwd="/", check=True, timeout=1200)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start-src", required=True, help="the src/ folder of a checkout of aefd38d")
    ap.add_argument("--hands", type=int, default=2000, help="hands timed here (default 2000)")
    ap.add_argument("--start-hands", type=int, default=100,
                    help="hands timed at the start, the first of the same hands (default 100)")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--games", nargs="*", default=["jacks-or-better", "deuces-wild",
                                                    "joker-poker"])
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for game in args.games:
        ours = _run(ROOT / "src", game, str(args.hands), str(args.seed))
        theirs = _run(Path(args.start_src), game, str(args.start_hands), str(args.seed))
        same = ours["held"][:args.start_hands + 1] == theirs["held"]
        print(f"{game}: hold() {ours['per_hand'] * 1e6:.1f} us a hand here, "
              f"{theirs['per_hand'] * 1e3:.2f} ms at the start "
              f"({theirs['per_hand'] / ours['per_hand']:,.0f}x); the first hold() "
              f"{ours['first']:.2f} s here (the table), {theirs['first'] * 1e3:.1f} ms at the "
              f"start; charts of {ours['patterns']} and {theirs['patterns']} lines; "
              f"same holds: {same}")


if __name__ == "__main__":
    main()
