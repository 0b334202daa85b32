"""Diablo: five-card draw with all deuces wild, where the opener must win.

The deck, the hand evaluator (wild and plain poker), the draw advisor, and
the game at the table (:class:`Table`, :class:`Game`, :class:`Rules`).
"""

from pedron.diablo.cards import Deck
from pedron.diablo.declare import DeclarationError, declarable
from pedron.diablo.draw import DrawOdds, DrawOption, best_draw, draw_odds
from pedron.diablo.game import Game
from pedron.diablo.hand import (
    Category,
    HandValue,
    category_of,
    describe,
    evaluate,
    evaluate_batch,
    evaluate_batch_unchecked,
    strength,
    strength_count,
)
from pedron.diablo.rules import GAMES, Rules
from pedron.diablo.session import Table, replay
from pedron.diablo.views import GameResult, GameView, TableView

__all__ = [
    "GAMES",
    "Category",
    "Deck",
    "DeclarationError",
    "DrawOdds",
    "DrawOption",
    "Game",
    "GameResult",
    "GameView",
    "HandValue",
    "Rules",
    "Table",
    "TableView",
    "best_draw",
    "category_of",
    "declarable",
    "describe",
    "draw_odds",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "replay",
    "strength",
    "strength_count",
]
