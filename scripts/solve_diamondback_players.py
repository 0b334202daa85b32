"""Is it better to deal, with two, three and four players? Solve one Diamondback hand at
each setting and write the figures of docs/is-it-better-to-deal.md
(``python scripts/solve_diamondback_players.py``).

Every setting (players 2-4, plain and Dealer's Diamondback, stacks 1-3 each; the deck
for the number of players dealt in, 15, 29 or 43 cards; a carried-over pot valued
``split``, in equal shares) is solved with ``pedron.diamondback.solver.solve`` until its NashConv is
at most ``--nash-conv`` chips (default 0.001) or ``--max-seconds`` of iterations have
run (CFR need not converge with three or four players: the NashConv reached is
recorded). Each row holds every seat's value under the strategy (seat 0 the dealer,
then the seats to his left), each seat's best-response gain, the NashConv, the
iterations and the seconds. Rows go to ``docs/perf/solved_diamondback_players.json``
(a rerun keeps the rows already there for the same target), the tables to stdout.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from pedron.diamondback.solver import estimate, game_spec, solve

OUT = Path(__file__).resolve().parents[1] / "docs" / "perf" / "solved_diamondback_players.json"


def settings(players: list[int], stacks: list[int]) -> list[dict[str, Any]]:
    return [{"players": n, "variant": v, "stacks": s}
            for n in players for v in ("normal", "dealers") for s in stacks]


def solve_one(params: dict[str, Any], nash_conv: float, max_seconds: float,
              max_bytes: int) -> dict[str, Any]:
    spec = game_spec(params["stacks"], params["variant"], players=params["players"])
    start = time.perf_counter()
    found = estimate(spec)
    if found.bytes > max_bytes:
        return {**params, "skipped": f"needs about {found.bytes / 2**20:,.0f} MiB and "
                f"{found.seconds_per_iteration:.1f} s an iteration",
                "nodes": found.size.nodes}
    s = solve(spec, target=nash_conv, iterations=10_000_000, estimated=found,
              max_seconds=max_seconds)
    gains = [b - v for b, v in zip(s.best, s.values, strict=True)]
    return {**params, "values": s.values, "gains": gains, "nash_conv": s.nash_conv,
            "nash_conv_target": nash_conv, "reached": s.nash_conv <= nash_conv,
            "iterations": s.iterations, "nodes": s.nodes, "infosets": s.infosets,
            "seconds": round(time.perf_counter() - start, 1)}


def _chips(value: float) -> str:
    return f"{round(value, 4) + 0.0:+.4f}"  # (+ 0.0: no "-0.0000")


def table(rows: list[dict[str, Any]]) -> str:
    out = ["| players | variant | chips each | dealer's value | the others' values | "
           "best-response gains | NashConv | iterations | time |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "skipped" in r:
            out.append(f"| {r['players']} | {r['variant']} | {r['stacks']} | not solved: "
                       f"{r['skipped']} | | | | | |")
            continue
        others = ", ".join(_chips(v) for v in r["values"][1:])
        gains = ", ".join(f"{g:.1e}" for g in r["gains"])
        reached = "" if r["reached"] else " (not reached)"
        out.append(f"| {r['players']} | {r['variant']} | {r['stacks']} | "
                   f"{_chips(r['values'][0])} | {others} | {gains} | "
                   f"{r['nash_conv']:.1e}{reached} | {r['iterations']:,} | "
                   f"{r['seconds']:.1f} s |")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--stacks", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--nash-conv", type=float, default=0.001)
    parser.add_argument("--max-seconds", type=float, default=300.0,
                        help="seconds of iterations per setting at most (default 300)")
    parser.add_argument("--max-mib", type=int, default=1500,
                        help="skip a setting predicted to need more (default 1500)")
    parser.add_argument("--json", type=Path, default=OUT)
    parser.add_argument("--table-only", action="store_true",
                        help="print the table of the rows already solved")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = json.loads(args.json.read_text()) if args.json.exists() \
        else []
    rows = [r for r in rows if r.get("nash_conv_target", args.nash_conv) == args.nash_conv]
    if args.table_only:
        rows.sort(key=lambda r: (r["players"], r["variant"] != "normal", r["stacks"]))
        print(table(rows))
        return 0
    for params in settings(args.players, args.stacks):
        if any(all(r[k] == v for k, v in params.items()) for r in rows):
            continue
        row = solve_one(params, args.nash_conv, args.max_seconds, args.max_mib << 20)
        rows.append(row)
        print(json.dumps(row), flush=True)
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    rows.sort(key=lambda r: (r["players"], r["variant"] != "normal", r["stacks"]))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
