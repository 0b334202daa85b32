"""``pedron simulate``: many games with bots, with a progress bar and a summary table."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import logging
import re
import sys
from collections.abc import Callable
from typing import Any

from pedron import games
from pedron.cli.progress import ProgressBar
from pedron.cli.words import descriptor
from pedron.errors import ClusterError, PedronError, PedronValueError
from pedron.games import GameInfo
from pedron.simulation.checkpoint import check_checkpoint_path
from pedron.simulation.engines import DEFAULT_TIMEOUT, WORKER_HARD_CAP
from pedron.simulation.results import count_text
from pedron.text import wrap

__all__ = ["ProgressBar", "cmd_simulate", "register"]

#: The longest value ``--rule`` reads: every rules option is a short word or number.
MAX_RULE_VALUE = 100


def _rule_value(key: str, text: str) -> Any:
    if len(text) > MAX_RULE_VALUE:
        raise PedronValueError(f"--rule {key}: a value of {len(text):,} characters; a rules "
                               f"option takes a word or a number of at most {MAX_RULE_VALUE}")
    try:
        return json.loads(text)
    except ValueError:  # (not JSON: a word such as dealers, or yes/no)
        low = text.lower()
        if low in ("true", "yes", "on"):
            return True
        if low in ("false", "no", "off"):
            return False
        return text


def _rules(items: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise PedronValueError(f"--rule expects OPTION=VALUE, got {item!r}")
        name = key.strip().replace("-", "_")
        out[name] = _rule_value(name, value.strip())
    return out


def rules_arg(game: str | GameInfo, items: list[str] | None) -> Any:
    """The rules ``--rule OPTION=VALUE`` (repeated) give ``game``'s table, checked, a
    mistake named as ``--rule`` takes it (``simulate``, ``match`` and ``play`` read it)."""
    try:
        rules: Any = descriptor(game).rules
        return rules.from_json(_rules(items))
    except PedronError as exc:
        raise _as_typed(exc) from None


def _dask_client(address: str, timeout: float) -> Any:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise PedronValueError(
            "--scheduler needs Dask: pip install 'pedron[dask]'"
        ) from None
    try:
        return distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def cmd_simulate(args: argparse.Namespace) -> int:
    from pedron.simulation import simulate

    game = games.get(args.game)
    players = args.players if args.players is not None else game.study_players
    bots: Any = None
    if args.bots:
        bots = args.bots[0] if len(args.bots) == 1 else list(args.bots)
    unit = game.deals_word
    client = None
    if args.scheduler:
        client = _dask_client(args.scheduler, args.timeout)
    if args.checkpoint is not None:
        check_checkpoint_path(args.checkpoint, "--checkpoint")
    bar = ProgressBar(unit)
    ok = False
    try:
        result = simulate(
            game.name,
            players=players,
            games=args.games,
            rules=_rules(args.rule),
            bots=bots,
            seed=args.seed,
            chunk_size=args.chunk_size,
            executor=client,
            workers=args.workers,
            stacks=args.stacks,
            session_games=args.session_games,
            progress=None if args.quiet else bar,
            checkpoint=args.checkpoint,
            timeout=args.timeout if client is not None else None,
            oversubscribe=args.oversubscribe,
        )
        ok = True
    except PedronError as exc:
        raise _as_typed(exc) from None
    finally:
        bar.close()
        if client is not None:
            if not ok:
                # The error is reported in one line; Dask's own log of a connection it
                # could not re-establish while closing would only bury it.
                logging.disable(logging.ERROR)
            import asyncio  # (imported by distributed already)

            # A lost scheduler: nothing to close. Closing may end on the cancelled
            # reconnection, asyncio's CancelledError, which is not an Exception.
            with contextlib.suppress(Exception, asyncio.CancelledError):
                client.close(timeout=2)
            logging.disable(logging.NOTSET)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    elif args.csv:
        sys.stdout.write(result.to_csv())
    else:
        print(result)
        print(wrap(f"{count_text(result.games, unit)} in {result.elapsed:.2f} s "
                   f"({result.games_per_second:,.0f} a second; {result.executor}, "
                   f"{count_text(result.workers, 'workers')}, "
                   f"{count_text(result.chunks, 'work units')}, "
                   f"{result.cpu_seconds:.2f} s of processor time)", indent="  "))
    return 0


def add_workers(p: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--oversubscribe``, as ``simulate`` and ``match`` take them."""
    p.add_argument("--workers", type=_whole(1), default=None,
                   help="local worker processes, at most the usable cores (default 1: this "
                   "process)")
    p.add_argument("--oversubscribe", action="store_true",
                   help="allow more workers than usable cores (up to "
                   f"{WORKER_HARD_CAP} per core)")


