"""Diablo: five-card draw with all deuces wild, where the opener must win.

The deck, the hand evaluator (wild and plain poker), the draw advisor, and
the game at the table (:class:`Table`, :class:`Game`, :class:`Rules`); its bots
(:class:`RuleBot`, :class:`ThresholdBot`, :class:`StrongBot`: :mod:`pedron.diablo.bots`,
:mod:`pedron.diablo.strong`), its action and observation encodings
(:class:`DiabloActions`, :class:`DiabloObservation`: :mod:`pedron.diablo.encodings`) and
its bench entries (:mod:`pedron.diablo.bench`), loaded when first named.
"""

from typing import TYPE_CHECKING

from pedron import _compiled
from pedron._lazy import lazy_attributes
from pedron.diablo.cards import Deck
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

# Diablo's draw advisor is draw poker's (its defaults are Diablo's: two cards, deuces
# wild): the same objects, kept here as Diablo's own API.
from pedron.drawpoker import (
    Beat,
    DrawLimit,
    DrawOdds,
    DrawOption,
    ExpectedStrength,
    Outcome,
    PayTable,
    analyse_batch,
    best_draw,
    draw_odds,
    outcome_of,
)

# (refused here, not run: a compiled module older than its source beside it)
_compiled.check("diablo")

if TYPE_CHECKING:  # the game is imported on first use, so the evaluator imports fast
    from pedron.diablo.declare import DeclarationError, declarable
    from pedron.diablo.game import Game
    from pedron.diablo.history import GameHistory
    from pedron.diablo.rules import VARIANTS, Rules
    from pedron.diablo.table import Table, replay
    from pedron.diablo.views import GameResult, GameView, TableView

_LAZY = {
    "DeclarationError": "pedron.diablo.declare",
    "declarable": "pedron.diablo.declare",
    "Game": "pedron.diablo.game",
    "GameHistory": "pedron.diablo.history",
    "VARIANTS": "pedron.diablo.rules",
    "Rules": "pedron.diablo.rules",
    "Table": "pedron.diablo.table",
    "replay": "pedron.diablo.table",
    "GameResult": "pedron.diablo.views",
    "GameView": "pedron.diablo.views",
    "TableView": "pedron.diablo.views",
    # Diablo's own modules of the layers above the game (its bots, its encodings), named
    # here by string: the game does not import them; not in __all__, so that a star import
    # of the game does not bring them in
    "RuleBot": "pedron.diablo.bots",
    "ThresholdBot": "pedron.diablo.bots",
    "Thresholds": "pedron.diablo.bots",
    "StrongBot": "pedron.diablo.strong",
    "DiabloActions": "pedron.diablo.encodings",
    "DiabloObservation": "pedron.diablo.encodings",
}

__getattr__ = lazy_attributes(__name__, _LAZY, submodules=("bots", "strong", "encodings",
                                                          "bench"))

__all__ = [
    "VARIANTS",
    "Beat",
    "Category",
    "Deck",
    "DeclarationError",
    "DrawLimit",
    "DrawOdds",
    "DrawOption",
    "ExpectedStrength",
    "Game",
    "GameHistory",
    "GameResult",
    "GameView",
    "HandValue",
    "Outcome",
    "PayTable",
    "Rules",
    "Table",
    "TableView",
    "analyse_batch",
    "best_draw",
    "category_of",
    "declarable",
    "describe",
    "draw_odds",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "outcome_of",
    "replay",
    "strength",
    "strength_count",
]
