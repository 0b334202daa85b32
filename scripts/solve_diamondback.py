"""Solve heads-up Diamondback at the documented settings and write the tables and chart of
docs/is-it-better-to-deal.md (``python scripts/solve_diamondback.py``).

Every setting is solved with pedron's compiled CFR (``pedron.diamondback.solver.solve``) until its
NashConv is at most ``--nash-conv`` chips (default 0.0001). In a zero-sum setting the
dealer's equilibrium value then lies in the solve's ``bounds`` (the dealer's payoff
against a best response, and a best response's against the other), an interval at most
that wide; the table prints only the digits both ends of the interval agree on. The
results go to ``docs/perf/solved_diamondback.json``, the tables to stdout (markdown) and
the chart to ``docs/img/dealer_value.png``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from pedron.diamondback.solver import game_spec, solve

SETTINGS = [
    {"variant": variant, "stacks": stacks, "carry": carry}
    for variant, carries in (("normal", ("split", "lost")), ("dealers", ("split", "refund")))
    for carry in carries
    for stacks in range(1, 9)
]


def supported(low: float, high: float) -> str:
    """The value to the digits both ends of ``[low, high]`` round to alike (at most 6)."""
    for digits in range(6, 0, -1):
        a, b = round(low, digits), round(high, digits)
        if a == b:
            return f"{a + 0.0:.{digits}f}"  # (+ 0.0: no "-0.000")
    return f"[{low:+.4f}, {high:+.4f}]"


def general(value: float) -> str:
    """A value of a general-sum setting (carry ``lost``): no interval holds the game's
    value there (its equilibria may differ), so four decimals of this equilibrium's."""
    return f"{value:.4f}"


def solve_all(path: Path, nash_conv: float) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else []
    rows = [r for r in rows if r.get("nash_conv_target") == nash_conv]  # (resumes)
    for params in SETTINGS:
        if any(all(r[k] == v for k, v in params.items()) for r in rows):
            continue
        start = time.perf_counter()
        s = solve(game_spec(**params), target=nash_conv, iterations=1_000_000)
        row = {**params, "dealer_value": s.values[0], "other_value": s.values[1],
               "bounds": None if s.bounds is None else list(s.bounds),
               "nash_conv": s.nash_conv, "nash_conv_target": nash_conv,
               "iterations": s.iterations, "nodes": s.nodes, "infosets": s.infosets,
               "seconds": round(time.perf_counter() - start, 2)}
        rows.append(row)
        print(json.dumps(row), flush=True)
        rows.sort(key=lambda r: (r["variant"], r["carry"], r["stacks"]))
        path.write_text(json.dumps(rows, indent=1) + "\n")
    return rows


def tables(rows: list[dict[str, Any]]) -> str:
    out = []
    for variant, carries in (("normal", ("split", "lost")), ("dealers", ("split", "refund"))):
        out.append(f"\n{variant}:\n")
        out.append(f"| chips each | dealer's value, carry `{carries[0]}` | its interval | "
                   f"dealer's value, carry `{carries[1]}` | NashConv (chips) | "
                   "nodes / information sets | time |")
        out.append("|---|---|---|---|---|---|---|")
        for stacks in range(1, 9):
            a = next((r for r in rows if (r["variant"], r["carry"], r["stacks"]) ==
                      (variant, carries[0], stacks)), None)
            b = next((r for r in rows if (r["variant"], r["carry"], r["stacks"]) ==
                      (variant, carries[1], stacks)), None)
            if a is None or b is None:
                continue
            lo, hi = a["bounds"]
            second = (supported(*b["bounds"]) if b["bounds"] is not None
                      else general(b["dealer_value"]))
            out.append(
                f"| {stacks} | {supported(lo, hi)} | [{lo:+.6f}, {hi:+.6f}] | {second} | "
                f"{a['nash_conv']:.1e} / {b['nash_conv']:.1e} | {a['nodes']:,} / "
                f"{a['infosets']:,} | {a['seconds']:.1f} s / {b['seconds']:.1f} s |")
    return "\n".join(out)


def chart(rows: list[dict[str, Any]], target: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - the chart is optional
        return
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
    fig.savefig(target, dpi=110)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", default="docs/perf/solved_diamondback.json")
    parser.add_argument("--chart", default="docs/img/dealer_value.png")
    parser.add_argument("--nash-conv", type=float, default=0.0001)
    args = parser.parse_args()
    rows = solve_all(Path(args.json), args.nash_conv)
    print(tables(rows))
    chart(rows, args.chart)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
