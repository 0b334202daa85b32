"""A study's work units: the experiment (:class:`Study`), a range of its blocks
(:class:`WorkUnit`), what playing one gives back (:class:`UnitResult`) and how the
blocks are cut into units (:func:`plan_chunks`).

Terms (see ``docs/study.md``):

* a **game** is one deal of the game (a Diablo game, a passed one included; a
  Diamondback hand);
* a **session** is one table with fresh stacks. It ends when its block's games are
  played, or as soon as a player has lost all his chips (the table restarts with
  fresh stacks, so the table size never changes); a pot still on the table then is
  played out first (a Diablo series to its end, a Diamondback carry-over until it is
  won), so every chip is settled and the seats' results sum to zero in every session;
* a **block** of ``session_games`` games is the unit of randomness: block ``b``
  plays its sessions ``j = 0, 1, ...`` with seeds ``derive_seed(seed, b, j)`` (and
  each seat's bot with ``derive_seed(seed, b, j, seat + 1)``), so it plays the same
  games wherever and whenever it runs;
* a **chunk** (``chunk_size`` games, rounded up to whole blocks) is the unit of work
  sent to an executor. It changes only the scheduling: the results for a seed are
  identical for every chunk size, worker count and executor.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pedron import games
from pedron._exact import bounded_int
from pedron._kernels.rng import Generator
from pedron._kernels.seeds import derive_seed
from pedron._machine import MAX_COUNT
from pedron.bots import make_bot, parse_bot
from pedron.errors import ClusterError, PedronTypeError, PedronValueError
from pedron.simulation.engines import worker_versions
from pedron.simulation.results import Counters, Tally
from pedron.simulation.session import play_session

__all__ = ["MAX_LISTED_UNITS", "Study", "UnitCancelled", "UnitResult", "WorkUnit",
           "plan_chunks", "run_chunk"]


@dataclass(frozen=True)
class Study:
    """One experiment, as every work unit of it carries it (plain values: it pickles and
    travels to any machine with pedron installed)."""

    game: str
    """The game's registered name."""
    players: int
    rules: dict[str, Any]
    """The game's ``Rules`` as plain data (``Rules.to_json()``)."""
    bots: tuple[str, ...]
    """One bot spec (text) per seat."""
    stacks: int
    seed: int
    session_games: int
    games: int
    """The games the study asks for (the last block may be short)."""
    pedron: str | None = None
    """The pedron version the study runs (a worker running another refuses it)."""
    stream_version: int | None = None
    """The random-stream version the study runs (likewise)."""

    def to_json(self) -> dict[str, Any]:
        """Plain data (what a checkpoint records to know its study again)."""
        out = {"game": self.game, "players": self.players, "rules": dict(self.rules),
               "bots": list(self.bots), "stacks": self.stacks, "seed": self.seed,
               "session_games": self.session_games, "games": self.games}
        if self.pedron is not None:
            out.update(pedron=self.pedron, stream_version=self.stream_version)
        return out


@dataclass(frozen=True)
class WorkUnit:
    """Blocks ``first`` .. ``last - 1`` of a :class:`Study`: what an executor runs."""

    study: Study
    first: int
    last: int

    @classmethod
    def from_json(cls, task: Mapping[str, Any]) -> WorkUnit:
        """A unit from the plain data of earlier releases: the study's fields and
        ``blocks`` (``[first, last]``)."""
        if not isinstance(task, Mapping):
            raise PedronTypeError(f"a work unit is a WorkUnit, not {type(task).__name__}")
        first, last = task["blocks"]
        study = Study(
            game=task["game"], players=int(task["players"]), rules=dict(task["rules"] or {}),
            bots=tuple(task["bots"]), stacks=task["stacks"], seed=int(task["seed"]),
            session_games=int(task["session_games"]), games=int(task["games"]),
            pedron=task.get("pedron"), stream_version=task.get("stream_version"))
        return cls(study, int(first), int(last))


@dataclass(frozen=True)
class UnitResult:
    """What one work unit gives back."""

    tally: Tally
    """The counters of its blocks."""
    cpu_seconds: float
    """The processor time it took (not part of the results)."""
    worker: str
    """Who played it: ``host:process:thread``."""


class UnitCancelled(Exception):
    """Raised inside a work unit that its study has cancelled (its result is not wanted)."""


