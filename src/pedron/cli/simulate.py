"""``pedron simulate``: many games with bots, with a progress bar and a summary table."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from typing import Any, TextIO

from pedron.errors import PedronValueError

__all__ = ["ProgressBar", "cmd_simulate", "register"]

DEFAULT_PLAYERS = {"diablo": 4, "diamondback": 2}


class ProgressBar:
    """A one-line progress bar on stderr, shown only once the work has taken ``delay`` s."""

    def __init__(self, unit: str = "games", stream: TextIO | None = None,
                 delay: float = 1.0, width: int = 30) -> None:
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.width = width
        self.start = time.perf_counter()
        self.shown = False
        self._last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        if elapsed < self.delay or (done < total and now - self._last < 0.2):
            return
        self._last = now
        frac = min(done / total, 1.0) if total else 1.0
        filled = round(frac * self.width)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 and done < total else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {frac:4.0%} {done:,}/{total:,} {self.unit}  "
                          f"{rate:,.0f} {self.unit}/s  {elapsed:.0f} s, about {eta:.0f} s left ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the line if the bar was shown."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _rule_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
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
        out[key.strip().replace("-", "_")] = _rule_value(value.strip())
    return out


def _dask_executor(address: str) -> tuple[Any, Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise PedronValueError(
            "--scheduler needs Dask: pip install 'pedron[dask]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as exc:
        raise PedronValueError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    return client, client.get_executor()


def cmd_simulate(args: argparse.Namespace) -> int:
    from pedron.simulation import simulate

    players = args.players if args.players is not None else DEFAULT_PLAYERS[args.game]
    bots: Any = None
    if args.bots:
        bots = args.bots[0] if len(args.bots) == 1 else list(args.bots)
    client = executor = None
    if args.scheduler:
        client, executor = _dask_executor(args.scheduler)
    bar = ProgressBar("games" if args.game == "diablo" else "hands")
    try:
        result = simulate(
            args.game,
            players=players,
            games=args.games,
            rules=_rules(args.rule),
            bots=bots,
            seed=args.seed,
            chunk_size=args.chunk_size,
            executor=executor,
            workers=args.workers,
            stacks=args.stacks,
            session_games=args.session_games,
            progress=None if args.quiet else bar,
        )
    finally:
        bar.close()
        if client is not None:
            client.close()
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    elif args.csv:
        sys.stdout.write(result.to_csv())
    else:
        print(result)
        print(f"{result.games:,} games in {result.elapsed:.2f} s "
              f"({result.games_per_second:,.0f} a second; {result.executor}, "
              f"{result.chunks} work units, {result.cpu_seconds:.2f} s of processor time)")
    return 0


def register(sub: Any) -> None:
    """Add the ``simulate`` subcommand to the ``pedron`` parser's subparsers."""
    p = sub.add_parser(
        "simulate",
        help="play many games with bots and tabulate the results",
        description="Play many Diablo games or Diamondback hands with built-in (or your own) "
        "bots, on this machine or a Dask cluster; the same seed gives the same table "
        "however the work is split.",
    )
    p.add_argument("game", choices=("diablo", "diamondback"))
    p.add_argument("--players", type=int, default=None,
                   help="table size (Diablo 3-7, default 4; Diamondback 2-4, default 2)")
    p.add_argument("--games", type=int, default=10_000, help="games (hands) to play (10,000)")
    p.add_argument(
        "--bots", nargs="+", metavar="SPEC",
        help="one bot spec for every seat or one per seat: random, rule[:open=two_pair,"
        "call=trips,raise=full_house,big=quads,draw=2], odds[:margin=0.1,aggression=1,stop=0.5],"
        " or a.module.Class[:key=value]",
    )
    p.add_argument("--rule", action="append", metavar="OPTION=VALUE",
                   help="a rules option, e.g. cap=20, more_draw=true, variant=dealers (repeat)")
    p.add_argument("--stacks", type=int, default=None, help="chips each at a fresh table (100)")
    p.add_argument("--session-games", type=int, default=100,
                   help="most games a table plays before fresh stacks (100)")
    p.add_argument("--workers", type=int, default=None,
                   help="local worker processes (default 1: this process)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler, e.g. tcp://10.0.0.5:8786 (needs pedron[dask])")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--chunk-size", type=int, default=None, help="games per work unit")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the results as JSON")
    out.add_argument("--csv", action="store_true", help="print the per-seat table as CSV")
    p.set_defaults(run=cmd_simulate)
