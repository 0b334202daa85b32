"""Diamondback: the two-card, five-rank gambling game from *Cerebus the Aardvark*."""

from typing import TYPE_CHECKING

from pedron import _compiled
from pedron._lazy import lazy_attributes
from pedron.diamondback.cards import (
    COPIES,
    DECK_SIZES,
    RANK_CODES,
    RANK_NAMES,
    CardSet,
    Deck,
    card_id,
    deck_mask,
    format_id,
    parse_ids,
    parse_ranks,
    rank_of,
)
from pedron.diamondback.hand import (
    HANDS,
    STRENGTH,
    HandValue,
    evaluate,
    evaluate_batch,
    evaluate_batch_unchecked,
    hand_by_strength,
    hand_ranks,
    strength_of_ids,
    strength_of_ranks,
)
from pedron.diamondback.odds import (
    Odds,
    dealing_counts,
    dealing_odds,
    deck_counts,
    equity,
    odds,
)

# (refused here, not run: a compiled module older than its source beside it)
_compiled.check("diamondback")

if TYPE_CHECKING:  # the game is imported on first use, so the evaluator and odds import fast
    from pedron.diamondback.deal import Hand
    from pedron.diamondback.history import HandHistory
    from pedron.diamondback.rules import Rules
    from pedron.diamondback.table import Table, replay
    from pedron.diamondback.views import HandResult, HandView, TableView

__getattr__ = lazy_attributes(__name__, {
    "Hand": "pedron.diamondback.deal",
    "HandHistory": "pedron.diamondback.history",
    "Rules": "pedron.diamondback.rules",
    "Table": "pedron.diamondback.table",
    "replay": "pedron.diamondback.table",
    "HandResult": "pedron.diamondback.views",
    "HandView": "pedron.diamondback.views",
    "TableView": "pedron.diamondback.views",
    # (its own modules of the layers above, by name only: the game never imports them; not
    # in __all__, so that a star import of the game does not bring them in)
    "OddsBot": "pedron.diamondback.bots",
    "EquilibriumBot": "pedron.diamondback.equilibrium",
    "DiamondbackActions": "pedron.diamondback.encodings",
    "DiamondbackObservation": "pedron.diamondback.encodings",
}, submodules=("bench", "bots", "encodings", "equilibrium", "solver", "strategyfile"))

__all__ = [
    "COPIES",
    "DECK_SIZES",
    "HANDS",
    "RANK_CODES",
    "RANK_NAMES",
    "STRENGTH",
    "CardSet",
    "Deck",
    "Hand",
    "HandHistory",
    "HandResult",
    "HandValue",
    "HandView",
    "Odds",
    "Rules",
    "Table",
    "TableView",
    "card_id",
    "dealing_counts",
    "dealing_odds",
    "deck_counts",
    "deck_mask",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "format_id",
    "hand_by_strength",
    "hand_ranks",
    "odds",
    "parse_ids",
    "parse_ranks",
    "rank_of",
    "replay",
    "strength_of_ids",
    "strength_of_ranks",
]
