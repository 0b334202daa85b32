"""Diamondback's hand histories: :class:`HandHistory` (see :mod:`pedron.engine.history`)."""

from __future__ import annotations

from typing import ClassVar

from pedron.diamondback.cards import DECK_SIZES
from pedron.diamondback.deal import Hand
from pedron.diamondback.rules import Rules
from pedron.diamondback.views import HandResult
from pedron.engine.history import DealHistory

__all__ = ["HandHistory"]


class HandHistory(DealHistory):
    """One finished Diamondback hand, self-contained and replayable (``seats``: the
    seats that could be dealt in, clockwise from the dealer's left)."""

    __slots__ = ()
    GAME: ClassVar[str] = "diamondback"
    _RULES = Rules
    _DEAL = Hand
    _RESULT = HandResult
    _DECK_SIZES = DECK_SIZES
