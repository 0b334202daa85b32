"""Why a game table must not be shared between threads without a lock: a demonstration.

Usage::

    python scripts/fuzz/games_race.py [--trials 20] [--seconds 0.2]

For each game, ``--trials`` tables are each driven by 4 threads at once
*without* a lock (each thread plays legal actions as fast as it can, the
interpreter switching threads every microsecond), then checked. Prints the
errors the threads met (pedron errors such as ``InvariantError`` or
``GameOverError``, and others such as ``IndexError``) and how many tables ended
inconsistent (chips or cards wrong, or a save that no longer restores). The
same run with a lock around every call is exact: see
tests/hardening/test_games_threads.py. This is a demonstration, not a test: it
shows the documented rule (one table per thread, or your own lock).
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import games_targets as gt

from pedron.errors import PedronError


def hammer(g, table, seed: int, stop: threading.Event, seen: dict) -> None:
    rnd = random.Random(seed)
    while not stop.is_set():
        try:
            if not gt.step_legal(g, table, rnd):
                return
        except PedronError as exc:
            key = type(exc).__name__
            seen[key] = seen.get(key, 0) + 1
        except Exception as exc:
            key = "other: " + type(exc).__name__
            seen[key] = seen.get(key, 0) + 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trials", type=int, default=20)
    p.add_argument("--seconds", type=float, default=0.2)
    args = p.parse_args()
    sys.setswitchinterval(1e-6)
    for name, g in gt.GAMES.items():
        seen: dict = {}
        broken = 0
        for trial in range(args.trials):
            table = g.make(random.Random(trial))
            stop = threading.Event()
            threads = [threading.Thread(target=hammer, args=(g, table, k, stop, seen))
                       for k in range(4)]
            for t in threads:
                t.start()
            time.sleep(args.seconds)
            stop.set()
            for t in threads:
                t.join()
            try:
                gt.check_chips(table, table.ledger.total)
                g.check_cards(table)
                g.Table.from_json(table.to_json())
            except Exception:
                broken += 1
        print(f"{name}: {broken} of {args.trials} tables inconsistent afterwards; "
              f"errors met by the threads: {seen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
