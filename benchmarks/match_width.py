"""The 95% interval of a duplicate match against a plain match of the same size
(``python benchmarks/match_width.py``; the table of docs/match.md).

Each row plays the same bots, sets, seed and deals twice: duplicate (every seating of a
set dealt the same cards) and plain (every session its own cards), and prints each
candidate's mean chips per game with its interval's half-width, and the ratio of widths.
"""

from __future__ import annotations

import argparse
import time

from pedron.match import match

ROWS = [
    ("diablo", 3, {"rule": "rule", "open2": "rule:open=two_pair", "call": "rule:call=trips"},
     None),
    ("diablo", 3, {"rule": "rule", "open2": "rule:open=two_pair", "random": "random"}, None),
    ("diablo", 5, {"rule": "rule", "open2": "rule:open=two_pair"},
     ["rule", "open2", "open2", "open2", "open2"]),
    ("diablo", 7, {"rule": "rule", "open1": "rule:open=one_pair"},
     ["rule", "open1", "open1", "open1", "open1", "open1", "open1"]),
    ("diamondback", 2, {"odds": "odds", "bold": "odds:aggression=3,stop=0.3"}, None),
    ("diamondback", 3, {"odds": "odds", "bold": "odds:aggression=3,stop=0.3"},
     ["odds", "bold", "bold"]),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | players | bot measured | duplicate: chips/game ± 95% | plain: chips/game "
          "± 95% | plain / duplicate width | seconds (dup / plain) |")
    print("|---|---|---|---|---|---|---|")
    for game, players, bots, lineup in ROWS:
        runs = []
        for duplicate in (True, False):
            t = time.perf_counter()
            r = match(game, bots, players=players, lineup=lineup, sets=args.sets,
                      seed=args.seed, duplicate=duplicate)
            runs.append((r, time.perf_counter() - t))
        name = next(iter(bots))
        d, p = runs[0][0].score(name), runs[1][0].score(name)
        print(f"| {game} | {players} | {name} | {d.mean:+.3f} ± {d.ci95:.3f} | "
              f"{p.mean:+.3f} ± {p.ci95:.3f} | {p.ci95 / d.ci95 if d.ci95 else float('inf'):.2f} | "
              f"{runs[0][1]:.0f} / {runs[1][1]:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
