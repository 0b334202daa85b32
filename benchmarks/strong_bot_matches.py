"""The strong Diablo bot against every built-in bot: duplicate matches at 3, 5 and 7
players (the figures of docs/strategy.md, "Against the built-in bots").

    python benchmarks/strong_bot_matches.py screen --sets 300 --out docs/perf/strong_screen.json
    python benchmarks/strong_bot_matches.py confirm --screen docs/perf/strong_screen.json \\
        --sets 4000 --worst 6 --out docs/perf/strong_confirm.json

The built-in Diablo bots are ``random`` and ``rule`` with every combination of its
parameters (10 categories for each of ``open``, ``call``, ``raise`` and ``big``, and
the draw limit: tens of thousands of settings); the screen plays

* ``axes``: ``open`` x ``call`` over every category (10 x 10), the other parameters
  at their defaults; ``raise`` and then ``big`` over every category, the others at
  their defaults; ``draw`` 0, 1, 2;
* ``sampled``: ``--sampled`` settings drawn uniformly from the whole grid
  (open, call, raise, big: 10 categories each; draw 0, 1, 2);
* ``random``.

Each setting plays two lineups at each table size: ``field`` (the strong bot at one
seat, the setting at all the others: the bar is the strong bot's chips per game,
whose 95% interval must exclude zero) and ``alone`` (the setting at one seat, the
strong bot at all the others: the setting's chips per game is how much that rule
bot wins against the strong bot; the best of them is the best response from the
family; ``--strategy`` plays a strategy file instead of the shipped one). ``confirm``
plays the settings the screen found closest to the bar (and the best responses) again
with more sets and another seed; ``play`` plays the settings it is given in one lineup
(a quick check of a candidate). Everything runs on one core (``--workers`` for more).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import pedron.match
from pedron._kernels.rng import Generator
from pedron.diablo.hand import Category

CATEGORIES = [c.name.lower() for c in Category]
DEFAULT = {"open": "three_of_a_kind", "call": "three_of_a_kind", "raise": "full_house",
           "big": "four_of_a_kind"}


def spec(params: dict[str, Any]) -> str:
    """A rule bot's spec text with only the parameters that differ from the defaults."""
    parts = [f"{k}={v}" for k, v in sorted(params.items()) if DEFAULT.get(k) != v]
    return "rule:" + ",".join(parts) if parts else "rule"


def settings(sampled: int, seed: int) -> list[str]:
    out = ["random", "rule"]
    for o in CATEGORIES:
        for c in CATEGORIES:
            out.append(spec({"open": o, "call": c}))
    for r in CATEGORIES:
        out.append(spec({"raise": r}))
    for b in CATEGORIES:
        out.append(spec({"big": b}))
    for d in (0, 1, 2):
        out.append(spec({"draw": d}))
    rng = Generator(seed)
    for _ in range(sampled):
        def one() -> str:
            return CATEGORIES[rng.integers(len(CATEGORIES))]

        out.append(spec({"open": one(), "call": one(), "raise": one(), "big": one(),
                         "draw": (0, 1, 2)[rng.integers(3)]}))
    return list(dict.fromkeys(out))


def play(rival: str, players: int, lineup: str, sets: int, seed: int,
         workers: int | None, strong: str = "strong") -> dict[str, Any]:
    seats = (["strong"] + ["rival"] * (players - 1) if lineup == "field"
             else ["rival"] + ["strong"] * (players - 1))
    r = pedron.match.match("diablo", {"strong": strong, "rival": rival}, players=players,
                           lineup=seats, sets=sets, seed=seed, workers=workers)
    s, v = r.score("strong"), r.score("rival")
    return {"rival": rival, "players": players, "lineup": lineup, "sets": sets,
            "seed": seed, "strong": [s.mean, s.low, s.high], "rival_score": [v.mean, v.low,
                                                                              v.high],
            "seconds": round(r.elapsed, 1)}


def cmd_screen(args: argparse.Namespace) -> None:
    rows: list[dict[str, Any]] = []
    path = Path(args.out) if args.out else None
    if path and path.exists():
        rows = json.loads(path.read_text())["rows"]
    done = {(r["rival"], r["players"], r["lineup"]) for r in rows}
    todo = settings(args.sampled, args.seed)
    start = time.perf_counter()
    for i, rival in enumerate(todo):
        for players in args.players:
            for lineup in args.lineups:
                if (rival, players, lineup) in done:
                    continue
                rows.append(play(rival, players, lineup, args.sets, args.seed, args.workers,
                                 _strong(args)))
        if path and (i % 10 == 9 or i == len(todo) - 1):
            path.write_text(json.dumps({"settings": len(todo), "rows": rows}) + "\n")
        print(f"{i + 1}/{len(todo)} {rival} ({time.perf_counter() - start:.0f} s)",
              file=sys.stderr, flush=True)
    report(rows)


