"""Playing many games with bots: the work units and :func:`simulate`.

Terms (see ``docs/study.md``):

* a **game** is one Diablo game (a passed game counts) or one Diamondback hand;
* a **session** is one :class:`Table` with fresh stacks. It ends when its
  block's games are played, or as soon as a player has lost all his chips
  (the table restarts with fresh stacks, so the table size never changes);
  a pot still on the table then is played out first (a Diablo series to its
  end, a Diamondback carry-over until it is won), so every chip is settled
  and the seats' results sum to zero in every session;
* a **block** of ``session_games`` games is the unit of randomness: block
  ``b`` plays its sessions ``j = 0, 1, ...`` with seeds
  ``derive_seed(seed, b, j)`` (and each seat's bot with
  ``derive_seed(seed, b, j, seat + 1)``), so it plays the same games wherever
  and whenever it runs;
* a **chunk** (``chunk_size`` games, rounded up to whole blocks) is the unit
  of work sent to an executor. It changes only the scheduling: the results
  for a seed are identical for every chunk size, worker count and executor.
"""

from __future__ import annotations

import inspect
import math
import os
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from pedron._exact import bounded_int, check_iterable, exact_int, finite_float
from pedron._kernels.rng import Generator
from pedron._machine import MAX_COUNT
from pedron.bots import DEFAULT_BOT, BotSpec, make_bot, parse_bot
from pedron.errors import ClusterError, PedronError, PedronTypeError, PedronValueError
from pedron.rules import MAX_CHIPS
from pedron.simulation.checkpoint import StudyState, check_checkpoint_path
from pedron.simulation.engines import (
    check_executor,
    check_workers,
    make_engine,
    run_units,
    worker_versions,
)
from pedron.simulation.results import GAMES, Counters, SimulationResult, check_game

__all__ = ["GAMES", "SEED_MAX", "check_timeout", "derive_seed", "plan_chunks", "run_chunk",
           "simulate"]

_MASK = (1 << 64) - 1
#: The largest seed a study takes (a seed is one 64-bit word, as the generator's).
SEED_MAX = _MASK
_GOLDEN = 0x9E3779B97F4A7C15

