"""What a Diablo game and table show: results and per-player views (frozen data)."""

from __future__ import annotations

from dataclasses import dataclass

from pedron.engine.views import DealResult, DealView, TableViewBase

__all__ = ["GameResult", "GameView", "TableView"]


@dataclass(frozen=True, slots=True)
class GameResult(DealResult):
    """How a finished game ended (the fields of :class:`~pedron.engine.views.DealResult`, and).

    ``variant``: the variant dealt; ``passed``: everyone checked (or nobody
    could open), the pot stays; ``opener``: the seat that opened (``None``:
    nobody); ``opener_won``: whether he won or shared the main pot (``None``
    without an opener); ``diablo_paid``: chips the opener paid into a new pot
    under the Diablo rule (included in his ``net``, and in ``carry``);
    ``dead``: seats whose declared hand was higher than their cards. ``hands``
    are as played (as declared, under Declare).
    """

    variant: str
    passed: bool
    opener: int | None
    opener_won: bool | None
    diablo_paid: int
    dead: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameView(DealView):
    """One game as seen by ``seat`` (the fields of :class:`~pedron.engine.views.DealView`, and).

    ``variant``: the variant dealt (``None`` while the dealer chooses);
    ``diablo_pot``: played for a Diablo pot (no ante); ``opener``; ``bet``:
    the highest bet of the current round; ``to_call``: what the viewer needs
    to call; ``raises``: raises so far in the round; ``drawn[s]``: cards seat
    ``s`` exchanged (-1: not yet); ``declared[s]``: the hand seat ``s`` named
    (category and ranks) or ``None``; ``stock``: cards left in the stock
    (their number only).
    """

    variant: str | None
    diablo_pot: bool
    opener: int | None
    to_call: int
    raises: int
    drawn: tuple[int, ...]
    declared: tuple[tuple[int, tuple[int, ...]] | None, ...]
    stock: int


@dataclass(frozen=True, slots=True)
class TableView(TableViewBase):
    """The table as ``seat`` may see it: the fields of
    :class:`~pedron.engine.views.TableViewBase` (``deal`` is a
    :class:`GameView`), and ``series`` (the carried pot is a Diablo pot) and
    ``diablo_caller`` (Dealer's Choice: who called the Diablo still running)."""

    series: bool
    diablo_caller: int | None
