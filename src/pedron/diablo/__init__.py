"""Diablo: five-card draw with all deuces wild, where the opener must win.

The deck, the hand evaluator (wild and plain poker) and the draw advisor.
"""

from pedron.diablo.cards import Deck
from pedron.diablo.draw import DrawOdds, DrawOption, best_draw, draw_odds
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

__all__ = [
    "Category",
    "Deck",
    "DrawOdds",
    "DrawOption",
    "HandValue",
    "best_draw",
    "category_of",
    "describe",
    "draw_odds",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "strength",
    "strength_count",
]
