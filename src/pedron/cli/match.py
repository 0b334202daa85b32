"""``pedron match``: a duplicate match between bots, with each bot's 95% interval."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
from typing import Any

from pedron import games
from pedron.cli.simulate import (
    ProgressBar,
    _as_typed,
    _dask_client,
    _rules,
    _seconds,
    _whole,
    add_workers,
)
from pedron.errors import PedronError, PedronValueError
from pedron.simulation.engines import DEFAULT_TIMEOUT

__all__ = ["cmd_match", "register"]


def register(sub: Any) -> None:
    """Add the ``match`` subcommand to the ``pedron`` parser's subparsers."""
    from pedron.cli import EPILOG

    p = sub.add_parser(
        "match",
        help="a duplicate match between bots: chips per game with 95%% intervals",
        description="Play duplicate sets (the same card orders replayed with the seats "
        "rotated through every bot, so luck in the cards cancels) and report each bot's "
        "chips per game with a 95% confidence interval over the sets. The same seed gives "
        "the same table on one core, a process pool or a Dask cluster.",
        epilog=EPILOG,
    )
    p.add_argument("game", choices=games.names(),
                   help="the game: " + " or ".join(games.names()))
    p.add_argument("--bots", nargs="+", metavar="SPEC", required=True,
                   help="two or more bot specs, each named by its spec. Diablo: random, "
                   "rule[:open=two_pair,...], strong; Diamondback: random, odds[:...], "
                   "equilibrium:file=PATH; either: a.module.BotClass[:key=value]")
    p.add_argument("--players", type=_whole(1), default=None,
                   help="table size (default: the lineup's length, else one seat per bot)")
    p.add_argument("--lineup", nargs="+", type=_whole(1), metavar="N",
                   help="the bot at each seat, as its position in --bots counting from 1, "
                   "e.g. 1 2 2 2 2 (default: each bot once; with fewer bots than seats the "
                   "first bot once and the others in turn)")
    p.add_argument("--sets", type=_whole(1), default=1_000,
                   help="duplicate sets, the independent units (default 1,000)")
    p.add_argument("--deals", type=_whole(1), default=1,
                   help="deals per session (default 1)")
    p.add_argument("--rotations", choices=("rotate", "all"), default="rotate",
                   help="the seatings of a set: the lineup's rotations, or every permutation")
    p.add_argument("--plain", action="store_true",
                   help="a plain match of the same size (every session its own cards), "
                   "to compare the interval's width")
    p.add_argument("--rule", action="append", metavar="OPTION=VALUE",
                   help="a rules option, e.g. cap=20 or variant=dealers (repeat)")
    p.add_argument("--stacks", type=_whole(1), default=None,
                   help="chips each at a fresh table (default: the rules', 100)")
    p.add_argument("--seed", type=_whole(0), default=0, help="master seed")
    add_workers(p)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler, e.g. tcp://10.0.0.5:8786 (needs pedron[dask])")
    p.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help="with --scheduler: give up after this long without a sign of life")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=cmd_match)


def cmd_match(args: argparse.Namespace) -> int:
    from pedron.match import match

    bots: dict[str, str] = {}
    for spec in args.bots:
        if spec in bots:
            raise PedronValueError(f"--bots {spec}: given twice (a bot may sit at several "
                                   f"seats: see --lineup)")
        bots[spec] = spec
    lineup = None
    if args.lineup:
        bad = [i for i in args.lineup if i > len(args.bots)]
        if bad:
            raise PedronValueError(f"--lineup {bad[0]}: there are only {len(args.bots)} bots")
        lineup = [args.bots[i - 1] for i in args.lineup]
    client = None
    if args.scheduler:
        client = _dask_client(args.scheduler, args.timeout)
    bar = ProgressBar("sets")
    ok = False
    try:
        result = match(
            args.game, bots, players=args.players, sets=args.sets, deals=args.deals,
            lineup=lineup, rotations=args.rotations, duplicate=not args.plain, seed=args.seed,
            rules=_rules(args.rule), stacks=args.stacks, executor=client, workers=args.workers,
            timeout=args.timeout if client is not None else None,
            progress=None if args.quiet else bar, oversubscribe=args.oversubscribe,
        )
        ok = True
    except PedronError as exc:
        raise _as_typed(exc) from None
    finally:
        bar.close()
        if client is not None:
            if not ok:
                logging.disable(logging.ERROR)
            with contextlib.suppress(Exception):
                client.close(timeout=2)
            logging.disable(logging.NOTSET)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result)
        print(f"{result.games_played:,} games in {result.elapsed:.2f} s ({result.executor})")
    return 0
