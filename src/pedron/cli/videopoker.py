"""``pedron videopoker``: a pay table solved exactly, or the best hold of a deal."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from pedron.cards import format_cards
from pedron.text import table

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``videopoker`` subcommand to the ``pedron`` parser's subparsers."""
    p = sub.add_parser(
        "videopoker",
        help="video poker solved exactly: a pay table's return, or a deal's best hold",
        description="Play a pay table perfectly over all 2,598,960 deals (exact return, "
        "class counts, variance), or with --hold rank every hold of one deal by exact EV.",
    )
    p.add_argument("--game", choices=("deuces-wild", "jacks-or-better"), default=None,
                   help="which classes the payouts are for (default deuces-wild)")
    p.add_argument("--pays", default=None,
                   help="payouts best class first, e.g. 800,200,25,15,9,5,3,2,2,1, or a "
                   "table name (full-pay-deuces-wild, not-so-ugly-ducks, 9/6, 8/5)")
    p.add_argument("--hold", default=None, metavar="CARDS",
                   help='a dealt hand, e.g. "As 2d 2h Ts 5s": rank its 32 holds')
    p.add_argument("--top", type=int, default=8, help="holds shown with --hold (default 8)")
    p.add_argument("--threads", type=int, default=1, help="threads for the analysis")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress line on stderr (shown only when stderr is a terminal)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.set_defaults(run=cmd_videopoker)


def _table_arg(args: argparse.Namespace) -> Any:
    from pedron.videopoker import pay_table

    if args.pays is None:
        return pay_table("jacks-or-better-9-6" if args.game == "jacks-or-better"
                         else "full-pay-deuces-wild", game=args.game)
    return pay_table(args.pays, game=args.game)


def cmd_videopoker(args: argparse.Namespace) -> int:
    from pedron.errors import PedronValueError
    from pedron.videopoker import analyse, best_hold

    if args.top < 1:
        raise PedronValueError(f"--top must be at least 1, got {args.top}")
    paytable = _table_arg(args)
    name = paytable.name or "/".join(str(p) for p in paytable.pays if p)
    if args.hold is not None:
        holds = best_hold(args.hold, paytable)
        if args.json:
            print(json.dumps({"pay_table": paytable.as_dict(),
                              "holds": [h.as_dict() for h in holds]}, indent=2))
            return 0
        rows = [(format_cards(h.held) or "-", format_cards(h.discard) or "(stand pat)",
                 f"{float(h.value):.6f}", str(h.value)) for h in holds[: args.top]]
        dealt = format_cards(holds[0].held + holds[0].discard)
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

    result = analyse(paytable, threads=args.threads, progress=progress)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        return 0
    lines = []
    for (cls, n), pay in zip(result.class_counts.items(), paytable.pays, strict=True):
        p = n / result.combinations
        lines.append((cls.label, str(pay), f"{n:,}", f"{p:.8f}", f"{float(pay) * p:.6f}"))
    print(f"{name}, played perfectly: return {result.return_float:.6%} "
          f"(exactly {result.return_}), variance {float(result.variance):.4f}\n"
          + table(("class", "pays", "combinations", "probability", "return"), lines,
                  right=(1, 2, 3, 4)))
    return 0
