"""``pedron videopoker``: a game solved exactly, its strategy chart, or the best hold of a deal."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from pedron.cli import vptrain
from pedron.text import table, wrap

__all__ = ["register"]

#: The defaults of --top, --threads and --tie-break (applied by the analysis: the
#: parser leaves them None, to tell one typed before ``play``).
TOP = 8
THREADS = 1
TIE_BREAK = "fewer-drawn"


def register(sub: Any) -> None:
    """Add the ``videopoker`` subcommand to the ``pedron`` parser's subparsers."""
    from pedron.videopoker import GAMES, TIE_BREAKS

    p = sub.add_parser(
        "videopoker",
        help="video poker solved exactly: a game's return, its strategy chart, a deal's best hold",
        description="Play a video-poker game perfectly over every deal (exact return, the "
        "count of every pay row, variance), print a strategy chart in players' words "
        "(--strategy), or rank every hold of one deal by exact EV (--hold); or practise: "
        "pedron videopoker play deals hands and judges your holds.",
    )
    p.add_argument("--game", choices=tuple(GAMES), default=None, metavar="NAME",
                   help="the game (default deuces-wild): " + ", ".join(GAMES))
    p.add_argument("--pays", default=None,
                   help="payouts in the game's row order (--rows lists it), e.g. "
                   "800,200,25,15,9,5,3,2,2,1; or a table name (not-so-ugly-ducks, 9/6, 8/5)")
    # The analysis' own options (the trainer refuses each given before play: their
    # defaults are None here, so that one typed at its default value is seen too)
    analysis_only = (
        p.add_argument("--rows", action="store_true",
                       help="print the game's pay rows in the order --pays takes them"),
        p.add_argument("--hold", default=None, metavar="CARDS",
                       help='a dealt hand, e.g. "As 2d 2h Ts 5s" (the joker is Jk): rank its '
                       "32 holds"),
        p.add_argument("--top", type=int, default=None,
                       help=f"holds shown with --hold (default {TOP})"),
        p.add_argument("--strategy", action="store_true",
                       help="a strategy chart in players' words, with its exact cost"),
        p.add_argument("--tie-break", choices=TIE_BREAKS, default=None,
                       help=f"which of two holds of equal EV is played (default {TIE_BREAK})"),
        p.add_argument("--threads", type=int, default=None,
                       help=f"threads for the analysis (default {THREADS})"),
        p.add_argument("--no-progress", action="store_true",
                       help="no progress line on stderr (shown only when stderr is a "
                       "terminal)"),
        p.add_argument("--json", action="store_true", help="print machine-readable JSON"),
    )
    p.set_defaults(run=cmd_videopoker)
    vptrain.register(p.add_subparsers(
        dest="videopoker_command", metavar="play", parser_class=type(p), title="the trainer",
        help="a trainer: play hands, and after each hear whether your hold was the best and "
        "what a mistake cost (pedron videopoker play --help)"),
        refused=tuple((a.dest, a.option_strings[0]) for a in analysis_only))


def cmd_videopoker(args: argparse.Namespace) -> int:
    from pedron.errors import PedronValueError
    from pedron.videopoker import GAMES, MAX_THREADS, analyse, best_hold
    from pedron.videopoker.analysis import format_hand

    top = TOP if args.top is None else args.top
    threads = THREADS if args.threads is None else args.threads
    tie_break = TIE_BREAK if args.tie_break is None else args.tie_break
    if top < 1:
        raise PedronValueError(f"--top must be at least 1, got {top}")
    if not 1 <= threads <= MAX_THREADS:
        raise PedronValueError(f"--threads must be 1..{MAX_THREADS}, got {threads}")
    if args.rows:
        game = GAMES[args.game or "deuces-wild"]
        if args.json:
            print(json.dumps([r.as_dict() for r in game.rows], indent=2))
            return 0
        listed = [(str(i), r.label, str(r.pays)) for i, r in enumerate(game.rows, 1)]
        print(f"{game.title} ({game.wilds} wild cards), rows in --pays order:\n"
              + table(("#", "row", "full pay"), listed, right=(0, 2)))
        return 0
    paytable = vptrain.table_of(args.game, args.pays)
    name = paytable.name or "/".join(str(p) for p in paytable.pays if p)
    if args.hold is not None:
        holds = best_hold(args.hold, paytable, tie_break=tie_break)
        if args.json:
            print(json.dumps({"pay_table": paytable.as_dict(),
                              "holds": [h.as_dict() for h in holds]}, indent=2))
            return 0
        rows = [(format_hand(h.held) or "-", format_hand(h.discard) or "(stand pat)",
                 f"{float(h.value):.6f}", str(h.value)) for h in holds[:top]]
        dealt = format_hand(holds[0].held + holds[0].discard)
        print(f"{dealt} under {name}: best hold first (exact EV per unit bet)\n"
              + table(("hold", "discard", "EV", "exact"), rows, right=(2,)))
        return 0
    start = time.perf_counter()
    show = not args.no_progress and sys.stderr.isatty()  # a terminal: one updating line

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\r{name}: {done:,}/{total:,} suit classes of deals "
                  f"({time.perf_counter() - start:.2f} s)", end="\n" if done == total else "",
                  file=sys.stderr, flush=True)

    if args.strategy:
        from pedron.videopoker import strategy_chart

        def steps(step: int, total: int) -> None:
            if show:
                print(f"\r{name}: ordering the chart, step {step:,} "
                      f"({time.perf_counter() - start:.2f} s)", end="\n" if step == total else "",
                      file=sys.stderr, flush=True)

        chart = strategy_chart(paytable, progress=steps)
        if args.json:
            print(json.dumps(chart.as_dict(), indent=2))
        else:
            print(chart.text())
        return 0
    result = analyse(paytable, threads=threads, tie_break=tie_break,
                     progress=progress)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        return 0
    lines = []
    pays = dict(zip(paytable.labels, paytable.pays, strict=True))
    for label, n in result.counts.items():
        pay = pays.get(label, 0)
        p = n / result.combinations
        lines.append((label, str(pay), f"{n:,}", f"{p:.8f}", f"{float(pay) * p:.6f}"))
    print(wrap(f"{name}, played perfectly: return {result.return_float:.6%} "
               f"(exactly {result.return_}), variance {float(result.variance):.4f}",
               indent="  ") + "\n"
          + table(("row", "pays", "combinations", "probability", "return"), lines,
                  right=(1, 2, 3, 4)))
    return 0
