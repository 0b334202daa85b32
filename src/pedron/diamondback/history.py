"""Diamondback's hand histories: :class:`HandHistory` (see :mod:`pedron.engine.history`)."""

from __future__ import annotations

from typing import Any, ClassVar

from pedron.diamondback.cards import DECK_SIZES
from pedron.diamondback.deal import Hand
from pedron.diamondback.rules import Rules
from pedron.diamondback.views import HandResult
from pedron.engine.history import DealHistory
from pedron.engine.moves import to_move
from pedron.engine.views import result_from_json

__all__ = ["HandHistory"]


class HandHistory(DealHistory):
    """One finished Diamondback hand, self-contained and replayable (``seats``: the
    seats that could be dealt in, clockwise from the dealer's left)."""

    __slots__ = ()
    GAME: ClassVar[str] = "diamondback"

    @classmethod
    def _rules_from_json(cls, data: Any) -> Rules:
        return Rules.from_json(data)

    @classmethod
    def _deck_size(cls, players: int) -> int:
        return DECK_SIZES[players]

    @classmethod
    def _new_deal(cls, ctx: Any) -> Hand:
        return Hand(ctx)

    @classmethod
    def _read_move(cls, data: Any) -> Any:
        return to_move(data, Hand.ARGS)

    @classmethod
    def _result_from_json(cls, data: Any) -> HandResult:
        return result_from_json(HandResult, data)  # type: ignore[no-any-return]
