"""What the bench times of a game's hand evaluation: a game's :class:`BenchFacet`
(``GameInfo.bench``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BenchFacet", "BenchTable"]


@dataclass(frozen=True)
class BenchTable:
    """One table of the compact bench report: the results of one ``mode``."""

    mode: str
    """The results' mode (``"wild"``, ``"natural"``; ``"-"`` for a game with one)."""
    title: str
    """The table's title (``"Diablo, deuces wild"``)."""


@dataclass(frozen=True)
class BenchFacet:
    """How the bench times a game's evaluators and names its sections."""

    title: str
    """The game's section of the full report (``"Diamondback (two cards)"``)."""
    tables: tuple[BenchTable, ...]
    """The game's tables of the compact report, in order."""
    entries: str
    """The module of the bench (``"pedron.diablo.bench"``) that makes the game's timed
    entries: its ``entries(info, hands)``; for the game of the peers also
    ``fixed_cost(batch)``, the fixed cost of a batch call, and ``evaluate(hand, wild=...)``,
    its evaluation of one hand (``pedron.testing``'s ``"pedron"`` baseline)."""
    peers: bool = False
    """The peers (and your evaluators) rank this game's hands: five cards, natural
    mode. One game has it; the headline compares pedron with the peers on it."""