#: The library's words for what the options set, as ``simulate`` names them.
_OPTION_WORDS = {"workers": "--workers", "oversubscribe": "--oversubscribe"}


def _as_typed(exc: PedronError) -> PedronError:
    """A rules error names the option as ``--rule`` takes it, not as ``Rules.option``;
    the workers' limits name ``--workers`` and ``--oversubscribe``."""
    text = str(exc)
    if text.startswith("Rules."):
        key, _, rest = text[len("Rules."):].partition(" ")
        text = f"--rule {key}: {rest}"
    elif text.startswith("workers "):
        text = re.sub(r"\b(workers|oversubscribe)\b(?= \d| allows)",
                      lambda m: _OPTION_WORDS[m.group(1)], text)
    else:
        return exc
    try:
        return type(exc)(text)
    except TypeError:  # an error class with its own signature: keep it as it was
        return exc


def _whole(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low`` (named as the option in errors)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number is needed, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value
    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds is needed, not {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


def register(sub: Any) -> None:
    """Add the ``simulate`` subcommand to the ``pedron`` parser's subparsers."""
    p = sub.add_parser(
        "simulate",
        help="play many games with bots and tabulate the results",
        description="Play many Diablo games or Diamondback hands with built-in (or your own) "
        "bots, on this machine or a Dask cluster; the same seed gives the same table "
        "however the work is split.",
    )
    p.add_argument("game", choices=games.names())
    p.add_argument("--players", type=_whole(1), default=None,
                   help="table size (Diablo 3-7, default 4; Diamondback 2-4, default 2)")
    p.add_argument("--games", type=_whole(1), default=10_000,
                   help="games (Diamondback: hands) to play (default 10,000)")
    p.add_argument(
        "--bots", nargs="+", metavar="SPEC",
        help="one bot spec for every seat or one per seat. Diablo: random, rule[:open=two_pair,"
        "call=trips,raise=full_house,big=quads,draw=2], strong[:file=PATH]; Diamondback: "
        "random, odds[:margin=0.1,aggression=1,stop=0.5], equilibrium:file=PATH (a pedron "
        "solve strategy); either: a.module.BotClass[:key=value] (a bot class or factory)",
    )
    p.add_argument("--rule", action="append", metavar="OPTION=VALUE",
                   help="a rules option, e.g. cap=20, more_draw=true, variant=dealers (repeat)")
    p.add_argument("--stacks", type=_whole(1), default=None,
                   help="chips each at a fresh table (default: the rules', 100)")
    p.add_argument("--session-games", type=_whole(1), default=100,
                   help="most games a table plays before fresh stacks (default 100)")
    add_workers(p)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler, e.g. tcp://10.0.0.5:8786 (needs pedron[dask])")
    p.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help="with --scheduler: give up after this long without a sign of life "
                   f"from the cluster (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--checkpoint", metavar="PATH",
                   help="record finished work in PATH; the same command again resumes there")
    p.add_argument("--seed", type=_whole(0), default=0, help="master seed (default 0)")
    p.add_argument("--chunk-size", type=_whole(1), default=None,
                   help="games per work unit (default: four units per worker, "
                   "at most 20,000 games)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the results as JSON")
    out.add_argument("--csv", action="store_true", help="print the per-seat table as CSV")
    p.set_defaults(run=cmd_simulate)
