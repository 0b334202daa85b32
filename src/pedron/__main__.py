"""``python -m pedron`` / ``pedron``: a short demonstration with built-in defaults.

Deals a few seeded hands of both games, evaluates them where the evaluators are
available, and times batch dealing. The full command line (eval, odds, draw,
bench, play) builds on this module.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import pedron
from pedron import diablo, diamondback
from pedron.cards import format_cards
from pedron.errors import PedronError


def _demo_diablo(seed: int, out: list[str]) -> None:
    deck = diablo.Deck(seed)
    out.append(f"Diablo, seed {seed}: five hands from one shuffled deck")
    evaluate = getattr(diablo, "evaluate", None)
    for seat in range(5):
        hand = deck.deal(5)
        line = f"  seat {seat + 1}: {format_cards(hand)}"
        if evaluate is not None:
            line += f"   {evaluate(hand).description}"
        out.append(line)


def _demo_diamondback(seed: int, out: list[str]) -> None:
    deck = diamondback.Deck(4, seed)
    out.append(f"Diamondback, 4 players, seed {seed}")
    evaluate = getattr(diamondback, "evaluate", None)
    for seat in range(4):
        hand = deck.deal(2)
        line = f"  seat {seat + 1}: {' '.join(diamondback.format_id(c) for c in hand)}"
        if evaluate is not None:
            value = evaluate(hand, ids=True)
            line += f"   {value.name} ({value.points} points)"
        out.append(line)


def _time_batch(n: int, seed: int) -> float:
    """Median rate of five batch deals into one preallocated array."""
    gen = pedron.Generator(seed)
    out = pedron.deal_batch(n, 5, seed=gen)  # also touches the pages once
    times = []
    for _ in range(5):
        start = time.perf_counter()
        pedron.deal_batch(n, 5, seed=gen, out=out)
        times.append(time.perf_counter() - start)
    return n / sorted(times)[2]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pedron", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"pedron {pedron.__version__}")
    parser.add_argument("--seed", type=int, default=2026, help="seed for the deals (default 2026)")
    parser.add_argument(
        "--hands", type=int, default=1_000_000, help="hands per batch in the dealing timing"
    )
    args = parser.parse_args(argv)
    try:
        if args.hands < 1:
            raise PedronError(f"--hands must be at least 1, got {args.hands}")
        out: list[str] = [f"pedron {pedron.__version__}"]
        _demo_diablo(args.seed, out)
        _demo_diamondback(args.seed, out)
        rate = _time_batch(args.hands, args.seed)
        out.append(f"Batch dealing: {args.hands:,} random 5-card hands at {rate / 1e6:,.1f} M/s")
        print("\n".join(out))
    except PedronError as exc:
        print(f"pedron: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
