"""Measure the draw-analysis and video-poker figures of docs/performance.md.

Run: PYTHONPATH=src python scripts/draw_perf.py [--against /path/to/other/src]

Every figure is a median over rounds; with ``--against`` the advisor is also
timed from another checkout (e.g. the commit before the draw-analysis work),
alternating with this one round by round, and the ratio is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ADVISOR = r"""
import random, time, statistics
from pedron.diablo import draw_odds
rng = random.Random(3)
hands = [tuple(rng.sample(range(52), 5)) for _ in range(300)]
ts = []
for _ in range(5):
    t = time.perf_counter()
    for h in hands:
        draw_odds(h)
    ts.append((time.perf_counter() - t) / len(hands))
print(statistics.median(ts))
"""


def med(fn, n, rounds=7):
    ts = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t) / n)
    return statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", help="another checkout's src/ to time the advisor from")
    args = ap.parse_args()

    import numpy as np

    from pedron import videopoker as vp
    from pedron._kernels import draw_kernel as dk
    from pedron.cards import deal_batch
    from pedron.diablo import draw_odds
    from pedron.drawpoker import DrawLimit, DrawOption, PayTable, analyse_batch
    from pedron.drawpoker.objectives import DEFAULT

    fp = PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1])
    rows = np.asarray(deal_batch(4000, 5, seed=20261201))
    hands = [tuple(int(c) for c in r) for r in rows[:300]]
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")

    def kernel_only(objective, most, ace):
        spec = objective.kernel(True)
        vals = objective.value_tables(True)
        return lambda: [dk.options(DrawOption, h, 0, most, ace, True, objective, spec, True,
                                   vals) for h in hands]

    more_draw = DrawLimit(4, True)
    for label, limit, most, ace, n in (("max_draw 2", 2, 2, False, 300),
                                       ("More draw, DrawLimit(4, True)", more_draw, 4, True, 300)):
        few = hands[:n]
        fulls, kerns, pays = [], [], []
        kernel = kernel_only(DEFAULT, most, ace)
        for _ in range(7):  # the three timed in turn, round by round
            fulls.append(med(lambda few=few, limit=limit: [draw_odds(h, limit) for h in few],
                             n, 1))
            kerns.append(med(kernel, n, 1))
            pays.append(med(lambda few=few, limit=limit: [draw_odds(h, limit, objective=fp)
                                                          for h in few], n, 1))
        full, kern, pay = (statistics.median(x) for x in (fulls, kerns, pays))
        share = statistics.median((f - k) / f for f, k in zip(fulls, kerns, strict=True))
        ratio = statistics.median(p / f for p, f in zip(pays, fulls, strict=True))
        print(f"advisor {label}: default {full * 1e6:.1f} us/call (compiled {kern * 1e6:.1f} us, "
              f"Python share {share:.0%}); pay table {pay * 1e6:.1f} us ({ratio:.2f}x the "
              "default)")

    from pedron.drawpoker import prepare

    t = time.perf_counter()
    prepare()
    prepare(fp)
    print(f"prepare(), prepare(pay table): {time.perf_counter() - t:.2f} s")
    for label, limit in (("max_draw 2", 2), ("More draw, DrawLimit(4, True)", DrawLimit(4, True))):
        full = med(lambda limit=limit: [draw_odds(h, limit) for h in hands], len(hands))
        pay = med(lambda limit=limit: [draw_odds(h, limit, objective=fp) for h in hands],
                  len(hands))
        print(f"advisor {label}, prepared: default {full * 1e6:.1f} us/call, pay table "
              f"{pay * 1e6:.1f} us ({pay / full:.2f}x)")
    from pedron.drawpoker import objectives

    objectives._subset_sums.cache_clear()  # the batches below build their own when large

    for th in (1, 2):
        b = med(lambda th=th: analyse_batch(rows, 2, objective=fp, threads=th), len(rows), 5)
        print(f"batch of {len(rows):,}, max_draw 2, pay table, threads={th}: {1 / b:,.0f} hands/s")
    many = np.asarray(deal_batch(200_000, 5, seed=20261202))
    analyse_batch(many[:20_000], 2, objective=fp)  # builds the pay table's subset sums once
    for th in (1, 2):
        b = med(lambda th=th: analyse_batch(many, 2, objective=fp, threads=th), len(many), 5)
        print(f"batch of {len(many):,} (by subset sums), max_draw 2, pay table, threads={th}: "
              f"{1 / b:,.0f} hands/s")

    cold = subprocess.run(
        [sys.executable, "-c", "import time; t = time.perf_counter(); "
         "from pedron import videopoker as v; v.analyse('fpdw'); "
         "print(time.perf_counter() - t)"], capture_output=True, text=True, check=True,
        env={**os.environ}).stdout.strip()
    print(f"videopoker fpdw, fresh process (import, tables, analysis): {float(cold):.3f} s")
    vp.analyse("fpdw")
    vp.analyse("9/6")
    for name in ("fpdw", "9/6"):
        one = med(lambda name=name: vp.analyse(name), 1, 7)
        two = med(lambda name=name: vp.analyse(name, threads=2), 1, 7)
        print(f"videopoker {name}: {one:.3f} s on one thread, {two:.3f} s with threads=2 "
              f"({one / two:.2f}x)")

    if args.against:
        here, there = [], []
        env_here = {**os.environ, "PYTHONPATH": os.path.join(os.getcwd(), "src")}
        env_there = {**os.environ, "PYTHONPATH": args.against}
        for _ in range(3):
            for env, out in ((env_here, here), (env_there, there)):
                r = subprocess.run([sys.executable, "-c", ADVISOR], env=env,
                                   capture_output=True, text=True, check=True)
                out.append(float(r.stdout))
        a, b = statistics.median(here), statistics.median(there)
        print(f"advisor max_draw 2 default, side by side: this tree {a * 1e6:.1f} us, "
              f"{args.against} {b * 1e6:.1f} us ({b / a:.1f}x faster)")


if __name__ == "__main__":
    main()