def cmd_confirm(args: argparse.Namespace) -> None:
    screen = json.loads(Path(args.screen).read_text())["rows"]
    picks: list[tuple[str, int, str]] = []
    for players in args.players:
        field = sorted((r for r in screen if r["players"] == players and r["lineup"] == "field"),
                       key=lambda r: r["strong"][1])
        alone = sorted((r for r in screen if r["players"] == players and r["lineup"] == "alone"),
                       key=lambda r: -r["rival_score"][0])
        for r in field[:args.worst] + alone[:args.worst]:
            picks.append((r["rival"], players, r["lineup"]))
        for rival in ("rule", "random"):
            for lineup in ("field", "alone"):
                picks.append((rival, players, lineup))
    picks = list(dict.fromkeys(picks))
    rows = []
    for rival, players, lineup in picks:
        rows.append(play(rival, players, lineup, args.sets, args.seed, args.workers,
                         _strong(args)))
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps({"rows": rows}) + "\n")
    report(rows)


def cmd_play(args: argparse.Namespace) -> None:
    """Named settings in one lineup: a quick check of a candidate strategy."""
    for players in args.players:
        for rival in args.rivals:
            r = play(rival, players, args.lineup, args.sets, args.seed, args.workers,
                     _strong(args))
            who = "strong" if args.lineup == "field" else "rival_score"
            s = r[who]
            print(f"{players} {args.lineup} {who.split('_')[0]} {s[0]:+.2f} "
                  f"[{s[1]:+.2f}, {s[2]:+.2f}] {rival}", flush=True)


def _strong(args: argparse.Namespace) -> str:
    """The strong bot's spec: the shipped strategy, or ``--strategy``'s file."""
    return "strong" if args.strategy is None else f"strong:file={args.strategy}"


def report(rows: list[dict[str, Any]]) -> None:
    for players in sorted({r["players"] for r in rows}):
        field = [r for r in rows if r["players"] == players and r["lineup"] == "field"]
        alone = [r for r in rows if r["players"] == players and r["lineup"] == "alone"]
        if field:
            worst = min(field, key=lambda r: r["strong"][1])
            beaten = sum(r["strong"][1] > 0 for r in field)
            print(f"{players} players: beats {beaten}/{len(field)} fields; closest: "
                  f"{worst['rival']} {worst['strong'][0]:+.3f} "
                  f"[{worst['strong'][1]:+.3f}, {worst['strong'][2]:+.3f}]")
        if alone:
            best = max(alone, key=lambda r: r["rival_score"][0])
            print(f"{players} players: best response {best['rival']} wins "
                  f"{best['rival_score'][0]:+.3f} [{best['rival_score'][1]:+.3f}, "
                  f"{best['rival_score'][2]:+.3f}] per game against the strong bot")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("screen")
    p.add_argument("--sets", type=int, default=300)
    p.add_argument("--sampled", type=int, default=150)
    p.add_argument("--lineups", nargs="+", choices=("field", "alone"),
                   default=["field", "alone"], help="the lineups played (default: both)")
    p.add_argument("--players", type=int, nargs="+", default=[3, 5, 7])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--strategy", default=None, help="a strategy file (default: shipped)")
    p.add_argument("--out", default=None)
    p.set_defaults(run=cmd_screen)
    p = sub.add_parser("confirm")
    p.add_argument("--screen", required=True)
    p.add_argument("--sets", type=int, default=4000)
    p.add_argument("--worst", type=int, default=6)
    p.add_argument("--players", type=int, nargs="+", default=[3, 5, 7])
    p.add_argument("--seed", type=int, default=2)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--strategy", default=None, help="a strategy file (default: shipped)")
    p.add_argument("--out", default=None)
    p.set_defaults(run=cmd_confirm)
    p = sub.add_parser("play", help="named settings in one lineup")
    p.add_argument("rivals", nargs="+", help="bot specs (rule, threshold, random, ...)")
    p.add_argument("--lineup", choices=("field", "alone"), default="field")
    p.add_argument("--players", type=int, nargs="+", default=[3, 5, 7])
    p.add_argument("--sets", type=int, default=1000)
    p.add_argument("--seed", type=int, default=2)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--strategy", default=None, help="a strategy file (default: shipped)")
    p.set_defaults(run=cmd_play)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
