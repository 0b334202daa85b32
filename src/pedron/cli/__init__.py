"""The ``pedron`` command (also ``python -m pedron``).

Subcommands: ``eval``, ``odds``, ``draw``, ``bench``, ``deal`` (and ``play``
once the games are in). A user's mistake prints one line on stderr and exits
with status 2; nothing prints a traceback for bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

import pedron
from pedron.cli import commands, play
from pedron.cli import simulate as simulate_cmd
from pedron.cli import videopoker as videopoker_cmd
from pedron.errors import PedronError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line, not usage plus message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pedron",
        description="Fast, exact tools for the card games Diablo and Diamondback.",
    )
    parser.add_argument("--version", action="version", version=f"pedron {pedron.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("eval", help="evaluate one hand", description="Evaluate one hand.")
    p.add_argument("hand", nargs="+", help='the cards, e.g. "9h 9d 2c 2s Kd" or "Magician Queen"')
    p.add_argument("--game", choices=("diablo", "diamondback"), default="diablo")
    p.add_argument("--natural", action="store_true", help="Diablo: deuces are not wild")
    _add_common(p)
    p.set_defaults(run=commands.cmd_eval)

    p = sub.add_parser(
        "odds",
        help="Diamondback dealing odds, or a player's odds in play",
        description="Without --hand: the exact chance of being dealt each hand. With --hand: "
        "the exact chances of winning, sharing, carrying over and losing.",
    )
    p.add_argument("game", choices=("diamondback",))
    p.add_argument("--players", type=int, default=2, help="table size: 2, 3 or 4 (default 2)")
    p.add_argument("--hand", help='your two cards, e.g. "Magician Queen"')
    p.add_argument(
        "--revealed",
        nargs="*",
        default=None,
        help="the card each opponent still in has revealed, '?' if none yet",
    )
    p.add_argument("--dead", default="", help="other cards known to be out of play")
    _add_common(p)
    p.set_defaults(run=commands.cmd_odds)

    p = sub.add_parser(
        "draw",
        help="Diablo draw advisor: every choice of discards, best first",
        description="Every legal choice of cards to exchange, with exact odds, best first.",
    )
    p.add_argument("hand", nargs="+", help='five cards, e.g. "Ah Kh 2c 7d 7s"')
    p.add_argument("--max-draw", type=int, default=2, help="most cards exchanged (default 2)")
    p.add_argument("--natural", action="store_true", help="deuces are not wild")
    p.add_argument("--dead", default="", help="cards known to be out of the stock")
    p.add_argument("--top", type=int, default=10, help="how many choices to show (default 10)")
    _add_common(p)
    p.set_defaults(run=commands.cmd_draw)

    p = sub.add_parser(
        "bench",
        help="throughput of pedron's evaluators, its reference and installed peers",
        description="Evaluate the same random hands with pedron's compiled core (batch and "
        "scalar), its pure-Python reference and every installed peer evaluator.",
    )
    p.add_argument("--hands", type=int, default=2_000_000, help="hands for the batch API")
    p.add_argument(
        "--scalar-hands", type=int, default=200_000, help="hands for per-call evaluators"
    )
    p.add_argument(
        "--reference-hands", type=int, default=5_000, help="hands for the pure-Python reference"
    )
    p.add_argument("--repeat", type=int, default=5,
                   help="rounds: each evaluator is timed once per round, round-robin "
                   "(median and range; default 5)")
    p.add_argument("--seed", type=int, default=2026,
                   help="seed of the random hands (default 2026)")
    p.add_argument("--no-peers", action="store_true", help="skip peer evaluators")
    p.add_argument("--no-diamondback", action="store_true",
                   help="skip Diamondback's evaluators")
    p.add_argument(
        "--evaluator", action="append", default=[], metavar="MODULE:FUNCTION[:FORM][:wild]",
        help="your evaluator, timed beside the others and checked against pedron (may be "
        "repeated); FORM is how it takes a hand: ids (a tuple of card ids, 2c=0..As=51; "
        "the default), args, text, cards, treys or batch; wild if it ranks deuces wild",
    )
    p.add_argument(
        "--check", choices=("all", "bench"), default="all",
        help="check your evaluators' order on all 2,598,960 hands (all, the default) or "
        "only on the hands timed (bench)",
    )
    _add_common(p)
    p.set_defaults(run=commands.cmd_bench)

    p = sub.add_parser(
        "play",
        help="play a game in the terminal against built-in bots",
        description="Play Diamondback or Diablo against bots; you see only what your seat may.",
    )
    p.add_argument("game", choices=("diamondback", "diablo"))
    p.add_argument("--players", type=int, default=None, help="table size (bots + you)")
    p.add_argument("--stacks", type=int, default=50, help="chips each (default 50)")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    p.set_defaults(run=play.cmd_play, json=False)

    p = sub.add_parser(
        "deal", help="deal and show seeded hands of both games", description="Seeded deals."
    )
    p.add_argument("--seed", type=int, default=2026)
    _add_common(p)
    p.set_defaults(run=commands.cmd_deal)

    simulate_cmd.register(sub)
    videopoker_cmd.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(args.run(args) or 0)
    except PedronError as exc:
        print(f"pedron {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pedron: interrupted", file=sys.stderr)
        return 130
