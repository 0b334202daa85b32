"""What a study keeps of one game beyond the counters every game has: a game's
:class:`StudyFacet` (``GameInfo.study``).

A study (:func:`pedron.simulate`) counts for every game the seats' chips and wins,
the showdowns, the pots and carry-overs. A game may keep more (Diablo: its
openings, what the Diablo rule made openers pay, its series): it names its own
counters (whole numbers, so partial tallies merge exactly), gives a
:class:`SessionStats` that adds to them as a session is played, and says how to
report them. A game without a facet is studied with the common counters alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Column", "Counts", "SessionStats", "StudyFacet", "TallyView", "mean_se", "ratio",
           "shown_number"]


class Counts(Protocol):
    """The counters a session adds to (a study's mutable tally): ``scalars[name]``,
    ``seats[name][seat]``, ``categories[name][category]``, ``histograms[name][value]``."""

    scalars: dict[str, int]
    seats: dict[str, list[int]]
    categories: dict[str, list[int]]
    histograms: dict[str, dict[int, int]]


class TallyView(Protocol):
    """A finished tally, read only (a :class:`~pedron.simulation.Tally`)."""

    @property
    def scalars(self) -> Mapping[str, int]: ...
    @property
    def seats(self) -> Mapping[str, Sequence[int]]: ...
    @property
    def categories(self) -> Mapping[str, Sequence[int]]: ...
    @property
    def histograms(self) -> Mapping[str, Mapping[int, int]]: ...


class SessionStats(Protocol):
    """A game's own statistics of one session (one object per session)."""

    def watch(self, deal: Any) -> Callable[[int, Any], None] | None:
        """Called as ``deal`` starts: ``watch(seat, view)`` is then called after each
        move (``None``: nothing to watch)."""

    def counts_pot(self, result: Any) -> bool:
        """Whether the finished deal's pot counts among the study's pots (a Diablo
        game that everyone passed has none)."""

    def deal(self, table: Any, deal: Any, counts: Counts) -> None:
        """Add what the finished ``deal`` (at ``table``) says to ``counts``."""

    def end(self, table: Any, counts: Counts) -> None:
        """The session is over: add what is still open (a Diablo series) to ``counts``."""


@dataclass(frozen=True)
class Column:
    """One more column of a study's per-seat table: its ``header`` and the ``cell``
    text of a seat's row (a dict of :meth:`~pedron.simulation.SimulationResult.to_rows`)."""

    header: str
    cell: Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class StudyFacet:
    """What a study keeps of a game beyond the common counters, and how it reports it."""

    session: Callable[[], SessionStats]
    """Makes the statistics object of one session."""
    scalars: tuple[str, ...] = ()
    """The game's own game-wide counters (summed when tallies merge)..."""
    maxima: frozenset[str] = frozenset()
    """... except these, of :attr:`scalars`, which keep the larger."""
    seats: tuple[str, ...] = ()
    """The game's own per-seat counters."""
    categories: tuple[str, ...] = ()
    """The game's counters by hand category (each a row of ``len(category_names)``)."""
    category_names: tuple[str, ...] = ()
    """The categories' names by number (Diablo's hand categories, index 0 unused)."""
    histograms: tuple[str, ...] = ()
    """The game's own histograms (a count by whole value)."""
    seat_row: Callable[[TallyView, int], dict[str, Any]] | None = None
    """The game's own figures of seat ``s`` (added to the common per-seat row)."""
    summary: Callable[[TallyView, int], dict[str, Any]] | None = None
    """The game's own game-wide figures, given the tally and the games played."""
    category_rows: Callable[[TallyView], list[dict[str, Any]]] | None = None
    """One row per category with something counted (``None``: no such table)."""
    columns: tuple[Column, ...] = ()
    """The columns the game adds to the per-seat table of a study's text."""
    text: Callable[[Mapping[str, Any], list[dict[str, Any]]], list[str]] | None = None
    """The lines after the per-seat table, from the summary and the category rows
    (``None``: the common figures: showdowns, carry-overs, pots)."""


def mean_se(total: int, squares: int, n: int) -> tuple[float, float]:
    """Mean and its standard error from a sum and a sum of squares over ``n`` samples."""
    if n <= 0:
        return math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan
    var = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return mean, math.sqrt(var / n)


def ratio(a: int, b: int) -> float:
    """``a / b``, or NaN when ``b`` is 0 (nothing to divide by)."""
    return a / b if b else math.nan


def shown_number(x: float, spec: str = ".3f") -> str:
    """``x`` formatted by ``spec``, or ``"-"`` for NaN (no sample)."""
    return "-" if isinstance(x, float) and math.isnan(x) else format(x, spec)
