"""A study: :func:`simulate` checks its arguments, cuts the blocks into work units
(:mod:`pedron.simulation.units`), runs them on an engine and merges their tallies."""

from __future__ import annotations

import inspect
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from pedron._exact import bounded_int, check_iterable, finite_float
from pedron._kernels.seeds import SEED_MAX
from pedron._machine import MAX_COUNT
from pedron.bots import BotSpec, make_bot, parse_bot
from pedron.errors import PedronError, PedronTypeError, PedronValueError
from pedron.games import GameInfo
from pedron.rules import MAX_CHIPS
from pedron.simulation.checkpoint import StudyState, check_checkpoint_path
from pedron.simulation.engines import (
    check_executor,
    check_workers,
    make_engine,
    run_units,
    worker_versions,
)
from pedron.simulation.results import SimulationResult, check_game
from pedron.simulation.units import Study, UnitResult, WorkUnit, cut, run_chunk

__all__ = ["check_timeout", "rules_object", "simulate"]

#: A progress callback: ``progress(games_done, games_requested)``.
ProgressFn = Callable[[int, int], None]


def rules_object(info: GameInfo, rules: Any) -> Any:
    """The game's ``Rules`` from ``rules``: ``None`` (the standard rules), a dict of its
    options, or its ``Rules`` itself (anything else is refused)."""
    if rules is None or isinstance(rules, Mapping):
        rules_class: Any = info.rules
        return rules_class.from_json(dict(rules or {}))
    if not isinstance(rules, info.rules):
        raise PedronTypeError(f"rules for {info.name} must be its Rules or a dict, "
                              f"not {type(rules).__name__}")
    return rules


#: Most games in a work unit when ``chunk_size`` is not given.
MAX_UNIT_GAMES = 20_000
#: Units per worker when the units are sized from the workers reported (for balance).
UNITS_PER_WORKER = 4
#: Units of an in-process study (for progress reports and checkpoints).
IN_PROCESS_UNITS = 20


def _check_bot(spec: BotSpec, game: GameInfo, rules: Any) -> None:
    """An imported bot must be a bot class or factory: called (as each session will call
    it) it makes a ``bot(view, legal)``. Anything else is refused before any work runs."""
    if "." not in spec.name:
        return  # a built-in bot
    try:
        bot = make_bot(spec, game, 0, rules=rules)
    except PedronError:
        raise
    except Exception as exc:
        raise PedronTypeError(f"bot {spec.name!r} is not a bot class or factory: calling it "
                              f"failed ({type(exc).__name__}: {exc})") from None
    if not callable(bot):
        raise PedronTypeError(f"bot {spec.name!r} is not a bot class or factory: it made a "
                              f"{type(bot).__name__}, not a bot(view, legal)")
    try:
        inspect.signature(bot).bind(None, ())
    except TypeError:
        raise PedronTypeError(f"bot {spec.name!r} made {bot!r}, which cannot be called as "
                              f"bot(view, legal)") from None
    except ValueError:
        pass  # no signature to read (a builtin): it will be tried in play


def _bot_specs(game: GameInfo, players: int, bots: Any, rules: Any) -> tuple[str, ...]:
    if bots is None:
        bots = game.default_bot
    if isinstance(bots, (str, BotSpec, Mapping)):
        bots = [bots] * players
    if not isinstance(bots, Sequence):
        raise PedronTypeError("bots must be a spec, or a list of one spec per seat")
    if len(bots) != players:
        raise PedronValueError(f"{len(bots)} bots for {players} players: give one spec or "
                               f"one per seat")
    check_iterable(bots, "bots")
    specs = [parse_bot(b, game) for b in bots]
    for spec in dict.fromkeys(specs):
        _check_bot(spec, game, rules)
    return tuple(str(spec) for spec in specs)


