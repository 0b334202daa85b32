"""Diablo's hand histories: :class:`GameHistory` (see :mod:`pedron.engine.history`)."""

from __future__ import annotations

from typing import Any, ClassVar

from pedron.diablo.game import Game
from pedron.diablo.rules import Rules
from pedron.diablo.views import GameResult
from pedron.engine.history import DealHistory
from pedron.engine.moves import to_move
from pedron.engine.views import result_from_json

__all__ = ["GameHistory"]


class GameHistory(DealHistory):
    """One finished Diablo game, self-contained and replayable (``context``: the
    game the session dealt, ``None`` when the dealer chose it, and whether it was
    played for a Diablo pot)."""

    __slots__ = ()
    GAME: ClassVar[str] = "diablo"

    @classmethod
    def _rules_from_json(cls, data: Any) -> Rules:
        return Rules.from_json(data)

    @classmethod
    def _deck_size(cls, players: int) -> int:
        return 52

    @classmethod
    def _new_deal(cls, ctx: Any) -> Game:
        return Game(ctx)

    @classmethod
    def _read_move(cls, data: Any) -> Any:
        return to_move(data, Game.ARGS)

    @classmethod
    def _result_from_json(cls, data: Any) -> GameResult:
        return result_from_json(GameResult, data)  # type: ignore[no-any-return]