#: A progress callback: ``progress(games_done, games_requested)``.
ProgressFn = Callable[[int, int], None]


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a bijective 64-bit hash."""
    z = (z + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int) -> int:
    """A 64-bit seed for the sub-stream named by ``path`` under the master ``seed``.

    SplitMix64 hashing of the master seed and each path element in turn:
    deterministic, well spread, and independent of how work is split. Every part is
    an int (any size: only its low 64 bits count).
    """
    h = _mix(exact_int(seed, "seed") & _MASK)
    for p in path:
        h = _mix(h ^ _mix((exact_int(p, "a seed path's part") * _GOLDEN) & _MASK))
    return h


# -- one session --------------------------------------------------------------------------


def _bot_error(seat: int, bot: Any, action: Any, exc: Exception) -> PedronError:
    return PedronValueError(f"bot {bot!r} at seat {seat} chose an illegal action {action}: {exc}")


def _play_out(deal: Any, bots: Sequence[Any],
              watch: Callable[[int, Any], None] | None = None) -> None:
    """The bots play ``deal`` to its end (``watch(seat, view)`` after each move)."""
    while not deal.done:
        seat = deal.to_act
        view = deal.view(seat)
        bot = bots[seat]
        action = bot(view, view.legal)
        try:
            deal.apply(action)
        except PedronError as exc:
            raise _bot_error(seat, bot, action, exc) from exc
        if watch is not None:
            watch(seat, view)


def _book_deal(result: Any, nets: list[int], tally: Counters, pot: bool = True) -> None:
    """What every finished deal adds to the tally: each seat's net and wins, the
    showdowns, the pot (``pot``: the deal had one to count) and the carry-over."""
    sc, seats = tally.scalars, tally.seats
    net, net_sq, won = seats["net"], seats["net_sq"], seats["won"]
    for s, v in enumerate(result.net):
        nets[s] += v
        net[s] += v
        net_sq[s] += v * v
    for s in result.winners:
        won[s] += 1
    sc["games"] += 1
    sc["showdowns"] += result.showdown
    chips = sum(p.amount for p in result.pots)
    if pot and chips:
        sc["pots"] += 1
        sc["pot_chips"] += chips
        sc["pot_max"] = max(sc["pot_max"], chips)
    if result.carry:
        sc["carry_games"] += 1
        sc["carry_chips"] += result.carry


def _play_diablo(table: Any, bots: Sequence[Any], quota: int, tally: Counters) -> int:
    """Play one Diablo session of at most ``quota`` games (plus the play-out)."""
    from pedron.diablo.hand import evaluate

    sc, seats, cats = tally.scalars, tally.seats, tally.categories
    nets = [0] * table.n
    played = 0
    series_len = 0
    while not table.over:
        ending = played >= quota or sum(table.seated) < table.n
        if ending and not table.closing and table.close():
            break
        game = table.next_deal()
        played += 1
        opening: list[int] = []  # the category of the opener's hand when he opened

        def watch(seat: int, view: Any, game: Any = game, opening: list[int] = opening) -> None:
            if not opening and game.opener == seat:
                wild = view.variant != "draw"
                opening.append(int(evaluate(view.my_cards, wild=wild).category))

        _play_out(game, bots, watch)
        r = game.result
        _book_deal(r, nets, tally, pot=not r.passed)
        if r.passed:
            sc["passed"] += 1
        o = r.opener
        if o is not None:
            v = r.net[o]
            paid = r.diablo_paid
            sc["openings"] += 1
            seats["opened"][o] += 1
            seats["opener_won"][o] += bool(r.opener_won)
            seats["opener_net"][o] += v
            seats["opener_net_sq"][o] += v * v
            if opening:
                category = opening[0]
                cats["opened"][category] += 1
                cats["won"][category] += bool(r.opener_won)
                cats["net"][category] += v
                cats["net_sq"][category] += v * v
                cats["paid"][category] += paid
                cats["payments"][category] += paid > 0
            if paid:
                seats["diablo_paid"][o] += paid
                seats["diablo_payments"][o] += 1
                sc["diablo_payments"] += 1
                sc["diablo_chips"] += paid
                sc["diablo_max"] = max(sc["diablo_max"], paid)
        elif not r.passed:
            sc["no_opener"] += 1
        if game.diablo_pot:
            series_len += 1
        if series_len and not table.series:
            _end_series(tally, series_len)
            series_len = 0
    if series_len:
        _end_series(tally, series_len)
    _settle(table, nets, tally)
    return played


def _end_series(tally: Counters, length: int) -> None:
    sc = tally.scalars
    sc["series"] += 1
    sc["series_games"] += length
    sc["series_max"] = max(sc["series_max"], length)
    hist = tally.histograms["series_length"]
    hist[length] = hist.get(length, 0) + 1


def _play_diamondback(table: Any, bots: Sequence[Any], quota: int, tally: Counters) -> int:
    """Play one Diamondback session of at most ``quota`` hands (plus the play-out)."""
    n = table.n
    sc, seats = tally.scalars, tally.seats
    nets = [0] * n
    played = 0
    while not table.over:
        if (played >= quota or sum(table.seated) < n) and not table.carry:
            if table.rules.variant == "match":
                for s in range(n):
                    if table.seated[s] and table.vote_end(s):
                        break
            else:
                table.close()
            break
        hand = table.next_deal()
        played += 1
        _play_out(hand, bots)
        r = hand.result
        _book_deal(r, nets, tally)
        d = r.dealer
        dv = r.net[d]
        seats["dealer"][d] += 1
        seats["dealer_net"][d] += dv
        seats["dealer_won"][d] += r.main_winner == d
        sc["dealer_net_sq"] += dv * dv
    _settle(table, nets, tally)
    return played


def _settle(table: Any, nets: list[int], tally: Counters) -> None:
    """Book a finished session: chips shared out at its end, and the invariants."""
    final = table.stacks
    buy_in = table.buy_in
    if sum(final) != sum(buy_in):
        raise AssertionError(f"chips not conserved in a session: {final} from {buy_in}")
    for s, (end, start, won) in enumerate(zip(final, buy_in, nets, strict=True)):
        rest = end - start - won  # a pot left at the very end, shared by the engine
        if rest:
            tally.seats["settled"][s] += rest
            tally.seats["net"][s] += rest
            tally.scalars["settled_chips"] += abs(rest)
    tally.scalars["sessions"] += 1


# -- the work unit ------------------------------------------------------------------------


def _rules_class(game: str) -> Any:
    if game == "diablo":
        from pedron.diablo import Rules

        return Rules
    from pedron.diamondback import Rules as DiamondbackRules

    return DiamondbackRules


def _rules_object(game: str, rules: Mapping[str, Any] | None) -> Any:
    return _rules_class(game).from_json(dict(rules or {}))


class UnitCancelled(Exception):
    """Raised inside a work unit that its study has cancelled (its result is not wanted)."""


def run_chunk(task: Mapping[str, Any], stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Play blocks ``task["blocks"][0] .. [1] - 1`` of an experiment; return the tally as
    plain data (plus ``cpu_seconds``, the work unit's processor time).

    The task is plain data (picklable, JSON-able): ``game``, ``players``,
    ``rules`` (a dict of options), ``bots`` (one spec text per seat), ``stacks``,
    ``seed``, ``session_games``, ``games`` (the experiment's total) and
    ``blocks``. This is the function an executor runs, on any machine with
    pedron installed. A task that names ``pedron`` and ``stream_version``
    (``simulate``'s do) is refused by a worker running another version, so a
    machine that joins a cluster mid-study with other code cannot change the
    result. The output also names the ``worker`` (host, process, thread).
    ``stop``, if given, is asked before each session: when it says yes the unit
    ends at once with :class:`UnitCancelled` (a Dask worker asks whether the
    study has cancelled the unit, so a failed study leaves nothing running).
    """
    if "pedron" in task:
        mine = worker_versions()
        theirs = {"pedron": task["pedron"], "stream_version": task.get("stream_version")}
        if theirs != mine:
            raise ClusterError(f"worker {_worker_name()} runs pedron {mine['pedron']} (random "
                               f"stream {mine['stream_version']}), the study pedron "
                               f"{theirs['pedron']} (stream {theirs['stream_version']})")
    game = task["game"]
    players = int(task["players"])
    seed = int(task["seed"])
    session_games = int(task["session_games"])
    total = int(task["games"])
    first, last = task["blocks"]
    rules = _rules_object(game, task["rules"])
    specs = [parse_bot(b, game) for b in task["bots"]]
    if game == "diablo":
        from pedron.diablo import Table

        play = _play_diablo
    else:
        from pedron.diamondback import Table  # type: ignore[assignment]

        play = _play_diamondback
    cpu = time.process_time()
    tally = Counters(game, players)
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
            table = Table(players, task["stacks"], rules, Generator(sseed))
            bots = [make_bot(spec, game, derive_seed(seed, block, session, s + 1), rules=rules)
                    for s, spec in enumerate(specs)]
            quota -= play(table, bots, quota, tally)
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
    out = tally.to_json()
    out["cpu_seconds"] = time.process_time() - cpu  # not part of the results
    out["worker"] = _worker_name()
    return out


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
    return list(_cut([(0, blocks)], per))


