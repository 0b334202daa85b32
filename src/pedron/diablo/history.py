"""Diablo's hand histories: :class:`GameHistory` (see :mod:`pedron.engine.history`)."""

from __future__ import annotations

from types import MappingProxyType
from typing import ClassVar

from pedron.diablo.game import Game
from pedron.diablo.rules import VARIANTS, Rules
from pedron.diablo.views import GameResult
from pedron.engine.history import DealHistory

__all__ = ["GameHistory"]


class GameHistory(DealHistory):
    """One finished Diablo game, self-contained and replayable (``context``: the
    variant the session dealt, ``None`` when the dealer chose it, and whether it was
    played for a Diablo pot)."""

    __slots__ = ()
    GAME: ClassVar[str] = "diablo"
    _RULES = Rules
    _DEAL = Game
    _RESULT = GameResult
    # One 52-card deck, however many are dealt in.
    _DECK_SIZES = MappingProxyType({players: 52 for players in range(1, 8)})
    _CONTEXT = MappingProxyType({
        "variant": lambda v: v is None or (type(v) is str and v in VARIANTS),
        "diablo_pot": lambda v: type(v) is bool,
    })
