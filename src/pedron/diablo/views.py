"""What a Diablo game and table show: results and per-player views (immutable data)."""

from __future__ import annotations

from typing import Any

from pedron.engine.frozen import fields
from pedron.engine.views import DealResult, DealView, TableViewBase, view_json

__all__ = ["GameResult", "GameView", "TableView"]


@fields
class GameResult(DealResult):
    """How a finished game ended (the fields of :class:`~pedron.engine.views.DealResult`, and).

    ``game``: the game dealt; ``passed``: everyone checked (or nobody could
    open), the pot stays; ``opener``: the seat that opened (``None``:
    nobody); ``opener_won``: whether he won or shared the main pot (``None``
    without an opener); ``diablo_paid``: chips the opener paid into a new pot
    under the Diablo rule (included in his ``net``, and in ``carry``);
    ``dead``: seats whose declared hand was higher than their cards. ``hands``
    are as played (as declared, under Declare).
    """

    __slots__ = ()

    game: str
    passed: bool
    opener: int | None
    opener_won: bool | None
    diablo_paid: int
    dead: tuple[int, ...]


# GameView's own field: declared hands as [category, [ranks]] or null.
_GAME_VIEW_FIELDS = {
    "declared": lambda declared: [None if d is None else [d[0], list(d[1])] for d in declared],
}


@fields
class GameView(DealView):
    """One game as seen by ``seat`` (the fields of :class:`~pedron.engine.views.DealView`, and).

    ``game``: the game dealt (``None`` while the dealer chooses);
    ``diablo_pot``: played for a Diablo pot (no ante); ``opener``; ``bet``:
    the highest bet of the current round; ``to_call``: what the viewer needs
    to call; ``raises``: raises so far in the round; ``drawn[s]``: cards seat
    ``s`` exchanged (-1: not yet); ``declared[s]``: the hand seat ``s`` named
    (category and ranks) or ``None``; ``stock``: cards left in the stock
    (their number only).
    """

    __slots__ = ()

    game: str | None
    diablo_pot: bool
    opener: int | None
    to_call: int
    raises: int
    drawn: tuple[int, ...]
    declared: tuple[tuple[int, tuple[int, ...]] | None, ...]
    stock: int

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self, _GAME_VIEW_FIELDS)


@fields
class TableView(TableViewBase):
    """The table as ``seat`` may see it: the fields of
    :class:`~pedron.engine.views.TableViewBase` (``deal`` is a
    :class:`GameView`), and ``series`` (the carried pot is a Diablo pot) and
    ``diablo_caller`` (Dealer's Choice: who called the Diablo still running)."""

    __slots__ = ()
    _OLD = "game"

    deal: GameView | None  # (a field of the base, its type made precise)
    series: bool
    diablo_caller: int | None