def _cut(ranges: Iterable[tuple[int, int]], per: int) -> Iterator[tuple[int, int]]:
    """Cut block ranges into units of at most ``per`` blocks, lazily (a study of 10**9
    games is many units: they are made as they are sent, not all at once)."""
    for first, last in ranges:
        for b in range(first, last, per):
            yield b, min(b + per, last)


# -- the entry point ----------------------------------------------------------------------

#: Most games in a work unit when ``chunk_size`` is not given.
MAX_UNIT_GAMES = 20_000
#: Units per worker when the units are sized from the workers reported (for balance).
UNITS_PER_WORKER = 4
#: Units of an in-process study (for progress reports and checkpoints).
IN_PROCESS_UNITS = 20


def _check_bot(spec: BotSpec, game: str, rules: Any) -> None:
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


def _bot_specs(game: str, players: int, bots: Any, rules: Any) -> tuple[str, ...]:
    if bots is None:
        bots = DEFAULT_BOT[game]
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
    game: str,
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

    * ``game``: ``"diablo"`` (3-7 players; a game) or ``"diamondback"`` (2-4;
      a hand); ``rules``: that game's ``Rules``, a dict of its options, or
      ``None`` for the standard rules.
    * ``bots``: ``None`` (every seat plays the game's rule-based bot:
      ``"rule"`` for Diablo, ``"odds"`` for Diamondback), one spec for every
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
    game, players = check_game(game, players)
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
    if rules is None or isinstance(rules, Mapping):
        rules_obj = _rules_object(game, rules)
    else:
        rules_obj = rules
        if not isinstance(rules, _rules_class(game)):
            raise PedronTypeError(f"rules for {game} must be its Rules or a dict, "
                                  f"not {type(rules).__name__}")
    rules_json = rules_obj.to_json()
    if stacks is None:
        stacks = int(getattr(rules_obj, "stacks", 100))
    stacks = bounded_int(stacks, "stacks", 1, MAX_CHIPS // players)  # (the table's chips)
    specs = _bot_specs(game, players, bots, rules_obj)
    report = _progress_caller(progress)
    check_executor(executor)

    base: dict[str, Any] = {
        "game": game, "players": players, "rules": rules_json, "bots": list(specs),
        "stacks": stacks, "seed": seed, "session_games": session_games, "games": games,
    }
    base.update(worker_versions())
    blocks = math.ceil(games / session_games)
    state = StudyState(base, blocks, None if checkpoint is None else Path(checkpoint))

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
        return _cut(list(state.remaining()), per)

    for unit, part in run_units(engine, plan, lambda unit: dict(base, blocks=list(unit))):
        workers_seen.add(str(part.get("worker", "")))
        state.record(unit, part)
        units_played += 1
        done += games_in(*unit)
        if report is not None:
            report(done, games, engine.active())
    result = SimulationResult(
        game=game, players=players, requested=games, seed=seed, rules=rules_json, bots=specs,
        stacks=stacks, session_games=session_games, tally=state.counters.freeze(),
        workers=len(workers_seen), chunks=units_played, executor=engine.description,
        elapsed=time.perf_counter() - start, cpu_seconds=state.cpu_seconds,
    )
    result.check()
    return result
