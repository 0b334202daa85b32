"""One timed entry of the bench, and what a game's entries are made from (the games'
modules of the bench, named by their descriptors: ``GameInfo.bench``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pedron import games
from pedron.bench.custom import Evaluator
from pedron.bench.isolate import EvaluatorFailed, IsolatedEvaluator
from pedron.bench.order import OrderVerdict
from pedron.errors import PedronValueError
from pedron.games import GameInfo
from pedron.games.bench import BenchFacet

__all__ = ["WARMUP_HANDS", "Entry", "Hands", "bench_games", "both", "failed_in_process",
           "guarded", "peer_entries", "peer_game", "warm_size"]

#: Each timed run is preceded, untimed, by the same evaluator on this many of its
#: first hands (at most a twentieth of them): its tables and code back in the
#: caches, whatever ran before it.
WARMUP_HANDS = 500


@dataclass
class Entry:
    """An evaluator timed: its name, kind, game and mode, the hands it evaluates and
    how to run it (``run``; ``warm``: the same on a few of its hands)."""

    name: str
    kind: str
    game: str
    mode: str
    hands: int
    run: Callable[[], Any]
    entry: str
    note: str = ""
    check: Callable[[Any], OrderVerdict] | None = None  # its values, checked
    warm: Callable[[], Any] | None = None  # the same evaluation on a few of its hands


@dataclass(frozen=True)
class Hands:
    """What a game's entries are made from: the bench's five-card hands (``batch``; its
    first ``rows`` one call at a time, the first ``ref_rows`` by the reference), your
    evaluators, whether the peers are timed, and the counts and seed for a game that
    deals its own."""

    batch: Any
    rows: list[tuple[int, ...]]
    ref_rows: list[tuple[int, ...]]
    evaluators: Sequence[Evaluator | IsolatedEvaluator]
    peers: bool
    hands: int
    scalar_hands: int
    reference_hands: int
    seed: int


def warm_size(n: int) -> int:
    """How many of ``n`` hands an evaluator's untimed warm-up before each timed run
    evaluates: :data:`WARMUP_HANDS`, at most a twentieth of them (at least one)."""
    return max(1, min(WARMUP_HANDS, n // 20))


def both(make: Callable[[Any], Callable[[], Any]], data: Any) -> tuple[Callable[[], Any],
                                                                      Callable[[], Any]]:
    """The runner ``make(data)`` and its warm-up, ``make`` of the first few of ``data``."""
    return make(data), make(data[:warm_size(len(data))])


def guarded(ev: Evaluator, rows: Sequence[tuple[int, ...]],
            run: Callable[[], Any]) -> Callable[[], Any]:
    """``run`` (your evaluator's runner, in this process), whose exception becomes
    :class:`EvaluatorFailed` naming the evaluator and the hand."""
    def run_guarded() -> Any:
        try:
            return run()
        except Exception as exc:  # (the caller's code: any exception is reported)
            raise failed_in_process(ev, rows, exc, "while timed") from exc

    return run_guarded


def failed_in_process(ev: Evaluator, rows: Sequence[tuple[int, ...]], exc: Exception,
                      doing: str) -> EvaluatorFailed:
    """What an evaluator run in this process did wrong, as the one-line failure the
    child process would report (the hand named, if it raises again on it)."""
    try:
        ev.values(rows)
    except PedronValueError as named:
        return EvaluatorFailed(ev.name, f"{str(named).split(' ', 2)[2]} {doing}")
    return EvaluatorFailed(ev.name, f"raised {exc!r} {doing}")


def bench_games() -> list[tuple[GameInfo, BenchFacet]]:
    """The registered games the bench times, with their facets, in the registry's order."""
    out = []
    for name in games.names():
        info = games.get(name)
        if info.bench is not None:
            out.append((info, info.bench))
    return out


def _peers_game() -> GameInfo | None:
    """The game whose natural hands the peers rank (its bench facet's ``peers``), if any."""
    return next((info for info, facet in bench_games() if facet.peers), None)


def peer_game() -> str:
    """The name of the game whose natural hands the peers rank (its facet's ``peers``)."""
    info = _peers_game()
    return "" if info is None else info.name


def peer_entries() -> Any:
    """The bench module (its facet's ``entries``, imported) of the game whose natural
    hands the peers rank: its ``fixed_cost`` and its per-hand ``evaluate``; ``None``
    without such a game."""
    info = _peers_game()
    return None if info is None or info.bench is None else importlib.import_module(
        info.bench.entries)