def check_timeout(timeout: Any) -> float | None:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise PedronTypeError(f"timeout must be a number of seconds, not {timeout!r}")
    timeout = finite_float(timeout, "timeout")
    if not timeout > 0 or math.isinf(timeout):
        raise PedronValueError(f"timeout must be a positive number of seconds, got {timeout}")
    return float(timeout)


def _progress_caller(progress: Any) -> Callable[[int, int, int], None] | None:
    """``progress(done, total, workers)``, or ``progress(done, total)`` for a callable
    that takes two arguments (the form before workers were reported)."""
    if progress is None:
        return None
    if not callable(progress):
        raise PedronTypeError(f"progress must be a callable, not {type(progress).__name__}")
    try:
        inspect.signature(progress).bind(0, 0, 0)
    except TypeError:
        return lambda done, total, workers: progress(done, total)
    except ValueError:
        pass
    return progress  # type: ignore[no-any-return]


def simulate(
    game: str | GameInfo,
    *,
    players: int,
    games: int,
    rules: Any = None,
    bots: Any = None,
    seed: int = 0,
    chunk_size: int | None = None,
    executor: Any = None,
    workers: int | None = None,
    stacks: int | None = None,
    session_games: int = 100,
    progress: ProgressFn | Callable[[int, int, int], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    timeout: float | None = None,
    oversubscribe: bool = False,
) -> SimulationResult:
    """Play ``games`` games of ``game`` with bots and return the results table.

    * ``game``: a game's name (``"diablo"``: 3-7 players, a game;
      ``"diamondback"``: 2-4, a hand; any game of :mod:`pedron.games`) or its
      descriptor; ``rules``: that game's ``Rules``, a dict of its options, or
      ``None`` for the standard rules.
    * ``bots``: ``None`` (every seat plays the game's default bot,
      ``GameInfo.default_bot``: ``"rule"`` for Diablo, ``"odds"`` for
      Diamondback), one spec for every
      seat, or one per seat (see :func:`pedron.bots.parse_bot`). A spec naming
      your own code must name a bot class or factory: it is built once here,
      and anything that does not make a ``bot(view, legal)`` is refused.
    * ``seed``: the master seed (0 .. 2**64-1); each block of
      ``session_games`` games draws its own seeds from it, so the same seed
      gives the same result for every ``chunk_size``, ``workers``,
      ``executor`` and checkpoint resume.
    * ``stacks``: each player's chips at the start of a session (default: the
      game's, 100). ``session_games``: the most games a table plays before it
      is settled and replaced by a fresh one; a session also ends when a player
      has lost all his chips. A pot still on the table is played out first, so
      slightly more than ``games`` games may be played (``result.games``).
    * ``executor``: a ``distributed.Client`` (a Dask cluster; its
      ``client.get_executor()`` is treated the same), or any
      :class:`concurrent.futures.Executor`; anything else is refused before any
      work starts. Without one, ``workers > 1`` starts a local process pool
      (stopped at once on Ctrl-C; its processes also stop by themselves if this
      one is killed) and ``workers`` 1 or ``None`` plays in this process. Local
      workers are at most the usable cores (more only slow the study), or with
      ``oversubscribe=True`` at most
      :data:`~pedron.simulation.engines.WORKER_HARD_CAP` times as many; with an
      executor, ``workers`` only sizes the units. With a Dask client the units
      are submitted with ``pure=False`` (never a cached result) after the
      workers' pedron and random-stream versions are checked against this
      process's; at most two units per worker thread are in flight and results
      are merged as they arrive, so memory does not grow with the study; if the
      study fails, is interrupted or times out, its unfinished units are
      cancelled on the cluster.
    * ``chunk_size``: games per work unit (rounded up to whole blocks). By
      default units are sized from the workers the executor or cluster
      reports (a pool's size; with a plain executor, ``workers`` if given;
      a Dask cluster's worker threads): four units per worker, at most
      20,000 games each.
    * ``timeout``: with Dask, the seconds to wait for a sign of life (a unit
      finishing, the scheduler answering with a worker) before a
      :class:`~pedron.errors.ClusterError` (default 60); with an executor or local
      ``workers``, the longest wait for any unit to finish (default: no limit), then a
      ClusterError (a local pool's processes are stopped first).
    * ``checkpoint``: a file path. Finished units are recorded there as they
      arrive; the same call again resumes from it and gives the identical
      result to an uninterrupted run. A checkpoint of another study (other
      options, seed, or pedron version) is refused.
    * ``progress``: called as ``progress(games_done, games, workers)`` as work
      units finish (``workers``: how many the engine reports active); a
      callable taking two arguments gets ``progress(games_done, games)``.

    The chip total is checked in every session and again on the merged table
    (:meth:`SimulationResult.check`).
    """
    info, players = check_game(game, players)
    games = bounded_int(games, "games", 1, MAX_COUNT)
    session_games = bounded_int(session_games, "session_games", 1, MAX_COUNT)
    seed = bounded_int(seed, "seed", 0, SEED_MAX)
    if workers is not None:
        workers = bounded_int(workers, "workers", 1, MAX_COUNT)
    check_workers(workers, oversubscribe, executor)
    if chunk_size is not None:
        chunk_size = bounded_int(chunk_size, "chunk_size", 1, MAX_COUNT)
    timeout = check_timeout(timeout)
    if checkpoint is not None:
        check_checkpoint_path(checkpoint)
    rules_obj = rules_object(info, rules)
    rules_json = rules_obj.to_json()
    if stacks is None:
        stacks = int(getattr(rules_obj, "stacks", 100))
    stacks = bounded_int(stacks, "stacks", 1, MAX_CHIPS // players)  # (the table's chips)
    specs = _bot_specs(info, players, bots, rules_obj)
    report = _progress_caller(progress)
    check_executor(executor)

    study = Study(game=info.name, players=players, rules=rules_json, bots=specs,
                  stacks=stacks, seed=seed, session_games=session_games, games=games,
                  **worker_versions())
    blocks = math.ceil(games / session_games)
    state = StudyState(study, blocks, None if checkpoint is None else Path(checkpoint))

    def games_in(first: int, last: int) -> int:
        return min(last * session_games, games) - first * session_games

    start = time.perf_counter()
    done = sum(games_in(a, b) for a, b in state.done)
    units_played = 0
    workers_seen: set[str] = set()
    engine = make_engine(run_chunk, executor, workers, timeout)

    def plan() -> Iterator[tuple[int, int]]:
        if chunk_size is None:
            units = UNITS_PER_WORKER * engine.capacity() if engine.parallel else IN_PROCESS_UNITS
            per = min(max(1, math.ceil(blocks / units)),
                      max(1, math.ceil(MAX_UNIT_GAMES / session_games)))
        else:
            per = max(1, math.ceil(chunk_size / session_games))
        return cut(list(state.remaining()), per)

    def task(unit: tuple[int, int]) -> WorkUnit:
        return WorkUnit(study, *unit)

    for unit, part in run_units(engine, plan, task):
        if not isinstance(part, UnitResult):  # (an executor's run that is not run_chunk)
            raise PedronTypeError(f"a work unit gave back a {type(part).__name__}, "
                                  f"not a UnitResult")
        workers_seen.add(part.worker)
        state.record(unit, part)
        units_played += 1
        done += games_in(*unit)
        if report is not None:
            report(done, games, engine.active())
    result = SimulationResult(
        game=info.name, players=players, requested=games, seed=seed, rules=rules_json,
        bots=specs,
        stacks=stacks, session_games=session_games, tally=state.counters.freeze(),
        workers=len(workers_seen), chunks=units_played, executor=engine.description,
        elapsed=time.perf_counter() - start, cpu_seconds=state.cpu_seconds,
    )
    result.check()
    return result