def run_chunk(unit: WorkUnit | Mapping[str, Any],
              stop: Callable[[], bool] | None = None) -> UnitResult:
    """Play the blocks of ``unit`` (a :class:`WorkUnit`; the plain data of earlier
    releases is read too) and return their tally.

    This is the function an executor runs, on any machine with pedron installed. A
    study that names its ``pedron`` and ``stream_version`` (``simulate``'s do) is
    refused by a worker running another version, so a machine that joins a cluster
    mid-study with other code cannot change the result. ``stop``, if given, is asked
    before each session: when it says yes the unit ends at once with
    :class:`UnitCancelled` (a Dask worker asks whether the study has cancelled the
    unit, so a failed study leaves nothing running).
    """
    if not isinstance(unit, WorkUnit):
        unit = WorkUnit.from_json(unit)
    study = unit.study
    if study.pedron is not None:
        mine = worker_versions()
        theirs = {"pedron": study.pedron, "stream_version": study.stream_version}
        if theirs != mine:
            raise ClusterError(f"worker {_worker_name()} runs pedron {mine['pedron']} (random "
                               f"stream {mine['stream_version']}), the study pedron "
                               f"{theirs['pedron']} (stream {theirs['stream_version']})")
    info = games.get(study.game)
    players, seed = study.players, study.seed
    session_games, total = study.session_games, study.games
    first, last = unit.first, unit.last
    rules_class: Any = info.rules
    rules = rules_class.from_json(dict(study.rules))
    specs = [parse_bot(b, info) for b in study.bots]
    table_class = info.table
    facet = info.study
    cpu = time.process_time()
    tally = Counters(info, players)
    sc, net = tally.scalars, tally.seats["net"]
    block_sq, block_cross = tally.seats["block_net_sq"], tally.seats["block_net_games"]
    for block in range(first, last):
        quota = min(session_games, total - block * session_games)
        before, games_before = list(net), sc["games"]
        session = 0
        while quota > 0:
            if stop is not None and stop():
                raise UnitCancelled(f"blocks {first}..{last - 1}: cancelled by the study")
            sseed = derive_seed(seed, block, session)
            table = table_class(players, study.stacks, rules, Generator(sseed))
            bots = [make_bot(spec, info, derive_seed(seed, block, session, s + 1), rules=rules)
                    for s, spec in enumerate(specs)]
            quota -= play_session(table, bots, quota, tally,
                                  None if facet is None else facet.session())
            session += 1
        # Blocks are independent (own seeds, fresh tables): their totals give honest
        # standard errors even though the games within a session are not independent.
        played = sc["games"] - games_before
        sc["blocks"] += 1
        sc["block_games_sq"] += played * played
        for s in range(players):
            x = net[s] - before[s]
            block_sq[s] += x * x
            block_cross[s] += x * played
    return UnitResult(tally=tally.freeze(), cpu_seconds=time.process_time() - cpu,
                      worker=_worker_name())


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


#: Most units :func:`plan_chunks` lists (a study cuts its own lazily, however many).
MAX_LISTED_UNITS = 1_000_000


def plan_chunks(games: int, session_games: int, chunk_size: int) -> list[tuple[int, int]]:
    """The block ranges ``(first, last)`` of each chunk.

    Every argument is a whole number of at least 1; a plan of more than
    :data:`MAX_LISTED_UNITS` units is refused (it would be listed whole)."""
    games = bounded_int(games, "games", 1, MAX_COUNT)
    session_games = bounded_int(session_games, "session_games", 1, MAX_COUNT)
    chunk_size = bounded_int(chunk_size, "chunk_size", 1, MAX_COUNT)
    blocks = -(-games // session_games)  # (exact: no float on a caller's numbers)
    per = max(1, -(-chunk_size // session_games))
    units = -(-blocks // per)
    if units > MAX_LISTED_UNITS:
        raise PedronValueError(f"plan_chunks: {units:,} units, more than the "
                               f"{MAX_LISTED_UNITS:,} it lists; use larger chunks")
    return list(cut([(0, blocks)], per))


def cut(ranges: Iterable[tuple[int, int]], per: int) -> Iterator[tuple[int, int]]:
    """Cut block ranges into units of at most ``per`` blocks, lazily (a study of 10**9
    games is many units: they are made as they are sent, not all at once)."""
    for first, last in ranges:
        for b in range(first, last, per):
            yield b, min(b + per, last)
