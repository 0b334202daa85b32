"""A strategy chart's ``hold()`` per hand, this tree against issue 39's starting
commit (aefd38d), side by side.

At the start ``hold()`` searched: every hold of the deal named and ranked, 13-16
ms a hand. Now it is a lookup in the chart's play on every suit class of deals,
made on the chart's first ``hold()`` (the "table" time below) and kept. Both
trees are timed (wall and CPU time: the process's CPU time weighs a shared
machine's load less) in fresh processes, taking turns game by game, on the same
seeded hands (``random.Random(seed)``) and the same chart (this tree's
``strategy_chart``, its lines given to the start's ``StrategyChart``); the
answers of the two trees are compared too.

    python benchmarks/chart_hold_vs_start.py --start-src /work/main/src

(run from the repository root; this tree is imported from ./src).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = r"""
import json, random, statistics, sys, time
from fractions import Fraction
from pedron import videopoker as vp
game, count, seed, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if lines == "-":   # this tree: its own chart, whose lines the start then plays
    chart = vp.strategy_chart(game)
else:
    chart = vp.StrategyChart(vp.pay_table(game), tuple(
        vp.ChartLine(p, "", 0, Fraction(0)) for p in json.load(open(lines))),
        Fraction(0), Fraction(0), 0.0)
cards = 53 if chart.pay_table.wilds == "joker" else 52
rng = random.Random(seed)
hands = [tuple(rng.sample(range(cards), 5)) for _ in range(count + 1)]
t, c = time.perf_counter(), time.process_time()
first = chart.hold(hands[0])
first_s, first_cpu = time.perf_counter() - t, time.process_time() - c
times, cpu, held = [], [], [first]
for _ in range(3):   # (three passes: the median of the per-hand means)
    t, c = time.perf_counter(), time.process_time()
    out = [chart.hold(h) for h in hands[1:]]
    times.append((time.perf_counter() - t) / count)
    cpu.append((time.process_time() - c) / count)
held += out
print(json.dumps({"first": first_s, "first_cpu": first_cpu, "per_hand": statistics.median(times),
                  "per_hand_cpu": statistics.median(cpu), "held": held,
                  "patterns": chart.patterns}))
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
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games:
            ours = _run(ROOT / "src", game, str(args.hands), str(args.seed), "-")
            lines = Path(folder, f"{game}.json")
            lines.write_text(json.dumps(ours["patterns"]))
            theirs = _run(Path(args.start_src), game, str(args.start_hands), str(args.seed),
                          str(lines))
            same = ours["held"][:args.start_hands + 1] == theirs["held"]
            for kind, key in (("wall", ""), ("CPU", "_cpu")):
                mine, start = ours[f"per_hand{key}"], theirs[f"per_hand{key}"]
                print(f"{game} ({kind} time): hold() {mine * 1e6:.1f} us a hand here, "
                      f"{start * 1e3:.2f} ms at the start ({start / mine:,.0f}x); the first "
                      f"hold() {ours['first' + key]:.2f} s here (the table), "
                      f"{theirs['first' + key] * 1e3:.1f} ms at the start")
            print(f"{game}: a chart of {len(ours['patterns'])} lines; the same holds on the "
                  f"{args.start_hands + 1} hands both played: {same}")


if __name__ == "__main__":
    main()
