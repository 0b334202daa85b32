"""Solve heads-up Diamondback at the documented settings and write the table and chart of
docs/is-it-better-to-deal.md (``python scripts/solve_diamondback.py``).

Every setting is solved with OpenSpiel's CFR+ until its exploitability is at most 0.05%
of the stack (Dealer's Diamondback: 0.00001 chips) (``pedron.spiel.solve.solve``); the results go to
``docs/perf/solved_diamondback.json`` and the chart to ``docs/img/dealer_value.png``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from pedron.spiel.solve import solve

SETTINGS = [
    {"variant": variant, "stacks": stacks, "carry": carry}
    for variant, carries in (("normal", ("split", "lost")), ("dealers", ("split", "refund")))
    for carry in carries
    for stacks in (1, 2, 3, 4)
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", default="docs/perf/solved_diamondback.json")
    parser.add_argument("--chart", default="docs/img/dealer_value.png")
    args = parser.parse_args()
    path = Path(args.json)
    rows = json.loads(path.read_text()) if path.exists() else []  # (resumes)
    for params in SETTINGS:
        if any(all(r[k] == v for k, v in params.items()) for r in rows):
            continue
        start = time.perf_counter()
        # (Dealer's Diamondback's trees are small: solved closer, its value is near 0)
        target = 1e-5 if params["variant"] == "dealers" else 0.0005 * params["stacks"]
        s = solve({"players": 2, **params}, iterations=3000, target=target, check_every=25)
        row = {**params, "dealer_value": s.values[0], "other_value": s.values[1],
               "exploitability": s.exploitability, "iterations": s.iterations,
               "nodes": s.nodes, "infosets": s.infosets,
               "seconds": round(time.perf_counter() - start, 1)}
        rows.append(row)
        print(json.dumps(row), flush=True)
        rows.sort(key=lambda r: [str(r[k]) for k in ("variant", "carry", "stacks")])
        path.write_text(json.dumps(rows, indent=1) + "\n")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - the chart is optional
        return 0
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for variant, carry, style in (("normal", "split", "o-"), ("normal", "lost", "o--"),
                                  ("dealers", "split", "s-"), ("dealers", "refund", "s--")):
        pts = [(r["stacks"], r["dealer_value"]) for r in rows
               if r["variant"] == variant and r["carry"] == carry]
        if pts:
            ax.plot(*zip(*pts, strict=True), style, label=f"{variant}, carry {carry}")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("chips each (heads-up)")
    ax.set_ylabel("dealer's value (chips per hand)")
    ax.set_title("Heads-up Diamondback: is it better to deal?")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.chart, dpi=110)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
