"""``pedron solve diamondback``: solve one heads-up hand with OpenSpiel's CFR+ and write the
strategy file that ``EquilibriumBot`` plays (needs ``pip install 'pedron[rl]'``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pedron.errors import PedronValueError

__all__ = ["cmd_solve", "register"]


def register(sub: Any) -> None:
    """Add the ``solve`` subcommand to the ``pedron`` parser."""
    p = sub.add_parser(
        "solve",
        help="solve heads-up Diamondback with OpenSpiel's CFR+ and write a strategy file",
        description="Compute an equilibrium of one heads-up Diamondback hand (OpenSpiel's "
        "CFR+ on the game's tree), report its exploitability and the value of the deal, and "
        "write the strategy file that pedron.bots.equilibrium.EquilibriumBot plays.",
    )
    p.add_argument("game", choices=("diamondback",), help="the game to solve: diamondback")
    p.add_argument("--stacks", type=int, default=4, help="chips each (default 4)")
    p.add_argument("--variant", choices=("normal", "dealers"), default="normal",
                   help="plain Diamondback, or Dealer's Diamondback (default normal)")
    p.add_argument("--bet-sizes", default="",
                   help="the dealer's bet sizes, e.g. '1;2;4' (default: every amount)")
    p.add_argument("--carry", choices=("split", "refund", "lost"), default="split",
                   help="how a carried-over pot is valued (default split)")
    p.add_argument("--tie-rule", choices=("showdown", "split"), default="showdown",
                   help="the table's tie rule (default showdown)")
    p.add_argument("--iterations", type=int, default=2000,
                   help="most CFR+ iterations (default 2,000)")
    p.add_argument("--target", type=float, default=None,
                   help="stop once the exploitability is at most this many chips "
                   "(default 0.05%% of the stack)")
    p.add_argument("-o", "--output", default="diamondback-strategy.json",
                   help="the strategy file to write (default diamondback-strategy.json)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=cmd_solve)


def cmd_solve(args: argparse.Namespace) -> int:
    try:
        from pedron.spiel.solve import solve, write_strategy
    except ImportError as exc:
        raise PedronValueError(f"solving needs OpenSpiel: pip install 'pedron[rl]' ({exc})"
                               ) from None
    if args.stacks < 1:
        raise PedronValueError(f"--stacks must be at least 1, not {args.stacks}")
    params = {"players": 2, "stacks": args.stacks, "variant": args.variant,
              "bet_sizes": args.bet_sizes, "carry": args.carry, "tie_rule": args.tie_rule}
    target = args.target if args.target is not None else 0.0005 * args.stacks

    def progress(iteration: int, exploitability: float) -> None:
        if not args.json and sys.stderr.isatty():  # (a redrawn line only on a terminal)
            print(f"\riteration {iteration}: exploitability {exploitability:.6f} chips",
                  end="", file=sys.stderr, flush=True)

    solution = solve(params, iterations=args.iterations, target=target, progress=progress,
                     check_every=25)
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)
    path = write_strategy(solution, args.output)
    summary = {
        "file": str(path), "params": params, "iterations": solution.iterations,
        "exploitability": solution.exploitability,
        "exploitability_of_stack": solution.exploitability / args.stacks,
        "dealer_value": solution.values[0], "nodes": solution.nodes,
        "infosets": solution.infosets, "seconds": solution.seconds,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"heads-up Diamondback ({args.variant}, stacks {args.stacks}, carry {args.carry}): "
          f"{solution.nodes:,} nodes, {solution.infosets:,} information sets")
    print(f"CFR+ {solution.iterations} iterations: exploitability "
          f"{solution.exploitability:.6f} chips ({100 * summary['exploitability_of_stack']:.4f}%"
          f" of the stack)")
    print(f"value of the deal to the dealer: {solution.values[0]:+.4f} chips per hand")
    print(f"time: {solution.seconds['total']:.1f} s; strategy written to {path}")
    return 0
