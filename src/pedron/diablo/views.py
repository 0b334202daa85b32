"""What a Diablo game and table show: results and per-player views (plain frozen data)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pedron.engine.actions import LegalAction, Record
from pedron.engine.pots import Pot
from pedron.engine.views import json_of, view_json

__all__ = ["GameResult", "GameView", "TableView"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a finished game ended.

    ``passed``: everyone checked (or nobody could open), the pot stays;
    ``showdown``: hands were shown; ``pots``: the pots as settled, main pot
    first; ``payouts[s]``: chips seat ``s`` received (his own uncalled chips
    included); ``net[s]``: his gain or loss over the game; ``carry``: chips
    left on the table for the next game (a passed pot, odd chips under
    ``odd_chip="carry"``, a pot of dead hands, and the Diablo payment);
    ``winners``: seats that won chips, clockwise from the dealer's left;
    ``opener``: the seat that opened (``None``: nobody); ``opener_won``:
    whether he won or shared the main pot (``None`` without an opener);
    ``diablo_paid``: chips the opener paid into a new pot under the Diablo
    rule; ``hands[s]``: the description of the hand seat ``s`` played at the
    showdown (as declared, under Declare); ``dead``: seats whose declared hand
    was higher than their cards.
    """

    number: int
    dealer: int
    game: str
    passed: bool
    showdown: bool
    pots: tuple[Pot, ...]
    payouts: tuple[int, ...]
    net: tuple[int, ...]
    carry: int
    winners: tuple[int, ...]
    opener: int | None
    opener_won: bool | None
    diablo_paid: int
    hands: tuple[str | None, ...]
    dead: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return view_json(self)


# GameView's own field: declared hands as [category, [ranks]] or null.
_GAME_VIEW_FIELDS = {
    "declared": lambda declared: [None if d is None else [d[0], list(d[1])] for d in declared],
}


@dataclass(frozen=True)
class GameView:
    """One game as seen by ``seat`` (``None``: a spectator): plain frozen data.

    ``game``: the game dealt (``None`` while the dealer chooses);
    ``diablo_pot``: played for a Diablo pot (no ante); ``my_cards``: the
    viewer's cards; ``shown[s]``: the cards seat ``s`` showed at the showdown;
    ``live``, ``committed``, ``stacks``, ``pot`` (carry-over included),
    ``pots``, ``carry``; ``opener``; ``bet``: the highest bet of the current
    round; ``to_call``: what the viewer needs to call; ``raises``: raises so
    far in the round; ``drawn[s]``: cards seat ``s`` exchanged (-1: not yet);
    ``declared[s]``: the hand seat ``s`` named (category and ranks) or
    ``None``; ``stock``: cards left in the stock (their number only);
    ``legal_actions``: what the viewer may do, if it is his turn; ``history``:
    the records, other players' cards censored; ``result`` once over.
    """

    seat: int | None
    number: int
    dealer: int
    game: str | None
    diablo_pot: bool
    phase: str
    to_act: int | None
    dealt_in: tuple[int, ...]
    my_cards: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    live: tuple[bool, ...]
    committed: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    pots: tuple[Pot, ...]
    carry: int
    opener: int | None
    bet: int
    to_call: int
    raises: int
    drawn: tuple[int, ...]
    declared: tuple[tuple[int, tuple[int, ...]] | None, ...]
    stock: int
    legal_actions: tuple[LegalAction, ...]
    history: tuple[Record, ...]
    result: GameResult | None

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self, _GAME_VIEW_FIELDS)


@dataclass(frozen=True)
class TableView:
    """The table as ``seat`` may see it: names, stacks, who is still seated, the
    dealer, the carried pot and whether it is a Diablo pot (``series``), the
    table's public history and the current game's :class:`GameView`."""

    seat: int | None
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    seated: tuple[bool, ...]
    dealer: int | None
    carry: int
    series: bool
    diablo_caller: int | None
    games_played: int
    closing: bool
    over: bool
    end_reason: str | None
    history: tuple[Record, ...]
    game: GameView | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self, {"game": json_of})
